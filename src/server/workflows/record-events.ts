// Record events into workflows (docs/workflows.md "Running"): Before:: events inside the write's
// transaction, after-commit events as a run row plus a pg-boss job written in that same transaction,
// the job that runs one queued run, the Recycle tick, and the dry run.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { WORKFLOW_MESSAGE, type DryRunAnswer } from '../../../runtime/api/workflows';
import { isBeforeEvent, RECYCLE_TIMERS, type RecycleTimer } from '../../../runtime/workflows/constants';
import type { WorkflowNode } from '../../../schemas/workflow.schema';
import type { Bus } from '../platform/bus';
import { nowDate } from '../platform/clock';
import type { Database, RecordRow } from '../db/schema';
import { HttpError } from '../platform/errors';
import type { Jobs } from '../platform/jobs';
import { runScript } from '../usercode/sandbox';
import type { Accountability } from '../auth/tenancy';
import { chargeChain } from './budget';
import { currentChain, currentDepth, withChain } from './depth';
import { reactsTo, runGraph, type RunOutcome } from './engine';
import type { ActionServices, ActionSettings, FlowState } from './types';

type Db = Kysely<Database>;

/** What a process gives the workflow engine: its job queue, bus and outgoing-call settings. */
export interface WorkflowRuntime {
  jobs: Jobs;
  bus: Bus;
  settings: ActionSettings;
}

// The processes' platforms register here (one per app; tests may run several on one database).
const runtimes: WorkflowRuntime[] = [];

export function registerWorkflowRuntime(runtime: WorkflowRuntime): () => void {
  runtimes.push(runtime);
  return () => {
    const at = runtimes.indexOf(runtime);
    if (at >= 0) runtimes.splice(at, 1);
  };
}

function runtime(): WorkflowRuntime {
  const found = runtimes.at(-1);
  if (!found) throw new Error('workflows need the platform (jobs and bus) started');
  return found;
}

const scripts = { run: runScript };

export interface Graph {
  workflow: string;
  name: string;
  version: string;
  nodes: WorkflowNode[];
}

/** The graphs the component's workflows run in `env` that react to one of `events` (one indexed query). */
export async function graphsFor(db: Db, componentUuid: string, env: 'dev' | 'live', events: readonly string[]): Promise<Graph[]> {
  const pointer = env === 'dev' ? 'w.dev_version' : 'w.public_version';
  const rows = await db
    .selectFrom('workflows as w')
    .innerJoin('workflow_versions as v', (join) => join.onRef('v.workflow_uuid', '=', 'w.uuid').onRef('v.name', '=', pointer))
    .select(['w.uuid', 'w.name', 'v.name as version', 'v.nodes'])
    .where('w.component_uuid', '=', componentUuid)
    .execute();
  return rows
    .map((row) => ({ workflow: row.uuid, name: row.name, version: row.version, nodes: row.nodes as WorkflowNode[] }))
    .filter((graph) => events.some((event) => reactsTo(graph.nodes, event)));
}

export interface EventTarget {
  projectUuid: string;
  componentUuid: string;
  env: 'dev' | 'live';
}

interface FlowOrigin {
  userUuid: string | null;
  depth: number;
  chain: string;
}

function flowOf(graph: Graph, target: EventTarget, event: string, data: Record<string, unknown>, record: FlowState['record'], origin: FlowOrigin): FlowState {
  return {
    workflowUuid: graph.workflow,
    workflowName: graph.name,
    projectUuid: target.projectUuid,
    componentUuid: target.componentUuid,
    env: target.env,
    event,
    record,
    data: structuredClone(data),
    results: {},
    ...origin,
  };
}

function refusal(graph: Graph, outcome: RunOutcome): HttpError {
  const node = outcome.results.find((result) => result.status === 'error')?.id ?? outcome.path.at(-1) ?? 0;
  return new HttpError(417, WORKFLOW_MESSAGE.workflowRefused, [
    { field: 'workflow', messages: [outcome.error ?? WORKFLOW_MESSAGE.workflowRefused], values: [{ workflow: graph.name, node }] },
  ]);
}

/**
 * Runs the Before:: event on `data` inside the write's transaction `db` and answers the data to write
 * (changed by the workflows), or throws 417 workflowRefused. Component nodes write in the same transaction.
 */
export async function runBeforeEvent(
  db: Db,
  accountability: Accountability,
  target: EventTarget,
  graphs: readonly Graph[],
  event: string,
  data: Record<string, unknown>,
  record: FlowState['record'],
): Promise<Record<string, unknown>> {
  let current = data;
  // Outside a run this write starts a chain: what its Before:: runs write spends that chain's budget.
  const chain = currentChain()?.chain ?? randomUUID();
  for (const graph of graphs) {
    if (!reactsTo(graph.nodes, event)) continue;
    const flow = flowOf(graph, target, event, current, record, { userUuid: accountability.user.uuid, depth: currentDepth(), chain });
    const services: ActionServices = { db, bus: runtime().bus, scripts, settings: runtime().settings, accountability };
    const outcome = await runGraph(graph.nodes, flow, { dryRun: false, services });
    if (outcome.error !== undefined) throw refusal(graph, outcome);
    current = outcome.data;
  }
  return current;
}

/**
 * Queues the after-commit event: a run row and its job, both in the write's transaction `db`, so a
 * rolled-back write queues nothing and a committed one is never lost. Call wakeWorkflows() after commit.
 * A write made by a run queues into that run's chain and spends its budget (BudgetExceeded past it:
 * the write is refused and nothing is queued); any other write starts a chain of its own.
 */
export async function queueAfterEvent(
  db: Db,
  target: EventTarget,
  graphs: readonly Graph[],
  event: string,
  row: Pick<RecordRow, 'uuid' | 'data'>,
  userUuid: string | null,
): Promise<number> {
  const reacting = graphs.filter((graph) => reactsTo(graph.nodes, event));
  if (reacting.length === 0) return 0;
  const context = currentChain();
  const chain = context?.chain ?? randomUUID();
  if (context) await chargeChain(db, chain, target.projectUuid, { runs: reacting.length }, runtime().settings);
  let queued = 0;
  for (const graph of reacting) {
    const run = randomUUID();
    await db
      .insertInto('workflow_runs')
      .values({
        uuid: run,
        project_uuid: target.projectUuid,
        workflow_uuid: graph.workflow,
        version: graph.version,
        component_uuid: target.componentUuid,
        env: target.env,
        event,
        record_uuid: row.uuid,
        data: JSON.stringify(row.data ?? {}),
        user_uuid: userUuid,
        depth: currentDepth(),
        chain_uuid: chain,
        created_at: nowDate(),
      })
      .execute();
    await runtime().jobs.sendIn(db, 'luma-workflow', { run });
    queued++;
  }
  return queued;
}

/** After the commit of a write that queued runs: this process's worker looks at once. */
export function wakeWorkflows(): void {
  runtimes.at(-1)?.jobs.wake('luma-workflow');
}

/**
 * The accountability a queued run acts with: its writer's, as a member of the project now. A run
 * nobody's write caused (Recycle) acts as the project's owner.
 */
export async function accountabilityFor(db: Db, writer: string | null, projectUuid: string, env: 'dev' | 'live'): Promise<Accountability | null> {
  const owner = writer ? null : await db.selectFrom('projects').select('owner_uuid').where('uuid', '=', projectUuid).executeTakeFirst();
  const userUuid = writer ?? owner?.owner_uuid ?? null;
  if (!userUuid) return null;
  const user = await db.selectFrom('users').selectAll().where('uuid', '=', userUuid).executeTakeFirst();
  const member = await db.selectFrom('project_users').select('status').where('project_uuid', '=', projectUuid).where('user_uuid', '=', userUuid).executeTakeFirst();
  if (!user || member?.status !== 'active') return null;
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.uuid', 'ur.role_uuid')
    .select(['r.uuid', 'r.name', 'r.is_admin', 'r.level', 'r.permissions'])
    .where('ur.user_uuid', '=', userUuid)
    .where('r.project_uuid', '=', projectUuid)
    .execute();
  const permissions = new Set<string>();
  for (const role of roles) for (const permission of Array.isArray(role.permissions) ? role.permissions : []) if (typeof permission === 'string') permissions.add(permission);
  return {
    user,
    project_uuid: projectUuid,
    workspace_uuid: null,
    env,
    roles: roles.map(({ uuid, name, is_admin, level }) => ({ uuid, name, is_admin, level })),
    is_admin: roles.some((role) => role.is_admin),
    permissions: [...permissions].sort(),
  };
}

/**
 * The job of one queued run. Answers normally when the run is finished (success or a final error);
 * throws when it should be tried again (a network failure), so pg-boss retries it with back-off.
 */
export async function runQueuedRun(db: Db, runUuid: string, options: { finalAttempt?: boolean } = {}): Promise<void> {
  const claimed = await db
    .updateTable('workflow_runs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: nowDate() }))
    .where('uuid', '=', runUuid)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;
  const version = await db.selectFrom('workflow_versions').select('nodes').where('workflow_uuid', '=', claimed.workflow_uuid).where('name', '=', claimed.version).executeTakeFirst();
  const workflow = await db.selectFrom('workflows').select(['name']).where('uuid', '=', claimed.workflow_uuid).executeTakeFirst();
  const finish = async (outcome: Pick<RunOutcome, 'results' | 'path' | 'error'>, status: 'success' | 'error') => {
    const finished = nowDate();
    await db
      .updateTable('workflow_runs')
      .set({
        status,
        path: JSON.stringify(outcome.path),
        results: JSON.stringify(outcome.results),
        error: outcome.error ?? null,
        finished_at: finished,
        duration_ms: Math.max(0, finished.getTime() - new Date(claimed.started_at ?? finished).getTime()),
      })
      .where('uuid', '=', runUuid)
      .execute();
    await runtimes.at(-1)?.bus.publish('workflow.run', { project: claimed.project_uuid, workflow: claimed.workflow_uuid, run: runUuid, status }).catch(() => undefined);
  };
  if (!version || !workflow) return finish({ results: [], path: [], error: 'the workflow version was removed before the run' }, 'error');
  const accountability = await accountabilityFor(db, claimed.user_uuid, claimed.project_uuid, claimed.env);
  if (!accountability) return finish({ results: [], path: [], error: 'the user who caused this run is no longer a member of the project' }, 'error');
  const graph: Graph = { workflow: claimed.workflow_uuid, name: workflow.name, version: claimed.version, nodes: version.nodes as WorkflowNode[] };
  const target: EventTarget = { projectUuid: claimed.project_uuid, componentUuid: claimed.component_uuid, env: claimed.env };
  // A run queued before chains were counted (migration 0023) starts one.
  const origin: FlowOrigin = { userUuid: claimed.user_uuid, depth: claimed.depth, chain: claimed.chain_uuid ?? randomUUID() };
  const flow = flowOf(graph, target, claimed.event, claimed.data as Record<string, unknown>, { uuid: claimed.record_uuid, version: null }, origin);
  const services: ActionServices = { db, bus: runtime().bus, scripts, settings: runtime().settings, accountability };
  const outcome = await withChain({ depth: origin.depth, chain: origin.chain, run: runUuid }, () => runGraph(graph.nodes, flow, { dryRun: false, services }));
  if (outcome.error === undefined) return finish(outcome, 'success');
  if (outcome.retryable && !options.finalAttempt) {
    // Keep what happened so far on the row; the job is retried (status stays 'running' until then).
    await db.updateTable('workflow_runs').set({ error: outcome.error, results: JSON.stringify(outcome.results), path: JSON.stringify(outcome.path) }).where('uuid', '=', runUuid).execute();
    throw new Error(outcome.error);
  }
  return finish(outcome, 'error');
}

/** The timers due at a half-hour tick at `now` (UTC): 30min always, 1h on the hour, 1d at midnight. */
export function dueTimers(now: Date): RecycleTimer[] {
  const minutes = Math.round((now.getUTCHours() * 60 + now.getUTCMinutes() + now.getUTCSeconds() / 60) / 30) * 30;
  const due: RecycleTimer[] = ['30min'];
  if (minutes % 60 === 0) due.push('1h');
  if (minutes % (24 * 60) === 0) due.push('1d');
  return due.filter((timer) => timer in RECYCLE_TIMERS);
}

/** At most this many records per workflow per tick. */
export const RECYCLE_LIMIT = 1000;

/** One Recycle tick: a run per matching record of every workflow version (dev or live) with a due timer. */
export async function runRecycleTick(db: Db, now: Date, filterRecords: RecycleFilter): Promise<number> {
  const due = dueTimers(now);
  const rows = await db
    .selectFrom('workflows as w')
    .innerJoin('workflow_versions as v', 'v.workflow_uuid', 'w.uuid')
    .select(['w.uuid', 'w.name', 'w.project_uuid', 'w.component_uuid', 'w.dev_version', 'w.public_version', 'v.name as version', 'v.nodes'])
    .where((eb) => eb.or([eb('v.name', '=', eb.ref('w.dev_version')), eb('v.name', '=', eb.ref('w.public_version'))]))
    .execute();
  let queued = 0;
  for (const row of rows) {
    const nodes = row.nodes as WorkflowNode[];
    const recycle = nodes.filter((node) => node.type === 'event' && node.action === 'Recycle' && !node.paused && due.includes(node.data.timer as RecycleTimer));
    if (recycle.length === 0) continue;
    const envs: ('dev' | 'live')[] = [];
    if (row.dev_version === row.version) envs.push('dev');
    if (row.public_version === row.version) envs.push('live');
    for (const env of envs) {
      for (const node of recycle) {
        let ruleset: unknown = {};
        try {
          ruleset = typeof node.data.expression === 'string' && node.data.expression.trim() !== '' ? JSON.parse(node.data.expression) : {};
        } catch {
          continue;
        }
        const records = await filterRecords(db, { projectUuid: row.project_uuid, componentUuid: row.component_uuid, env }, ruleset, RECYCLE_LIMIT);
        const graph: Graph = { workflow: row.uuid, name: row.name, version: row.version, nodes };
        await db.transaction().execute(async (tx) => {
          for (const record of records) queued += await queueAfterEvent(tx, { projectUuid: row.project_uuid, componentUuid: row.component_uuid, env }, [graph], 'Recycle', record, null);
        });
      }
    }
  }
  if (queued > 0) wakeWorkflows();
  return queued;
}

/** The records of a component in an environment matching a ruleset ($adv), oldest first. */
export type RecycleFilter = (db: Db, target: EventTarget, ruleset: unknown, limit: number) => Promise<Pick<RecordRow, 'uuid' | 'data'>[]>;

/** The dry run: every node evaluated, nothing sent, written or queued. */
export async function dryRun(
  db: Db,
  accountability: Accountability,
  target: EventTarget,
  graph: Omit<Graph, 'version' | 'workflow'>,
  event: string,
  data: Record<string, unknown>,
): Promise<DryRunAnswer> {
  const flow = flowOf({ ...graph, version: '', workflow: '00000000-0000-0000-0000-000000000000' }, target, event, data, { uuid: null, version: null }, { userUuid: accountability.user.uuid, depth: 0, chain: randomUUID() });
  // A transaction rolled back at the end: even a component node's check cannot leave anything behind.
  let outcome: RunOutcome | undefined;
  await db
    .transaction()
    .execute(async (tx) => {
      const services: ActionServices = { db: tx, bus: runtimes.at(-1)?.bus ?? noBus, scripts, settings: runtimes.at(-1)?.settings ?? noSettings, accountability };
      outcome = await runGraph(graph.nodes, flow, { dryRun: true, services });
      throw new DryRunDone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunDone)) throw error;
    });
  const done = outcome!;
  return {
    nodes: done.results,
    data: done.data,
    ...(done.error !== undefined ? { error: done.error } : {}),
    ...(done.refused || (done.error !== undefined && isBeforeEvent(event)) ? { refused: true } : {}),
  };
}

class DryRunDone extends Error {}

const noBus: Bus = {
  instance: 'dry-run',
  publish: async () => undefined,
  subscribe: () => () => undefined,
  close: async () => undefined,
};
const noSettings: ActionSettings = { httpAllow: [], smtpUrl: null, mailFrom: '', fcm: null, timeoutMs: 30_000 };
