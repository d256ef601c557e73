// SQL for the workspaces of one project and their environments (each workspace has dev and live).
// Every lookup is scoped to the project, so a uuid of another project's workspace finds nothing.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export interface WorkspaceRow {
  uuid: string;
  project_uuid: string;
  name: string;
  created_at: Date;
}

export function listWorkspaces(db: Db, projectUuid: string): Promise<WorkspaceRow[]> {
  return db
    .selectFrom('workspaces')
    .select(['uuid', 'project_uuid', 'name', 'created_at'])
    .where('project_uuid', '=', projectUuid)
    .orderBy('created_at')
    .orderBy('uuid')
    .execute();
}

export function findWorkspace(db: Db, projectUuid: string, uuid: string): Promise<WorkspaceRow | undefined> {
  return db
    .selectFrom('workspaces')
    .select(['uuid', 'project_uuid', 'name', 'created_at'])
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** A workspace with its dev and live environments. */
export async function insertWorkspace(db: Db, projectUuid: string, name: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('workspaces').values({ uuid, project_uuid: projectUuid, name }).execute();
  await db
    .insertInto('environments')
    .values([
      { workspace_uuid: uuid, name: 'dev', settings: '{}' },
      { workspace_uuid: uuid, name: 'live', settings: '{}' },
    ])
    .execute();
  return uuid;
}

export async function renameWorkspace(db: Db, projectUuid: string, uuid: string, name: string): Promise<void> {
  await db
    .updateTable('workspaces')
    .set({ name, updated_at: clockNow() })
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .execute();
}

export function environmentsOfWorkspaces(db: Db, workspaceUuids: string[]) {
  if (workspaceUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('environments')
    .select(['workspace_uuid', 'name'])
    .where('workspace_uuid', 'in', workspaceUuids)
    .orderBy('name')
    .execute();
}
