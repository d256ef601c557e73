// SQL for apps, their versions and workspace links. Every lookup is scoped to a project.
import type { Kysely } from 'kysely';
import type { AppDefinition } from '../../../runtime/api/apps';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';
import { nowDate } from '../platform/clock';
import { isUuid } from '../platform/validate';

type Db = Kysely<Database>;

export async function findApp(db: Db, projectUuid: string, id: string, forUpdate = false): Promise<AppRow | undefined> {
  if (!isUuid(id)) return undefined;
  let query = db.selectFrom('apps').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', id.toLowerCase());
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The project's platform apps (a public app, docs/public-apps.md, is listed by its own calls). */
export function appsOfProject(db: Db, projectUuid: string): Promise<AppRow[]> {
  return db.selectFrom('apps').selectAll().where('project_uuid', '=', projectUuid).where('kind', '=', 'platform').orderBy('name').execute();
}

/** The project's apps linked to a workspace. */
export function appsOfWorkspace(db: Db, projectUuid: string, workspaceUuid: string): Promise<AppRow[]> {
  return db
    .selectFrom('apps')
    .innerJoin('app_workspaces', 'app_workspaces.app_uuid', 'apps.uuid')
    .selectAll('apps')
    .where('apps.project_uuid', '=', projectUuid)
    .where('app_workspaces.workspace_uuid', '=', workspaceUuid)
    .where('apps.kind', '=', 'platform')
    .orderBy('apps.name')
    .execute();
}

export async function nameTaken(db: Db, projectUuid: string, name: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('apps').select('uuid').where('project_uuid', '=', projectUuid).where('name', '=', name);
  if (except) query = query.where('uuid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function versionNamesOf(db: Db, appUuids: string[]): Promise<{ app_uuid: string; name: string }[]> {
  if (appUuids.length === 0) return [];
  return db.selectFrom('app_versions').select(['app_uuid', 'name']).where('app_uuid', 'in', appUuids).orderBy('created_at').orderBy('name').execute();
}

export async function findVersion(db: Db, appUuid: string, name: string): Promise<AppDefinition | undefined> {
  const row = await db.selectFrom('app_versions').select('definition').where('app_uuid', '=', appUuid).where('name', '=', name).executeTakeFirst();
  return row?.definition;
}

export async function insertVersion(db: Db, appUuid: string, name: string, definition: AppDefinition): Promise<void> {
  const at = nowDate();
  await db.insertInto('app_versions').values({ app_uuid: appUuid, name, definition: JSON.stringify(definition), created_at: at, updated_at: at }).execute();
}

export async function saveVersion(db: Db, appUuid: string, name: string, definition: AppDefinition): Promise<void> {
  await db.updateTable('app_versions').set({ definition: JSON.stringify(definition), updated_at: nowDate() }).where('app_uuid', '=', appUuid).where('name', '=', name).execute();
}

export async function deleteVersion(db: Db, appUuid: string, name: string): Promise<void> {
  await db.deleteFrom('app_versions').where('app_uuid', '=', appUuid).where('name', '=', name).execute();
}

export function workspacesOfApps(db: Db, appUuids: string[]): Promise<{ app_uuid: string; uuid: string; name: string }[]> {
  if (appUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('app_workspaces')
    .innerJoin('workspaces', 'workspaces.uuid', 'app_workspaces.workspace_uuid')
    .select(['app_workspaces.app_uuid', 'workspaces.uuid', 'workspaces.name'])
    .where('app_workspaces.app_uuid', 'in', appUuids)
    .orderBy('workspaces.created_at')
    .orderBy('workspaces.uuid')
    .execute();
}

export async function replaceAppWorkspaces(db: Db, appUuid: string, workspaceUuids: string[]): Promise<void> {
  await db.deleteFrom('app_workspaces').where('app_uuid', '=', appUuid).execute();
  if (workspaceUuids.length === 0) return;
  await db.insertInto('app_workspaces').values(workspaceUuids.map((workspace_uuid) => ({ app_uuid: appUuid, workspace_uuid }))).execute();
}
