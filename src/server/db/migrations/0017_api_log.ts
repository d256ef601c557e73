// Scout's API call log (issue 17 section 6; runtime/api/apiLog.ts). One row per /api call of a
// project, written in batches off the request path (scout/api-log.ts). The list reads the
// (project_uuid, created_at desc, uuid desc) index, a range scan at a million rows whatever the page;
// the retention purge deletes by created_at (its own index). uuids are version 7 (time-ordered).
// Settings per project: enabled (on), bodies (off), retention in days (7); no row means the defaults.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table api_calls (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    method text not null,
    path text not null,
    status integer not null,
    duration_ms real not null,
    caller_uuid uuid,
    caller_kind text check (caller_kind in ('user', 'api')),
    request_uuid text not null,
    request_body text,
    response_body text,
    created_at timestamptz not null default now()
  )`,
  `create index api_calls_project_time_idx on api_calls (project_uuid, created_at desc, uuid desc)`,
  `create index api_calls_time_idx on api_calls (created_at)`,
  `create table api_log_settings (
    project_uuid uuid primary key references projects(uuid) on delete cascade,
    enabled boolean not null default true,
    bodies boolean not null default false,
    retention_days integer not null default 7 check (retention_days between 1 and 90),
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['api_log_settings', 'api_calls']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
