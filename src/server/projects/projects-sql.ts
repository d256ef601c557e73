// SQL for projects: the caller's, their workspaces and members as the contract's Project shows them,
// and the project writes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export function projectsOfUser(db: Db, userUuid: string) {
  return db
    .selectFrom('projects')
    .innerJoin('project_users', 'project_users.project_uuid', 'projects.uuid')
    .selectAll('projects')
    .where('project_users.user_uuid', '=', userUuid)
    .orderBy('project_users.created_at')
    .orderBy('projects.uuid')
    .execute();
}

export function workspacesOfProjects(db: Db, projectUuids: string[]) {
  if (projectUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('workspaces')
    .select(['uuid', 'project_uuid', 'name'])
    .where('project_uuid', 'in', projectUuids)
    .orderBy('created_at')
    .orderBy('uuid')
    .execute();
}

export function membersOfProjects(db: Db, projectUuids: string[]) {
  if (projectUuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('project_users')
    .innerJoin('users', 'users.uuid', 'project_users.user_uuid')
    .select(['project_users.project_uuid', 'project_users.user_uuid', 'project_users.is_owner', 'users.name', 'users.email', 'users.status'])
    .where('project_users.project_uuid', 'in', projectUuids)
    .orderBy('project_users.created_at')
    .orderBy('users.email')
    .execute();
}

// ---- Writes (POST /v1/project, PUT /v1/project/{uuid}, transfer) ----------------------------

export async function insertProject(db: Db, name: string, ownerUuid: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('projects').values({ uuid, name, owner_uuid: ownerUuid, account: '{}' }).execute();
  return uuid;
}

export async function renameProject(db: Db, uuid: string, name: string): Promise<void> {
  await db.updateTable('projects').set({ name, updated_at: clockNow() }).where('uuid', '=', uuid).execute();
}

/** Moves ownership: projects.owner_uuid and the is_owner flags of the memberships. */
export async function setProjectOwner(db: Db, uuid: string, ownerUuid: string): Promise<void> {
  await db.updateTable('projects').set({ owner_uuid: ownerUuid, updated_at: clockNow() }).where('uuid', '=', uuid).execute();
  await db
    .updateTable('project_users')
    .set({ is_owner: sql<boolean>`user_uuid = ${ownerUuid}` })
    .where('project_uuid', '=', uuid)
    .execute();
}
