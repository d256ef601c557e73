// Integration permissions (spec section 6: "Integration UI elements need a permission check of the
// form 'permission integrationId'"): the string is '{verb} {integration id}', as the six luma-media
// ones are ('use luma-media'), matched like every permission (case-insensitive; admins pass).
import type { Integration } from '../api/integrations';
import { isIntegrationActive } from '../integrations/isIntegrationActive';
import { hasPermission, type PermissionSubject } from './hasPermission';

/** integrationPermission('use', 'luma-media') === 'use luma-media' */
export function integrationPermission(verb: string, integrationId: string): string {
  return `${verb.trim()} ${integrationId.trim()}`;
}

/**
 * Whether an integration's UI element shows: the integration is active in the project (GET
 * /integrations) and the viewer holds '{verb} {id}'. An admin passes the permission, never a
 * deactivated integration: what is off is off for everyone.
 */
export function canUseIntegration(
  subject: PermissionSubject | null | undefined,
  integrations: readonly Pick<Integration, 'id' | 'disabled'>[] | null | undefined,
  verb: string,
  integrationId: string,
): boolean {
  if (!subject || !isIntegrationActive(integrations, integrationId)) return false;
  return hasPermission(subject, integrationPermission(verb, integrationId));
}
