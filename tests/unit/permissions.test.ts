import { describe, expect, it } from 'vitest';
import { hasPermission, normalizePermission } from '../../runtime/permissions/hasPermission';

describe('hasPermission', () => {
  const user = { is_admin: false, permissions: ['read orders', 'Upload Luma-Media'] };

  it('grants a permission in the list', () => {
    expect(hasPermission(user, 'read orders')).toBe(true);
    expect(hasPermission(user, 'read', 'orders')).toBe(true);
  });

  it('matches case-insensitively and ignores extra whitespace', () => {
    expect(hasPermission(user, 'READ Orders')).toBe(true);
    expect(hasPermission(user, 'upload', 'luma-media')).toBe(true);
    expect(hasPermission(user, '  read   orders ')).toBe(true);
  });

  it('refuses a verb or ref not in the list', () => {
    expect(hasPermission(user, 'delete orders')).toBe(false);
    expect(hasPermission(user, 'read', 'customers')).toBe(false);
    expect(hasPermission(user, 'read order')).toBe(false);
    expect(hasPermission(user, '')).toBe(false);
  });

  it('lets an admin pass every check', () => {
    expect(hasPermission({ is_admin: true, permissions: [] }, 'delete', 'anything')).toBe(true);
  });

  it('normalizes to one canonical form', () => {
    expect(normalizePermission(' Use\tLuma-Media ')).toBe('use luma-media');
  });
});
