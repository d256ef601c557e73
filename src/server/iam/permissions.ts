// Permission strings assignable to roles in a project. Each capability that grants permissions
// contributes a provider in its own folder (components/permissions.ts, integrations/permissions.ts;
// apps add theirs later); the main host hands the list to IAM's routes (hosts/main/index.ts), so IAM
// imports none of the capabilities it grants permissions on.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizePermission } from '../../../runtime/permissions/hasPermission';
import type { ServerContext } from '../platform/context';
import { requireProject, type Accountability } from '../auth/tenancy';

export interface PermissionProviderContext {
  db: Kysely<Database>;
  projectUuid: string;
  workspaceUuid: string | null;
}

export interface PermissionProvider {
  name: string;
  permissions(context: PermissionProviderContext): string[] | Promise<string[]>;
}

/** What IAM's routes take: the server context and the providers of the permissions roles may hold. */
export interface PermissionsContext extends ServerContext {
  permissions: readonly PermissionProvider[];
}

export async function assignablePermissions(context: PermissionProviderContext, providers: readonly PermissionProvider[]): Promise<string[]> {
  const lists = await Promise.all(providers.map((provider) => provider.permissions(context)));
  return [...new Set(lists.flat())];
}

export function rolePermissions(accountability: Accountability): { is_admin: boolean; permissions: string[]; roles: string[] } {
  return { is_admin: accountability.is_admin, permissions: accountability.permissions, roles: accountability.roles.map((role) => role.uuid) };
}

/**
 * GET /v1/user/permissions/list: an admin gets every permission assignable in the project (to build
 * roles); anyone else only those of them they hold, so the list names no component they may not see.
 */
export async function permissionListOf(db: Kysely<Database>, accountability: Accountability, providers: readonly PermissionProvider[]): Promise<string[]> {
  const all = await assignablePermissions({ db, projectUuid: requireProject(accountability), workspaceUuid: accountability.workspace_uuid }, providers);
  if (accountability.is_admin) return all;
  const held = new Set(accountability.permissions.map(normalizePermission));
  return all.filter((permission) => held.has(normalizePermission(permission)));
}
