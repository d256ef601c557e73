// SQL for record lists, bulk actions and exports (docs/lists.md). Every statement reads the
// component's own partition (records/partitions-sql), never the parent table. The ListQuery AST of
// runtime/query is compiled here with bound values only: field keys (checked against the view
// before they get here), locales and daterange ends ('startDate' | 'endDate') are parameters of
// `data->>$n`, search patterns and regexes are parameters too. The expressions match the expression
// indexes of records/field-indexes-sql exactly: text `(data->>'k')`, number `((data->>'k')::numeric)` (a custom plan binds $n to 'k').
// Every sort ends with seq (insertion order), the tiebreak the indexes carry.
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { escapeLike, LIST_LIMITS, type AggregatePipeline, type Condition, type DateRange, type ListQuery, type QueryPath, type Scalar } from '../../../runtime/query/index';
import type { Database, RecordRow } from '../db/schema';
import { PREPARE } from '../db/database';
import { clockNow } from '../db/now';
import { partitionTable } from './partitions-sql';
import { inScope, type RecordScope } from './sql';

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

/**
 * The WHERE clause within the component's partition: the environment and the indexes' predicates
 * first, then the filter. The partition holds one component of one project, so neither is repeated
 * (as columns they would be filters the indexes cannot answer, and a count could not stay in the index).
 */
export function whereSql(scope: RecordScope, filter: RecordFilter): Sql {
  const parts: Sql[] = [
    sql`env = ${scope.env}`,
    sql`deleted_at is null`,
    filter.disabled ? sql`disabled_at is not null` : sql`disabled_at is null`,
  ];
  if (filter.search) {
    const pattern = escapeLike(filter.search.text);
    const tests = filter.search.on.map((path) => sql`${textExpression(path)} ilike ${pattern}::text escape '\\'`);
    parts.push(tests.length === 0 ? sql`false` : sql`(${sql.join(tests, sql` or `)})`);
  }
  if (filter.date) parts.push(...dateSql(filter.date));
  if (filter.adv) parts.push(sql`(${conditionSql(filter.adv)})`);
  if (scope.only) parts.push(sql`(${scope.only})`);
  return sql.join(parts, sql` and `);
}

function orderSql(query: Pick<ListQuery, 'sort'>): Sql {
  const direction = query.sort.desc ? sql.raw('desc') : sql.raw('asc');
  const expression = valueExpression(query.sort.path);
  if (query.sort.path.source === 'column' && query.sort.path.column === 'uuid') return sql`uuid ${direction}`;
  return sql`${expression} ${direction}, seq ${direction}`;
}

/**
 * Named, not *: a page statement may be prepared on a connection, and a column added to records by a
 * newer instance's migration must not change its result type under a running one.
 */
const RECORD_COLUMNS = sql.raw('uuid, seq, project_uuid, component_uuid, env, version, data, created_by, created_at, updated_by, updated_at, deleted_at, disabled_at');

/**
 * Whether a list statement is prepared (a named statement per connection: parsed once, and planned
 * once when PostgreSQL settles on a generic plan). Only the plain listing: no search, date range or
 * $adv, sorted by a column. Measured (docs/benchmarks.md "Preparing the list's statements"): there
 * planning cost more than running, and the generic plans are the custom ones. A filtered statement's
 * generic plan cannot use an expression or partial index through a parameter, and PostgreSQL chose
 * seq scans for the search and range counts (37 and 25 ms against 1.3 and 0.6 ms): those stay unnamed.
 */
function preparable(filter: RecordFilter, sort?: ListQuery['sort']): boolean {
  return !filter.search && !filter.date && !filter.adv && (sort === undefined || sort.path.source === 'column');
}

// The compiled page and count statements of a list query that cannot change (issue 12, "Targets over
// HTTP"): records/list-memo hands out the same deep-frozen ListQuery for the same parameters on
// the same cached view, and marks it here. Their SQL text and parameters follow from that query and
// the scope's component and environment alone, so they are compiled once (Kysely's compile of these
// trees cost more than the parse) and kept beside the query object: a WeakMap, so they go when the
// query leaves the memo. Only text and parameters are kept, never a result.
const stableQueries = new WeakSet<object>();
const COMPILED_PER_QUERY = 8;

interface CompiledList {
  db: Db;
  env: string;
  componentUuid: string;
  page?: CompiledQuery<RecordRow>;
  count?: CompiledQuery<{ total: number }>;
}

const compiledLists = new WeakMap<object, CompiledList[]>();

/** `query` is deep-frozen and will never change: its statements may be compiled once (list-query-memo). */
export function markStableQuery(query: RecordFilter): void {
  if (Object.isFrozen(query)) stableQueries.add(query);
}

function compiledOnce<K extends 'page' | 'count'>(db: Db, scope: RecordScope, query: RecordFilter, role: K, build: () => NonNullable<CompiledList[K]>): NonNullable<CompiledList[K]> {
  if (!stableQueries.has(query) || scope.only) return build();
  let list = compiledLists.get(query);
  if (!list) {
    list = [];
    compiledLists.set(query, list);
  }
  let entry = list.find((candidate) => candidate.db === db && candidate.env === scope.env && candidate.componentUuid === scope.componentUuid);
  if (!entry) {
    if (list.length >= COMPILED_PER_QUERY) list.shift();
    entry = { db, env: scope.env, componentUuid: scope.componentUuid };
    list.push(entry);
  }
  const kept = entry[role];
  if (kept) return kept as NonNullable<CompiledList[K]>;
  const compiled = build();
  entry[role] = compiled;
  return compiled;
}

function pageStatement(db: Db, scope: RecordScope, query: ListQuery): CompiledQuery<RecordRow> {
  const mark = sql.raw(preparable(query, query.sort) ? PREPARE : '');
  return sql<RecordRow>`${mark}select ${RECORD_COLUMNS} from ${partitionTable(scope.componentUuid)} where ${whereSql(scope, query)} order by ${orderSql(query)} limit ${query.limit} offset ${query.offset}`.compile(db);
}

function boundedCountStatement(db: Db, scope: RecordScope, filter: RecordFilter): CompiledQuery<{ total: number }> {
  const mark = sql.raw(preparable(filter) ? PREPARE : '');
  return sql<{ total: number }>`${mark}select count(*)::int as total from (select 1 from ${partitionTable(scope.componentUuid)} where ${whereSql(scope, filter)} limit ${LIST_LIMITS.countUpTo}) as bounded`.compile(db);
}

/** One page of records. */
export async function listRecords(db: Db, scope: RecordScope, query: ListQuery): Promise<RecordRow[]> {
  if (query.limit <= 0) return [];
  const result = await db.executeQuery(compiledOnce(db, scope, query, 'page', () => pageStatement(db, scope, query)));
  return result.rows;
}

/** The number of matching records, counted only up to 5001 ("5000 or more"). */
export async function countRecordsBounded(db: Db, scope: RecordScope, filter: RecordFilter): Promise<number> {
  const result = await db.executeQuery(compiledOnce(db, scope, filter, 'count', () => boundedCountStatement(db, scope, filter)));
  return Number(result.rows[0]?.total ?? 0);
}

/** The exact number of matching records (bulk jobs, in the background). */
export async function countRecords(db: Db, scope: RecordScope, filter: RecordFilter): Promise<number> {
  const result = await sql<{ total: string | number }>`select count(*) as total from ${partitionTable(scope.componentUuid)} where ${whereSql(scope, filter)}`.execute(db);
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
  const result = await sql<Record<string, unknown>>`select ${sql.join(columns)} from ${partitionTable(scope.componentUuid)} where ${where} ${groupBy} order by ${sql.join(order)} limit ${pipeline.limit}`.execute(db);
  return result.rows;
}

// ---------------------------------------------------------------------------------------------
// Keyset batches by (created_at, seq), the default listing's index: exports and bulk jobs walk any
// number of records with flat memory, each batch one short query. A cursor names its record by
// uuid; the record's own (created_at, seq) is read back from the partition.

export interface Cursor {
  createdAt: Date | string;
  uuid: string;
}

/**
 * The keyset condition after `after`, by the cursor record's own (created_at, seq) (see
 * lockRecordBatch). Should the cursor record be gone (purged), everything created at the stored
 * time is passed over: a batch is never applied twice.
 */
function afterCursor(scope: RecordScope, after: Cursor | null): Sql {
  if (!after) return sql``;
  const table = partitionTable(scope.componentUuid);
  const at = new Date(after.createdAt).toISOString();
  return sql` and (created_at, seq) > (
    coalesce((select c.created_at from ${table} c where c.uuid = ${after.uuid}::uuid), ${at}::timestamptz),
    coalesce((select c.seq from ${table} c where c.uuid = ${after.uuid}::uuid), 9223372036854775807))`;
}

export async function recordBatch(db: Db, scope: RecordScope, filter: RecordFilter, after: Cursor | null, size: number): Promise<RecordRow[]> {
  const keyset = afterCursor(scope, after);
  const result = await sql<RecordRow>`select * from ${partitionTable(scope.componentUuid)} where ${whereSql(scope, filter)}${keyset} order by created_at asc, seq asc limit ${size}`.execute(db);
  return result.rows;
}

/**
 * The uuids of one keyset batch, locked for the bulk job's transaction. The cursor's created_at is
 * read from the cursor record itself (microseconds; a JS Date keeps only milliseconds, which would
 * match the cursor record again), falling back to the stored time if that record is gone.
 */
export async function lockRecordBatch(db: Db, scope: RecordScope, filter: RecordFilter, after: Cursor | null, size: number): Promise<{ uuid: string; created_at: Date }[]> {
  const keyset = afterCursor(scope, after);
  const result = await sql<{ uuid: string; created_at: Date }>`select uuid, created_at from ${partitionTable(scope.componentUuid)} where ${whereSql(scope, filter)}${keyset} order by created_at asc, seq asc limit ${size} for update`.execute(db);
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

/** The uuid, version and data of the live records of the scope among `uuids` (for their workflow events). */
export async function recordsForEvents(db: Db, scope: RecordScope, uuids: string[]): Promise<Pick<RecordRow, 'uuid' | 'version' | 'data'>[]> {
  if (uuids.length === 0) return [];
  return db.selectFrom('records').select(['uuid', 'version', 'data']).where('uuid', 'in', uuids).where(inScope(scope)).execute();
}

/** Applies `action` to those of `uuids` it changes; answers how many it changed. */
export async function applyBulkAction(db: Db, scope: RecordScope, action: BulkAction, uuids: string[], userUuid: string): Promise<string[]> {
  if (uuids.length === 0) return [];
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
  // The changed records' uuids (record history writes a revision for each, records/hook-events.ts).
  const rows = await query.returning('uuid').execute();
  return rows.map((row) => row.uuid);
}
