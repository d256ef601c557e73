// The reads of a snapshot that no capability's own SQL answers: every version of many components,
// workflows and apps at once, sparks with their releases, and records by component.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export function componentVersionsOf(db: Db, componentUuids: string[]) {
  if (componentUuids.length === 0) return Promise.resolve([]);
  return db.selectFrom('component_versions').select(['component_uuid', 'name', 'settings']).where('component_uuid', 'in', componentUuids).orderBy('name').execute();
}

export function workflowsOfProject(db: Db, projectUuid: string) {
  return db.selectFrom('workflows').select(['uuid', 'name', 'component_uuid', 'dev_version', 'public_version']).where('project_uuid', '=', projectUuid).orderBy('name').orderBy('uuid').execute();
}

export function workflowVersionsOf(db: Db, workflowUuids: string[]) {
  if (workflowUuids.length === 0) return Promise.resolve([]);
  return db.selectFrom('workflow_versions').select(['workflow_uuid', 'name', 'nodes']).where('workflow_uuid', 'in', workflowUuids).orderBy('name').execute();
}

export function sparksOfProject(db: Db, projectUuid: string) {
  return db.selectFrom('sparks').select(['uuid', 'name', 'description', 'code', 'dev_version', 'live_version']).where('project_uuid', '=', projectUuid).orderBy('name').orderBy('uuid').execute();
}

export function sparkReleasesOf(db: Db, sparkUuids: string[]) {
  if (sparkUuids.length === 0) return Promise.resolve([]);
  return db.selectFrom('spark_releases').select(['spark_uuid', 'version', 'code', 'note']).where('spark_uuid', 'in', sparkUuids).orderBy('version').execute();
}

export function appVersionsOf(db: Db, appUuids: string[]) {
  if (appUuids.length === 0) return Promise.resolve([]);
  return db.selectFrom('app_versions').select(['app_uuid', 'name', 'definition']).where('app_uuid', 'in', appUuids).orderBy('name').execute();
}

/** The live (not deleted) records of one component, by uuid. */
export function recordsOf(db: Db, projectUuid: string, componentUuid: string) {
  return db
    .selectFrom('records')
    .select(['uuid', 'env', 'data'])
    .where('project_uuid', '=', projectUuid)
    .where('component_uuid', '=', componentUuid)
    .where('deleted_at', 'is', null)
    .orderBy('env')
    .orderBy('uuid')
    .execute();
}

/** The uuids of the project's live records (an apply adds only the records the project does not have). */
export async function recordUuidsOf(db: Db, projectUuid: string): Promise<string[]> {
  const rows = await db.selectFrom('records').select('uuid').where('project_uuid', '=', projectUuid).where('deleted_at', 'is', null).execute();
  return rows.map((row) => row.uuid);
}

/**
 * The project's installed workspace templates (template_installs, owned by templates/: the snapshot
 * reads and applies the rows, as it reads every capability's configuration; templates/ writes them on
 * install and uninstall). By workspace name.
 */
export function templateInstallsOf(db: Db, projectUuid: string) {
  return db
    .selectFrom('template_installs as t')
    .innerJoin('workspaces as w', 'w.uuid', 't.workspace_uuid')
    .select(['t.workspace_uuid', 'w.name as workspace_name', 't.template_id', 't.installed_at', 't.ledger'])
    .where('t.project_uuid', '=', projectUuid)
    .orderBy('w.name')
    .execute();
}
