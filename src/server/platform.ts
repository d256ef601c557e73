// What one Luma instance shares with the others on its database (docs/platform.md): the job queue
// (pg-boss) with this process's handlers, and the bus. Started by main.ts (by LUMA_ROLE), by tests
// and by buildApp when it is given none.
import { createLocalBus, createPostgresBus, type Bus } from './bus/index';
import type { Config } from './config';
import type { OpenDatabase } from './db/database';
import { runHousekeeping } from './housekeeping';
import { startJobs, type Jobs, type Role } from './jobs/index';
import { runBulkJob } from './services/record-bulk';
import { followPlatformEvents } from './services/events-platform';
import { clearListCache, followListChanges } from './services/record-list';
import { nowDate } from './clock';
import { registerWorkflowRuntime, runQueuedRun, runRecycleTick } from './workflows/events';
import { recycleFilter } from './workflows/recycle';
import { actionSettings } from './workflows/settings';

export interface Platform {
  jobs: Jobs;
  bus: Bus;
  /** Stops job work (waiting for running slices) and the bus; the database stays open. */
  stop(): Promise<void>;
}

export type PlatformConfig = Pick<
  Config,
  'role' | 'jobExpireSeconds' | 'jobPollSeconds' | 'jobMaintenanceSeconds' | 'bulkBatchSize' | 'sessionIdleMs' | 'loginWindowMs' | 'workflowHttpAllow' | 'smtpUrl' | 'mailFrom' | 'fcm'
>;

export interface StartPlatformOptions {
  /** Overrides config.role (tests start a web-only platform beside a worker). */
  role?: Role;
  log?: (error: unknown, message: string) => void;
}

export async function startPlatform(database: Pick<OpenDatabase, 'db' | 'kind' | 'pglite' | 'url'>, config: PlatformConfig, options: StartPlatformOptions = {}): Promise<Platform> {
  const log = options.log ?? ((error: unknown, message: string) => console.error(message, error));
  const { db } = database;
  let bus: Bus;
  if (database.kind === 'postgres' && database.url) {
    const pgBus = await createPostgresBus(db, database.url, { log });
    // Messages sent while the listening connection was down are lost: forget every cached answer.
    pgBus.onReconnect(() => clearListCache());
    bus = pgBus;
  } else {
    bus = createLocalBus({ log, pglite: database.pglite });
  }
  const unfollow = followListChanges(bus);
  const unfollowEvents = followPlatformEvents(db, bus, log);

  // A slice of a bulk job is at most a third of the expiry, so a live worker is never expired.
  const sliceMs = Math.max(500, (config.jobExpireSeconds * 1000) / 3);
  let jobs: Jobs;
  try {
    jobs = await startJobs({
      db,
      databaseUrl: database.kind === 'postgres' ? database.url : null,
      pglite: database.pglite,
      role: options.role ?? config.role,
      timing: { expireSeconds: config.jobExpireSeconds, pollSeconds: config.jobPollSeconds, maintenanceSeconds: config.jobMaintenanceSeconds },
      log,
      handlers: {
        'luma-bulk': async ({ job }) => {
          const result = await runBulkJob(db, bus, job, { batchSize: config.bulkBatchSize, sliceMs });
          // Work left: queue the next slice (any instance may take it; it resumes from the cursor).
          if (result === 'more') await jobs.send('luma-bulk', { job });
        },
        'luma-housekeeping': async () => {
          await runHousekeeping(db, config, (error, task) => log(error, `housekeeping ${task} failed`));
        },
        'luma-workflow': async ({ run }, job) => {
          await runQueuedRun(db, run, { finalAttempt: job.retryCount >= job.retryLimit });
        },
        'luma-recycle': async () => {
          await runRecycleTick(db, nowDate(), recycleFilter);
        },
      },
    });
  } catch (error) {
    unfollow();
    unfollowEvents();
    await bus.close();
    throw error;
  }
  const unregister = registerWorkflowRuntime({ jobs, bus, settings: actionSettings(config) });
  return {
    jobs,
    bus,
    async stop() {
      unregister();
      await jobs.stop();
      unfollow();
      unfollowEvents();
      await bus.close();
    },
  };
}
