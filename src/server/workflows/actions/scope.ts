// What `{{...}}` in a node's texts may read (runtime/workflows/template.ts).
import type { FlowState } from '../types';

export function templateScope(flow: FlowState): Record<string, unknown> {
  return { data: flow.data, record: flow.record, event: flow.event, env: flow.env, State: { Results: flow.results }, item: flow.item ?? null };
}
