// SQL for the roles of one project (GET/POST/PUT/DELETE /v1/iam/roles, GET /v1/user/role/list) and
// who holds them. Every lookup is scoped to the project, so a uuid of another project's role finds nothing.
import { sql, type Kysely } from 'kysely';
import { toJson } from '../db/json';
import type { Database, RoleRow } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export type RoleWithUsers = RoleRow & { users: number };

function rolesQuery(db: Db, projectUuid: string) {
  return db
    .selectFrom('roles')
    .selectAll('roles')
    .select((eb) =>
      eb
        .selectFrom('user_roles')
        .innerJoin('project_users', (join) =>
          join.onRef('project_users.user_uuid', '=', 'user_roles.user_uuid').on('project_users.project_uuid', '=', projectUuid),
        )
        .select(sql<number>`count(distinct user_roles.user_uuid)::int`.as('n'))
        .whereRef('user_roles.role_uuid', '=', 'roles.uuid')
        .as('users'),
    )
    .where('roles.project_uuid', '=', projectUuid);
}

export async function listRoles(db: Db, projectUuid: string): Promise<RoleWithUsers[]> {
  const rows = await rolesQuery(db, projectUuid).orderBy('roles.level', 'desc').orderBy('roles.name').orderBy('roles.uuid').execute();
  return rows.map((row) => ({ ...row, users: Number(row.users ?? 0) }));
}

export async function findRole(db: Db, projectUuid: string, uuid: string): Promise<RoleWithUsers | undefined> {
  const row = await rolesQuery(db, projectUuid).where('roles.uuid', '=', uuid).executeTakeFirst();
  return row ? { ...row, users: Number(row.users ?? 0) } : undefined;
}

/** Whether another role of the project has this name, compared case-insensitively. */
export async function isRoleNameTaken(db: Db, projectUuid: string, name: string, exceptUuid: string | null): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('uuid')
    .where('project_uuid', '=', projectUuid)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptUuid) query = query.where('uuid', '<>', exceptUuid);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface RoleValues {
  name: string;
  is_admin: boolean;
  level: number;
  permissions: string[];
}

export async function insertRole(db: Db, projectUuid: string, values: RoleValues): Promise<string> {
  const uuid = crypto.randomUUID();
  await db
    .insertInto('roles')
    .values({ uuid, project_uuid: projectUuid, name: values.name, is_admin: values.is_admin, level: values.level, permissions: toJson(values.permissions) })
    .execute();
  return uuid;
}

export async function updateRole(db: Db, projectUuid: string, uuid: string, values: RoleValues): Promise<void> {
  await db
    .updateTable('roles')
    .set({ name: values.name, is_admin: values.is_admin, level: values.level, permissions: toJson(values.permissions), updated_at: clockNow() })
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .execute();
}

/** Deletes the role; its grants go with it (on delete cascade). */
export async function deleteRole(db: Db, projectUuid: string, uuid: string): Promise<void> {
  await db.deleteFrom('roles').where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).execute();
}

/** The project's admin role to hand to a new owner: the highest level first. */
export function adminRoleOf(db: Db, projectUuid: string): Promise<{ uuid: string } | undefined> {
  return db
    .selectFrom('roles')
    .select('uuid')
    .where('project_uuid', '=', projectUuid)
    .where('is_admin', '=', true)
    .orderBy('level', 'desc')
    .orderBy('created_at')
    .orderBy('uuid')
    .executeTakeFirst();
}

export function nonAdminRolesOfProject(db: Db, projectUuid: string) {
  return db
    .selectFrom('roles')
    .select(['uuid', 'name'])
    .where('project_uuid', '=', projectUuid)
    .where('is_admin', '=', false)
    .orderBy('level', 'desc')
    .orderBy('name')
    .execute();
}

/** The (user, role) pairs of a project's roles, for every member or only `userUuids`; workspace-scoped grants included. */
export function roleGrantsOfProject(db: Db, projectUuid: string, userUuids?: readonly string[]) {
  if (userUuids !== undefined && userUuids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.uuid', 'user_roles.role_uuid')
    .select(['user_roles.user_uuid', 'roles.uuid', 'roles.name'])
    .distinct()
    .where('roles.project_uuid', '=', projectUuid);
  if (userUuids !== undefined) query = query.where('user_roles.user_uuid', 'in', userUuids);
  return query.orderBy('roles.name').orderBy('roles.uuid').execute();
}
