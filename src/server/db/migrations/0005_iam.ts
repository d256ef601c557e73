// IAM (docs/iam.md): membership status per project, API users (a users row of kind 'api' with
// hashed secrets), invites, password resets, two-factor (TOTP) sign-in and remembered devices, and a
// public id for each session so a user can list and end them. Every token column holds the sha256
// of a random token; the token itself is only ever in a link, a cookie or a one-time answer.
import { sql, type Kysely } from 'kysely';

const statements = [
  // Persons sign in with an e-mail; API users have none ('') and authenticate with a secret.
  `alter table users add column kind text not null default 'person' check (kind in ('person', 'api'))`,
  `drop index users_email_lower_key`,
  `create unique index users_email_lower_key on users (lower(email)) where kind = 'person'`,
  `alter table users add constraint users_person_email check (kind = 'api' or email <> '')`,
  // TOTP: the enabled secret, a secret being enrolled, and the last accepted time step (each code once).
  `alter table users add column totp_secret text`,
  `alter table users add column totp_pending_secret text`,
  `alter table users add column totp_last_step bigint`,
  `alter table users add column password_changed_at timestamptz`,
  // Status in a project (the users list's badge); only 'active' members act in the project.
  `alter table project_users add column status text not null default 'active' check (status in ('active', 'inactive', 'pending', 'banned'))`,
  `alter table sessions add column uuid uuid not null default gen_random_uuid()`,
  `create unique index sessions_uuid_key on sessions (uuid)`,
  `create table api_secrets (
    uuid uuid primary key default gen_random_uuid(),
    user_uuid uuid not null references users(uuid) on delete cascade,
    secret_hash text not null,
    hint text not null,
    created_by uuid references users(uuid) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `create unique index api_secrets_hash_key on api_secrets (secret_hash)`,
  `create index api_secrets_user_idx on api_secrets (user_uuid)`,
  `create table invites (
    uuid uuid primary key default gen_random_uuid(),
    token_hash text not null,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    email text not null,
    role_uuids jsonb not null default '[]'::jsonb check (jsonb_typeof(role_uuids) = 'array'),
    invited_by uuid references users(uuid) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    accepted_at timestamptz,
    accepted_by uuid references users(uuid) on delete set null
  )`,
  `create unique index invites_token_key on invites (token_hash)`,
  `create index invites_project_idx on invites (project_uuid, created_at)`,
  `create table password_resets (
    token_hash text primary key,
    user_uuid uuid not null references users(uuid) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create index password_resets_user_idx on password_resets (user_uuid)`,
  `create table two_factor_challenges (
    token_hash text primary key,
    user_uuid uuid not null references users(uuid) on delete cascade,
    project_uuid uuid references projects(uuid) on delete set null,
    failures integer not null default 0,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create table remembered_devices (
    token_hash text primary key,
    user_uuid uuid not null references users(uuid) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create index remembered_devices_user_idx on remembered_devices (user_uuid)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['remembered_devices', 'two_factor_challenges', 'password_resets', 'invites', 'api_secrets']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw('drop index if exists sessions_uuid_key').execute(db);
  await sql.raw('alter table sessions drop column if exists uuid').execute(db);
  await sql.raw('alter table project_users drop column if exists status').execute(db);
  for (const column of ['password_changed_at', 'totp_last_step', 'totp_pending_secret', 'totp_secret']) {
    await sql.raw(`alter table users drop column if exists ${column}`).execute(db);
  }
  await sql.raw('alter table users drop constraint if exists users_person_email').execute(db);
  await sql.raw('drop index if exists users_email_lower_key').execute(db);
  await sql.raw('create unique index users_email_lower_key on users (lower(email))').execute(db);
  await sql.raw('alter table users drop column if exists kind').execute(db);
}
