// Forge apps and component template distributions (docs/forge.md): the apps with their live release,
// the workspaces they are linked to, the releases of both (an app's, or a component's template
// distribution: owner_kind), and each app's deploys (which release went live when; roll back reads it).
// A release's files are in storage ({forge dir}/{project}/{release}/...), its list here.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table forge_apps (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    label text not null,
    icon text,
    live_release uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index forge_apps_name_key on forge_apps (project_uuid, name)`,
  `create table forge_app_workspaces (
    app_uuid uuid not null references forge_apps(uuid) on delete cascade,
    workspace_uuid uuid not null references workspaces(uuid) on delete cascade,
    primary key (app_uuid, workspace_uuid)
  )`,
  `create index forge_app_workspaces_workspace_idx on forge_app_workspaces (workspace_uuid)`,
  `create table forge_releases (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    owner_kind text not null check (owner_kind in ('app', 'component')),
    owner_uuid uuid not null,
    number integer not null,
    size bigint not null,
    files jsonb not null check (jsonb_typeof(files) = 'array'),
    created_by uuid,
    created_at timestamptz not null default now()
  )`,
  `create unique index forge_releases_number_key on forge_releases (owner_kind, owner_uuid, number)`,
  `create table forge_deploys (
    app_uuid uuid not null references forge_apps(uuid) on delete cascade,
    release_uuid uuid not null references forge_releases(uuid) on delete cascade,
    deployed_at timestamptz not null default now(),
    deployed_by uuid,
    seq bigserial primary key
  )`,
  `create index forge_deploys_app_idx on forge_deploys (app_uuid, seq)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['forge_deploys', 'forge_releases', 'forge_app_workspaces', 'forge_apps']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
