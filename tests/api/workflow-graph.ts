// Workflow graphs for the API tests: nodes as the editor saves them (names that pass the node
// rules), connections between them, a workflow saved with a graph, and what its runs did.
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/schema';

/** A call on the workflow host as the test's admin: (method, path under /api/workflow, body). */
export type WorkflowCall = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
export type Node = {
  id: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type: string;
  action: string;
  paused: boolean;
  parallel: boolean;
  data: Record<string, unknown>;
  connections: unknown[];
};

/** A node factory whose ids start at `first` (each file its own range). */
export function nodeFactory(first: number) {
  let nextId = first;
  return (type: string, action: string, data: Record<string, unknown> = {}, extra: Partial<Node> = {}): Node => {
    const id = nextId++;
    return { id, name: `n_${id}`, x: 0, y: 0, width: 120, height: 60, type, action, paused: false, parallel: false, data, connections: [], ...extra };
  };
}

/** A connection from `from` to `to`: a condition's right side is a reject connection, every other one pass. */
export function connect(from: Node, to: Node, options: { from?: string; to?: string; name?: string } = {}): void {
  const fromPos = options.from ?? 'bottom';
  const type = from.type === 'condition' && fromPos === 'right' ? 'reject' : 'pass';
  from.connections.push({ id: `${from.id}-${to.id}`, source: { id: from.id, position: fromPos }, destination: { id: to.id, position: options.to ?? 'top' }, type, name: options.name ?? type });
}

/** A workflow on `component` with the given graph saved into v1 (the dev version); answers its uuid. */
export async function savedWorkflow(wf: WorkflowCall, component: string, name: string, nodes: Node[]): Promise<string> {
  const created = await wf('POST', '/workflows', { component_uuid: component, name });
  expect(created.statusCode, created.body).toBe(200);
  const uuid: string = created.json().uuid;
  const saved = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes });
  expect(saved.statusCode, saved.body).toBe(200);
  return uuid;
}

/** How many records of a component are not deleted. */
/** Publishes the workflow's dev version to live (so it may be removed) and removes it. */
export async function removedWorkflow(wf: WorkflowCall, uuid: string): Promise<void> {
  await wf('POST', `/workflows/${uuid}/publish`, { version: null, env: 'live' });
  const removed = await wf('DELETE', `/workflows/${uuid}`);
  expect(removed.statusCode, removed.body).toBe(200);
}

export async function liveRecords(db: Kysely<Database>, component: string): Promise<number> {
  const row = await db.selectFrom('records').select((eb) => eb.fn.countAll<number>().as('n')).where('component_uuid', '=', component).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A workflow's run rows, oldest first. */
export function runsOf(db: Kysely<Database>, workflow: string) {
  return db.selectFrom('workflow_runs').selectAll().where('workflow_uuid', '=', workflow).orderBy('created_at').execute();
}
