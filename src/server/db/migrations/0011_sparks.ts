// Sparks (docs/user-code.md "Sparks"): project-scoped serverless functions. The draft code is edited;
// a release is an immutable snapshot of it with a number and a note; dev and live each point at one
// release. Every invocation leaves one log row, removed by housekeeping after LUMA_SPARK_LOG_DAYS.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table sparks (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    description text not null default '',
    code text not null default '',
    dev_version integer,
    live_version integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (project_uuid, name)
  )`,
  `create table spark_releases (
    spark_uuid uuid not null references sparks(uuid) on delete cascade,
    version integer not null,
    code text not null,
    note text not null default '',
    created_by uuid,
    created_at timestamptz not null default now(),
    primary key (spark_uuid, version)
  )`,
  `create table spark_logs (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    spark_uuid uuid not null references sparks(uuid) on delete cascade,
    env text not null check (env in ('dev', 'live')),
    version integer not null,
    source text not null check (source in ('http', 'workflow')),
    status text not null check (status in ('ok', 'error')),
    duration_ms integer not null,
    logs jsonb not null default '[]',
    error text,
    caller_uuid uuid,
    created_at timestamptz not null default now()
  )`,
  `create index spark_logs_spark_idx on spark_logs (spark_uuid, created_at desc, uuid)`,
  `create index spark_logs_created_idx on spark_logs (created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['spark_logs', 'spark_releases', 'sparks']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
