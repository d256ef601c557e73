// Members of the current project (GET/PUT/DELETE /v1/iam/users): statuses, roles and removal,
// under the rules of docs/iam.md "Members" and the last-admin guard.
import type { Kysely } from 'kysely';
import type { RoleSummary } from '../../../runtime/api/contract';
import { IAM_MESSAGE, MEMBER_STATUSES, type MemberItem, type MemberStatus } from '../../../runtime/api/iam';
import { deleteApiUser } from './api-users-sql';
import { roleGrantsOfProject } from './roles-sql';
import {
  deleteMembership,
  deleteSessionsInProject,
  findMember,
  listMembers,
  replaceMemberRoles,
  setMemberStatus,
  type MemberRow,
} from './members-sql';
import type { Database, UserKind } from '../db/schema';
import { notFound } from '../platform/errors';
import { FieldErrors, checkUuidList, iamForbidden, pathUuid, requireAdmin, requireProjectRoles, withAdminGuard } from './access';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

/** Statuses that end the member's sessions in the project at once. */
const ENDING: readonly MemberStatus[] = ['inactive', 'banned'];

export function toMemberItem(row: MemberRow, roles: RoleSummary[]): MemberItem {
  return {
    uuid: row.uuid,
    kind: row.kind,
    name: row.name,
    email: row.email,
    status: row.status,
    is_owner: row.is_owner,
    roles,
    login_at: row.login_at ? new Date(row.login_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Member rows shaped with their roles in the project. */
export async function shapeMembers(db: Db, projectUuid: string, rows: MemberRow[]): Promise<MemberItem[]> {
  const grants = await roleGrantsOfProject(db, projectUuid, rows.map((row) => row.uuid));
  return rows.map((row) =>
    toMemberItem(
      row,
      grants.filter((grant) => grant.user_uuid === row.uuid).map(({ uuid, name }) => ({ uuid, name })),
    ),
  );
}

export async function memberItems(db: Db, accountability: Accountability, kind?: UserKind): Promise<MemberItem[]> {
  const projectUuid = requireAdmin(accountability);
  return shapeMembers(db, projectUuid, await listMembers(db, projectUuid, kind));
}

export async function memberItem(db: Db, projectUuid: string, userUuid: string): Promise<MemberItem> {
  const row = await findMember(db, projectUuid, userUuid);
  if (!row) throw notFound();
  const [item] = await shapeMembers(db, projectUuid, [row]);
  return item!;
}

export async function getMember(db: Db, accountability: Accountability, uuid: string): Promise<MemberItem> {
  return memberItem(db, requireAdmin(accountability), pathUuid(uuid));
}

interface MemberChanges {
  status?: MemberStatus;
  roleUuids?: string[];
}

function checkMemberUpdate(body: Record<string, unknown>): MemberChanges {
  const errors = new FieldErrors();
  const changes: MemberChanges = {};
  if (body.status !== undefined) {
    if (typeof body.status === 'string' && (MEMBER_STATUSES as readonly string[]).includes(body.status)) changes.status = body.status as MemberStatus;
    else errors.add('status', 'invalid');
  }
  if (body.role_uuids !== undefined) changes.roleUuids = checkUuidList(body.role_uuids, errors);
  errors.throwIfAny();
  return changes;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item) => b.includes(item));

export async function updateMember(db: Db, accountability: Accountability, uuid: string, body: Record<string, unknown>): Promise<MemberItem> {
  const projectUuid = requireAdmin(accountability);
  const userUuid = pathUuid(uuid);
  const changes = checkMemberUpdate(body);
  if (userUuid === accountability.user.uuid) throw iamForbidden(IAM_MESSAGE.cannotChangeSelf);

  await withAdminGuard(db, projectUuid, async (tx) => {
    const member = await findMember(tx, projectUuid, userUuid);
    if (!member) throw notFound();
    if (changes.roleUuids !== undefined) await requireProjectRoles(tx, projectUuid, changes.roleUuids);
    const current = (await roleGrantsOfProject(tx, projectUuid, [userUuid])).map((grant) => grant.uuid);
    const statusChanges = changes.status !== undefined && changes.status !== member.status;
    const rolesChange = changes.roleUuids !== undefined && !sameSet(changes.roleUuids, current);
    // The owner keeps their status and roles; ownership moves only by transfer.
    if (member.is_owner && (statusChanges || rolesChange)) throw iamForbidden(IAM_MESSAGE.cannotChangeOwner);

    if (changes.status !== undefined) {
      if (statusChanges) await setMemberStatus(tx, projectUuid, userUuid, changes.status);
      if (ENDING.includes(changes.status)) await deleteSessionsInProject(tx, projectUuid, userUuid);
    }
    if (rolesChange) await replaceMemberRoles(tx, projectUuid, userUuid, changes.roleUuids!);
  });
  return memberItem(db, projectUuid, userUuid);
}

/** Removes a membership; an API user (it belongs to this project only) is deleted with its secrets. */
export async function removeMember(db: Db, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const userUuid = pathUuid(uuid);
  if (userUuid === accountability.user.uuid) throw iamForbidden(IAM_MESSAGE.cannotChangeSelf);

  await withAdminGuard(db, projectUuid, async (tx) => {
    const member = await findMember(tx, projectUuid, userUuid);
    if (!member) throw notFound();
    if (member.is_owner) throw iamForbidden(IAM_MESSAGE.cannotChangeOwner);
    if (member.kind === 'api') await deleteApiUser(tx, userUuid);
    else await deleteMembership(tx, projectUuid, userUuid);
  });
  return {};
}
