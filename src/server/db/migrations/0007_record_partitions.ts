// Records, one partition per component (docs/records.md "Layout", docs/benchmarks.md). With every
// component's partial expression indexes on one table, each list query's planner had to weigh every
// index of every component (300 indexes of 150 other components took a first page from 0.4 to 6.8
// ms), every write evaluated every index's predicate, and a count could not be answered from an
// index alone (the component and project columns were filters on the heap). Now:
// - `records` is partitioned by list on component_uuid; each component's partition has its own
//   primary key (uuid) and the parent's indexes: the default listing (env, created_at, seq), the
//   count (env), disabled records, deleted records. Statements name the partition directly.
// - `seq` (one sequence for all records) numbers records in insertion order: the tiebreak of every
//   sort, so records created in one statement (an import) list in the order they were given.
// - The field indexes (list, search, unique) are rebuilt per partition by records/indexes
//   when the server starts (syncAllRecordIndexes), so this migration drops the old ones with the table.
import { sql, type Kysely } from 'kysely';

const PARENT = `create table records (
    uuid uuid not null default gen_random_uuid(),
    seq bigint not null default nextval('records_seq'),
    project_uuid uuid not null,
    component_uuid uuid not null,
    env text not null check (env in ('dev', 'live')),
    version integer not null default 1 check (version >= 1),
    data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_by uuid,
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    disabled_at timestamptz
  ) partition by list (component_uuid)`;

const PARENT_INDEXES = [
  `create index records_list_idx on records (env, created_at, seq) where deleted_at is null and disabled_at is null`,
  `create index records_count_idx on records (env) where deleted_at is null and disabled_at is null`,
  `create index records_disabled_idx on records (env, created_at, seq) where deleted_at is null and disabled_at is not null`,
  `create index records_deleted_idx on records (deleted_at) where deleted_at is not null`,
];

const COLUMNS = 'uuid, project_uuid, component_uuid, env, version, data, created_by, created_at, updated_by, updated_at, deleted_at, disabled_at';

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('create extension if not exists pg_trgm').execute(db);
  await sql.raw('create sequence if not exists records_seq').execute(db);
  // The old table and every index on it (the names are reused by the partitions' indexes).
  await sql.raw('alter table records rename to records_unpartitioned').execute(db);
  const old = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'records_unpartitioned'::regclass and not i.indisprimary`.execute(db);
  for (const { name } of old.rows) await sql.raw(`drop index if exists "${name.replaceAll('"', '')}"`).execute(db);
  await sql.raw('alter table records_unpartitioned rename constraint records_pkey to records_unpartitioned_pkey').execute(db);
  await sql.raw(PARENT).execute(db);
  for (const statement of PARENT_INDEXES) await sql.raw(statement).execute(db);
  const components = await sql<{ uuid: string }>`select uuid from components order by uuid`.execute(db);
  for (const { uuid } of components.rows) {
    const hex = String(uuid).toLowerCase();
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(hex)) throw new Error(`unexpected component uuid ${hex}`);
    const name = `records_c_${hex.replaceAll('-', '')}`;
    await sql.raw(`create table ${name} (like records including defaults including constraints)`).execute(db);
    await sql.raw(`alter table ${name} add constraint ${name}_pkey primary key (uuid)`).execute(db);
    await sql.raw(`alter table records attach partition ${name} for values in ('${hex}')`).execute(db);
  }
  // In their old order, so seq continues it.
  await sql.raw(`insert into records (${COLUMNS}) select ${COLUMNS} from records_unpartitioned order by created_at, uuid`).execute(db);
  await sql.raw('drop table records_unpartitioned').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table records rename to records_partitioned').execute(db);
  await sql.raw(`create table records (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null,
    component_uuid uuid not null references components(uuid) on delete cascade,
    env text not null check (env in ('dev', 'live')),
    version integer not null default 1 check (version >= 1),
    data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_by uuid,
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    disabled_at timestamptz
  )`).execute(db);
  await sql.raw(`insert into records (${COLUMNS}) select ${COLUMNS} from records_partitioned order by seq`).execute(db);
  await sql.raw('drop table records_partitioned cascade').execute(db);
  await sql.raw('drop sequence if exists records_seq').execute(db);
  await sql.raw('create index records_component_env_idx on records (component_uuid, env, deleted_at)').execute(db);
  await sql.raw('create index records_deleted_idx on records (deleted_at) where deleted_at is not null').execute(db);
}
