// The event log and the event-bus tokens (docs/event-bus.md). An event row is written in the same
// transaction as the change it tells of (a transactional outbox): a write that rolls back leaves no
// event, and the NOTIFY that carries the event's id is delivered only when that transaction commits.
// Scout lists events of one project newest first and asks "what happened since a time": both are the
// (project_uuid, created_at, uuid) index, which stays a range scan at a million rows. The retention
// clean-up deletes by created_at (its own index). uuids are version 7 (time-ordered), so inserts land
// at the right edge of every index.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table events (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    env text not null check (env in ('dev', 'live')),
    topic text not null,
    component_uuid uuid,
    record_uuid uuid,
    actor uuid,
    payload jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index events_project_time_idx on events (project_uuid, created_at desc, uuid desc)`,
  `create index events_time_idx on events (created_at)`,
  `create table eventbus_tokens (
    token_hash text primary key,
    user_uuid uuid not null references users(uuid) on delete cascade,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    workspace_uuid uuid,
    principal_by text not null check (principal_by in ('session', 'bearer')),
    principal_hash text not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index eventbus_tokens_expiry_idx on eventbus_tokens (expires_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['eventbus_tokens', 'events']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
