// Bulk jobs (docs/lists.md "Bulk", docs/platform.md "Jobs"): the state and progress of a bulk action
// on a filter, in the record_jobs table, so every instance answers a progress poll and any worker can
// resume the job. The work itself runs as pg-boss jobs (queue 'luma-bulk', see record-bulk.ts).
import type { Kysely } from 'kysely';
import type { BulkAction, RecordFilter } from './list-sql';
import type { Database } from '../db/schema';
import { nowDate } from '../platform/clock';

type Db = Kysely<Database>;

export type JobStatus = 'running' | 'done' | 'failed';

export interface JobState {
  status: JobStatus;
  processed: number;
  total: number;
  affected: number;
  /** Records a Before::Delete workflow refused: left as they were (docs/workflows.md "Bulk actions"). */
  refused: number;
  error: string | null;
}

/** Finished jobs are forgotten this long after they finished (housekeeping). */
export const JOB_RETENTION_MS = 24 * 60 * 60_000;

export interface NewJob {
  action: BulkAction;
  projectUuid: string;
  componentUuid: string;
  /** The component's ref (scope/name or uuid) when the job started: a later GET may name either. */
  componentRef: string;
  env: string;
  userUuid: string;
  filter: RecordFilter;
}

export async function createJob(db: Db, input: NewJob): Promise<string> {
  const uuid = crypto.randomUUID();
  const at = nowDate();
  await db
    .insertInto('record_jobs')
    .values({
      uuid,
      project_uuid: input.projectUuid,
      component_uuid: input.componentUuid.toLowerCase(),
      component_ref: input.componentRef,
      env: input.env,
      user_uuid: input.userUuid,
      action: input.action,
      filter: JSON.stringify(input.filter),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return uuid;
}

export type JobRow = Awaited<ReturnType<typeof findJob>>;

export function findJob(db: Db, uuid: string, projectUuid: string) {
  return db
    .selectFrom('record_jobs')
    .select(['uuid', 'project_uuid', 'component_uuid', 'component_ref', 'user_uuid', 'action', 'status', 'processed', 'total', 'affected', 'error'])
    .where('uuid', '=', uuid.toLowerCase())
    .where('project_uuid', '=', projectUuid)
    .executeTakeFirst();
}

export async function finishJob(db: Db, uuid: string, error: string | null): Promise<void> {
  const at = nowDate();
  await db
    .updateTable('record_jobs')
    .set({ status: error === null ? 'done' : 'failed', error, finished_at: at, updated_at: at })
    .where('uuid', '=', uuid)
    .where('status', '=', 'running')
    .execute();
}

/** Removes jobs finished more than JOB_RETENTION_MS before `at`. */
export async function deleteFinishedJobs(db: Db, at: Date = nowDate()): Promise<number> {
  const result = await db
    .deleteFrom('record_jobs')
    .where('finished_at', 'is not', null)
    .where('finished_at', '<=', new Date(at.getTime() - JOB_RETENTION_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What GET .../jobs/{job} answers. */
export function jobAnswer(job: NonNullable<JobRow>): JobState {
  return { status: job.status, processed: job.processed, total: job.total ?? 0, affected: job.affected, refused: refusedOf(job), error: job.error };
}

/**
 * A delete job's batch locks only live records and deletes every one its Before::Delete allows, in
 * the transaction that adds the batch to processed and the deleted ones to affected: so what was
 * processed and not deleted is exactly what a workflow refused. Disable and enable run no workflows
 * (what they leave unchanged was already so), so they refuse nothing.
 */
function refusedOf(job: Pick<NonNullable<JobRow>, 'action' | 'processed' | 'affected'>): number {
  return job.action === 'delete' ? Math.max(0, job.processed - job.affected) : 0;
}
