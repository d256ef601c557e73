// One partition of `records` per component (docs/records.md "Layout"): `records_c_{uuid hex}`, a
// list partition on component_uuid with its own primary key (uuid) and the indexes defined on the
// parent (the default listing, the count, disabled and deleted records). A component's list,
// count, batch and import statements name its partition directly, so the planner sees one table of
// one component's records and only that component's indexes, however many components there are.
//
// A partition is created with its component (create, then ATTACH, which takes only a SHARE UPDATE
// EXCLUSIVE lock on the parent, so records of other components stay readable and writable). A
// removed component's partition is left behind, unreachable (no component resolves to it), and
// dropped by housekeeping (dropOrphanPartitions): on PostgreSQL it is detached CONCURRENTLY first,
// so dropping it never queues the other components' readers and writers behind an exclusive lock.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isEmbedded } from '../db/dialect-pglite';
import { partitionTriggerSql } from '../db/migrations/0020_list_changes';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PARTITION = /^records_c_[0-9a-f]{32}$/;

/** The partition of a component's records (the uuid is checked: the name goes into SQL as an identifier). */
export function partitionName(componentUuid: string): string {
  const uuid = componentUuid.toLowerCase();
  if (!UUID.test(uuid)) throw new Error(`unexpected component uuid ${componentUuid}`);
  return `records_c_${uuid.replaceAll('-', '')}`;
}

/** The partition as a table reference for a query. */
export function partitionTable(componentUuid: string): RawBuilder<unknown> {
  return sql.table(partitionName(componentUuid));
}

function uuidOfPartition(name: string): string {
  const hex = name.slice('records_c_'.length);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The indexes on a component's partition whose names start with `prefix` (records_ix_, records_uq_):
 * name, comment (what Luma labelled it with) and whether it is valid (a failed concurrent build is not).
 */
export async function partitionIndexes(db: Db, componentUuid: string, prefix: 'records_ix_' | 'records_uq_'): Promise<{ name: string; comment: string; valid: boolean }[]> {
  const result = await sql<{ name: string; comment: string | null; valid: boolean }>`
    select c.relname as name, obj_description(c.oid, 'pg_class') as comment, i.indisvalid as valid
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where t.relname = ${partitionName(componentUuid)} and starts_with(c.relname, ${prefix})`.execute(db);
  return result.rows.map((row) => ({ name: row.name, comment: row.comment ?? '', valid: row.valid }));
}

/** Creates and attaches the component's partition unless it exists. */
export async function ensureRecordPartition(db: Db, componentUuid: string): Promise<void> {
  const name = partitionName(componentUuid);
  const uuid = uuidOfPartition(name);
  const exists = await sql<{ found: number }>`select 1 as found from pg_class where relname = ${name} and relkind = 'r'`.execute(db);
  if (exists.rows.length > 0) return;
  await sql.raw(`create table ${name} (like records including defaults including constraints)`).execute(db);
  await sql.raw(`alter table ${name} add constraint ${name}_pkey primary key (uuid)`).execute(db);
  // Statements naming the partition (an import's COPY) say their writes on the bus (migration 0020).
  await sql.raw(partitionTriggerSql(name, uuid)).execute(db);
  await sql.raw(`alter table records attach partition ${name} for values in ('${uuid}')`).execute(db);
}

/** The partitions of `records` and the component each holds. */
export async function listRecordPartitions(db: Db): Promise<{ name: string; componentUuid: string }[]> {
  const result = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'records'::regclass order by c.relname`.execute(db);
  return result.rows.filter((row) => PARTITION.test(row.name)).map((row) => ({ name: row.name, componentUuid: uuidOfPartition(row.name) }));
}

/**
 * Drops the partitions whose component is gone (removed, or its project removed). `concurrently`
 * (PostgreSQL, outside any transaction): DETACH ... CONCURRENTLY first. Answers the names dropped.
 */
export async function dropOrphanPartitions(db: Db, options: { concurrently: boolean }): Promise<string[]> {
  const partitions = await listRecordPartitions(db);
  if (partitions.length === 0) return [];
  const live = await db.selectFrom('components').select('uuid').where('uuid', 'in', partitions.map((partition) => partition.componentUuid)).execute();
  const kept = new Set(live.map((row) => row.uuid.toLowerCase()));
  const dropped: string[] = [];
  for (const partition of partitions) {
    if (kept.has(partition.componentUuid)) continue;
    await sql.raw(`alter table records detach partition ${partition.name}${options.concurrently ? ' concurrently' : ''}`).execute(db);
    await sql.raw(`drop table if exists ${partition.name}`).execute(db);
    dropped.push(partition.name);
  }
  return dropped;
}

/**
 * Keeps the planner's statistics of a component's records current after a large change (imports,
 * bulk actions, deploys): ANALYZE once more rows changed than PostgreSQL's own autovacuum would
 * wait for (50 + 10% of the rows). `changed`: the rows the caller changed; 'counted': the changes
 * the statistics system has counted since the last ANALYZE (it lags a moment behind, fine for a
 * schedule); 'always': now. PGlite has no autovacuum at all, so there it VACUUMs as well: the
 * visibility map is what lets a count read only the index. Not inside a transaction. Answers whether it ran.
 */
export async function keepStatistics(db: Db, componentUuid: string, changed: number | 'counted' | 'always'): Promise<boolean> {
  const name = partitionName(componentUuid);
  const embedded = isEmbedded(db);
  if (changed !== 'always') {
    // A backend flushes its table counters at most once a second: without this the inserts of the
    // last moment are not counted yet and a partition that needs statistics is skipped.
    if (changed === 'counted') await sql`select pg_stat_force_next_flush()`.execute(db);
    const stats = await sql<{ rows: number; counted: number }>`
      select greatest(c.reltuples, 0)::float8 as rows,
        (coalesce(s.n_mod_since_analyze, 0) + ${embedded ? sql`coalesce(s.n_ins_since_vacuum, 0)` : sql`0`})::float8 as counted
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.relname = ${name}`.execute(db);
    const row = stats.rows[0];
    if (!row) return false;
    const rows = changed === 'counted' ? Number(row.counted) : changed;
    if (rows <= 50 + 0.1 * Number(row.rows)) return false;
  }
  await sql.raw(embedded ? `vacuum (analyze) ${name}` : `analyze ${name}`).execute(db);
  return true;
}
