// Workspace templates (docs/templates.md): which template is installed in which workspace, and the
// ledger of what its install created (the uuids of its components, workflows, functions, sparks,
// widgets, apps and records), so an uninstall removes exactly that. One template per workspace (spec
// section 4): the workspace is the key. It goes with its project and its workspace.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table template_installs (
    workspace_uuid uuid primary key references workspaces(uuid) on delete cascade,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    template_id text not null,
    ledger jsonb not null,
    installed_by uuid,
    installed_at timestamptz not null default now()
  )`,
  `create index template_installs_project_idx on template_installs (project_uuid)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists template_installs').execute(db);
}
