// Foundation tables: tenancy (projects, workspaces, environments), users, roles, sessions,
// config and login throttling.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table projects (
    uuid uuid primary key default gen_random_uuid(),
    name text not null,
    owner_uuid uuid,
    account jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table workspaces (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index workspaces_project_idx on workspaces (project_uuid, created_at)`,
  `create table environments (
    workspace_uuid uuid not null references workspaces(uuid) on delete cascade,
    name text not null check (name in ('dev', 'live')),
    settings jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    primary key (workspace_uuid, name)
  )`,
  `create table users (
    uuid uuid primary key default gen_random_uuid(),
    name text not null,
    email text not null,
    password_hash text,
    settings jsonb not null default '{}'::jsonb,
    billing_address jsonb,
    status text not null default 'active' check (status in ('active', 'inactive', 'pending', 'banned')),
    login_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index users_email_lower_key on users (lower(email))`,
  `alter table projects add constraint projects_owner_fk foreign key (owner_uuid) references users(uuid) on delete set null`,
  `create table project_users (
    project_uuid uuid not null references projects(uuid) on delete cascade,
    user_uuid uuid not null references users(uuid) on delete cascade,
    is_owner boolean not null default false,
    created_at timestamptz not null default now(),
    primary key (project_uuid, user_uuid)
  )`,
  `create index project_users_user_idx on project_users (user_uuid, created_at)`,
  `create table roles (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    is_admin boolean not null default false,
    level integer not null default 0,
    permissions jsonb not null default '[]'::jsonb check (jsonb_typeof(permissions) = 'array'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index roles_project_idx on roles (project_uuid)`,
  `create table user_roles (
    user_uuid uuid not null references users(uuid) on delete cascade,
    role_uuid uuid not null references roles(uuid) on delete cascade,
    workspace_uuid uuid references workspaces(uuid) on delete cascade
  )`,
  `create unique index user_roles_key on user_roles (user_uuid, role_uuid, coalesce(workspace_uuid, '00000000-0000-0000-0000-000000000000'::uuid))`,
  `create table sessions (
    id_hash text primary key,
    user_uuid uuid not null references users(uuid) on delete cascade,
    project_uuid uuid references projects(uuid) on delete set null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    ip text,
    user_agent text
  )`,
  `create index sessions_user_idx on sessions (user_uuid)`,
  `create index sessions_expires_idx on sessions (expires_at)`,
  `create table config (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null references projects(uuid) on delete cascade,
    user_uuid uuid references users(uuid) on delete cascade,
    path text not null,
    data jsonb not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index config_project_path_key on config (project_uuid, path) where user_uuid is null`,
  `create unique index config_user_path_key on config (project_uuid, user_uuid, path) where user_uuid is not null`,
  `create table login_failures (
    key text primary key,
    count integer not null,
    window_start timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'config', 'sessions', 'user_roles', 'roles', 'project_users']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw('alter table projects drop constraint if exists projects_owner_fk').execute(db);
  for (const table of ['users', 'environments', 'workspaces', 'projects']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
