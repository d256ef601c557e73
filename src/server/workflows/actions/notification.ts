// platform_notification: published on the bus (channel workflow.notification), where the event bus
// delivers it to the project's connected users.
import { renderTemplate } from '../../../../runtime/workflows/template';
import type { NodeAction } from '../types';
import { templateScope } from './scope';

export const platformNotificationAction: NodeAction = {
  action: 'platform_notification',
  async run({ node, flow, dryRun, services }) {
    const raw = node.data.notification;
    if (typeof raw !== 'string' || raw.trim() === '') throw new Error('the notification is empty');
    const notification = renderTemplate(raw, await templateScope(flow, services.db)).slice(0, 2000);
    if (dryRun) return { would: 'publish', notification };
    await services.bus.publish('workflow.notification', { project: flow.projectUuid, env: flow.env, workflow: flow.workflowUuid, node: node.id, notification });
    return { published: true, notification };
  },
};
