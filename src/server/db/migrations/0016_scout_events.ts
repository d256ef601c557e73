// Scout's event log settings (issue 17, docs/scout-events.md): per project, which kinds of event the
// log keeps and for how many days. An event of a kind not kept is still written (the bus delivers
// events from their rows, docs/event-bus.md "Outbox") but with kept = false: Scout never lists it and
// housekeeping removes it within the hour.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table event_settings (
    project_uuid uuid primary key references projects(uuid) on delete cascade,
    kinds jsonb not null,
    retention_days integer not null check (retention_days between 1 and 3650),
    updated_at timestamptz not null default now()
  )`,
  `alter table events add column kept boolean not null default true`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table events drop column if exists kept').execute(db);
  await sql.raw('drop table if exists event_settings').execute(db);
}
