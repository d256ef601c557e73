// SQL for tenancy: memberships, workspaces, environments and the caller's roles.
import { sql, type Kysely } from 'kysely';
import type { Database, RoleRow } from '../schema';

type Db = Kysely<Database>;

export async function isProjectMember(db: Db, userUuid: string, projectUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_users')
    .select('user_uuid')
    .where('user_uuid', '=', userUuid)
    .where('project_uuid', '=', projectUuid)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's first membership (oldest), used as the session's default project. */
export async function firstProjectOf(db: Db, userUuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('project_users')
    .select('project_uuid')
    .where('user_uuid', '=', userUuid)
    .orderBy('created_at')
    .orderBy('project_uuid')
    .executeTakeFirst();
  return row?.project_uuid ?? null;
}

export async function firstWorkspaceOf(db: Db, projectUuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('workspaces')
    .select('uuid')
    .where('project_uuid', '=', projectUuid)
    .orderBy('created_at')
    .orderBy('uuid')
    .executeTakeFirst();
  return row?.uuid ?? null;
}

export async function isWorkspaceOfProject(db: Db, workspaceUuid: string, projectUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('uuid')
    .where('uuid', '=', workspaceUuid)
    .where('project_uuid', '=', projectUuid)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's roles in a project: project-wide ones and those given for this workspace. */
export function rolesOfUser(db: Db, userUuid: string, projectUuid: string, workspaceUuid: string | null): Promise<RoleRow[]> {
  return db
    .selectFrom('roles')
    .innerJoin('user_roles', 'user_roles.role_uuid', 'roles.uuid')
    .selectAll('roles')
    .distinct()
    .where('user_roles.user_uuid', '=', userUuid)
    .where('roles.project_uuid', '=', projectUuid)
    .where((eb) =>
      workspaceUuid === null
        ? eb('user_roles.workspace_uuid', 'is', null)
        : eb.or([eb('user_roles.workspace_uuid', 'is', null), eb('user_roles.workspace_uuid', '=', workspaceUuid)]),
    )
    .orderBy('roles.level', 'desc')
    .orderBy('roles.name')
    .execute();
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

export async function countRows(db: Db, table: 'projects' | 'users'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
