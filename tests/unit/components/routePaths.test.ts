// Route paths are forced to lower case when added and saved, so a duplicate in another case is
// 'routeExists' (spec section 5), never a casing complaint; the schema and the rules agree.
import { describe, expect, it } from 'vitest';
import { checkSettingsRules, defaultSettings, lowerRoutePaths, normaliseRoutePath, routePathProblem, validateSettings } from '../../../runtime/components';

describe('route paths', () => {
  it('are lowered, not refused, when they hold upper case', () => {
    expect(normaliseRoutePath('Orders/Summary')).toBe('orders/summary');
    expect(routePathProblem('Orders', [])).toBeNull();
    expect(lowerRoutePaths({ Orders: { code: 'return 1' } })).toEqual({ routes: { orders: { code: 'return 1' } }, errors: [] });
  });

  it('Orders added after orders is routeExists, in the screen rule and in the save', () => {
    expect(routePathProblem('Orders', ['orders'])).toBe('routeExists');
    expect(routePathProblem('ORDERS', ['ping', 'orders'])).toBe('routeExists');
    expect(lowerRoutePaths({ orders: { code: '' }, Orders: { code: '' } })).toEqual({
      routes: { orders: { code: '' } },
      errors: [{ field: 'routes.Orders', messages: ['routeExists'] }],
    });
    const rules = checkSettingsRules({ ...defaultSettings('v1'), routes: { orders: { code: '' }, Orders: { code: '' } } });
    expect(rules).toEqual([{ field: 'routes.Orders', messages: ['routeExists'] }]);
  });

  it('length 2..64, required, and no white space', () => {
    expect(routePathProblem('', [])).toBe('identityField.requiredField');
    expect(routePathProblem('a', [])).toBe('cantBeLessThenChars');
    expect(routePathProblem('x'.repeat(65), [])).toBe('cantBeMoreThenChars');
    expect(routePathProblem('x'.repeat(64), [])).toBeNull();
    expect(routePathProblem('has space', [])).toBe('routePathRule');
  });

  it('the schema accepts what lowering stores and refuses upper case left in place', () => {
    const lowered = lowerRoutePaths({ 'Orders/Summary': { code: '' } }).routes;
    expect(validateSettings({ ...defaultSettings('v1'), routes: lowered }).ok).toBe(true);
    expect(checkSettingsRules({ ...defaultSettings('v1'), routes: lowered })).toEqual([]);
    expect(validateSettings({ ...defaultSettings('v1'), routes: { Orders: { code: '' } } }).ok).toBe(false);
  });
});
