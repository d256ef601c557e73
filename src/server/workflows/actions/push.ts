// push_notification: FCM HTTP v1 delivery is not built yet (docs/workflows.md "Left out"): the node
// fails with a clear message, in dry runs it answers the message it would build.
import { PUSH_TTL_DEFAULT } from '../../../../runtime/workflows/constants';
import { renderTemplate } from '../../../../runtime/workflows/template';
import { ActionNotConfigured, type NodeAction } from '../types';
import { templateScope } from './scope';

export const pushAction: NodeAction = {
  action: 'push_notification',
  async run({ node, flow, dryRun }) {
    const data = node.data;
    const scope = templateScope(flow);
    const text = (key: string) => (typeof data[key] === 'string' ? renderTemplate(data[key] as string, scope) : undefined);
    const mode = data.fcmToken === 'condition' || data.fcmToken === 'topic' ? (data.fcmToken as string) : 'token';
    const ttl = typeof data.ttl === 'number' && Number.isInteger(data.ttl) && data.ttl > 0 ? data.ttl : PUSH_TTL_DEFAULT;
    const message = { [mode]: text('value') ?? '', notification: { title: text('title'), body: text('body'), image: text('image') }, android: { ttl: `${ttl}s` } };
    if (dryRun) return { would: 'push', message };
    throw new ActionNotConfigured('push notifications (FCM)');
  },
};
