// The permission strings integrations offer to roles (iam/permissions.ts PermissionProvider), and the
// check of spec section 6's 'permission integrationId'.
import type { Kysely } from 'kysely';
import { INTEGRATION_MESSAGE } from '../../../runtime/api/integrations';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import { integrationPermission } from '../../../runtime/permissions/integrationPermission';
import type { Database } from '../db/schema';
import { forbidden } from '../platform/errors';
import { requireProject, type Accountability } from '../auth/tenancy';
import type { PermissionProvider } from '../iam/permissions';
import { installedEntries, isIntegrationActiveIn } from './integrations';

/**
 * The permissions each integration installed in the project exposes (its catalogue entry: the six of
 * luma-media first). A deactivated one keeps them assignable, so roles holding them survive a
 * deactivation and work again on activation.
 */
export const integrationPermissions: PermissionProvider = {
  name: 'integrations',
  permissions: async ({ db, projectUuid }) => (await installedEntries(db, projectUuid)).flatMap((entry) => [...entry.permissions]),
};

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
