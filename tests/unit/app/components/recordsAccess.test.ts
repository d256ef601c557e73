// Where a component's records open from the components list and the settings header.
import { describe, expect, it } from 'vitest';
import { recordsAccess, recordsPath } from '../../../../src/app/features/components/RecordsLink';

describe('records access', () => {
  const fresh = { ref: 'orders', dev_version: 'v1', public_version: null };
  it('opens here when this environment has a version', () => {
    expect(recordsAccess(fresh, 'dev')).toEqual({ kind: 'open' });
    expect(recordsAccess({ ...fresh, public_version: 'v1' }, 'live')).toEqual({ kind: 'open' });
  });
  it('offers the other environment when only it has a version (a component fresh from create, seen in live)', () => {
    expect(recordsAccess(fresh, 'live')).toEqual({ kind: 'switch', env: 'dev' });
    expect(recordsAccess({ ...fresh, dev_version: null, public_version: 'v2' }, 'dev')).toEqual({ kind: 'switch', env: 'live' });
  });
  it('offers nothing without any version', () => {
    expect(recordsAccess({ ...fresh, dev_version: null }, 'live')).toEqual({ kind: 'none' });
  });
  it('links to the component route by ref (uuid or scope/name)', () => {
    expect(recordsPath('shop/orders')).toBe('/admin/component/shop/orders');
  });
});
