// Building thunder data sets (docs/thunder.md "Builds"). A build is a pg-boss job ('luma-thunder')
// any working instance may take; a set has at most one build queued (`queued_at`, set by markQueued:
// the debounce), so a burst of writes, an import or a bulk job's batches queue one build, not one
// each. A change's build starts THUNDER_LIMITS.changeDebounceSeconds after the first write; a build
// takes its queued mark first, so a write during the build queues the next one.
// The schedule: 'luma-thunder-tick' runs every minute and queues the sets whose next build is due
// by the clock (platform/clock.ts), and any queued build whose job was lost.
// A build acts for the set's last definer as a member of the project now (no member: it fails with
// thunderNoDefiner); a failure keeps the last good result and records its message key.
import type { Kysely } from 'kysely';
import { RATCHET_MESSAGE } from '../../../runtime/api/ratchet';
import { THUNDER_LIMITS, THUNDER_MESSAGE, thunderBuildTopic, type ThunderData } from '../../../runtime/api/thunder';
import type { Database } from '../db/schema';
import type { ThunderTrigger } from '../db/schema-thunder';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import type { Jobs } from '../platform/jobs';
import { listModels } from '../records/list';
import { accountabilityFor } from '../workflows/record-events';
import { requireConnection } from '../ratchet/connections';
import { RatchetError } from '../ratchet/driver';
import { runReadOnlyQuery } from '../ratchet/query';
import { publishEvents } from '../events/outbox';
import { thunderListQuery } from './define';
import { claimBuild, finishBuild, markQueued, readResult, setsDue, setsFollowing, startLog, type ThunderSetHead } from './sql';

type Db = Kysely<Database>;

/** What building needs of the process (instance.ts registers it; the last registered is used). */
export interface ThunderRuntime {
  jobs: Pick<Jobs, 'send'>;
}

const runtimes: ThunderRuntime[] = [];

export function registerThunderRuntime(runtime: ThunderRuntime): () => void {
  runtimes.push(runtime);
  return () => {
    const at = runtimes.indexOf(runtime);
    if (at >= 0) runtimes.splice(at, 1);
  };
}

/**
 * Queues a build of the set unless one is queued already. `jobs`: the caller's queue (a route's);
 * else the process's. A change's build waits the debounce.
 */
export async function requestBuild(db: Db, setUuid: string, trigger: ThunderTrigger, jobs?: Pick<Jobs, 'send'>): Promise<boolean> {
  const queue = jobs ?? runtimes.at(-1)?.jobs;
  if (!queue) throw new Error('thunder builds need the platform (jobs) started');
  if (!(await markQueued(db, setUuid))) return false;
  const startAfterSeconds = trigger === 'change' ? THUNDER_LIMITS.changeDebounceSeconds : 0;
  await queue.send('luma-thunder', { set: setUuid, trigger }, startAfterSeconds > 0 ? { startAfterSeconds } : undefined);
  return true;
}

/** The records of a component changed (the hook registry's actions): its following sets' builds are queued. */
export async function componentChanged(db: Db, componentUuid: string, env: 'dev' | 'live'): Promise<void> {
  if (runtimes.length === 0) return;
  for (const uuid of await setsFollowing(db, componentUuid, env)) await requestBuild(db, uuid, 'change');
}

/** The schedule's tick: the due sets' builds (and lost ones) are queued. Answers how many. */
export async function runThunderTick(db: Db, now: Date = nowDate()): Promise<number> {
  let queued = 0;
  for (const uuid of await setsDue(db, now)) {
    // A lost build's mark is cleared first so it can be queued again.
    await db.updateTable('thunder_sets').set({ queued_at: null }).where('uuid', '=', uuid).where('queued_at', '<', new Date(now.getTime() - THUNDER_LIMITS.requeueMinutes * 60_000)).execute();
    if (await requestBuild(db, uuid, 'schedule')) queued++;
  }
  return queued;
}

/** A component-sourced set's items: the record list's answer to its filter and $aggregate, as its definer. */
async function componentItems(db: Db, set: ThunderSetHead): Promise<Record<string, unknown>[]> {
  if (!set.component_uuid) throw new HttpError(422, THUNDER_MESSAGE.sourceMissing);
  const accountability = await accountabilityFor(db, set.updated_by ?? set.created_by, set.project_uuid, set.env);
  if (!accountability) throw new HttpError(422, THUNDER_MESSAGE.noDefiner);
  const query = thunderListQuery(set.filter, set.aggregate ?? []);
  const result = await listModels(db, accountability, { ref: set.component_uuid, query, locale: undefined, app: false, cacheTtl: null, source: null });
  return result.answer.items;
}

/** A ratchet-sourced set's items: its statement run read-only, each row an object by column name. */
async function ratchetItems(db: Db, set: ThunderSetHead, timeoutMs: number | undefined): Promise<Record<string, unknown>[]> {
  if (!set.connection_uuid) throw new HttpError(422, THUNDER_MESSAGE.sourceMissing);
  const connection = await requireConnection(db, set.project_uuid, set.connection_uuid).catch(() => null);
  if (!connection) throw new HttpError(422, THUNDER_MESSAGE.sourceMissing);
  const result = await runReadOnlyQuery(connection, set.sql ?? '', { limit: THUNDER_LIMITS.rowCap, timeoutMs });
  return result.rows.map((row) => Object.fromEntries(result.columns.map((column, index) => [column.name, row[index] ?? null])));
}

/** A failure as the set records it: its message key, and for a ratchet error the database's words. */
function errorText(error: unknown): string {
  if (error instanceof RatchetError) return error.detail ? `${error.message}: ${error.detail}` : error.message;
  if (error instanceof HttpError) return error.message === 'fieldsNotValid' || error.message === 'badRequest' ? THUNDER_MESSAGE.buildFailed : error.message;
  return THUNDER_MESSAGE.buildFailed;
}

export interface BuildOptions {
  /** The ratchet statement's timeout (tests give less; default the console's 15 s). */
  ratchetTimeoutMs?: number;
  log?: (error: unknown, message: string) => void;
}

/** The job of one build: answers normally on success and on a recorded failure (no retry: the next trigger builds again). */
export async function runThunderBuild(db: Db, setUuid: string, trigger: ThunderTrigger, options: BuildOptions = {}): Promise<void> {
  const set = await claimBuild(db, setUuid);
  if (!set) return;
  const started = nowDate();
  const clock = performance.now();
  const logUuid = await startLog(db, set.uuid, trigger, started);
  const next = set.schedule_minutes > 0 ? new Date(started.getTime() + set.schedule_minutes * 60_000) : null;
  let status: 'ready' | 'failed' = 'ready';
  try {
    const items = set.source === 'component' ? await componentItems(db, set) : await ratchetItems(db, set, options.ratchetTimeoutMs);
    const sizeBytes = Buffer.byteLength(JSON.stringify(items));
    await finishBuild(db, set.uuid, logUuid, { status: 'ready', error: null, items, sizeBytes, ms: Math.round(performance.now() - clock), nextBuildAt: next });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) options.log?.(error, `thunder build of ${set.uuid} failed`);
    const message = error instanceof Error && error.message === RATCHET_MESSAGE.timeout ? RATCHET_MESSAGE.timeout : errorText(error);
    status = 'failed';
    await finishBuild(db, set.uuid, logUuid, { status, error: message, items: null, sizeBytes: 0, ms: Math.round(performance.now() - clock), nextBuildAt: next });
  }
  // Told on the event bus: widgets over the set read it again.
  const payload = { uuid: set.uuid, name: set.name, status };
  await publishEvents(db, [{ projectUuid: set.project_uuid, env: set.env, topic: thunderBuildTopic(set.env), actor: null, payload }]);
}

/**
 * The stored result: one row read by its key, nothing computed (the constant-time read); null when no
 * such set. Keyed by the set's uuid (a widget's) or by the project and name (the call's: one query).
 */
export async function readSetData(db: Db, key: Parameters<typeof readResult>[1]): Promise<ThunderData | null> {
  const row = await readResult(db, key);
  if (!row) return null;
  const items = row.result ?? [];
  return { name: row.name, status: row.status, built_at: row.built_at ? new Date(row.built_at).toISOString() : null, items, total: items.length };
}
