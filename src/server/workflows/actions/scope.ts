// What `{{...}}` in a node's texts may read (runtime/workflows/template.ts), and the run's context.env.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadScriptEnv } from '../../usercode/env';
import type { FlowState } from '../types';

/** The global variables of the run's project and environment, secrets included, loaded once per run when first needed. */
export function flowEnv(flow: FlowState, db: Kysely<Database>): Promise<Record<string, string>> {
  flow.scriptEnv ??= loadScriptEnv(db, { projectUuid: flow.projectUuid, env: flow.env }, { secrets: true });
  return flow.scriptEnv;
}

export async function templateScope(flow: FlowState, db: Kysely<Database>): Promise<Record<string, unknown>> {
  return { data: flow.data, record: flow.record, event: flow.event, env: flow.env, State: { Results: flow.results }, item: flow.item ?? null, context: { env: await flowEnv(flow, db) } };
}
