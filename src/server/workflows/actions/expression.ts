// expression: runs the node's code in the sandbox. An answer `{ data: {...} }` becomes the flow's data
// (in Before:: events: what is written). Its only side effect, context.events.publish, writes nothing
// in a dry run (custom-events.ts), so a dry run runs it too.
import { isPlainObject } from '../../platform/validate';
import { evaluate } from '../engine';
import type { NodeAction } from '../types';

export const expressionAction: NodeAction = {
  action: 'expression',
  async run({ node, flow, services }) {
    const value = await evaluate(node, flow, services);
    if (isPlainObject(value) && isPlainObject(value.data)) flow.data = value.data;
    return value;
  },
};
