// Ratchet connections (docs/ratchet.md): a project's connections to outside PostgreSQL and
// MariaDB/MySQL databases. The password is sealed (platform/secret-box.ts, purpose
// 'ratchet-password') and rotated with every other secret at rest (platform/secrets-at-rest.ts).
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table ratchet_connections (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    kind text not null check (kind in ('postgres', 'mariadb')),
    host text not null,
    port integer not null check (port between 1 and 65535),
    database text not null,
    "user" text not null,
    password text,
    tls boolean not null default false,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index ratchet_connections_name_idx on ratchet_connections (project_uuid, lower(name))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists ratchet_connections').execute(db);
}
