// Workflows (docs/workflows.md): one component's automation, versioned like components; and the log of
// every run (Scout). A run's row is written in the record's transaction (status 'queued') together
// with its job, so an after-commit event is never lost and never runs for a write that rolled back.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table workflows (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    component_uuid uuid not null references components(uuid),
    name text not null,
    dev_version text,
    public_version text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (project_uuid, name)
  )`,
  `create index workflows_component_idx on workflows (component_uuid)`,
  `create table workflow_versions (
    workflow_uuid uuid not null references workflows(uuid) on delete cascade,
    name text not null,
    nodes jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (workflow_uuid, name)
  )`,
  // Components a workflow's versions name (its own component and component nodes' targets): what makes
  // a component's removal wait on the workflow. Rewritten on every save.
  `create table workflow_component_refs (
    workflow_uuid uuid not null references workflows(uuid) on delete cascade,
    component_uuid uuid not null,
    primary key (workflow_uuid, component_uuid)
  )`,
  `create index workflow_component_refs_component_idx on workflow_component_refs (component_uuid)`,
  `create table workflow_runs (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    workflow_uuid uuid not null references workflows(uuid) on delete cascade,
    version text not null,
    component_uuid uuid not null,
    env text not null check (env in ('dev', 'live')),
    event text not null,
    record_uuid uuid,
    status text not null default 'queued' check (status in ('queued', 'running', 'success', 'error', 'refused')),
    data jsonb not null default '{}',
    path jsonb not null default '[]',
    results jsonb not null default '[]',
    error text,
    attempts integer not null default 0,
    depth integer not null default 0,
    user_uuid uuid,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    duration_ms integer
  )`,
  `create index workflow_runs_project_idx on workflow_runs (project_uuid, created_at desc, uuid)`,
  `create index workflow_runs_workflow_idx on workflow_runs (workflow_uuid, created_at desc)`,
  `create index workflow_runs_finished_idx on workflow_runs (finished_at) where finished_at is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['workflow_runs', 'workflow_component_refs', 'workflow_versions', 'workflows']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
