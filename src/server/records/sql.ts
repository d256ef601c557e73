// SQL for records (docs/records.md). Every lookup is scoped to a project, a component and an
// environment, and sees only records that are not deleted, so a forged uuid finds nothing.
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { toJson } from '../db/json';
import type { Database, RecordEnv, RecordRow } from '../db/schema';
import { clockNow } from '../db/now';
import { partitionIndexes, partitionName } from './partitions-sql';
import { uuidv7 } from '../db/uuid7';

type Db = Kysely<Database>;

export interface RecordScope {
  projectUuid: string;
  componentUuid: string;
  env: RecordEnv;
  /**
   * A further predicate a capability above records narrows a list with (public-apps: a portal
   * visitor's own records); the list's statements with one are never kept compiled.
   */
  only?: RawBuilder<unknown>;
}

/** The records a scope may reach: its project, component and environment, not deleted. */
export function inScope(scope: RecordScope) {
  return (eb: ExpressionBuilder<Database, 'records'>) =>
    eb.and([
      eb('project_uuid', '=', scope.projectUuid),
      eb('component_uuid', '=', scope.componentUuid),
      eb('env', '=', scope.env),
      eb('deleted_at', 'is', null),
    ]);
}

export function findRecord(db: Db, scope: RecordScope, uuid: string): Promise<RecordRow | undefined> {
  return db
    .selectFrom('records')
    .selectAll()
    .where('uuid', '=', uuid)
    .where(inScope(scope))
    .executeTakeFirst();
}

export function insertRecord(db: Db, scope: RecordScope, data: Record<string, unknown>, userUuid: string): Promise<RecordRow> {
  return db
    .insertInto('records')
    .values({
      uuid: uuidv7(),
      project_uuid: scope.projectUuid,
      component_uuid: scope.componentUuid,
      env: scope.env,
      data: toJson(data),
      created_by: userUuid,
      updated_by: userUuid,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The optimistic update: one statement that matches the expected version and bumps it, so of two
 * writers holding the same version exactly one changes the row. undefined: nothing matched (stale
 * version, or no such record).
 */
export function updateRecordVersioned(
  db: Db,
  scope: RecordScope,
  uuid: string,
  expectedVersion: number,
  data: Record<string, unknown>,
  userUuid: string,
): Promise<RecordRow | undefined> {
  return db
    .updateTable('records')
    .set({ data: toJson(data), version: sql<number>`version + 1`, updated_by: userUuid, updated_at: clockNow() })
    .where('uuid', '=', uuid)
    .where('version', '=', expectedVersion)
    .where(inScope(scope))
    .returningAll()
    .executeTakeFirst();
}

/** Soft delete; false when there was no such (live) record. */
export async function softDeleteRecord(db: Db, scope: RecordScope, uuid: string, userUuid: string): Promise<boolean> {
  const result = await db
    .updateTable('records')
    .set({ deleted_at: clockNow(), updated_by: userUuid })
    .where('uuid', '=', uuid)
    .where(inScope(scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes records deleted before `before`; answers how many. */
export async function purgeRecordsDeletedBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('records').where('deleted_at', 'is not', null).where('deleted_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Live records of a component whose `field` (a data key, or 'uuid' for the record's own uuid)
 * is one of `values` (compared as text, the way data->>'key' reads a jsonb value).
 */
export function findRecordsByKey(db: Db, scope: RecordScope, field: string, values: string[]): Promise<RecordRow[]> {
  if (values.length === 0) return Promise.resolve([]);
  const column = field === 'uuid' ? sql<string>`uuid::text` : sql<string>`data ->> ${field}`;
  return db
    .selectFrom('records')
    .selectAll()
    .where(inScope(scope))
    .where(column, 'in', values)
    .orderBy('created_at')
    .orderBy('seq')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Unique expression indexes. Identifiers and literals are interpolated into DDL, so callers pass
// only values that match these patterns (checked again here: the last line of defence).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FIELD_KEY = /^[a-z0-9_]{1,64}$/;
const INDEX_NAME = /^records_uq_[0-9a-f]{40}$/;
const COMMENT_PREFIX = 'luma:records:unique';

export interface UniqueIndex {
  name: string;
  componentUuid: string;
  env: RecordEnv;
  key: string;
}

function assertSafe(index: UniqueIndex): void {
  if (!INDEX_NAME.test(index.name) || !UUID.test(index.componentUuid) || !FIELD_KEY.test(index.key) || (index.env !== 'dev' && index.env !== 'live')) {
    throw new Error(`refusing unsafe index definition ${JSON.stringify(index)}`);
  }
}

/** Creates the partial unique index on the component's partition (if not there) and labels it with what it enforces. */
export async function createUniqueIndex(db: Db, index: UniqueIndex): Promise<void> {
  assertSafe(index);
  await sql
    .raw(`create unique index if not exists ${index.name} on ${partitionName(index.componentUuid)} ((data->>'${index.key}')) where env = '${index.env}' and deleted_at is null`)
    .execute(db);
  await sql.raw(`comment on index ${index.name} is '${COMMENT_PREFIX} ${index.componentUuid} ${index.env} ${index.key}'`).execute(db);
}

export async function dropUniqueIndex(db: Db, name: string): Promise<void> {
  if (!INDEX_NAME.test(name)) throw new Error(`refusing unsafe index name ${name}`);
  await sql.raw(`drop index if exists ${name}`).execute(db);
}

/** The unique indexes on a component's partition, read back from their comments. */
export async function listUniqueIndexes(db: Db, componentUuid: string): Promise<UniqueIndex[]> {
  const indexes: UniqueIndex[] = [];
  for (const row of await partitionIndexes(db, componentUuid, 'records_uq_')) {
    const [prefix, uuid, env, key] = row.comment.split(' ');
    if (prefix !== COMMENT_PREFIX || !uuid || !key || (env !== 'dev' && env !== 'live')) continue;
    if (uuid !== componentUuid.toLowerCase()) continue;
    indexes.push({ name: row.name, componentUuid: uuid, env, key });
  }
  return indexes;
}
