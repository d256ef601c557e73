// Public apps and portals (docs/public-apps.md): an app row of kind 'public' (its versions and
// definitions are the platform app's), its settings (the API user it runs as, portal or not), its
// hostnames (unique across the platform: the primary key), and a portal's own visitors and their
// sessions, kept apart from the platform's users and sessions.
import { sql, type Kysely } from 'kysely';

const statements = [
  `alter table apps add column kind text not null default 'platform' check (kind in ('platform', 'public'))`,
  `create index apps_kind_idx on apps (project_uuid, kind)`,
  `create table public_apps (
    app_uuid uuid primary key references apps(uuid) on delete cascade,
    api_user_uuid uuid references users(uuid) on delete set null,
    portal boolean not null default false
  )`,
  `create table public_app_hostnames (
    hostname text primary key check (hostname = lower(hostname) and length(hostname) between 4 and 253),
    app_uuid uuid not null references apps(uuid) on delete cascade,
    created_at timestamptz not null default now()
  )`,
  `create index public_app_hostnames_app_idx on public_app_hostnames (app_uuid)`,
  `create table portal_users (
    uuid uuid primary key,
    app_uuid uuid not null references apps(uuid) on delete cascade,
    email text not null,
    name text not null,
    password_hash text not null,
    created_at timestamptz not null default now()
  )`,
  `create unique index portal_users_email_key on portal_users (app_uuid, email)`,
  `create table portal_sessions (
    id_hash text primary key,
    portal_user_uuid uuid not null references portal_users(uuid) on delete cascade,
    app_uuid uuid not null references apps(uuid) on delete cascade,
    hostname text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create index portal_sessions_expiry_idx on portal_sessions (expires_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['portal_sessions', 'portal_users', 'public_app_hostnames', 'public_apps']) await sql.raw(`drop table if exists ${table}`).execute(db);
  await sql.raw('drop index if exists apps_kind_idx').execute(db);
  await sql.raw('alter table apps drop column if exists kind').execute(db);
}
