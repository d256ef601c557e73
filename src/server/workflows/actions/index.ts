// The node actions by name (spec section 3, "Node actions"), one module each.
import type { NodeAction } from '../types';
import { componentAction } from './component';
import { emailAction } from './email';
import { expressionAction } from './expression';
import { httpRequestAction } from './http';
import { platformNotificationAction } from './notification';
import { pushAction } from './push';
import { sparkAction } from './spark';

const ACTIONS: ReadonlyMap<string, NodeAction> = new Map(
  [expressionAction, componentAction, emailAction, httpRequestAction, platformNotificationAction, pushAction, sparkAction].map((action) => [action.action, action]),
);

export function actionFor(name: string): NodeAction | undefined {
  return ACTIONS.get(name);
}
