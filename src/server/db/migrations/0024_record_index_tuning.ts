// Self-tuning indexes (docs/lists.md "Self-tuning indexes"): the shapes of the list queries each
// component and environment answered (which fields they filter, search and sort on, how often, how
// slowly), and the field indexes built for them or asked for by an administrator (records/auto-indexes.ts).
// A field index is shared by both environments (env leads its btree), so its state has no env.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table record_query_shapes (
    component_uuid uuid not null references components(uuid) on delete cascade,
    env text not null,
    shape text not null,
    filtered jsonb not null default '[]',
    searched jsonb not null default '[]',
    sorted jsonb not null default '[]',
    needs jsonb not null default '[]',
    count integer not null default 0,
    slow_count integer not null default 0,
    total_ms double precision not null default 0,
    max_ms double precision not null default 0,
    last_seen timestamptz not null default now(),
    primary key (component_uuid, env, shape)
  )`,
  `create table record_index_state (
    component_uuid uuid not null references components(uuid) on delete cascade,
    name text not null,
    field text not null,
    kind text not null,
    value text,
    reason text not null,
    shape text,
    slow_count integer not null default 0,
    always boolean not null default false,
    built_at timestamptz,
    last_used_at timestamptz,
    dropped_at timestamptz,
    error text,
    created_at timestamptz not null default now(),
    primary key (component_uuid, name)
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists record_index_state').execute(db);
  await sql.raw('drop table if exists record_query_shapes').execute(db);
}
