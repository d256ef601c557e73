// Bulk actions (docs/lists.md "Bulk"): delete, disable or enable records of a component, either the
// given uuids (at most 5000; all or nothing: an unknown or foreign uuid is 404 and nothing changes)
// or every record a list filter matches, in the background in one transaction (202 { job }; progress
// in the in-process registry of services/record-jobs).
import type { Kysely } from 'kysely';
import { componentRef } from '../../../runtime/components';
import { LIST_LIMITS } from '../../../runtime/query';
import { applyBulkAction, countRecords, lockRecordBatch, lockRecordsByUuid, type BulkAction, type Cursor, type RecordFilter } from '../db/queries/record-list';
import type { Database } from '../db/schema';
import { badRequest, HttpError } from '../errors';
import { isPlainObject, isUuid } from '../validate';
import { createJob, finishJob, findJob, jobAnswer, type Job, type JobState } from './record-jobs';
import { asInputError, invalidateListCache, listTarget, parseOrThrow, type ListTarget } from './record-list';
import { requireProject, type Accountability } from './tenancy';

type Db = Kysely<Database>;

export const BULK_ACTIONS: readonly BulkAction[] = ['delete', 'disable', 'enable'];
export const BULK_BATCH_SIZE = 1000;

const VERBS: Record<BulkAction, string[]> = { delete: ['delete'], disable: ['update', 'edit'], enable: ['update', 'edit'] };

export function isBulkAction(value: string): value is BulkAction {
  return (BULK_ACTIONS as readonly string[]).includes(value);
}

/** The bulk filter body ({ filter, filterOn, disabled, dateFrom, dateTo, dateField, $adv }) as list parameters. */
function filterParams(input: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of ['filter', 'dateFrom', 'dateTo', 'dateField', '$adv']) {
    if (input[name] !== undefined && input[name] !== null) params[name] = input[name];
  }
  const filterOn = input.filterOn;
  if (Array.isArray(filterOn)) params.filterOn = filterOn.every((item) => typeof item === 'string') ? filterOn.join(',') : filterOn;
  else if (filterOn !== undefined && filterOn !== null) params.filterOn = filterOn;
  const disabled = input.disabled;
  if (disabled === true || disabled === 1 || disabled === '1') params.disabled = '1';
  for (const name of Object.keys(input)) {
    if (!['filter', 'filterOn', 'disabled', 'dateFrom', 'dateTo', 'dateField', '$adv'].includes(name)) params[name] = input[name];
  }
  return params;
}

export interface BulkResult {
  status: 200 | 202;
  body: { affected: number } | { job: string };
}

export async function bulkAction(db: Db, accountability: Accountability, ref: string, action: BulkAction, body: unknown, locale: string | undefined): Promise<BulkResult> {
  const input = isPlainObject(body) ? body : null;
  const hasItems = input !== null && input.items !== undefined;
  const hasFilter = input !== null && input.filter !== undefined;
  if (!input || hasItems === hasFilter) throw badRequest([{ field: 'items', messages: ['invalid'] }]);
  const target = await listTarget(db, accountability, ref, VERBS[action], locale, 'forbidden');
  if (hasItems) return { status: 200, body: { affected: await bulkByItems(db, accountability, target, action, input.items) } };
  return { status: 202, body: { job: bulkByFilter(db, accountability, target, action, input.filter).uuid } };
}

async function bulkByItems(db: Db, accountability: Accountability, target: ListTarget, action: BulkAction, items: unknown): Promise<number> {
  if (!Array.isArray(items) || items.length > LIST_LIMITS.cap) throw badRequest([{ field: 'items', messages: ['invalid'], values: [{ max: LIST_LIMITS.cap }] }]);
  const bad = items.findIndex((item) => !isUuid(item));
  if (bad >= 0) throw badRequest([{ field: `items.${bad}`, messages: ['invalid'] }]);
  const uuids = [...new Set((items as string[]).map((item) => item.toLowerCase()))];
  if (uuids.length === 0) return 0;
  const affected = await db.transaction().execute(async (tx) => {
    const found = await lockRecordsByUuid(tx, target.scope, uuids);
    // All or nothing: one missing (unknown, deleted, another component's or project's) changes nothing.
    if (found.length !== uuids.length) throw new HttpError(404, 'notFound');
    return applyBulkAction(tx, target.scope, action, uuids, accountability.user.uuid);
  });
  invalidateListCache(target.scope.projectUuid, target.row.uuid);
  return affected;
}

function bulkByFilter(db: Db, accountability: Accountability, target: ListTarget, action: BulkAction, filterInput: unknown): Job {
  if (!isPlainObject(filterInput)) throw badRequest([{ field: 'filter', messages: ['invalid'] }]);
  const query = parseOrThrow(filterParams(filterInput), target.view, { uncapped: true });
  if (query.aggregate) throw badRequest([{ field: '$aggregate', messages: ['invalid'] }]);
  const filter: RecordFilter = { search: query.search, disabled: query.disabled, date: query.date, adv: query.adv };
  const job = createJob({
    action,
    projectUuid: target.scope.projectUuid,
    componentUuid: target.row.uuid.toLowerCase(),
    componentRef: componentRef(target.row),
    userUuid: accountability.user.uuid,
  });
  // After the 202 is on its way: the job holds a transaction (PGlite's only connection) while it runs.
  setImmediate(() => void runJob(db, target, filter, action, accountability.user.uuid, job));
  return job;
}

async function runJob(db: Db, target: ListTarget, filter: RecordFilter, action: BulkAction, userUuid: string, job: Job): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      job.total = await countRecords(tx, target.scope, filter).catch(asInputError);
      let cursor: Cursor | null = null;
      for (;;) {
        const batch = await lockRecordBatch(tx, target.scope, filter, cursor, BULK_BATCH_SIZE);
        if (batch.length === 0) break;
        const affected = await applyBulkAction(tx, target.scope, action, batch.map((row) => row.uuid), userUuid);
        job.processed += batch.length;
        job.affected += affected;
        const last = batch[batch.length - 1]!;
        cursor = { createdAt: last.created_at, uuid: last.uuid };
      }
    });
    finishJob(job, null);
  } catch (error) {
    // The transaction rolled back: nothing was changed.
    job.affected = 0;
    finishJob(job, error instanceof HttpError ? error.message : 'serverError');
  } finally {
    invalidateListCache(target.scope.projectUuid, target.row.uuid);
  }
}

/**
 * GET .../jobs/{job}: the job's progress, read from memory only (no database while a job's
 * transaction may hold PGlite's connection). The caller must be in the job's project, name its
 * component, and have started it (or be an admin).
 */
export function readJob(accountability: Accountability, ref: string, jobUuid: string): JobState {
  const projectUuid = requireProject(accountability);
  const job = isUuid(jobUuid) ? findJob(jobUuid) : undefined;
  const wanted = ref.toLowerCase();
  if (
    !job ||
    job.projectUuid !== projectUuid ||
    (job.componentUuid !== wanted && job.componentRef.toLowerCase() !== wanted) ||
    (job.userUuid !== accountability.user.uuid && !accountability.is_admin)
  ) {
    throw new HttpError(404, 'notFound');
  }
  return jobAnswer(job);
}
