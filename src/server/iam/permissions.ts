// Permission strings assignable to roles in a project. Each feature contributes a provider;
// components and apps add theirs later by appending to PERMISSION_PROVIDERS.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { componentPermissionStrings } from '../components/components';
import { INTEGRATION_MESSAGE } from '../../../runtime/api/integrations';
import { hasPermission, normalizePermission } from '../../../runtime/permissions/hasPermission';
import { integrationPermission } from '../../../runtime/permissions/integrationPermission';
import { forbidden } from '../platform/errors';
import { installedEntries, isIntegrationActiveIn } from '../integrations/integrations';
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

export const MEDIA_PERMISSIONS = [
  'use luma-media',
  'upload luma-media',
  'create_dir luma-media',
  'delete_dir luma-media',
  'download luma-media',
  'delete luma-media',
] as const;

export const mediaPermissions: PermissionProvider = { name: 'media', permissions: () => [...MEDIA_PERMISSIONS] };

/** read|create|update|delete|see|settings {ref} for each component of the project. */
export const componentPermissions: PermissionProvider = {
  name: 'components',
  permissions: ({ db, projectUuid }) => componentPermissionStrings(db, projectUuid),
};

/**
 * The permissions each integration installed in the project exposes (its catalogue entry: the six of
 * luma-media first). A deactivated one keeps them assignable, so roles holding them survive a
 * deactivation and work again on activation.
 */
export const integrationPermissions: PermissionProvider = {
  name: 'integrations',
  permissions: async ({ db, projectUuid }) => (await installedEntries(db, projectUuid)).flatMap((entry) => [...entry.permissions]),
};

export const PERMISSION_PROVIDERS: PermissionProvider[] = [integrationPermissions, componentPermissions];

/**
 * 'permission integrationId' (spec section 6): whether the caller may use '{verb} {integrationId}'
 * now: the integration is active in the caller's project and the caller holds the permission (an
 * admin passes the permission check, not a deactivated integration).
 */
export async function hasIntegrationPermission(db: Kysely<Database>, accountability: Accountability, verb: string, integrationId: string): Promise<boolean> {
  if (!accountability.project_uuid) return false;
  if (!(await isIntegrationActiveIn(db, accountability.project_uuid, integrationId))) return false;
  return hasPermission(accountability, integrationPermission(verb, integrationId));
}

/** As hasIntegrationPermission, or 403: 'integrationDisabled' when it is off, 'forbidden' without the permission. */
export async function requireIntegrationPermission(db: Kysely<Database>, accountability: Accountability, verb: string, integrationId: string): Promise<void> {
  const projectUuid = requireProject(accountability);
  if (!(await isIntegrationActiveIn(db, projectUuid, integrationId))) throw forbidden(INTEGRATION_MESSAGE.disabled);
  if (!hasPermission(accountability, integrationPermission(verb, integrationId))) throw forbidden();
}

export async function assignablePermissions(
  context: PermissionProviderContext,
  providers: readonly PermissionProvider[] = PERMISSION_PROVIDERS,
): Promise<string[]> {
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
export async function permissionListOf(db: Kysely<Database>, accountability: Accountability): Promise<string[]> {
  const all = await assignablePermissions({ db, projectUuid: requireProject(accountability), workspaceUuid: accountability.workspace_uuid });
  if (accountability.is_admin) return all;
  const held = new Set(accountability.permissions.map(normalizePermission));
  return all.filter((permission) => held.has(normalizePermission(permission)));
}
