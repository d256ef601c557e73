// Background jobs (docs/platform.md "Jobs"): pg-boss 10 on the application's database, PostgreSQL or
// PGlite. Queues and their payloads are typed here; handlers are registered by the caller (see
// platform.ts), so this module knows nothing of what a job does.
//
// Roles: every role may send; only 'worker' and 'all' fetch and run jobs, run pg-boss's maintenance
// (expiring jobs whose process died, so they are retried elsewhere) and its cron timekeeper.
import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/schema';
import { pgliteExecutor } from './jobs-pglite';
import { RECYCLE_TIMERS } from '../../../runtime/workflows/constants';

export type Role = 'web' | 'worker' | 'all';

/** Every queue and its payload. */
export interface JobPayloads {
  /** One slice of a bulk action on a filter (record_jobs row `job`); resumes from its cursor. */
  'luma-bulk': { job: string; client?: string };
  /** The cleanup of expired and long-deleted rows (schedule HOUSEKEEPING_CRON). */
  'luma-housekeeping': Record<string, never>;
  /** One workflow run (workflow_runs row `run`), queued in the transaction of the write that caused it. */
  'luma-workflow': { run: string };
  /** The Recycle timers' tick, every half hour (the 30min timer; on the hour also 1h; at midnight UTC also 1d). */
  'luma-recycle': Record<string, never>;
  /** Builds a component's missing record indexes; with a shape, first those its slow queries need (records/auto-indexes.ts). */
  'luma-record-index': { component: string; env?: string; shape?: string };
  /** One build of a thunder data set (thunder/build.ts), queued once per set at a time. */
  'luma-thunder': { set: string; trigger: 'define' | 'manual' | 'schedule' | 'change' };
  /** The thunder schedule's tick, every minute (THUNDER_CRON): queues the due builds. */
  'luma-thunder-tick': Record<string, never>;
}

export type QueueName = keyof JobPayloads;
/** Every queue, in the order workers start. */
export const QUEUE_NAMES: readonly QueueName[] = ['luma-bulk', 'luma-housekeeping', 'luma-workflow', 'luma-recycle', 'luma-record-index', 'luma-thunder', 'luma-thunder-tick'];
/** A job's retry state, for handlers that act differently on their last attempt. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}
export type JobHandlers = { [Q in QueueName]: (data: JobPayloads[Q], job: JobAttempt) => Promise<void> };

export interface JobsTiming {
  /** A job not completed this long after it started is failed by maintenance and retried (another instance may take it). */
  expireSeconds: number;
  /** How often an idle worker looks for new jobs. */
  pollSeconds: number;
  /** How often maintenance (expiry, archiving) runs; exactly one instance runs it each time. */
  maintenanceSeconds: number;
}

export const HOUSEKEEPING_CRON = '*/15 * * * *';
/** The thunder schedule's tick: every minute (a set's schedule is in whole minutes). */
export const THUNDER_CRON = '* * * * *';

/** How a job is sent: startAfterSeconds delays it (a debounce). */
export interface SendOptions {
  startAfterSeconds?: number;
}
/** Workers per process on the workflow queue. */
export const WORKFLOW_WORKERS = 4;

export interface Jobs {
  readonly role: Role;
  send<Q extends QueueName>(queue: Q, data: JobPayloads[Q], options?: SendOptions): Promise<string>;
  /** Sends on `db` (a transaction): the job exists only if that transaction commits. Call wake(queue) after the commit. */
  sendIn<Q extends QueueName>(db: Kysely<Database>, queue: Q, data: JobPayloads[Q]): Promise<string>;
  /** Tells this process's worker of `queue` to look now (after a commit that queued jobs). */
  wake(queue: QueueName): void;
  /** Stops taking jobs (a disabled satellite, docs/satellites.md); jobs already running finish. No-op for 'web'. */
  pause(): Promise<void>;
  /** Takes jobs again after pause(). */
  resume(): Promise<void>;
  /** Whether this process's workers are taking jobs ('web': never). */
  readonly working: boolean;
  /** Stops fetching, waits for running jobs (up to timeoutMs), and disconnects. */
  stop(timeoutMs?: number): Promise<void>;
  /** The pg-boss instance (tests and diagnostics). */
  readonly boss: PgBoss;
}

export interface StartJobsOptions {
  db: Kysely<Database>;
  /** PostgreSQL: the connection string (pg-boss opens its own small pool). */
  databaseUrl: string | null;
  /** PGlite: the instance behind db, driven through the dialect's serialised connection. */
  pglite: PGlite | null;
  role: Role;
  timing: JobsTiming;
  handlers: JobHandlers;
  log: (error: unknown, message: string) => void;
  /** Told of each job this process ran (`ok` false when its handler threw): a satellite's counts. */
  observe?: (queue: QueueName, ok: boolean) => void;
}

/** pg-boss on the application's database: its own small pool on PostgreSQL, the dialect's connection on PGlite. */
function bossFor(options: StartJobsOptions, working: boolean): PgBoss {
  const connection: PgBoss.ConstructorOptions = options.databaseUrl
    ? { connectionString: options.databaseUrl, max: 4, application_name: 'luma-jobs' }
    : { db: pgliteExecutor(options.db, options.pglite!) as PgBoss.Db };
  return new PgBoss({
    ...connection,
    schema: 'pgboss',
    migrate: true,
    supervise: working,
    schedule: working,
    maintenanceIntervalSeconds: options.timing.maintenanceSeconds,
    // The cron check: each instance looks every so often, one of them sends the due jobs.
    cronMonitorIntervalSeconds: 30,
  });
}

/** Every queue's policy, retries and expiry. */
function queueOptions(timing: JobsTiming): Record<QueueName, PgBoss.Queue> {
  return {
    'luma-bulk': { name: 'luma-bulk', policy: 'standard', retryLimit: 10, retryDelay: 1, expireInSeconds: timing.expireSeconds, retentionMinutes: 24 * 60 },
    // Singleton: at most one active at a time across all instances.
    'luma-housekeeping': { name: 'luma-housekeeping', policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60, retentionMinutes: 24 * 60 },
    // A network failure is retried with back-off; a run whose process died expires and is retried elsewhere.
    'luma-workflow': { name: 'luma-workflow', policy: 'standard', retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: timing.expireSeconds, retentionMinutes: 24 * 60 },
    'luma-recycle': { name: 'luma-recycle', policy: 'standard', retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60, retentionMinutes: 24 * 60 },
    // An index of a million records takes minutes to build concurrently; a died build is retried (the sync drops what it left).
    'luma-record-index': { name: 'luma-record-index', policy: 'standard', retryLimit: 3, retryDelay: 30, expireInSeconds: 60 * 60, retentionMinutes: 24 * 60 },
    // A build records its own failure; a died build is retried (its set stays queued meanwhile).
    'luma-thunder': { name: 'luma-thunder', policy: 'standard', retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, retentionMinutes: 24 * 60 },
    'luma-thunder-tick': { name: 'luma-thunder-tick', policy: 'singleton', retryLimit: 1, retryDelay: 10, expireInSeconds: 5 * 60, retentionMinutes: 60 },
  };
}

// Workflow runs wait on the network (an HTTP call may take 30 s): several workers per process take
// them side by side. The other queues run one job at a time per process.
const WORKER_COUNT: Record<QueueName, number> = {
  'luma-bulk': 1,
  'luma-housekeeping': 1,
  'luma-workflow': WORKFLOW_WORKERS,
  'luma-recycle': 1,
  'luma-record-index': 1,
  'luma-thunder': 1,
  'luma-thunder-tick': 1,
};

/** The schedules every working process keeps (pg-boss sends each due job once). */
async function keepSchedules(boss: PgBoss): Promise<void> {
  await boss.schedule('luma-housekeeping', HOUSEKEEPING_CRON, {}, { tz: 'UTC' });
  // One schedule per queue in pg-boss 10: every half hour; the tick works out which timers are due.
  await boss.schedule('luma-recycle', RECYCLE_TIMERS['30min'], {}, { tz: 'UTC' });
  await boss.schedule('luma-thunder-tick', THUNDER_CRON, {}, { tz: 'UTC' });
}

type Observe = NonNullable<StartJobsOptions['observe']>;

/** This process's workers of every queue; answers each queue's worker ids. */
async function startWorkers(boss: PgBoss, handlers: JobHandlers, timing: JobsTiming, state: { stopped: boolean }, observe: Observe): Promise<Map<QueueName, string[]>> {
  const workers = new Map<QueueName, string[]>();
  for (const name of Object.keys(handlers) as QueueName[]) {
    const handler = handlers[name] as (data: unknown, job: JobAttempt) => Promise<void>;
    const ids: string[] = [];
    for (let i = 0; i < WORKER_COUNT[name]; i++) {
      const id: string = await boss.work(name, { pollingIntervalSeconds: timing.pollSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          } catch (error) {
            observe(name, false);
            throw error;
          }
          observe(name, true);
        }
        // It found work: look again at once rather than after the polling interval (an idle fetch then waits as usual).
        if (jobs.length > 0 && !state.stopped) boss.notifyWorker(id);
      });
      ids.push(id);
    }
    workers.set(name, ids);
  }
  return workers;
}

export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { role, timing, handlers, log } = options;
  const working = role !== 'web';
  const boss = bossFor(options, working);
  boss.on('error', (error) => log(error, 'pg-boss error'));
  await boss.start();

  // Every role creates the queues (idempotent) so a web process can send before any worker ran.
  for (const [name, queue] of Object.entries(queueOptions(timing))) {
    const existing = await boss.getQueue(name);
    if (!existing) await boss.createQueue(name, queue);
    else await boss.updateQueue(name, queue);
  }
  const state = { stopped: false, paused: false };
  const observe: Observe = options.observe ?? (() => undefined);
  if (working) await keepSchedules(boss);
  let workers = working ? await startWorkers(boss, handlers, timing, state, observe) : new Map<QueueName, string[]>();

  return {
    role,
    boss,
    get working() {
      return working && !state.paused && !state.stopped;
    },
    async pause() {
      if (!working || state.paused || state.stopped) return;
      state.paused = true;
      const ids = [...workers.values()].flat();
      workers = new Map();
      // Each worker stops fetching; a job it is running finishes (pg-boss waits for it).
      for (const id of ids) await boss.offWork({ id });
    },
    async resume() {
      if (!working || !state.paused || state.stopped) return;
      state.paused = false;
      workers = await startWorkers(boss, handlers, timing, state, observe);
    },
    async send(queue, data, options) {
      const id = await boss.send(queue, data as object, options?.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {});
      if (!id) throw new Error(`pg-boss refused a job on ${queue}`);
      // A worker of this process looks at once instead of at its next poll (others poll as usual).
      const worker = workers.get(queue)?.[0];
      if (worker && !state.stopped) boss.notifyWorker(worker);
      return id;
    },
    async sendIn(db, queue, data) {
      const executeSql = async (text: string, values: unknown[]) => {
        const result = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      };
      const id = await boss.send(queue, data as object, { db: { executeSql } });
      if (!id) throw new Error(`pg-boss refused a job on ${queue}`);
      return id;
    },
    wake(queue) {
      if (state.stopped) return;
      for (const worker of workers.get(queue) ?? []) boss.notifyWorker(worker);
    },
    async stop(timeoutMs = 10_000) {
      if (state.stopped) return;
      state.stopped = true;
      // wait: resolves once workers have finished (or timed out) and pg-boss has disconnected.
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true }).catch((error: unknown) => log(error, 'pg-boss stop failed'));
    },
  };
}
