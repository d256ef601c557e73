// Bulk actions (docs/lists.md "Bulk"): delete, disable or enable records of a component, either the
// given uuids (at most 5000; all or nothing: an unknown or foreign uuid is 404 and nothing changes)
// or every record a list filter matches, in the background (202 { job }): a pg-boss job that works
// in batch transactions, each storing its progress and cursor with its changes (record_jobs), so any
// instance answers the progress poll and a job whose process died resumes elsewhere without applying
// a batch twice. Each selection and each batch announces itself to the hooks (records/hook-events.ts):
// a bulk delete runs the component's Before::Delete and Delete workflows through them like a single
// delete (workflows/bulk-delete.ts), and its summary event commits with it.
import type { Kysely } from 'kysely';
import { componentRef } from '../../../runtime/components/index';
import { FILTER_PARAMETERS, LIST_LIMITS, QUERY_MESSAGE, type ListQuery } from '../../../runtime/query/index';
import { applyBulkAction, countRecords, lockRecordBatch, lockRecordsByUuid, type BulkAction, type Cursor, type RecordFilter } from './list-sql';
import type { Database } from '../db/schema';
import { badRequest, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import type { RecordScope } from './sql';
import type { Bus } from '../platform/bus';
import type { Jobs } from '../platform/jobs';
import { now, nowDate } from '../platform/clock';
import { createJob, finishJob, findJob, jobAnswer, type JobState } from './jobs';
import { asInputError, listChanged, listTarget, parseOrThrow, type ListTarget } from './list';
import { requireProject, type Accountability } from '../auth/tenancy';
import { keepStatistics } from './partitions-sql';
import { hooks } from '../platform/hooks';
import type { RecordBulk } from './hook-events';

type Db = Kysely<Database>;

export const BULK_ACTIONS: readonly BulkAction[] = ['delete', 'disable', 'enable'];
export const BULK_BATCH_SIZE = 1000;

/** What a bulk action needs besides the database: the job queue. */
export interface BulkPlatform {
  jobs: Pick<Jobs, 'send'>;
}

const VERBS: Record<BulkAction, string[]> = { delete: ['delete'], disable: ['update', 'edit'], enable: ['update', 'edit'] };

export function isBulkAction(value: string): value is BulkAction {
  return (BULK_ACTIONS as readonly string[]).includes(value);
}

/**
 * The bulk filter body ({ filter, filterOn, disabled, dateFrom, dateTo, dateField, $adv }) as list
 * parameters: filterOn may be an array, and $adv an object. Every other name goes on to the parser,
 * which refuses it (FILTER_PARAMETERS): nothing is dropped, so no typo widens a filter to everything.
 */
function filterParams(input: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { ...input };
  const filterOn = input.filterOn;
  if (Array.isArray(filterOn) && filterOn.every((item) => typeof item === 'string')) params.filterOn = filterOn.join(',');
  return params;
}

/** A refusal of the filter's parameters, each error placed under `filter`. */
function atFilter(error: unknown): never {
  if (error instanceof HttpError && error.errors) {
    throw new HttpError(error.status, error.message, error.errors.map((item) => ({ ...item, field: `filter.${item.field}` })));
  }
  throw error;
}

export interface BulkResult {
  status: 200 | 202;
  body: { affected: number } | { job: string };
}

export async function bulkAction(db: Db, platform: BulkPlatform, accountability: Accountability, ref: string, action: BulkAction, body: unknown, locale: string | undefined): Promise<BulkResult> {
  const input = isPlainObject(body) ? body : null;
  const unknown = input ? Object.keys(input).find((name) => name !== 'items' && name !== 'filter') : undefined;
  if (unknown !== undefined) throw badRequest([{ field: unknown.slice(0, 100), messages: [QUERY_MESSAGE.unknownField] }]);
  const hasItems = input !== null && input.items !== undefined;
  const hasFilter = input !== null && input.filter !== undefined;
  if (!input || hasItems === hasFilter) throw badRequest([{ field: 'items', messages: ['invalid'] }]);
  const target = await listTarget(db, accountability, ref, VERBS[action], locale, 'forbidden');
  if (hasItems) return { status: 200, body: { affected: await bulkByItems(db, accountability, target, action, input.items) } };
  return { status: 202, body: { job: await bulkByFilter(db, platform, accountability, target, action, input.filter) } };
}

async function bulkByItems(db: Db, accountability: Accountability, target: ListTarget, action: BulkAction, items: unknown): Promise<number> {
  if (!Array.isArray(items) || items.length > LIST_LIMITS.cap) throw badRequest([{ field: 'items', messages: ['invalid'], values: [{ max: LIST_LIMITS.cap }] }]);
  const bad = items.findIndex((item) => !isUuid(item));
  if (bad >= 0) throw badRequest([{ field: `items.${bad}`, messages: ['invalid'] }]);
  const uuids = [...new Set((items as string[]).map((item) => item.toLowerCase()))];
  if (uuids.length === 0) return 0;
  const user = accountability.user.uuid;
  const write: RecordBulk = { scope: target.scope, component: { uuid: target.row.uuid, ref: componentRef(target.row) }, action, userUuid: user, accountability, view: target.view, job: null };
  const affected = await db.transaction().execute(async (tx) => {
    const found = await lockRecordsByUuid(tx, target.scope, uuids);
    // All or nothing: one missing (unknown, deleted, another component's or project's) changes nothing.
    if (found.length !== uuids.length) throw new HttpError(404, 'notFound');
    // The filters (each record's Before::Delete) may refuse the selection: the transaction rolls back.
    const allowed = await hooks.emitFilter('records.bulk', { uuids }, write, { db: tx });
    const changed = await applyBulkAction(tx, target.scope, action, allowed.uuids, user);
    const affected = changed.length;
    // What commits with it: one summary event for the whole selection (docs/event-bus.md), the Delete runs, the revisions.
    await hooks.emitFilter('records.bulk.written', { items: uuids, changed, affected, progress: null }, write, { db: tx });
    return affected;
  });
  await hooks.emitAction('records.bulk', { write, affected }, { db });
  return affected;
}

async function bulkByFilter(db: Db, platform: BulkPlatform, accountability: Accountability, target: ListTarget, action: BulkAction, filterInput: unknown): Promise<string> {
  if (!isPlainObject(filterInput)) throw badRequest([{ field: 'filter', messages: ['invalid'] }]);
  let query: ListQuery;
  try {
    query = parseOrThrow(filterParams(filterInput), target.view, { uncapped: true, parameters: FILTER_PARAMETERS });
  } catch (error) {
    atFilter(error);
  }
  const filter: RecordFilter = { search: query.search, disabled: query.disabled, date: query.date, adv: query.adv };
  const job = await createJob(db, {
    action,
    projectUuid: target.scope.projectUuid,
    componentUuid: target.row.uuid,
    componentRef: componentRef(target.row),
    env: target.scope.env,
    userUuid: accountability.user.uuid,
    filter,
  });
  try {
    await platform.jobs.send('luma-bulk', { job, ...(accountability.client ? { client: accountability.client } : {}) });
  } catch (error) {
    await finishJob(db, job, 'serverError');
    throw error;
  }
  return job;
}

export interface BulkRunOptions {
  /** Records per batch transaction. */
  batchSize: number;
  /** After this long (ms) the slice ends and the job is queued again (it resumes from its cursor). */
  sliceMs: number;
  /** The browser tab that started the job: its batches' events carry it (a job resumed after a restart has none). */
  client?: string;
}

type StepResult = { kind: 'finished' } | { kind: 'progress'; scope: RecordScope; write: RecordBulk | null; affected: number };

/**
 * One step of a job, in one transaction: lock the job row (so two workers never interleave), count on
 * the first step, then lock and change one keyset batch after the stored cursor and store the new
 * cursor and progress with it. A worker that dies mid-step changes nothing (the transaction rolls
 * back); the next step, on any instance, starts from the last committed cursor, so no batch is
 * applied twice.
 */
async function step(db: Db, jobUuid: string, batchSize: number, client: string | undefined): Promise<StepResult> {
  return db.transaction().execute(async (tx): Promise<StepResult> => {
    const job = await tx.selectFrom('record_jobs').selectAll().where('uuid', '=', jobUuid).forUpdate().executeTakeFirst();
    if (!job || job.status !== 'running') return { kind: 'finished' };
    const scope: RecordScope = { projectUuid: job.project_uuid, componentUuid: job.component_uuid, env: job.env as RecordScope['env'] };
    const filter = job.filter as RecordFilter;
    const at = nowDate();
    if (job.total === null) {
      const total = await countRecords(tx, scope, filter).catch(asInputError);
      await tx.updateTable('record_jobs').set({ total, updated_at: at }).where('uuid', '=', jobUuid).execute();
      return { kind: 'progress', scope, write: null, affected: 0 };
    }
    const cursor: Cursor | null = job.cursor_uuid && job.cursor_created_at ? { createdAt: job.cursor_created_at, uuid: job.cursor_uuid } : null;
    const batch = await lockRecordBatch(tx, scope, filter, cursor, batchSize).catch(asInputError);
    if (batch.length === 0) {
      await tx.updateTable('record_jobs').set({ status: 'done', finished_at: at, updated_at: at }).where('uuid', '=', jobUuid).execute();
      return { kind: 'finished' };
    }
    const uuids = batch.map((row) => row.uuid);
    // The job keeps the component's ref as it was when started: the topics name it.
    const write: RecordBulk = { scope, component: { uuid: job.component_uuid, ref: job.component_ref }, action: job.action, userUuid: job.user_uuid, accountability: null, view: null, job: jobUuid, ...(client ? { client } : {}) };
    // A record the filters leave out (its Before::Delete refused it) stays, is counted in processed
    // but not in affected: a delete job's refused records are processed - affected.
    const allowed = await hooks.emitFilter('records.bulk', { uuids }, write, { db: tx });
    const changed = await applyBulkAction(tx, scope, job.action, allowed.uuids, job.user_uuid);
    const affected = changed.length;
    const last = batch[batch.length - 1]!;
    await tx
      .updateTable('record_jobs')
      .set((eb) => ({
        processed: eb('processed', '+', batch.length),
        affected: eb('affected', '+', affected),
        cursor_created_at: last.created_at,
        cursor_uuid: last.uuid,
        updated_at: at,
      }))
      .where('uuid', '=', jobUuid)
      .execute();
    // What commits with the batch: its summary and the job's progress (docs/event-bus.md), the Delete runs.
    const progress = { total: job.total, processed: job.processed + batch.length, affected: job.affected + affected };
    await hooks.emitFilter('records.bulk.written', { items: uuids, changed, affected, progress }, write, { db: tx });
    return { kind: 'progress', scope, write, affected };
  });
}

/** Connection loss, server shutdown, too many connections, deadlock or serialization failure. */
function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^(?:08|40|53|57P)/.test(code)) return true;
  if (typeof code === 'string' && /^(?:ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection is closed|Client has encountered a connection error/i.test(message);
}

/**
 * Runs a bulk job for up to options.sliceMs: answers 'more' when it stopped with work left (the
 * caller queues it again), 'done' when the job is finished (done or failed). A refused filter (a
 * regex the database rejects) fails the job with the error's message; any other error fails it with
 * 'serverError'. A transient database error (isTransient), or one while recording the failure,
 * is thrown, so pg-boss retries the slice.
 */
export async function runBulkJob(db: Db, bus: Bus, jobUuid: string, options: BulkRunOptions): Promise<'done' | 'more'> {
  const started = now();
  let scope: RecordScope | null = null;
  try {
    for (;;) {
      const result = await step(db, jobUuid, options.batchSize, options.client);
      if (result.kind === 'finished') {
        // A large bulk change moves the planner's statistics (on PGlite nothing else would).
        const row = await db.selectFrom('record_jobs').select(['component_uuid', 'affected']).where('uuid', '=', jobUuid).executeTakeFirst();
        // Statistics only speed up later queries: failing to keep them leaves the finished job as it is.
        if (row) await keepStatistics(db, row.component_uuid, row.affected).catch(() => false);
        return 'done';
      }
      scope = result.scope;
      // The batch committed (its Delete runs with it: this process's worker looks at once).
      if (result.write) await hooks.emitAction('records.bulk', { write: result.write, affected: result.affected }, { db });
      if (now() - started >= options.sliceMs) return 'more';
    }
  } catch (error) {
    // The database went away or a transaction lost a deadlock: the slice is retried by pg-boss (on any
    // instance) and resumes from the last committed batch.
    if (isTransient(error)) throw error;
    await finishJob(db, jobUuid, error instanceof HttpError ? error.message : 'serverError');
    return 'done';
  } finally {
    if (scope === null) {
      const row = await db.selectFrom('record_jobs').select(['project_uuid', 'component_uuid']).where('uuid', '=', jobUuid).executeTakeFirst().catch(() => undefined);
      if (row) scope = { projectUuid: row.project_uuid, componentUuid: row.component_uuid, env: 'live' };
    }
    if (scope !== null) await listChanged(bus, scope.projectUuid, scope.componentUuid).catch(() => undefined);
  }
}

/**
 * GET .../jobs/{job}: the job's progress, read from the database (any instance answers). The caller
 * must be in the job's project, name its component, and have started it (or be an admin).
 */
export async function readJob(db: Db, accountability: Accountability, ref: string, jobUuid: string): Promise<JobState> {
  const projectUuid = requireProject(accountability);
  const job = isUuid(jobUuid) ? await findJob(db, jobUuid, projectUuid) : undefined;
  const wanted = ref.toLowerCase();
  if (
    !job ||
    (job.component_uuid !== wanted && job.component_ref.toLowerCase() !== wanted) ||
    (job.user_uuid !== accountability.user.uuid && !accountability.is_admin)
  ) {
    throw new HttpError(404, 'notFound');
  }
  return jobAnswer(job);
}
