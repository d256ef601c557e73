// SQL for the members of one project (docs/iam.md "Members"): memberships with their users and
// roles, status changes, role grants, and the "last admin" count. Every lookup is scoped to the
// project, so a uuid of another project's member finds nothing.
import { sql, type Kysely } from 'kysely';
import type { Database, UserKind, UserStatus } from '../db/schema';

type Db = Kysely<Database>;

export interface MemberRow {
  uuid: string;
  kind: UserKind;
  name: string;
  email: string;
  status: UserStatus;
  is_owner: boolean;
  login_at: Date | null;
  created_at: Date;
}

function membersQuery(db: Db, projectUuid: string) {
  return db
    .selectFrom('project_users')
    .innerJoin('users', 'users.uuid', 'project_users.user_uuid')
    .select([
      'users.uuid',
      'users.kind',
      'users.name',
      'users.email',
      'project_users.status',
      'project_users.is_owner',
      'users.login_at',
      'project_users.created_at',
    ])
    .where('project_users.project_uuid', '=', projectUuid);
}

export function listMembers(db: Db, projectUuid: string, kind?: UserKind): Promise<MemberRow[]> {
  let query = membersQuery(db, projectUuid);
  if (kind) query = query.where('users.kind', '=', kind);
  return query.orderBy('project_users.created_at').orderBy('users.uuid').execute();
}

export function findMember(db: Db, projectUuid: string, userUuid: string): Promise<MemberRow | undefined> {
  return membersQuery(db, projectUuid).where('users.uuid', '=', userUuid).executeTakeFirst();
}

/** Locks the project row: IAM writes of one project run one at a time (the last-admin rule). */
export async function lockProject(db: Db, projectUuid: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('uuid').where('uuid', '=', projectUuid).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Which of these role uuids are roles of the project. */
export async function rolesInProject(db: Db, projectUuid: string, roleUuids: string[]): Promise<{ uuid: string; name: string; is_admin: boolean }[]> {
  if (roleUuids.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(['uuid', 'name', 'is_admin'])
    .where('project_uuid', '=', projectUuid)
    .where('uuid', 'in', roleUuids)
    .orderBy('name')
    .orderBy('uuid')
    .execute();
}

export async function setMemberStatus(db: Db, projectUuid: string, userUuid: string, status: UserStatus): Promise<void> {
  await db.updateTable('project_users').set({ status }).where('project_uuid', '=', projectUuid).where('user_uuid', '=', userUuid).execute();
}

/** Replaces the user's grants of the project's roles by project-wide grants of `roleUuids`. */
export async function replaceMemberRoles(db: Db, projectUuid: string, userUuid: string, roleUuids: string[]): Promise<void> {
  await removeMemberRoles(db, projectUuid, userUuid);
  await grantRoles(db, userUuid, roleUuids);
}

export async function grantRoles(db: Db, userUuid: string, roleUuids: string[]): Promise<void> {
  if (roleUuids.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(roleUuids.map((role_uuid) => ({ user_uuid: userUuid, role_uuid, workspace_uuid: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeMemberRoles(db: Db, projectUuid: string, userUuid: string): Promise<void> {
  await db
    .deleteFrom('user_roles')
    .where('user_uuid', '=', userUuid)
    .where('role_uuid', 'in', (eb) => eb.selectFrom('roles').select('uuid').where('project_uuid', '=', projectUuid))
    .execute();
}

export async function insertMembership(db: Db, projectUuid: string, userUuid: string, isOwner = false): Promise<boolean> {
  const inserted = await db
    .insertInto('project_users')
    .values({ project_uuid: projectUuid, user_uuid: userUuid, is_owner: isOwner, status: 'active' })
    .onConflict((oc) => oc.columns(['project_uuid', 'user_uuid']).doNothing())
    .returning('user_uuid')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes the membership and the user's grants of the project's roles. */
export async function deleteMembership(db: Db, projectUuid: string, userUuid: string): Promise<void> {
  await removeMemberRoles(db, projectUuid, userUuid);
  await db.deleteFrom('project_users').where('project_uuid', '=', projectUuid).where('user_uuid', '=', userUuid).execute();
}

/** Ends the user's sessions opened on this project. */
export async function deleteSessionsInProject(db: Db, projectUuid: string, userUuid: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_uuid', '=', userUuid).where('project_uuid', '=', projectUuid).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Active members holding an admin role of the project. */
export async function countActiveAdmins(db: Db, projectUuid: string): Promise<number> {
  const row = await db
    .selectFrom('project_users')
    .select(sql<number>`count(distinct project_users.user_uuid)::int`.as('n'))
    .where('project_users.project_uuid', '=', projectUuid)
    .where('project_users.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .innerJoin('roles', 'roles.uuid', 'user_roles.role_uuid')
          .select(sql`1`.as('one'))
          .whereRef('user_roles.user_uuid', '=', 'project_users.user_uuid')
          .where('roles.project_uuid', '=', projectUuid)
          .where('roles.is_admin', '=', true),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a person with this e-mail (any status) is a member of the project. */
export async function isEmailMember(db: Db, projectUuid: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_users')
    .innerJoin('users', 'users.uuid', 'project_users.user_uuid')
    .select('users.uuid')
    .where('project_users.project_uuid', '=', projectUuid)
    .where('users.kind', '=', 'person')
    .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user holds an admin role of the project. */
export async function holdsAdminRole(db: Db, projectUuid: string, userUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.uuid', 'user_roles.role_uuid')
    .select('roles.uuid')
    .where('user_roles.user_uuid', '=', userUuid)
    .where('roles.project_uuid', '=', projectUuid)
    .where('roles.is_admin', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
