// The run log of workflows (docs/workflows.md "Run log", Scout): the runs of the project's workflows
// the caller may manage (the 'settings' permission on the workflow's component), filtered and paged,
// and one run with its path, node results and the graph it ran.
import { sql, type Kysely } from 'kysely';
import type { NodeResult, RunListAnswer, WorkflowRun } from '../../../runtime/api/workflows';
import type { WorkflowNode } from '../../../schemas/workflow.schema';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { maskNodePasswords } from '../platform/secrets-at-rest';
import { mayOnComponent } from '../components/model';
import { requireProject, type Accountability } from '../auth/tenancy';
import { componentOf, notFound } from './entities';

type Db = Kysely<Database>;

const RUN_STATUSES = ['queued', 'running', 'success', 'error', 'refused'] as const;
export const RUNS_PER_PAGE = 25;
export const RUNS_MAX_PER_PAGE = 100;
/** The run list's total stops here, like the record list's. */
export const RUNS_COUNT_CAP = 5001;

function positiveInt(value: unknown, fallback: number, max: number, field: string): number {
  if (value === undefined || value === '') return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) throw badRequest([{ field, messages: ['invalid'] }]);
  return number;
}

function uuidFilter(value: unknown, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isUuid(value)) throw badRequest([{ field, messages: ['invalid'] }]);
  return value.toLowerCase();
}

function runSummary(row: {
  uuid: string;
  workflow_uuid: string;
  workflow_name: string;
  version: string;
  component_uuid: string;
  env: 'dev' | 'live';
  event: string;
  record_uuid: string | null;
  status: WorkflowRun['status'];
  error: string | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
}) {
  const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
  // The declared fields only (runtime/api/workflows.ts): the row's internal columns (user, depth, project) stay out of the reply.
  const { uuid, workflow_uuid, workflow_name, version, component_uuid, env, event, record_uuid, status, error, attempts, duration_ms } = row;
  return {
    uuid, workflow_uuid, workflow_name, version, component_uuid, env, event, record_uuid, status, error, attempts, duration_ms,
    created_at: new Date(row.created_at).toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/** Component uuids of the project the caller may manage (admins: null, meaning all). */
async function manageableComponents(db: Db, accountability: Accountability, projectUuid: string): Promise<string[] | null> {
  if (accountability.is_admin) return null;
  const components = await db.selectFrom('components').selectAll().where('project_uuid', '=', projectUuid).execute();
  return components.filter((component) => mayOnComponent(accountability, 'settings', component)).map((component) => component.uuid);
}

export async function listRuns(db: Db, accountability: Accountability, query: Record<string, unknown>): Promise<RunListAnswer> {
  const projectUuid = requireProject(accountability);
  const page = positiveInt(query.page, 1, 1_000_000, 'page');
  const perPage = positiveInt(query.perPage, RUNS_PER_PAGE, RUNS_MAX_PER_PAGE, 'perPage');
  const workflow = uuidFilter(query.workflow, 'workflow');
  const component = uuidFilter(query.component, 'component');
  if (query.status !== undefined && query.status !== '' && !(RUN_STATUSES as readonly unknown[]).includes(query.status)) throw badRequest([{ field: 'status', messages: ['invalid'] }]);
  if (query.env !== undefined && query.env !== '' && query.env !== 'dev' && query.env !== 'live') throw badRequest([{ field: 'env', messages: ['invalid'] }]);
  if (query.event !== undefined && (typeof query.event !== 'string' || query.event.length > 128)) throw badRequest([{ field: 'event', messages: ['invalid'] }]);
  const allowed = await manageableComponents(db, accountability, projectUuid);
  if (allowed !== null && allowed.length === 0) return { items: [], total: 0 };

  let base = db.selectFrom('workflow_runs as r').where('r.project_uuid', '=', projectUuid);
  if (allowed !== null) base = base.where('r.component_uuid', 'in', allowed);
  if (workflow) base = base.where('r.workflow_uuid', '=', workflow);
  if (component) base = base.where('r.component_uuid', '=', component);
  if (typeof query.status === 'string' && query.status !== '') base = base.where('r.status', '=', query.status as WorkflowRun['status']);
  if (typeof query.env === 'string' && query.env !== '') base = base.where('r.env', '=', query.env as 'dev' | 'live');
  if (typeof query.event === 'string' && query.event !== '') base = base.where('r.event', '=', query.event);

  const items = await base
    .innerJoin('workflows as w', 'w.uuid', 'r.workflow_uuid')
    .select([
      'r.uuid',
      'r.workflow_uuid',
      'w.name as workflow_name',
      'r.version',
      'r.component_uuid',
      'r.env',
      'r.event',
      'r.record_uuid',
      'r.status',
      'r.error',
      'r.attempts',
      'r.created_at',
      'r.started_at',
      'r.finished_at',
      'r.duration_ms',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.uuid', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const counted = await db
    .selectFrom(base.select(sql<number>`1`.as('one')).limit(RUNS_COUNT_CAP).as('capped'))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { items: items.map(runSummary), total: counted.total };
}

export async function getRun(db: Db, accountability: Accountability, uuid: string): Promise<WorkflowRun> {
  const projectUuid = requireProject(accountability);
  if (!isUuid(uuid)) throw notFound();
  const row = await db
    .selectFrom('workflow_runs as r')
    .innerJoin('workflows as w', 'w.uuid', 'r.workflow_uuid')
    .selectAll('r')
    .select('w.name as workflow_name')
    .where('r.project_uuid', '=', projectUuid)
    .where('r.uuid', '=', uuid.toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound();
  const component = await componentOf(db, projectUuid, row.component_uuid);
  if (!component || !mayOnComponent(accountability, 'settings', component)) throw forbidden();
  const version = await db.selectFrom('workflow_versions').select('nodes').where('workflow_uuid', '=', row.workflow_uuid).where('name', '=', row.version).executeTakeFirst();
  return {
    ...runSummary(row),
    path: row.path as number[],
    results: row.results as NodeResult[],
    data: row.data as Record<string, unknown>,
    nodes: maskNodePasswords((version?.nodes as WorkflowNode[] | undefined) ?? []),
  };
}
