// Bulk jobs (docs/lists.md "Bulk", docs/platform.md): state and progress of a bulk action on a filter
// live here, not in one process's memory, so any instance answers a progress poll and any worker can
// resume a job whose process died. The keyset cursor (created_at, uuid) of the last applied batch is
// written in the same transaction as the batch, so a resumed job never applies a batch twice.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table record_jobs (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    component_uuid uuid not null,
    component_ref text not null,
    env text not null,
    user_uuid uuid not null,
    action text not null check (action in ('delete', 'disable', 'enable')),
    filter jsonb not null,
    status text not null default 'running' check (status in ('running', 'done', 'failed')),
    processed integer not null default 0,
    total integer,
    affected integer not null default 0,
    error text,
    cursor_created_at timestamptz,
    cursor_uuid uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index record_jobs_finished_idx on record_jobs (finished_at) where finished_at is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists record_jobs').execute(db);
}
