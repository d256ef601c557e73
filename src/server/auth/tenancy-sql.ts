// SQL for tenancy: a project and its memberships, and the default project of a session.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

export function findProject(db: Db, uuid: string) {
  return db.selectFrom('projects').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The user's first active membership (oldest), used as the session's default project. */
export async function firstProjectOf(db: Db, userUuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('project_users')
    .select('project_uuid')
    .where('user_uuid', '=', userUuid)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .orderBy('project_uuid')
    .executeTakeFirst();
  return row?.project_uuid ?? null;
}

export async function countRows(db: Db, table: 'projects' | 'users'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the user holds any role of the project, in any workspace (the claims' noWorkspaceRole against noRoles). */
export async function holdsRoleInProject(db: Db, userUuid: string, projectUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.uuid', 'ur.role_uuid')
    .select('ur.role_uuid')
    .where('ur.user_uuid', '=', userUuid)
    .where('r.project_uuid', '=', projectUuid)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
