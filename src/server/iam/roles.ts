// Roles of the current project (GET/POST/PUT/DELETE /v1/iam/roles) and the assignable
// permission strings (GET /v1/iam/permissions). A role's permissions must each be assignable
// in the project (compared case-insensitively; stored as the assignable spelling).
import type { Kysely } from 'kysely';
import { normalizePermission } from '../../../runtime/permissions/hasPermission';
import { IAM_MESSAGE, type RoleItem } from '../../../runtime/api/iam';
import { deleteRole, findRole, insertRole, isRoleNameTaken, listRoles, updateRole, type RoleValues, type RoleWithUsers } from './roles-sql';
import type { Database } from '../db/schema';
import { fieldsNotValid, notFound } from '../platform/errors';
import { FieldErrors, checkName, pathUuid, requireAdmin, withAdminGuard } from './access';
import { assignablePermissions, type PermissionProvider } from './permissions';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const ROLE_LIMITS = { levelMin: 0, levelMax: 1000, permissionsMax: 5000 } as const;

function toRoleItem(row: RoleWithUsers): RoleItem {
  return {
    uuid: row.uuid,
    name: row.name,
    is_admin: row.is_admin,
    level: row.level,
    permissions: Array.isArray(row.permissions) ? row.permissions.filter((permission): permission is string => typeof permission === 'string') : [],
    users: row.users,
  };
}

export function permissionList(db: Db, accountability: Accountability, providers: readonly PermissionProvider[]): Promise<string[]> {
  const projectUuid = requireAdmin(accountability);
  return assignablePermissions({ db, projectUuid, workspaceUuid: accountability.workspace_uuid }, providers);
}

export async function roleItems(db: Db, accountability: Accountability): Promise<RoleItem[]> {
  return (await listRoles(db, requireAdmin(accountability))).map(toRoleItem);
}

async function roleItem(db: Db, projectUuid: string, uuid: string): Promise<RoleItem> {
  const row = await findRole(db, projectUuid, uuid);
  if (!row) throw notFound();
  return toRoleItem(row);
}

export function getRole(db: Db, accountability: Accountability, uuid: string): Promise<RoleItem> {
  return roleItem(db, requireAdmin(accountability), pathUuid(uuid));
}

/** The role body; omitted fields keep `current` (PUT) or take defaults (POST); permissions must be among the providers' assignable ones. */
async function checkRoleInput(
  db: Db,
  accountability: Accountability,
  projectUuid: string,
  body: Record<string, unknown>,
  providers: readonly PermissionProvider[],
  current?: RoleValues,
): Promise<RoleValues> {
  const errors = new FieldErrors();
  const name = body.name === undefined && current ? current.name : checkName(body.name, errors);

  let isAdmin = current?.is_admin ?? false;
  if (body.is_admin !== undefined) {
    if (typeof body.is_admin === 'boolean') isAdmin = body.is_admin;
    else errors.add('is_admin', 'invalid');
  }

  let level = current?.level ?? 0;
  if (body.level !== undefined) {
    if (typeof body.level === 'number' && Number.isInteger(body.level) && body.level >= ROLE_LIMITS.levelMin && body.level <= ROLE_LIMITS.levelMax) level = body.level;
    else errors.add('level', 'invalid', { min: ROLE_LIMITS.levelMin, max: ROLE_LIMITS.levelMax });
  }

  let permissions = current?.permissions ?? [];
  if (body.permissions !== undefined) {
    const given = body.permissions;
    if (!Array.isArray(given) || given.length > ROLE_LIMITS.permissionsMax || !given.every((item) => typeof item === 'string')) {
      errors.add('permissions', 'invalid');
    } else {
      const assignable = new Map<string, string>();
      for (const permission of await assignablePermissions({ db, projectUuid, workspaceUuid: accountability.workspace_uuid }, providers)) {
        assignable.set(normalizePermission(permission), permission);
      }
      // Section 6 names the verb 'update / edit': 'edit {ref}' is taken wherever 'update {ref}' is offered.
      for (const [normalised, permission] of [...assignable]) {
        if (normalised.startsWith('update ')) assignable.set(`edit ${normalised.slice('update '.length)}`, `edit ${permission.slice('update '.length)}`);
      }
      const chosen = new Set<string>();
      const unknown: string[] = [];
      for (const permission of given as string[]) {
        const known = assignable.get(normalizePermission(permission));
        if (known) chosen.add(known);
        else unknown.push(permission);
      }
      if (unknown.length > 0) errors.add('permissions', 'invalid', { permission: unknown.slice(0, 10).join(', ') });
      permissions = [...chosen];
    }
  }
  errors.throwIfAny();
  return { name, is_admin: isAdmin, level, permissions };
}

const nameTaken = () => fieldsNotValid([{ field: 'name', messages: [IAM_MESSAGE.nameTaken] }]);

export async function createRole(db: Db, accountability: Accountability, body: Record<string, unknown>, providers: readonly PermissionProvider[]): Promise<RoleItem> {
  const projectUuid = requireAdmin(accountability);
  const values = await checkRoleInput(db, accountability, projectUuid, body, providers);
  const uuid = await withAdminGuard(db, projectUuid, async (tx) => {
    if (await isRoleNameTaken(tx, projectUuid, values.name, null)) throw nameTaken();
    return insertRole(tx, projectUuid, values);
  });
  return roleItem(db, projectUuid, uuid);
}

export async function editRole(db: Db, accountability: Accountability, uuid: string, body: Record<string, unknown>, providers: readonly PermissionProvider[]): Promise<RoleItem> {
  const projectUuid = requireAdmin(accountability);
  const roleUuid = pathUuid(uuid);
  const existing = await findRole(db, projectUuid, roleUuid);
  if (!existing) throw notFound();
  const values = await checkRoleInput(db, accountability, projectUuid, body, providers, toRoleItem(existing));
  await withAdminGuard(db, projectUuid, async (tx) => {
    if (!(await findRole(tx, projectUuid, roleUuid))) throw notFound();
    if (await isRoleNameTaken(tx, projectUuid, values.name, roleUuid)) throw nameTaken();
    await updateRole(tx, projectUuid, roleUuid, values);
  });
  return roleItem(db, projectUuid, roleUuid);
}

export async function removeRole(db: Db, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const roleUuid = pathUuid(uuid);
  await withAdminGuard(db, projectUuid, async (tx) => {
    if (!(await findRole(tx, projectUuid, roleUuid))) throw notFound();
    await deleteRole(tx, projectUuid, roleUuid);
  });
  return {};
}
