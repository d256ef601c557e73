// Global variables (docs/user-code.md "context.env"): key/value pairs per project and environment,
// given to every script as context.env. A secret's value is stored as written (not encrypted at rest)
// and never answered by any call; only server-side scripts read it.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table variables (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    env text not null check (env in ('dev', 'live')),
    name text not null check (char_length(name) between 1 and 64),
    value text not null check (char_length(value) <= 8192),
    secret boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (project_uuid, env, name)
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists variables').execute(db);
}
