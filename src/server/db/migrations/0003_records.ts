// Records (spec section 3 "Record"; docs/records.md): one table for every component's records,
// the field values in a jsonb data column, keyed by component and environment. `version` is the
// record's __version__ (optimistic concurrency). Unique fields get partial unique expression
// indexes per (component, environment), created when a version is deployed (records/indexes).
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table records (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null references projects(uuid) on delete cascade,
    component_uuid uuid not null references components(uuid) on delete cascade,
    env text not null check (env in ('dev', 'live')),
    version integer not null default 1 check (version >= 1),
    data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
    created_by uuid references users(uuid) on delete set null,
    created_at timestamptz not null default now(),
    updated_by uuid references users(uuid) on delete set null,
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    disabled_at timestamptz
  )`,
  `create index records_component_env_idx on records (component_uuid, env, deleted_at)`,
  `create index records_deleted_idx on records (deleted_at) where deleted_at is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The unique expression indexes are on records and go with it.
  await sql.raw('drop table if exists records').execute(db);
}
