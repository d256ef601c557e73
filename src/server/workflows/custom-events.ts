// context.events.publish(name, payload) in a workflow's scripts (docs/workflows.md "Running",
// docs/event-bus.md "Custom events"): the functions' rules (events/script.ts), an event of
// the workflow's component in the run's environment. Written with the run's database handle: in a
// Before:: event that is the write's transaction, so the event commits with the write (and never
// when the write is refused or rolls back); in a queued run, a transaction of its own, as each of the
// run's writes is. A dry run writes nothing: the node's result lists the events it would publish.
import type { NodeEvent } from '../../../runtime/api/workflows';
import { customEvent } from '../events/script';
import { publishEvents } from '../events/outbox';
import type { AsyncHostFunction } from '../usercode/sandbox';
import type { ActionServices, FlowState } from './types';

/** The capabilities a workflow script is lent. */
export const WORKFLOW_SCRIPT_CAPABILITIES = ['events.publish'];

/** The host of one node's script; what it publishes is kept on the flow under the node's id. */
export function workflowScriptHost(nodeId: number, flow: FlowState, services: ActionServices): AsyncHostFunction {
  const accountability = { ...services.accountability, env: flow.env };
  return async (name, args) => {
    if (name !== 'events.publish') throw new Error(`${name} is not available here`);
    const event = await customEvent(services.db, accountability, flow.componentUuid, args);
    if (!flow.dryRun) await publishEvents(services.db, [event]);
    const note: NodeEvent = { topic: event.topic, payload: event.payload };
    ((flow.events ??= {})[nodeId] ??= []).push(note);
    return { topic: event.topic };
  };
}
