// Platform apps (docs/apps.md): one row per app with its dev and live version and onboarding, its
// versions' definitions (pages and menu) as jsonb, and the workspaces it is linked to.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table apps (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    label text not null,
    icon text,
    dev_version text,
    public_version text,
    onboarding_required boolean not null default false,
    onboarding_finished boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index apps_name_key on apps (project_uuid, name)`,
  `create table app_versions (
    app_uuid uuid not null references apps(uuid) on delete cascade,
    name text not null,
    definition jsonb not null check (jsonb_typeof(definition) = 'object'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (app_uuid, name)
  )`,
  `create table app_workspaces (
    app_uuid uuid not null references apps(uuid) on delete cascade,
    workspace_uuid uuid not null references workspaces(uuid) on delete cascade,
    primary key (app_uuid, workspace_uuid)
  )`,
  `create index app_workspaces_workspace_idx on app_workspaces (workspace_uuid)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_workspaces', 'app_versions', 'apps']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
