// What one Luma instance shares with the others on its database (docs/platform.md): the job queue
// (pg-boss) with this process's handlers, and the bus; and the capabilities' hooks (docs/platform.md
// "Hooks"), so that every role (web, worker) reacts to the writes alike. Started by main.ts (by
// LUMA_ROLE), by tests and by buildApp when it is given none.
import { createLocalBus, createPostgresBus, type Bus } from './platform/bus';
import type { Config } from './platform/config';
import type { OpenDatabase } from './db/database';
import { runRecordIndexJob } from './records/auto-indexes';
import { runHousekeeping } from './housekeeping';
import { startJobs, type JobHandlers, type Jobs, type Role } from './platform/jobs';
import { runBulkJob } from './records/bulk';
import { followPlatformEvents } from './events/platform';
import { clearListCache, followListChanges } from './records/list';
import { CallerCache } from './auth/caller-cache';
import { ListTotalCache } from './records/list-totals';
import { nowDate } from './platform/clock';
import { registerWorkflowRuntime, runQueuedRun, runRecycleTick } from './workflows/record-events';
import { recycleFilter } from './workflows/recycle';
import { actionSettings } from './workflows/settings';
import { hooks } from './platform/hooks';
import { followRecordWrites, registerRecordHooks } from './records/hooks';
import { registerEventHooks } from './events/hooks';
import { registerWorkflowHooks } from './workflows/hooks';
import { registerHistoryHooks } from './history/hooks';
import { startSatellite, type Satellite } from './satellites/registry';
import { removeDistributionsWithComponents } from './forge/hooks';
import { judgePickedTemplates } from './forge/template-picker';
import { registerThunderHooks } from './thunder/hooks';
import { registerRatchetSelectHooks } from './ratchet/select-hooks';
import { registerThunderRuntime, runThunderBuild, runThunderTick } from './thunder/build';

let hooksRegistered = false;

/**
 * The capabilities' hooks, once per process (several instances may start in one, as tests do). They
 * run in this order: the records' partition and indexes, the event outbox (a write's event is written
 * before its queued runs), the workflows, record history, the thunder data sets' rebuilds, the ratchet select's checks.
 */
function registerHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  registerRecordHooks(hooks);
  registerEventHooks(hooks);
  registerWorkflowHooks(hooks);
  // Each record write's revision, in its transaction (history/hooks.ts).
  registerHistoryHooks(hooks);
  // A saved component's picked templates are a distribution's entrypoints (forge/template-picker.ts).
  judgePickedTemplates(hooks);
  registerThunderHooks(hooks);
  // A ratchet-sourced select's SQL set by admins only, and its values among its options (ratchet/select-hooks.ts).
  registerRatchetSelectHooks(hooks);
}

export interface Platform {
  jobs: Jobs;
  bus: Bus;
  /** This process's copies of found callers, dropped by the database's changes on the bus. */
  callers: CallerCache;
  /** This process's list totals, dropped by the database's record changes on the bus. */
  totals: ListTotalCache;
  /** This process as a satellite (null for the web role, which takes no jobs). */
  satellite: Satellite | null;
  /** Stops job work (waiting for running slices) and the bus; the database stays open. */
  stop(): Promise<void>;
}

export type PlatformConfig = Pick<
  Config,
  'role' | 'callerCacheSeconds' | 'listTotalCacheSeconds' | 'jobExpireSeconds' | 'jobPollSeconds' | 'jobMaintenanceSeconds' | 'bulkBatchSize' | 'sessionIdleMs' | 'loginWindowMs' | 'workflowHttpAllow' | 'smtpUrl' | 'mailFrom' | 'fcm'
> &
  Partial<Pick<Config, 'indexSlowMs' | 'indexSlowCount' | 'indexAutoMax' | 'satelliteHeartbeatSeconds' | 'dataDir' | 'ratchetTimeoutMs'>>;

export interface StartPlatformOptions {
  /** Overrides config.role (tests start a web-only platform beside a worker). */
  role?: Role;
  log?: (error: unknown, message: string) => void;
}

type PlatformDatabase = Pick<OpenDatabase, 'db' | 'kind' | 'pglite' | 'url'>;
type Log = (error: unknown, message: string) => void;

/** The bus (PostgreSQL's LISTEN/NOTIFY, or in-process on PGlite) and the caches its messages empty. */
async function openBus(database: PlatformDatabase, config: PlatformConfig, log: Log): Promise<Pick<Platform, 'bus' | 'callers' | 'totals'>> {
  const callerCacheMs = config.callerCacheSeconds * 1000;
  const totalCacheMs = config.listTotalCacheSeconds * 1000;
  if (database.kind === 'postgres' && database.url) {
    const bus = await createPostgresBus(database.db, database.url, { log });
    const callers = new CallerCache(callerCacheMs, () => bus.listening());
    const totals = new ListTotalCache(totalCacheMs, () => bus.listening());
    // Messages sent while the listening connection was down are lost: forget every cached answer and caller.
    bus.onReconnect(() => {
      clearListCache();
      callers.clear();
      totals.clear();
    });
    return { bus, callers, totals };
  }
  return { bus: createLocalBus({ log, pglite: database.pglite }), callers: new CallerCache(callerCacheMs), totals: new ListTotalCache(totalCacheMs) };
}

/** The caches and the event outbox following the bus, and the writes' hooks; answers the function that stops them all. */
function followBus(database: PlatformDatabase, { bus, callers, totals }: Pick<Platform, 'bus' | 'callers' | 'totals'>, log: Log): () => void {
  const stops = [
    followListChanges(bus),
    callers.follow(bus),
    totals.follow(bus),
    followPlatformEvents(database.db, bus, log),
    // After the process's own hooks: a write's worker is woken before its lists are dropped.
    followRecordWrites(hooks, bus, log),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** What this process does with each queue's jobs; `jobs` answers the started queue (a bulk job queues its next slice). */
function jobHandlers(db: PlatformDatabase['db'], bus: Bus, config: PlatformConfig, log: Log, jobs: () => Jobs): JobHandlers {
  // A slice of a bulk job is at most a third of the expiry, so a live worker is never expired.
  const sliceMs = Math.max(500, (config.jobExpireSeconds * 1000) / 3);
  return {
    'luma-bulk': async ({ job, client }) => {
      const result = await runBulkJob(db, bus, job, { batchSize: config.bulkBatchSize, sliceMs, client });
      // Work left: queue the next slice (any instance may take it; it resumes from the cursor).
      if (result === 'more') await jobs().send('luma-bulk', { job, ...(client ? { client } : {}) });
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
    'luma-record-index': async (job) => {
      await runRecordIndexJob(db, job, { slowMs: config.indexSlowMs ?? 50, slowCount: config.indexSlowCount ?? 3, autoMax: config.indexAutoMax ?? 5 });
    },
    'luma-thunder': async ({ set, trigger }) => {
      await runThunderBuild(db, set, trigger, { ratchetTimeoutMs: config.ratchetTimeoutMs, log });
    },
    'luma-thunder-tick': async () => {
      await runThunderTick(db);
    },
  };
}

/** This process as a satellite (docs/satellites.md), when it takes jobs: its row, heartbeat and counts. */
async function registerSatellite(database: PlatformDatabase, jobs: Jobs, bus: Bus, config: PlatformConfig, log: Log, early: boolean[]): Promise<Satellite | null> {
  if (jobs.role === 'web') return null;
  const satellite = await startSatellite({ db: database.db, jobs, bus, role: jobs.role, heartbeatMs: (config.satelliteHeartbeatSeconds ?? 5) * 1000, log });
  // Jobs that finished while the row was being written.
  for (const ok of early.splice(0)) satellite.count(ok);
  return satellite;
}

export async function startPlatform(database: PlatformDatabase, config: PlatformConfig, options: StartPlatformOptions = {}): Promise<Platform> {
  const log = options.log ?? ((error: unknown, message: string) => console.error(message, error));
  const { db } = database;
  registerHooks();
  const { bus, callers, totals } = await openBus(database, config, log);
  const unfollowBus = followBus(database, { bus, callers, totals }, log);
  // A removed component's template distributions go with it (with this platform's data directory).
  const dataDir = config.dataDir;
  const unfollowForge = dataDir === undefined ? () => undefined : removeDistributionsWithComponents(hooks, db, { dataDir });
  const unfollow = () => {
    unfollowForge();
    unfollowBus();
  };
  let jobs: Jobs;
  let satellite: Satellite | null = null;
  const early: boolean[] = [];
  try {
    jobs = await startJobs({
      db,
      databaseUrl: database.kind === 'postgres' ? database.url : null,
      pglite: database.pglite,
      role: options.role ?? config.role,
      timing: { expireSeconds: config.jobExpireSeconds, pollSeconds: config.jobPollSeconds, maintenanceSeconds: config.jobMaintenanceSeconds },
      log,
      handlers: jobHandlers(db, bus, config, log, () => jobs),
      observe: (_queue, ok) => (satellite ? satellite.count(ok) : early.push(ok)),
    });
    satellite = await registerSatellite(database, jobs, bus, config, log, early);
  } catch (error) {
    unfollow();
    await bus.close();
    throw error;
  }
  const unregisterWorkflows = registerWorkflowRuntime({ jobs, bus, settings: actionSettings(config) });
  const unregisterThunder = registerThunderRuntime({ jobs });
  const unregister = () => {
    unregisterWorkflows();
    unregisterThunder();
  };
  return {
    jobs,
    bus,
    callers,
    totals,
    satellite,
    async stop() {
      unregister();
      await jobs.stop();
      await satellite?.stop();
      unfollow();
      await bus.close();
    },
  };
}
