// SQL for record lists, bulk actions and exports (docs/lists.md). The ListQuery AST of
// runtime/query is compiled here with bound values only: field keys (checked against the view
// before they get here), locales and daterange ends ('startDate' | 'endDate') are parameters of
// `data->>$n`, search patterns and regexes are parameters too. The expressions match the expression
// indexes of services/records-indexes exactly: text `(data->>'k')`, number `((data->>'k')::numeric)` (a custom plan binds $n to 'k').
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { escapeLike, LIST_LIMITS, type AggregatePipeline, type Condition, type DateRange, type ListQuery, type QueryPath, type Scalar } from '../../../../runtime/query';
import type { Database, RecordRow } from '../schema';
import { clockNow } from '../now';
import { inScope, type RecordScope } from './records';

type Db = Kysely<Database>;
type Sql = RawBuilder<unknown>;

/** The part of a ListQuery that selects records (no paging, sort or aggregation). */
export type RecordFilter = Pick<ListQuery, 'search' | 'disabled' | 'date' | 'adv'>;

const COLUMN: Record<string, Sql> = {
  uuid: sql`uuid`,
  created_at: sql`created_at`,
  updated_at: sql`updated_at`,
  disabled_at: sql`disabled_at`,
};

/** A path as text (how search and regex read it; the text index expression for data fields). */
export function textExpression(path: QueryPath): Sql {
  if (path.source === 'column') return path.column === 'uuid' ? sql`uuid::text` : sql`${COLUMN[path.column]!}::text`;
  if (path.source === 'locale') return sql`(data -> ${path.key}::text -> 'locales' ->> ${path.locale}::text)`;
  if (path.source === 'range') return sql`(data -> ${path.key}::text ->> ${path.member}::text)`;
  return sql`(data ->> ${path.key}::text)`;
}

/** A path as it compares and sorts: numbers as numeric, system columns natively, the rest as text. */
export function valueExpression(path: QueryPath): Sql {
  if (path.source === 'column') return COLUMN[path.column]!;
  if (path.source === 'data' && path.kind === 'number') return sql`((data ->> ${path.key}::text)::numeric)`;
  return textExpression(path);
}

function bound(path: QueryPath, value: Exclude<Scalar, null>): Sql {
  if (path.source === 'column') return path.column === 'uuid' ? sql`${String(value)}::text` : sql`${String(value)}::timestamptz`;
  if (path.source === 'data' && path.kind === 'number') return sql`${String(value)}::numeric`;
  return sql`${String(value)}::text`;
}

/** uuid compares as text (a value need not be a well-formed uuid). */
function compared(path: QueryPath): Sql {
  return path.source === 'column' && path.column === 'uuid' ? sql`uuid::text` : valueExpression(path);
}

const OPERATOR: Record<string, Sql> = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` };

function existsExpression(path: QueryPath, exists: boolean): Sql {
  let test: Sql;
  if (path.source === 'column') test = sql`${COLUMN[path.column]!} is not null`;
  else if (path.source === 'locale') test = sql`coalesce((data -> ${path.key}::text -> 'locales') ? ${path.locale}::text, false)`;
  else if (path.source === 'range') test = sql`coalesce(jsonb_typeof(data -> ${path.key}::text) = 'object' and ((data -> ${path.key}::text) ? ${path.member}::text), false)`;
  else test = sql`(data ? ${path.key}::text)`;
  return exists ? test : sql`not ${test}`;
}

function inList(path: QueryPath, values: Scalar[]): { test: Sql | null; hasNull: boolean } {
  const present = values.filter((value): value is Exclude<Scalar, null> => value !== null);
  return {
    test: present.length === 0 ? null : sql`${compared(path)} in (${sql.join(present.map((value) => bound(path, value)))})`,
    hasNull: present.length < values.length,
  };
}

export function conditionSql(condition: Condition): Sql {
  switch (condition.op) {
    case 'and':
    case 'or': {
      if (condition.items.length === 0) return condition.op === 'and' ? sql`true` : sql`false`;
      const parts = condition.items.map((item) => sql`(${conditionSql(item)})`);
      return sql.join(parts, condition.op === 'and' ? sql` and ` : sql` or `);
    }
    case 'eq':
      return condition.value === null ? sql`${compared(condition.path)} is null` : sql`${compared(condition.path)} = ${bound(condition.path, condition.value)}`;
    case 'ne':
      return condition.value === null
        ? sql`${compared(condition.path)} is not null`
        : sql`${compared(condition.path)} is distinct from ${bound(condition.path, condition.value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return sql`${compared(condition.path)} ${OPERATOR[condition.op]!} ${bound(condition.path, condition.value as Exclude<Scalar, null>)}`;
    case 'in': {
      const { test, hasNull } = inList(condition.path, condition.values);
      const nullTest = sql`${compared(condition.path)} is null`;
      if (!test) return hasNull ? nullTest : sql`false`;
      return hasNull ? sql`(${test} or ${nullTest})` : test;
    }
    case 'nin': {
      const { test, hasNull } = inList(condition.path, condition.values);
      const nullTest = sql`${compared(condition.path)} is null`;
      if (!test) return hasNull ? sql`not (${nullTest})` : sql`true`;
      return hasNull ? sql`(not coalesce(${test}, false) and not ${nullTest})` : sql`(not coalesce(${test}, false))`;
    }
    case 'exists':
      return existsExpression(condition.path, condition.value);
    case 'regex':
      return sql`${textExpression(condition.path)} ~* ${condition.pattern}::text`;
  }
}

function dateSql(range: DateRange): Sql[] {
  const expression = range.path.source === 'column' ? COLUMN[range.path.column]! : textExpression(range.path);
  const value = (text: string) => (range.path.source === 'column' ? sql`${text}::timestamptz` : sql`${text}::text`);
  const parts: Sql[] = [];
  if (range.gte !== null) parts.push(sql`${expression} >= ${value(range.gte)}`);
  if (range.lte !== null) parts.push(sql`${expression} <= ${value(range.lte)}`);
  if (range.lt !== null) parts.push(sql`${expression} < ${value(range.lt)}`);
  return parts;
}

/** The WHERE clause: the scope (the expression indexes' predicate first), then the filter. */
export function whereSql(scope: RecordScope, filter: RecordFilter): Sql {
  const parts: Sql[] = [
    sql`component_uuid = ${scope.componentUuid}`,
    sql`env = ${scope.env}`,
    sql`deleted_at is null`,
    sql`project_uuid = ${scope.projectUuid}`,
    filter.disabled ? sql`disabled_at is not null` : sql`disabled_at is null`,
  ];
  if (filter.search) {
    const pattern = escapeLike(filter.search.text);
    const tests = filter.search.on.map((path) => sql`${textExpression(path)} ilike ${pattern}::text escape '\\'`);
    parts.push(tests.length === 0 ? sql`false` : sql`(${sql.join(tests, sql` or `)})`);
  }
  if (filter.date) parts.push(...dateSql(filter.date));
  if (filter.adv) parts.push(sql`(${conditionSql(filter.adv)})`);
  return sql.join(parts, sql` and `);
}

function orderSql(query: Pick<ListQuery, 'sort'>): Sql {
  const direction = query.sort.desc ? sql.raw('desc') : sql.raw('asc');
  const expression = valueExpression(query.sort.path);
  if (query.sort.path.source === 'column' && query.sort.path.column === 'uuid') return sql`uuid ${direction}`;
  return sql`${expression} ${direction}, uuid ${direction}`;
}

/** One page of records. */
export async function listRecords(db: Db, scope: RecordScope, query: ListQuery): Promise<RecordRow[]> {
  if (query.limit <= 0) return [];
  const result = await sql<RecordRow>`select * from records where ${whereSql(scope, query)} order by ${orderSql(query)} limit ${query.limit} offset ${query.offset}`.execute(db);
  return result.rows;
}

/** The number of matching records, counted only up to 5001 ("5000 or more"). */
export async function countRecordsBounded(db: Db, scope: RecordScope, filter: RecordFilter): Promise<number> {
  const result = await sql<{ total: number }>`select count(*)::int as total from (select 1 from records where ${whereSql(scope, filter)} limit ${LIST_LIMITS.countUpTo}) as bounded`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

/** The exact number of matching records (bulk jobs, in the background). */
export async function countRecords(db: Db, scope: RecordScope, filter: RecordFilter): Promise<number> {
  const result = await sql<{ total: string | number }>`select count(*) as total from records where ${whereSql(scope, filter)}`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// $aggregate: one grouped query. Output names are generated aliases (g_id, a0, a1, ...); the
// caller's accumulator names are mapped back in the service, never sent to SQL.

function groupIdExpression(path: QueryPath | null): Sql {
  if (path === null) return sql`null::jsonb`;
  if (path.source === 'column') return COLUMN[path.column]!;
  if (path.source === 'locale') return sql`(data -> ${path.key}::text -> 'locales' -> ${path.locale}::text)`;
  if (path.source === 'range') return sql`(data -> ${path.key}::text -> ${path.member}::text)`;
  return sql`(data -> ${path.key}::text)`;
}

export async function aggregateRecords(db: Db, scope: RecordScope, filter: RecordFilter, pipeline: AggregatePipeline): Promise<Record<string, unknown>[]> {
  const where = pipeline.match ? sql`${whereSql(scope, filter)} and (${conditionSql(pipeline.match)})` : whereSql(scope, filter);
  const columns: Sql[] = [sql`${groupIdExpression(pipeline.group.id)} as g_id`];
  pipeline.group.accumulators.forEach((accumulator, index) => {
    const alias = sql.raw(`a${index}`);
    if (accumulator.fn === 'count') columns.push(sql`count(*)::int as ${alias}`);
    else {
      const fn = sql.raw(accumulator.fn);
      columns.push(sql`${fn}(${compared(accumulator.path)}) as ${alias}`);
    }
  });
  const aliasOf = (key: string) => (key === '_id' ? 'g_id' : `a${pipeline.group.accumulators.findIndex((accumulator) => accumulator.name === key)}`);
  const order = [
    ...pipeline.sort.map((entry) => sql`${sql.raw(aliasOf(entry.key))} ${sql.raw(entry.desc ? 'desc' : 'asc')}`),
    ...(pipeline.sort.some((entry) => entry.key === '_id') ? [] : [sql`g_id asc`]),
  ];
  const groupBy = pipeline.group.id === null ? sql`` : sql`group by 1`;
  const result = await sql<Record<string, unknown>>`select ${sql.join(columns)} from records where ${where} ${groupBy} order by ${sql.join(order)} limit ${pipeline.limit}`.execute(db);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Keyset batches by (created_at, uuid): exports and bulk jobs walk any number of records with
// flat memory, each batch one short query.

export interface Cursor {
  createdAt: Date | string;
  uuid: string;
}

/** The keyset condition after `after`, by the cursor record's own created_at (see lockRecordBatch). */
function afterCursor(after: Cursor | null): Sql {
  if (!after) return sql``;
  return sql` and (created_at, uuid) > (coalesce((select c.created_at from records c where c.uuid = ${after.uuid}::uuid), ${new Date(after.createdAt).toISOString()}::timestamptz), ${after.uuid}::uuid)`;
}

export async function recordBatch(db: Db, scope: RecordScope, filter: RecordFilter, after: Cursor | null, size: number): Promise<RecordRow[]> {
  const keyset = afterCursor(after);
  const result = await sql<RecordRow>`select * from records where ${whereSql(scope, filter)}${keyset} order by created_at asc, uuid asc limit ${size}`.execute(db);
  return result.rows;
}

/**
 * The uuids of one keyset batch, locked for the bulk job's transaction. The cursor's created_at is
 * read from the cursor record itself (microseconds; a JS Date keeps only milliseconds, which would
 * match the cursor record again), falling back to the stored time if that record is gone.
 */
export async function lockRecordBatch(db: Db, scope: RecordScope, filter: RecordFilter, after: Cursor | null, size: number): Promise<{ uuid: string; created_at: Date }[]> {
  const keyset = afterCursor(after);
  const result = await sql<{ uuid: string; created_at: Date }>`select uuid, created_at from records where ${whereSql(scope, filter)}${keyset} order by created_at asc, uuid asc limit ${size} for update`.execute(db);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Bulk actions on a set of uuids.

export type BulkAction = 'delete' | 'disable' | 'enable';

/** The live records of the scope among `uuids`, locked until the transaction ends. */
export async function lockRecordsByUuid(db: Db, scope: RecordScope, uuids: string[]): Promise<string[]> {
  if (uuids.length === 0) return [];
  const result = await db
    .selectFrom('records')
    .select('uuid')
    .where('uuid', 'in', uuids)
    .where(inScope(scope))
    .forUpdate()
    .execute();
  return result.map((row) => row.uuid);
}

/** Applies `action` to those of `uuids` it changes; answers how many it changed. */
export async function applyBulkAction(db: Db, scope: RecordScope, action: BulkAction, uuids: string[], userUuid: string): Promise<number> {
  if (uuids.length === 0) return 0;
  let query = db
    .updateTable('records')
    .where('uuid', 'in', uuids)
    .where(inScope(scope));
  if (action === 'delete') {
    query = query.set({ deleted_at: clockNow(), updated_by: userUuid });
  } else if (action === 'disable') {
    query = query.where('disabled_at', 'is', null).set({ disabled_at: clockNow(), version: sql<number>`version + 1`, updated_by: userUuid, updated_at: clockNow() });
  } else {
    query = query.where('disabled_at', 'is not', null).set({ disabled_at: null, version: sql<number>`version + 1`, updated_by: userUuid, updated_at: clockNow() });
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// List expression indexes (docs/lists.md "Indexes"): per (component, environment, field), partial
// on the component's live records, the expression first and uuid (the sort's tiebreak) second:
//   text:   ((data->>'key'), uuid)
//   number: (((data->>'key')::numeric), uuid)
// and one btree for the default listing and keyset walks: (component_uuid, env, created_at, uuid).
// Identifiers and literals are interpolated into DDL, so every part is checked against a pattern here.

const INDEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_KEY = /^[a-z0-9_]{1,64}$/;
const LIST_INDEX_NAME = /^records_ix_[0-9a-f]{40}$/;
const LIST_COMMENT_PREFIX = 'luma:records:list';
export const DEFAULT_LIST_INDEX = 'records_list_created_idx';

export type ListIndexKind = 'text' | 'number';

export interface ListIndex {
  name: string;
  componentUuid: string;
  env: 'dev' | 'live';
  key: string;
  kind: ListIndexKind;
}

function assertSafeListIndex(index: ListIndex): void {
  if (
    !LIST_INDEX_NAME.test(index.name) ||
    !INDEX_UUID.test(index.componentUuid) ||
    !INDEX_KEY.test(index.key) ||
    (index.env !== 'dev' && index.env !== 'live') ||
    (index.kind !== 'text' && index.kind !== 'number')
  ) {
    throw new Error(`refusing unsafe index definition ${JSON.stringify(index)}`);
  }
}

export async function createDefaultListIndex(db: Db): Promise<void> {
  await sql.raw(`create index if not exists ${DEFAULT_LIST_INDEX} on records (component_uuid, env, created_at, uuid) where deleted_at is null`).execute(db);
}

export async function createListIndex(db: Db, index: ListIndex): Promise<void> {
  assertSafeListIndex(index);
  const expression = index.kind === 'number' ? `((data->>'${index.key}')::numeric)` : `(data->>'${index.key}')`;
  await sql
    .raw(
      `create index if not exists ${index.name} on records (${expression}, uuid) ` +
        `where component_uuid = '${index.componentUuid}' and env = '${index.env}' and deleted_at is null`,
    )
    .execute(db);
  await sql.raw(`comment on index ${index.name} is '${LIST_COMMENT_PREFIX} ${index.componentUuid} ${index.env} ${index.key} ${index.kind}'`).execute(db);
}

export async function dropListIndex(db: Db, name: string): Promise<void> {
  if (!LIST_INDEX_NAME.test(name)) throw new Error(`refusing unsafe index name ${name}`);
  await sql.raw(`drop index if exists ${name}`).execute(db);
}

/** The list indexes on records (optionally of one component), read back from their comments. */
export async function listListIndexes(db: Db, componentUuid?: string): Promise<ListIndex[]> {
  const result = await sql<{ name: string; comment: string | null }>`
    select c.relname as name, obj_description(c.oid, 'pg_class') as comment
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'records'::regclass and c.relname like 'records\\_ix\\_%'`.execute(db);
  const indexes: ListIndex[] = [];
  for (const row of result.rows) {
    const [prefix, uuid, env, key, kind] = (row.comment ?? '').split(' ');
    if (prefix !== LIST_COMMENT_PREFIX || !uuid || !key || (env !== 'dev' && env !== 'live') || (kind !== 'text' && kind !== 'number')) continue;
    if (componentUuid !== undefined && uuid !== componentUuid) continue;
    indexes.push({ name: row.name, componentUuid: uuid, env, key, kind });
  }
  return indexes;
}

/** Runs `work` inside a savepoint when `db` is a transaction (a failure then leaves the transaction usable). */
export async function withSavepoint(db: Db, name: string, work: () => Promise<void>): Promise<boolean> {
  if (!/^[a-z_]{1,30}$/.test(name)) throw new Error('bad savepoint name');
  const inTransaction = db.isTransaction;
  if (inTransaction) await sql.raw(`savepoint ${name}`).execute(db);
  try {
    await work();
    if (inTransaction) await sql.raw(`release savepoint ${name}`).execute(db);
    return true;
  } catch {
    if (inTransaction) await sql.raw(`rollback to savepoint ${name}`).execute(db);
    return false;
  }
}
