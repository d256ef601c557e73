// The runtime side of integrations: isIntegrationActive (what the widgets and screens ask), the
// catalogue, and 'permission integrationId' checks for integration UI elements (spec section 6).
import { describe, expect, it } from 'vitest';
import { MEDIA_PERMISSION } from '../../runtime/api/media';
import { catalogueEntry, INTEGRATION_CATALOGUE } from '../../runtime/integrations/catalogue';
import { isIntegrationActive } from '../../runtime/integrations/isIntegrationActive';
import { canUseIntegration, integrationPermission } from '../../runtime/permissions/integrationPermission';

const active = [{ id: 'luma-media', disabled: false }];
const off = [{ id: 'luma-media', disabled: true }];

describe('isIntegrationActive', () => {
  it('is true only for a listed, not disabled integration; a list not loaded yet is false', () => {
    expect(isIntegrationActive(active, 'luma-media')).toBe(true);
    expect(isIntegrationActive(off, 'luma-media')).toBe(false);
    expect(isIntegrationActive([], 'luma-media')).toBe(false);
    expect(isIntegrationActive(active, 'other')).toBe(false);
    expect(isIntegrationActive(undefined, 'luma-media')).toBe(false);
    expect(isIntegrationActive(null, 'luma-media')).toBe(false);
  });
});

describe('the catalogue', () => {
  it('has luma-media first, active by default, exposing the six media permissions and its page', () => {
    const [media] = INTEGRATION_CATALOGUE;
    expect(media).toMatchObject({ id: 'luma-media', default_active: true, pages: [{ path: '/admin/integrations/page/luma-media' }] });
    expect(media!.permissions).toEqual(Object.values(MEDIA_PERMISSION));
  });

  it('finds entries by exact id only', () => {
    expect(catalogueEntry('luma-media')?.id).toBe('luma-media');
    for (const id of ['LUMA-MEDIA', '__proto__', 'constructor', '', ' luma-media', 42, null, undefined]) expect(catalogueEntry(id), String(id)).toBeUndefined();
  });
});

describe("'permission integrationId'", () => {
  it("is '{verb} {id}'", () => {
    expect(integrationPermission('use', 'luma-media')).toBe(MEDIA_PERMISSION.use);
    expect(integrationPermission(' upload ', 'luma-media')).toBe(MEDIA_PERMISSION.upload);
  });

  it('shows an element when the integration is active and the permission is held (any case); an admin passes the permission, never a deactivated integration', () => {
    const member = { is_admin: false, permissions: ['USE Luma-Media'] };
    const admin = { is_admin: true, permissions: [] };
    expect(canUseIntegration(member, active, 'use', 'luma-media')).toBe(true);
    expect(canUseIntegration(member, active, 'upload', 'luma-media')).toBe(false);
    expect(canUseIntegration(member, off, 'use', 'luma-media')).toBe(false);
    expect(canUseIntegration(admin, active, 'delete', 'luma-media')).toBe(true);
    expect(canUseIntegration(admin, off, 'delete', 'luma-media')).toBe(false);
    expect(canUseIntegration(admin, undefined, 'use', 'luma-media')).toBe(false);
    expect(canUseIntegration(undefined, active, 'use', 'luma-media')).toBe(false);
  });
});
