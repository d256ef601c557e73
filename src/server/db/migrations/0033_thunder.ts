// Thunder data sets (docs/thunder.md): a project's named, materialised query results. A set is
// defined over a component's records (the list's filter and $aggregate) or a ratchet connection's
// SQL; its last good result is stored with it (read in constant time), beside its status, the time
// of its last and next build, and `queued_at` (a build is queued: a change's debounce, one job per
// set at a time). thunder_builds is each set's build log. Widgets may take a set as their source
// (widgets.thunder_uuid; a set a widget uses is not removed).
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table thunder_sets (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    env text not null check (env in ('dev', 'live')),
    source text not null check (source in ('component', 'ratchet')),
    component_uuid uuid references components(uuid) on delete set null,
    connection_uuid uuid references ratchet_connections(uuid) on delete set null,
    filter jsonb,
    aggregate jsonb,
    sql text,
    schedule_minutes integer not null default 0 check (schedule_minutes >= 0),
    rebuild_on_change boolean not null default true,
    status text not null default 'building' check (status in ('building', 'ready', 'failed')),
    error text,
    result json,
    row_count integer not null default 0,
    size_bytes integer not null default 0,
    built_at timestamptz,
    next_build_at timestamptz,
    queued_at timestamptz,
    created_by uuid,
    updated_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index thunder_sets_name_idx on thunder_sets (project_uuid, lower(name))`,
  `create index thunder_sets_component_idx on thunder_sets (component_uuid) where component_uuid is not null`,
  `create index thunder_sets_due_idx on thunder_sets (next_build_at) where schedule_minutes > 0`,
  `create table thunder_builds (
    uuid uuid primary key,
    set_uuid uuid not null references thunder_sets(uuid) on delete cascade,
    trigger text not null check (trigger in ('define', 'manual', 'schedule', 'change')),
    status text not null check (status in ('building', 'ready', 'failed')),
    error text,
    row_count integer,
    size_bytes integer,
    ms integer,
    started_at timestamptz not null,
    finished_at timestamptz
  )`,
  `create index thunder_builds_set_idx on thunder_builds (set_uuid, started_at desc)`,
  `alter table widgets alter column component_uuid drop not null`,
  `alter table widgets add column thunder_uuid uuid references thunder_sets(uuid) on delete restrict`,
  `alter table widgets add constraint widgets_source_check check ((component_uuid is null) <> (thunder_uuid is null))`,
  `create index widgets_thunder_idx on widgets (thunder_uuid) where thunder_uuid is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('delete from widgets where thunder_uuid is not null').execute(db);
  await sql.raw('alter table widgets drop constraint widgets_source_check').execute(db);
  await sql.raw('alter table widgets drop column thunder_uuid').execute(db);
  await sql.raw('alter table widgets alter column component_uuid set not null').execute(db);
  for (const table of ['thunder_builds', 'thunder_sets']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
