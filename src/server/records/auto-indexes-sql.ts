// The tables of the self-tuning indexes (migration 0024; docs/lists.md "Self-tuning indexes"):
// record_query_shapes counts each list query shape per component and environment, record_index_state
// says why each index not declared by the schema exists (built for a shape, or asked for by an admin).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { RecordIndexStateTable } from '../db/schema-indexes';
import type { IndexNeed, QueryShape } from './query-shapes';

type Db = Kysely<Database>;

export type IndexStateRow = Selectable<RecordIndexStateTable>;

export interface ShapeCount {
  componentUuid: string;
  env: string;
  shape: QueryShape;
  count: number;
  slowCount: number;
  totalMs: number;
  maxMs: number;
  at: Date;
}

/** Adds counts to their shapes' rows (one statement per row); answers each row's slow count after it. */
export async function addShapeCounts(db: Db, counts: ShapeCount[]): Promise<number[]> {
  const out: number[] = [];
  for (const count of counts) {
    const row = await db
      .insertInto('record_query_shapes')
      .values({
        component_uuid: count.componentUuid,
        env: count.env,
        shape: count.shape.key,
        filtered: JSON.stringify(count.shape.filtered),
        searched: JSON.stringify(count.shape.searched),
        sorted: JSON.stringify(count.shape.sorted),
        needs: JSON.stringify(count.shape.needs),
        count: count.count,
        slow_count: count.slowCount,
        total_ms: count.totalMs,
        max_ms: count.maxMs,
        last_seen: count.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['component_uuid', 'env', 'shape']).doUpdateSet({
          count: sql`record_query_shapes.count + excluded.count`,
          slow_count: sql`record_query_shapes.slow_count + excluded.slow_count`,
          total_ms: sql`record_query_shapes.total_ms + excluded.total_ms`,
          max_ms: sql`greatest(record_query_shapes.max_ms, excluded.max_ms)`,
          last_seen: sql`greatest(record_query_shapes.last_seen, excluded.last_seen)`,
        }),
      )
      .returning('slow_count')
      .executeTakeFirst()
      // The component was removed meanwhile (foreign key): nothing to count.
      .catch((error: unknown) => (isForeignKeyViolation(error) ? undefined : Promise.reject(error)));
    out.push(row?.slow_count ?? 0);
  }
  return out;
}

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

export async function findShape(db: Db, componentUuid: string, env: string, shape: string) {
  return db.selectFrom('record_query_shapes').selectAll().where('component_uuid', '=', componentUuid).where('env', '=', env).where('shape', '=', shape).executeTakeFirst();
}

export function needsOf(value: unknown): IndexNeed[] {
  return Array.isArray(value) ? (value as IndexNeed[]).filter((need) => need && typeof need.key === 'string' && typeof need.kind === 'string') : [];
}

export async function listIndexState(db: Db, componentUuid: string): Promise<IndexStateRow[]> {
  return db.selectFrom('record_index_state').selectAll().where('component_uuid', '=', componentUuid).orderBy('created_at').orderBy('name').execute();
}

export interface NewIndexState {
  componentUuid: string;
  name: string;
  need: IndexNeed;
  reason: 'auto' | 'always';
  shape: string | null;
  slowCount: number;
  at: Date;
}

/** Records why an index is wanted; an existing row is kept as it is unless the admin now asks for it always (or again after a drop). */
export async function putIndexState(db: Db, state: NewIndexState): Promise<void> {
  const always = state.reason === 'always';
  await db
    .insertInto('record_index_state')
    .values({
      component_uuid: state.componentUuid,
      name: state.name,
      field: state.need.key,
      kind: state.need.kind,
      value: state.need.value ?? null,
      reason: state.reason,
      shape: state.shape,
      slow_count: state.slowCount,
      always,
      created_at: state.at,
      last_used_at: state.at,
    })
    .onConflict((conflict) =>
      always ? conflict.columns(['component_uuid', 'name']).doUpdateSet({ always: true, reason: 'always', dropped_at: null, error: null }) : conflict.columns(['component_uuid', 'name']).doNothing(),
    )
    .execute();
}

/** The first time these indexes were found built. */
export async function markBuilt(db: Db, componentUuid: string, names: string[], at: Date): Promise<void> {
  if (names.length === 0) return;
  await db.updateTable('record_index_state').set({ built_at: at }).where('component_uuid', '=', componentUuid).where('name', 'in', names).where('built_at', 'is', null).execute();
}

export async function markIndexes(db: Db, componentUuid: string, names: string[], set: { error?: string; dropped_at?: Date }): Promise<void> {
  if (names.length === 0) return;
  await db.updateTable('record_index_state').set(set).where('component_uuid', '=', componentUuid).where('name', 'in', names).execute();
}

export async function deleteIndexState(db: Db, componentUuid: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db.deleteFrom('record_index_state').where('component_uuid', '=', componentUuid).where('name', 'in', names).execute();
}

/** A shape used these fields at `at`: their indexes were of use. */
export async function touchIndexes(db: Db, componentUuid: string, fields: string[], at: Date): Promise<void> {
  if (fields.length === 0) return;
  await db.updateTable('record_index_state').set({ last_used_at: at }).where('component_uuid', '=', componentUuid).where('field', 'in', fields).where('built_at', 'is not', null).execute();
}

/** Auto indexes (never 'always' ones) no query used since `before`: the components and names. */
export async function staleAutoIndexes(db: Db, before: Date): Promise<{ component_uuid: string; name: string }[]> {
  return db
    .selectFrom('record_index_state')
    .select(['component_uuid', 'name'])
    .where('always', '=', false)
    .where('built_at', 'is not', null)
    .where('dropped_at', 'is', null)
    .where(sql<boolean>`coalesce(last_used_at, built_at) < ${before}`)
    .execute();
}
