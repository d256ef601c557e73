// One process's satellite (docs/satellites.md): a process that takes jobs registers a row, then beats
// a heartbeat every satelliteHeartbeatSeconds. Each beat adds the jobs it ran since the last one,
// reports whether its workers take jobs, and reads the operator's `disabled` switch: disabled, the
// process stops fetching (a running job finishes); enabled again, it fetches again. A switch is also
// announced on the bus ('satellite.changed'), so every process beats at once instead of at its next
// beat. A process that stops cleanly marks itself stopped; one that dies keeps an ageing heartbeat,
// and pg-boss's expiry hands its running job to another process (docs/platform.md).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Bus } from '../platform/bus';
import type { Jobs } from '../platform/jobs';
import { nowDate } from '../platform/clock';
import { lumaVersion } from '../platform/root';

export interface Satellite {
  readonly id: string;
  /** Counts one job this process ran (its handler returned, or threw when `ok` is false). */
  count(ok: boolean): void;
  /** One heartbeat now (also what the timer and the bus call); resolves when written and acted on. */
  beat(): Promise<void>;
  /** Stops beating and marks the row stopped (the counts since the last beat included). */
  stop(): Promise<void>;
}

export interface SatelliteOptions {
  db: Kysely<Database>;
  jobs: Pick<Jobs, 'pause' | 'resume' | 'working'>;
  bus: Bus;
  role: 'worker' | 'all';
  heartbeatMs: number;
  log: (error: unknown, message: string) => void;
}

/** Registers this process; the jobs' `observe` calls `count`, and the platform's stop calls `stop`. */
export async function startSatellite(options: SatelliteOptions): Promise<Satellite> {
  const { db, jobs, bus, log } = options;
  const id = randomUUID();
  const now = nowDate();
  await db
    .insertInto('satellites')
    .values({ uuid: id, host: hostname(), pid: process.pid, version: lumaVersion(), role: options.role, started_at: now, heartbeat_at: now, working: jobs.working })
    .execute();
  let done = 0;
  let failed = 0;
  let stopped = false;
  // One beat at a time: a timer's beat and a bus message's never interleave their pause and resume.
  let running: Promise<void> = Promise.resolve();

  const write = async () => {
    const [ran, broke] = [done, failed];
    done -= ran;
    failed -= broke;
    const row = await db
      .updateTable('satellites')
      .set(() => ({ heartbeat_at: nowDate(), jobs_done: sql<string>`jobs_done + ${ran}`, jobs_failed: sql<string>`jobs_failed + ${broke}`, working: jobs.working }))
      .where('uuid', '=', id)
      .returning(['disabled'])
      .executeTakeFirst()
      .catch((error: unknown) => {
        // Not counted yet: the next beat adds them.
        done += ran;
        failed += broke;
        throw error;
      });
    return row;
  };
  const once = async () => {
    if (stopped) return;
    const row = await write();
    // The row is gone (removed while this process lived): nothing to follow until the next start.
    if (!row || !row.disabled === jobs.working) return;
    if (row.disabled) await jobs.pause();
    else await jobs.resume();
    // The switch acted on: say so at once rather than at the next beat.
    await db.updateTable('satellites').set({ working: jobs.working }).where('uuid', '=', id).execute();
  };
  const beat = () => {
    running = running.then(once).catch((error: unknown) => log(error, 'satellite heartbeat failed'));
    return running;
  };
  const timer = setInterval(() => void beat(), options.heartbeatMs);
  timer.unref();
  const unsubscribe = bus.subscribe('satellite.changed', ({ satellite }) => {
    if (satellite === id || satellite === null) void beat();
  });

  return {
    id,
    count(ok) {
      if (ok) done += 1;
      else failed += 1;
    },
    beat,
    async stop() {
      if (stopped) return;
      clearInterval(timer);
      unsubscribe();
      await running;
      stopped = true;
      await db
        .updateTable('satellites')
        .set(() => ({ stopped_at: nowDate(), heartbeat_at: nowDate(), working: false, jobs_done: sql<string>`jobs_done + ${done}`, jobs_failed: sql<string>`jobs_failed + ${failed}` }))
        .where('uuid', '=', id)
        .execute()
        .catch((error: unknown) => log(error, 'satellite stop failed'));
    },
  };
}
