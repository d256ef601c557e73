// The components screens' pure parts: tabs and keys, the field form's rules wiring, list columns,
// the sidebar's menu links, dynamic route refs and how a failed call is shown.
import { describe, expect, it } from 'vitest';
import { normaliseField } from '../../../../runtime/components';
import { CATALOGUES, isMessageKey } from '../../../../runtime/i18n/catalogues';
import { ApiRequestError } from '../../../../runtime/client/errors';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { refPath, findComponent } from '../../../../runtime/client/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { findMenuItem, refFromParams } from '../../../../src/app/features/components/routes/menuRef';
import { listColumnOptions } from '../../../../src/app/features/components/settings/listColumns';
import { tabAfterKey, tabFromHash, SETTINGS_TABS } from '../../../../src/app/features/components/settings/tabs';
import { defaultVersion } from '../../../../src/app/features/components/settings/useSettingsController';
import { errorsForField, moveField, newFieldDraft, prepareField, refusalKey, withField } from '../../../../src/app/features/components/settings/fields/fieldForm';
import { itemsToText, textToItems } from '../../../../src/app/features/components/settings/fields/SelectablesEditor';
import { menuLinks, withLinksAfter } from '../../../../src/app/nav/componentMenu';
import { ADMIN_NAV } from '../../../../src/app/nav/adminNav';
import { deepEqual } from '../../../../src/app/lib/deepEqual';

const field = (name: string, module = 'input', type = 'text') => normaliseField({ name, module: module as never, type: type as never });

describe('settings tabs', () => {
  it('reads the tab from the URL hash, general by default', () => {
    expect(tabFromHash('#fields')).toBe('fields');
    expect(tabFromHash('config')).toBe('config');
    expect(tabFromHash('#nope')).toBe('general');
    expect(tabFromHash('')).toBe('general');
  });

  it('arrows wrap around and skip a disabled tab', () => {
    const none = new Set<never>();
    expect(tabAfterKey('general', 'ArrowRight', none)).toBe('appearance');
    expect(tabAfterKey('general', 'ArrowLeft', none)).toBe('config');
    expect(tabAfterKey('config', 'ArrowRight', none)).toBe('general');
    expect(tabAfterKey('list', 'ArrowRight', new Set(['fields'] as const))).toBe('model');
    expect(tabAfterKey('model', 'ArrowLeft', new Set(['fields'] as const))).toBe('list');
    expect(tabAfterKey('list', 'Home', none)).toBe(SETTINGS_TABS[0]);
    expect(tabAfterKey('list', 'End', none)).toBe('config');
    expect(tabAfterKey('list', 'a', none)).toBeNull();
  });
});

describe('field form', () => {
  it('stores the name in Start Case with a derived key, and drops empty context entries', () => {
    const stored = prepareField({ ...newFieldDraft(0), name: 'customer name', module: 'input', type: 'text', context: [{ key: 'a', value: '1' }, { key: '', value: 'x' }, { key: 'b', value: ' ' }] });
    expect(stored.name).toBe('Customer Name');
    expect(stored.key).toBe('customer_name');
    expect(stored.context).toEqual([{ key: 'a', value: '1' }]);
  });

  it('refuses a duplicate name with the spec message, at the new field only', () => {
    const fields = [field('customer name')];
    const next = withField(fields, 1, prepareField({ ...newFieldDraft(1), name: 'Customer name', module: 'input', type: 'text' }));
    const errors = errorsForField(next, 1);
    expect(refusalKey(errors)).toBe('fieldWithSameNameOrKeyExists');
    expect(errorsForField(next, 0)).toEqual({});
  });

  it('refuses a field without module or type as not valid, with messages at their inputs', () => {
    const next = withField([], 0, prepareField({ ...newFieldDraft(0), name: 'x' }));
    const errors = errorsForField(next, 0);
    expect(refusalKey(errors)).toBe('fieldsNotValid');
    expect(errors.name).toEqual(['cantBeLessThenChars']);
    expect(errors.module).toEqual(['identityField.requiredField']);
    expect(errors.type).toEqual(['identityField.requiredField']);
  });

  it('accepts a valid new field', () => {
    const next = withField([field('order total', 'input', 'number')], 1, prepareField({ ...newFieldDraft(1), name: 'paid', module: 'checkbox', type: 'bool' }));
    expect(refusalKey(errorsForField(next, 1))).toBeNull();
    expect(next.map((f) => f.key)).toEqual(['order_total', 'paid']);
  });

  it('replaces an edited field in place and reorders with sortOrder following the position', () => {
    const fields = [field('a1'), field('b2'), field('c3')];
    expect(withField(fields, 1, field('x9')).map((f) => f.key)).toEqual(['a1', 'x9', 'c3']);
    const moved = moveField(fields, 2, -1);
    expect(moved.map((f) => [f.key, f.sortOrder])).toEqual([['a1', 0], ['c3', 1], ['b2', 2]]);
    expect(moveField(fields, 0, -1).map((f) => f.key)).toEqual(['a1', 'b2', 'c3']);
  });

  it('reads and writes selectable items as lines', () => {
    const items = textToItems('a\nb | Bee\n\n');
    expect(items).toEqual([{ value: 'a', label: 'a' }, { value: 'b', label: 'Bee' }]);
    expect(itemsToText(items)).toBe('a\nb | Bee');
  });
});

describe('list columns', () => {
  it('offers the fields plus uuid, disabled_at with model.disable, timestamps with model.timestamps', () => {
    const fields = [field('total')];
    expect(listColumnOptions({ fields, model: { events: [], disable: false, timestamps: false, cleanup_after: null } }).map((c) => c.key)).toEqual(['total', 'uuid']);
    expect(listColumnOptions({ fields, model: { events: [], disable: true, timestamps: true, cleanup_after: null } }).map((c) => c.key)).toEqual([
      'total',
      'uuid',
      'disabled_at',
      'created_at',
      'updated_at',
    ]);
  });
});

describe('component refs, labels and menu', () => {
  const item = { uuid: 'u-1', name: 'orders', scope: 'shop', ref: 'shop/orders', label: { en_US: 'Orders', sr: 'Porudžbine' }, displayName: 'Orders', icon: null, sort: 0, is_active: true };

  it('encodes each ref segment and keeps the scope slash', () => {
    expect(refPath('shop/my orders')).toBe('shop/my%20orders');
    expect(refPath('0b9c')).toBe('0b9c');
  });

  it('resolves a route ref to a menu component by ref, uuid, or scope/name params', () => {
    expect(findMenuItem([item], 'shop/orders')).toBe(item);
    expect(findMenuItem([item], 'u-1')).toBe(item);
    expect(findMenuItem([item], refFromParams({ scope: 'shop', name: 'orders' }))).toBe(item);
    expect(findMenuItem([item], 'orders')).toBeUndefined();
    expect(findComponent([item], 'u-1')).toBe(item);
  });

  it('names a component in the user locale, falling back to displayName and name', () => {
    expect(componentLabel(item, 'sr')).toBe('Porudžbine');
    expect(componentLabel({ ...item, label: {} }, 'sr')).toBe('Orders');
    expect(componentLabel({ name: 'x', label: {} }, 'en_US')).toBe('x');
  });

  it('puts one sidebar link per menu component right after Components', () => {
    const nav = withLinksAfter(ADMIN_NAV, '/admin/components', menuLinks([item], 'en_US', '/admin/component'));
    const at = nav.findIndex((i) => i.kind === 'link' && i.href === '/admin/components');
    expect(nav[at + 1]).toMatchObject({ kind: 'link', href: '/admin/component/shop/orders', text: 'Orders', icon: 'O' });
    expect(nav).toHaveLength(ADMIN_NAV.length + 1);
    expect(nav[0]).toBe(ADMIN_NAV[0]);
  });

  it('views dev, else live, else the last version', () => {
    expect(defaultVersion({ versions: ['v1', 'v2'], dev_version: 'v2', public_version: 'v1' })).toBe('v2');
    expect(defaultVersion({ versions: ['v1', 'v2'], dev_version: null, public_version: 'v1' })).toBe('v1');
    expect(defaultVersion({ versions: ['v1', 'v2'], dev_version: null, public_version: null })).toBe('v2');
    expect(defaultVersion(undefined)).toBeNull();
  });
});

describe('failed calls', () => {
  it('500 is already reported; 417 goes to its fields; others show their message key', () => {
    expect(errorDisplay(new ApiRequestError(500, 'serverError', 'http', 'main'))).toEqual({ kind: 'reported' });
    const fieldErrors = [{ field: 'fields.0.key', messages: ['invalidInput'] }, { field: 'fields.0.key', messages: ['cantBeLessThenChars'] }];
    expect(errorDisplay(new ApiRequestError(417, 'confNotValid', 'http', 'main', fieldErrors))).toMatchObject({ kind: 'fields', messageKey: 'confNotValid' });
    expect(errorsByPath(fieldErrors)).toEqual({ 'fields.0.key': ['invalidInput', 'cantBeLessThenChars'] });
    expect(errorDisplay(new ApiRequestError(409, 'cantForkVersionExists', 'http', 'main'))).toEqual({ kind: 'message', messageKey: 'cantForkVersionExists' });
    expect(errorDisplay(new ApiRequestError(0, 'Connection to server failed', 'network', 'main'))).toEqual({ kind: 'message', messageKey: 'Connection to server failed' });
  });

  it('every rule message key is translated in both locales of the merged catalogue', () => {
    for (const key of ['cantForkVersionExists', 'versionIsLive', 'relationshipNotValid', 'functionExists', 'liveVersionNotEditable']) {
      expect(isMessageKey(key), key).toBe(true);
      expect(CATALOGUES.sr[key as keyof (typeof CATALOGUES)['sr']]).not.toBe(CATALOGUES.en_US[key as keyof (typeof CATALOGUES)['en_US']]);
    }
  });
});

describe('deepEqual (the form differs from the loaded copy)', () => {
  it('compares structure, ignoring undefined members', () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(deepEqual({ a: null }, { a: {} })).toBe(false);
  });
});
