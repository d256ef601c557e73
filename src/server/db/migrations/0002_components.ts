// Components (spec section 3): one row per component, its versions' settings as jsonb, and the
// workspaces it is linked to. Dependencies are computed from the versions' relation fields.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table components (
    uuid uuid primary key default gen_random_uuid(),
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    scope text,
    tag text,
    label jsonb not null default '{}'::jsonb check (jsonb_typeof(label) = 'object'),
    icon text,
    sort integer not null default 0,
    is_public boolean not null default false,
    is_active boolean not null default false,
    is_custom boolean not null default true,
    public_version text,
    dev_version text,
    props jsonb not null default '{}'::jsonb check (jsonb_typeof(props) = 'object'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index components_name_key on components (project_uuid, coalesce(scope, ''), name)`,
  `create table component_versions (
    component_uuid uuid not null references components(uuid) on delete cascade,
    name text not null,
    settings jsonb not null check (jsonb_typeof(settings) = 'object'),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (component_uuid, name)
  )`,
  `create table component_workspaces (
    component_uuid uuid not null references components(uuid) on delete cascade,
    workspace_uuid uuid not null references workspaces(uuid) on delete cascade,
    primary key (component_uuid, workspace_uuid)
  )`,
  `create index component_workspaces_workspace_idx on component_workspaces (workspace_uuid)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // One statement per query: PGlite's extended protocol runs a single statement at a time.
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['component_workspaces', 'component_versions', 'components']) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
