// Self-tuning indexes (docs/lists.md "Self-tuning indexes"). Every list answer's query shape
// (records/query-shapes.ts) is counted per component and environment in record_query_shapes: a fast
// one in this process's buffer for a moment (flushed every few seconds and at close), a slow one at
// once, so the counts are the database's, whichever instance answered. A shape whose slow count
// reaches LUMA_INDEX_SLOW_COUNT queues a 'luma-record-index' job (any instance's worker takes it),
// which records why each missing index is wanted (record_index_state) and builds it through the
// same sync as the declared ones (records/indexes.ts syncFieldIndexes: CONCURRENTLY on PostgreSQL,
// under the component's lock), at most LUMA_INDEX_AUTO_MAX per component. A deploy keeps them while
// a field still takes them; housekeeping drops those no query used for 30 days.
import type { Kysely } from 'kysely';
import type { ListQuery } from '../../../runtime/query/index';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Database, RecordEnv } from '../db/schema';
import { now as clockNow, nowDate } from '../platform/clock';
import { addShapeCounts, deleteIndexState, findShape, listIndexState, needsOf, putIndexState, staleAutoIndexes, touchIndexes, type ShapeCount } from './auto-indexes-sql';
import { listFieldIndexes } from './field-indexes-sql';
import { fieldIndexName, syncFieldIndexes } from './indexes';
import { queryShapeOf, type IndexNeed } from './query-shapes';

type Db = Kysely<Database>;

export interface IndexTuning {
  slowMs: number;
  slowCount: number;
  autoMax: number;
}

/** An auto index no query used this long is dropped by housekeeping. */
export const UNUSED_INDEX_DAYS = 30;
const FLUSH_MS = 2000;
/** A shape whose job was queued is not queued again by this process for this long. */
const REQUEUE_MS = 60_000;

export interface RecordIndexJob {
  component: string;
  env?: string;
  shape?: string;
}

export class ShapeRecorder {
  readonly #pending = new Map<string, ShapeCount>();
  readonly #queued = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly tuning: IndexTuning,
    private readonly send: (job: RecordIndexJob) => Promise<unknown>,
    private readonly log: (error: unknown, message: string) => void,
  ) {}

  /** One list answer of `query` took `ms`: counted (never failing the answer). */
  observe(scope: { componentUuid: string; env: RecordEnv }, query: ListQuery, view: ViewSchema, ms: number): void {
    if (this.tuning.autoMax <= 0) return;
    const shape = queryShapeOf(query, view.fields);
    if (!shape) return;
    const count: ShapeCount = { componentUuid: scope.componentUuid.toLowerCase(), env: scope.env, shape, count: 1, slowCount: 0, totalMs: ms, maxMs: ms, at: nowDate() };
    if (ms > this.tuning.slowMs) {
      count.slowCount = 1;
      this.#slow(count).catch((error: unknown) => this.log(error, 'a slow list query could not be counted'));
      return;
    }
    const key = `${count.componentUuid}|${count.env}|${shape.key}`;
    const pending = this.#pending.get(key);
    if (pending) {
      pending.count += 1;
      pending.totalMs += ms;
      pending.maxMs = Math.max(pending.maxMs, ms);
      pending.at = count.at;
    } else this.#pending.set(key, count);
    this.#timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    this.#timer.unref?.();
  }

  async #slow(count: ShapeCount): Promise<void> {
    const [slowCount] = await addShapeCounts(this.db, [count]);
    await touchIndexes(this.db, count.componentUuid, usedFields(count), count.at);
    if ((slowCount ?? 0) < this.tuning.slowCount || count.shape.needs.length === 0) return;
    const key = `${count.componentUuid}|${count.env}|${count.shape.key}`;
    const queued = this.#queued.get(key);
    if (queued !== undefined && clockNow() - queued < REQUEUE_MS) return;
    this.#queued.set(key, clockNow());
    await this.send({ component: count.componentUuid, env: count.env, shape: count.shape.key });
  }

  /** Writes the buffered counts (one flush at a time). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const counts = [...this.#pending.values()];
    this.#pending.clear();
    this.#flushing = this.#flushing.then(async () => {
      if (counts.length === 0) return;
      try {
        await addShapeCounts(this.db, counts);
        for (const count of counts) await touchIndexes(this.db, count.componentUuid, usedFields(count), count.at);
      } catch (error) {
        this.log(error, 'list query shapes could not be counted');
      }
    });
    return this.#flushing;
  }
}

function usedFields(count: ShapeCount): string[] {
  return [...new Set([...count.shape.filtered, ...count.shape.searched, ...count.shape.sorted])];
}

/**
 * The 'luma-record-index' job: with a shape, records the indexes it needs that are missing (those
 * an admin dropped or that failed to build are not tried again) within the component's budget;
 * then builds whatever the component wants and lacks (an admin's 'always' too).
 */
export async function runRecordIndexJob(db: Db, job: RecordIndexJob, tuning: IndexTuning): Promise<void> {
  const componentUuid = job.component.toLowerCase();
  if (job.shape !== undefined && job.env !== undefined) await wantShape(db, componentUuid, job.env, job.shape, tuning);
  await syncFieldIndexes(db, componentUuid);
}

async function wantShape(db: Db, componentUuid: string, env: string, shapeKey: string, tuning: IndexTuning): Promise<void> {
  const shape = await findShape(db, componentUuid, env, shapeKey);
  if (!shape || shape.slow_count < tuning.slowCount) return;
  const state = await listIndexState(db, componentUuid);
  const known = new Set(state.map((row) => row.name));
  const built = new Set((await listFieldIndexes(db, componentUuid)).filter((index) => index.valid).map((index) => index.name));
  const missing = needsOf(shape.needs)
    .map((need) => ({ need, name: fieldIndexName(componentUuid, need.key, need.kind, need.value) }))
    .filter(({ name }) => !built.has(name) && !known.has(name));
  let room = tuning.autoMax - state.filter((row) => row.reason === 'auto' && row.dropped_at === null).length;
  // A search ORs its fields: a trigram index helps only when every searched field has one.
  const searches = missing.filter(({ need }) => need.kind === 'search');
  const chosen: { need: IndexNeed; name: string }[] = [];
  for (const item of missing.filter(({ need }) => need.kind !== 'search')) if (room > 0 && chosen.push(item)) room--;
  if (searches.length <= room) chosen.push(...searches);
  const at = nowDate();
  for (const { need, name } of chosen) {
    await putIndexState(db, { componentUuid, name, need, reason: 'auto', shape: shapeKey, slowCount: shape.slow_count, at });
  }
}

/** Housekeeping: auto indexes no query used for UNUSED_INDEX_DAYS are forgotten and dropped (slow queries may build them again). */
export async function dropUnusedIndexes(db: Db, at: Date = nowDate()): Promise<number> {
  const stale = await staleAutoIndexes(db, new Date(at.getTime() - UNUSED_INDEX_DAYS * 24 * 60 * 60_000));
  const byComponent = new Map<string, string[]>();
  for (const row of stale) byComponent.set(row.component_uuid, [...(byComponent.get(row.component_uuid) ?? []), row.name]);
  for (const [componentUuid, names] of byComponent) {
    await deleteIndexState(db, componentUuid, names);
    await syncFieldIndexes(db, componentUuid);
  }
  return stale.length;
}
