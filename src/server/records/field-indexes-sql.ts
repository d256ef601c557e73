// The field indexes a deploy builds (docs/lists.md "Indexes"), on the component's partition, one per field for both
// environments (env leads the btree, so each environment's records sort and range within it):
//   text:   (env, (data->>'key'), seq)
//   number: (env, ((data->>'key')::numeric), seq)
//   search: gin ((data->>'key') gin_trgm_ops), for infix search (ILIKE '%...%')
// partial on records not deleted; and one per item of a filterable choice field (a fixed list of
// text values):
//   choice: (env, created_at, seq) where deleted_at is null and disabled_at is null and (data->>'key') = 'item'
// PostgreSQL answers an expression index's value only from the heap (an index-only scan needs the
// column, data), so a filter on an expression visits a record for each match; a filter that is the
// index's own predicate does not, and the bounded count of `key = item` stays in this small index. The default listing, the count and the disabled and deleted
// records have the parent's indexes (migration 0007). Identifiers and literals are interpolated
// into DDL, so every part is checked against a pattern here.
// The list's statements (list-sql.ts) use the same expressions, so a filter or sort on an indexed
// field can be answered from its index.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { partitionIndexes, partitionName } from './partitions-sql';

type Db = Kysely<Database>;

const INDEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_KEY = /^[a-z0-9_]{1,64}$/;
const FIELD_INDEX_NAME = /^records_ix_[0-9a-f]{40}$/;
const FIELD_COMMENT_PREFIX = 'luma:records:field';
const FIELD_INDEX_KINDS = ['text', 'number', 'search', 'choice'] as const;
/** A choice item's text as an index predicate's literal: short, printable. */
const CHOICE_VALUE = /^[^\u0000-\u001f\u007f\\]{1,100}$/u;

export type FieldIndexKind = (typeof FIELD_INDEX_KINDS)[number];

export interface FieldIndex {
  name: string;
  componentUuid: string;
  key: string;
  kind: FieldIndexKind;
  /** choice: the item the index holds the records of. */
  value?: string;
}

function assertSafeFieldIndex(index: FieldIndex): void {
  if (!FIELD_INDEX_NAME.test(index.name) || !INDEX_UUID.test(index.componentUuid) || !INDEX_KEY.test(index.key) || !FIELD_INDEX_KINDS.includes(index.kind)) {
    throw new Error(`refusing unsafe index definition ${JSON.stringify(index)}`);
  }
  if (index.kind === 'choice' && (typeof index.value !== 'string' || !CHOICE_VALUE.test(index.value))) throw new Error(`refusing unsafe index definition ${JSON.stringify(index)}`);
}

/** Whether an item can be a choice index's predicate (fieldIndexDdl refuses anything else). */
export function isIndexableChoice(value: string): boolean {
  return CHOICE_VALUE.test(value);
}

/** The CREATE INDEX statement; `concurrently`: PostgreSQL outside a transaction (writers go on). */
export function fieldIndexDdl(index: FieldIndex, concurrently: boolean): string {
  assertSafeFieldIndex(index);
  const table = partitionName(index.componentUuid);
  const how = concurrently ? 'create index concurrently if not exists' : 'create index if not exists';
  const text = `(data->>'${index.key}')`;
  if (index.kind === 'choice') {
    const literal = `'${index.value!.replaceAll("'", "''")}'`;
    return `${how} ${index.name} on ${table} (env, created_at, seq) where deleted_at is null and disabled_at is null and ${text} = ${literal}`;
  }
  if (index.kind === 'search') return `${how} ${index.name} on ${table} using gin (${text} gin_trgm_ops) where deleted_at is null`;
  const expression = index.kind === 'number' ? `(${text}::numeric)` : text;
  return `${how} ${index.name} on ${table} (env, ${expression}, seq) where deleted_at is null`;
}

export async function createFieldIndex(db: Db, index: FieldIndex, concurrently: boolean): Promise<void> {
  await sql.raw(fieldIndexDdl(index, concurrently)).execute(db);
  await sql.raw(`comment on index ${index.name} is '${FIELD_COMMENT_PREFIX} ${index.componentUuid} ${index.key} ${index.kind}'`).execute(db);
}

export async function dropFieldIndex(db: Db, name: string, concurrently: boolean): Promise<void> {
  if (!FIELD_INDEX_NAME.test(name)) throw new Error(`refusing unsafe index name ${name}`);
  await sql.raw(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${name}`).execute(db);
}

/**
 * The field indexes on a component's partition, read back from their comments. `valid` false: a
 * concurrent build that failed (or one that failed before its comment was written: known by its
 * name only, listed to be dropped).
 */
export async function listFieldIndexes(db: Db, componentUuid: string): Promise<(FieldIndex & { valid: boolean })[]> {
  return (await partitionIndexes(db, componentUuid, 'records_ix_')).map((row) => {
    const [prefix, uuid, key, kind] = row.comment.split(' ');
    const known = prefix === FIELD_COMMENT_PREFIX && uuid === componentUuid.toLowerCase() && key && (FIELD_INDEX_KINDS as readonly string[]).includes(kind ?? '');
    return known
      ? { name: row.name, componentUuid, key: key!, kind: kind as FieldIndexKind, valid: row.valid }
      : { name: row.name, componentUuid, key: '', kind: 'text' as const, valid: false };
  });
}
