// Rows written straight to the database, for states the API cannot create yet
// (a second project, other members, roles).
import type { Kysely } from 'kysely';
import { toJson } from '../../src/server/db/json';
import type { Database, UserStatus } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/services/passwords';

type Db = Kysely<Database>;

export async function adminProject(db: Db): Promise<{ projectUuid: string; workspaceUuid: string; adminUuid: string }> {
  const project = await db.selectFrom('projects').select(['uuid', 'owner_uuid']).where('name', '=', 'Luma').executeTakeFirstOrThrow();
  const workspace = await db.selectFrom('workspaces').select('uuid').where('project_uuid', '=', project.uuid).executeTakeFirstOrThrow();
  return { projectUuid: project.uuid, workspaceUuid: workspace.uuid, adminUuid: project.owner_uuid! };
}

export async function createUser(db: Db, email: string, password: string, status: UserStatus = 'active', name = 'Test User'): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('users').values({ uuid, name, email, password_hash: await hashPassword(password), status }).execute();
  return uuid;
}

export async function createProject(db: Db, name: string, ownerUuid: string | null = null): Promise<{ projectUuid: string; workspaceUuid: string }> {
  const projectUuid = crypto.randomUUID();
  const workspaceUuid = crypto.randomUUID();
  await db.insertInto('projects').values({ uuid: projectUuid, name, owner_uuid: ownerUuid }).execute();
  await db.insertInto('workspaces').values({ uuid: workspaceUuid, project_uuid: projectUuid, name: `${name} workspace` }).execute();
  await db
    .insertInto('environments')
    .values([
      { workspace_uuid: workspaceUuid, name: 'dev', settings: toJson({}) },
      { workspace_uuid: workspaceUuid, name: 'live', settings: toJson({}) },
    ])
    .execute();
  return { projectUuid, workspaceUuid };
}

export async function addWorkspace(db: Db, projectUuid: string, name: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('workspaces').values({ uuid, project_uuid: projectUuid, name }).execute();
  return uuid;
}

export async function addMember(db: Db, projectUuid: string, userUuid: string, isOwner = false): Promise<void> {
  await db.insertInto('project_users').values({ project_uuid: projectUuid, user_uuid: userUuid, is_owner: isOwner }).execute();
}

export async function createRole(
  db: Db,
  projectUuid: string,
  role: { name: string; isAdmin?: boolean; level?: number; permissions?: string[] },
): Promise<string> {
  const uuid = crypto.randomUUID();
  await db
    .insertInto('roles')
    .values({ uuid, project_uuid: projectUuid, name: role.name, is_admin: role.isAdmin ?? false, level: role.level ?? 10, permissions: toJson(role.permissions ?? []) })
    .execute();
  return uuid;
}

export async function grantRole(db: Db, userUuid: string, roleUuid: string, workspaceUuid: string | null = null): Promise<void> {
  await db.insertInto('user_roles').values({ user_uuid: userUuid, role_uuid: roleUuid, workspace_uuid: workspaceUuid }).execute();
}

export async function setRolePermissions(db: Db, roleUuid: string, permissions: string[]): Promise<void> {
  await db.updateTable('roles').set({ permissions: toJson(permissions) }).where('uuid', '=', roleUuid).execute();
}

/** A member of the admin's project with one non-admin role. */
export async function createMember(db: Db, email: string, password: string, permissions: string[] = []) {
  const { projectUuid, workspaceUuid } = await adminProject(db);
  const userUuid = await createUser(db, email, password);
  await addMember(db, projectUuid, userUuid);
  const roleUuid = await createRole(db, projectUuid, { name: `Role of ${email}`, permissions });
  await grantRole(db, userUuid, roleUuid);
  return { userUuid, roleUuid, projectUuid, workspaceUuid };
}
