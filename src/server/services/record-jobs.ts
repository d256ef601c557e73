// Bulk jobs (docs/lists.md "Bulk"): an in-process registry of background bulk actions. Progress is
// kept in memory, so reading it needs no database (PGlite has one connection, held by the job's
// transaction while it runs). Jobs are per process: another server instance (or a restart) does
// not know them; finished jobs are forgotten after JOB_RETENTION_MS.
import type { BulkAction } from '../db/queries/record-list';

export type JobStatus = 'running' | 'done' | 'failed';

export interface JobState {
  status: JobStatus;
  processed: number;
  total: number;
  affected: number;
  error: string | null;
}

export interface Job extends JobState {
  uuid: string;
  action: BulkAction;
  projectUuid: string;
  componentUuid: string;
  /** The component's ref (scope/name or uuid) when the job started: a later GET may name either. */
  componentRef: string;
  userUuid: string;
  startedAt: number;
  finishedAt: number | null;
}

export const JOB_RETENTION_MS = 60 * 60_000;
const MAX_JOBS = 1000;

const jobs = new Map<string, Job>();

function prune(now: number): void {
  for (const [uuid, job] of jobs) {
    if (job.finishedAt !== null && now - job.finishedAt > JOB_RETENTION_MS) jobs.delete(uuid);
  }
  // Oldest finished first when there are too many.
  for (const [uuid, job] of jobs) {
    if (jobs.size <= MAX_JOBS) break;
    if (job.finishedAt !== null) jobs.delete(uuid);
  }
}

export function createJob(input: Pick<Job, 'action' | 'projectUuid' | 'componentUuid' | 'componentRef' | 'userUuid'>): Job {
  const now = Date.now();
  prune(now);
  const job: Job = { ...input, uuid: crypto.randomUUID(), status: 'running', processed: 0, total: 0, affected: 0, error: null, startedAt: now, finishedAt: null };
  jobs.set(job.uuid, job);
  return job;
}

export function findJob(uuid: string): Job | undefined {
  return jobs.get(uuid.toLowerCase());
}

export function finishJob(job: Job, error: string | null): void {
  job.status = error === null ? 'done' : 'failed';
  job.error = error;
  job.finishedAt = Date.now();
}

/** What GET .../jobs/{job} answers. */
export function jobAnswer(job: Job): JobState {
  return { status: job.status, processed: job.processed, total: job.total, affected: job.affected, error: job.error };
}
