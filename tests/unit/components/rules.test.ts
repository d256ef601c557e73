import { describe, expect, it } from 'vitest';
import {
  canEditFields,
  canFork,
  canRemoveVersion,
  checkRelation,
  checkSwitches,
  componentRef,
  foreignKeyOptions,
  isValidComponentName,
  isValidVersionName,
  parseRef,
  sanitizeScope,
  sanitizeTag,
  validateComponentCreate,
  COMPONENT_MESSAGE,
} from '../../../runtime/components';
import { componentsEn_US } from '../../../runtime/i18n/components.en_US';
import { componentsSr } from '../../../runtime/i18n/components.sr';
import { en_US } from '../../../runtime/i18n/en_US';
import { field } from './fixtures';

const uuid = '0b6f1c5e-8a2d-4c3b-9e7f-112233445566';

describe('checkSwitches', () => {
  const withFields = { fields: [field({ name: 'name', module: 'input', type: 'text' })] };
  it('active only when fields are set up (activeNeedsFields)', () => {
    expect(checkSwitches({ is_active: true, is_public: false }, { fields: [] })).toEqual([{ field: 'is_active', messages: ['activeNeedsFields'] }]);
    expect(checkSwitches({ is_active: true, is_public: false }, null)).toEqual([{ field: 'is_active', messages: ['activeNeedsFields'] }]);
    expect(checkSwitches({ is_active: true, is_public: false }, { fields: [{ ...withFields.fields[0]!, name: '' }] })).toHaveLength(1);
    expect(checkSwitches({ is_active: true, is_public: false }, withFields)).toEqual([]);
  });
  it('public only when also active (publicNeedsActive)', () => {
    expect(checkSwitches({ is_active: false, is_public: true }, withFields)).toEqual([{ field: 'is_public', messages: ['publicNeedsActive'] }]);
    expect(checkSwitches({ is_active: true, is_public: true }, withFields)).toEqual([]);
    expect(checkSwitches({ is_active: false, is_public: false }, null)).toEqual([]);
  });
});

describe('version guards', () => {
  const component = { versions: ['v1', 'v2', 'v3'], dev_version: 'v2', public_version: 'v1' };
  it('canFork: the target must not exist (cantForkVersionExists) and be a valid version name (versionNameRule: which characters, what length)', () => {
    expect(canFork(component.versions, 'v4')).toBeNull();
    expect(canFork(component.versions, 'v2')).toBe('cantForkVersionExists');
    expect(canFork(component.versions, 'has space')).toBe('versionNameRule');
    expect(canFork(component.versions, '')).toBe('versionNameRule');
    expect(canFork(component.versions, 'x'.repeat(33))).toBe('versionNameRule');
  });
  it('canRemoveVersion: not live, not dev, not the last one', () => {
    expect(canRemoveVersion(component, 'v1')).toBe('versionIsLive');
    expect(canRemoveVersion(component, 'v2')).toBe('versionIsDev');
    expect(canRemoveVersion(component, 'v3')).toBeNull();
    expect(canRemoveVersion({ versions: ['v1'], dev_version: null, public_version: null }, 'v1')).toBe('lastVersionCannotBeRemoved');
    expect(canRemoveVersion(component, 'v9')).toBe('notFound');
  });
  it('canEditFields: the live version is not editable', () => {
    expect(canEditFields(component, 'v1')).toBe('liveVersionNotEditable');
    expect(canEditFields(component, 'v2')).toBeNull();
    expect(canEditFields({ public_version: null }, 'v1')).toBeNull();
  });
});

describe('refs and names', () => {
  it('componentRef is the uuid, or scope/name when a scope is set', () => {
    expect(componentRef({ uuid, scope: null, name: 'orders' })).toBe(uuid);
    expect(componentRef({ uuid, scope: '', name: 'orders' })).toBe(uuid);
    expect(componentRef({ uuid, scope: 'shop', name: 'orders' })).toBe('shop/orders');
  });
  it('parseRef reads one segment as a uuid and two as scope and name', () => {
    expect(parseRef([uuid])).toEqual({ kind: 'uuid', uuid });
    expect(parseRef(['shop', 'orders'])).toEqual({ kind: 'scoped', scope: 'shop', name: 'orders' });
    expect(parseRef([])).toBeNull();
    expect(parseRef(['a', 'b', 'c'])).toBeNull();
    expect(parseRef(['shop', ''])).toBeNull();
    const ref = componentRef({ uuid, scope: 'shop', name: 'orders' });
    expect(parseRef(ref.split('/'))).toEqual({ kind: 'scoped', scope: 'shop', name: 'orders' });
  });
  it('component names: 2..64 of letters, digits, "_", "-"', () => {
    for (const ok of ['ab', 'Orders_2024', 'a-b', 'x'.repeat(64)]) expect(isValidComponentName(ok), ok).toBe(true);
    for (const bad of ['a', '', 'has space', 'x'.repeat(65), 'ča', 'a/b', null, 3]) expect(isValidComponentName(bad), String(bad)).toBe(false);
  });
  it('version names: 1..32 of letters, digits, ".", "_", "-"', () => {
    for (const ok of ['v', 'v1', '1.0.0-beta_2', 'x'.repeat(32)]) expect(isValidVersionName(ok), ok).toBe(true);
    for (const bad of ['', 'v 1', 'x'.repeat(33), 'v/1', undefined]) expect(isValidVersionName(bad), String(bad)).toBe(false);
  });
  it('sanitises tag and scope as the spec says', () => {
    expect(sanitizeTag('my tag!#2')).toBe('my_tag2');
    expect(sanitizeScope('shop::orders v2')).toBe('shop_orders_v2');
  });
  it('validateComponentCreate: name rules, sanitised scope and tag', () => {
    expect(validateComponentCreate({ name: 'orders', label: { en_US: 'Orders' }, scope: 'shop::eu', tag: 'sales team' })).toEqual({
      ok: true,
      body: { name: 'orders', label: { en_US: 'Orders' }, scope: 'shop_eu', tag: 'sales_team' },
    });
    expect(validateComponentCreate({ name: 'orders', scope: '', tag: '!!' })).toMatchObject({ ok: true, body: { scope: null, tag: null, label: {} } });
    const missing = validateComponentCreate({});
    expect(missing).toMatchObject({ ok: false, errors: [{ field: 'name', messages: ['identityField.requiredField'] }] });
    expect(validateComponentCreate({ name: 'a b' })).toMatchObject({ ok: false, errors: [{ field: 'name', messages: ['componentNameRule'] }] });
    expect(validateComponentCreate({ name: 'a' })).toMatchObject({ ok: false, errors: [{ field: 'name', messages: ['componentNameRule'] }] });
  });
});

describe('relations', () => {
  const foreign = {
    fields: [
      field({ name: 'email', module: 'input', type: 'text', unique: true }),
      field({ name: 'code', module: 'input', type: 'number', constraints: { unique: true } }),
      field({ name: 'parent', module: 'select', type: 'relation', unique: true }),
      field({ name: 'nickname', module: 'input', type: 'text' }),
      field({ name: 'body', module: 'text', type: 'default', unique: true }),
    ],
  };
  it('foreignKeyOptions: uuid plus unique input text/number and select relation fields', () => {
    expect(foreignKeyOptions(foreign)).toEqual(['uuid', 'email', 'code', 'parent']);
    expect(foreignKeyOptions({ fields: [] })).toEqual(['uuid']);
  });
  it('checkRelation: foreign component found, full key pair, an allowed foreign key', () => {
    const relation = { foreign: 'customers', foreign_uuid: null, key: ['customer', 'email'] as [string, string], type: 'one-to-one' as const };
    expect(checkRelation(relation, foreign)).toBeNull();
    expect(checkRelation({ ...relation, key: ['customer', 'nickname'] }, foreign)).toBe('relationshipNotValid');
    expect(checkRelation(relation, null)).toBe('relationshipNotValid');
    expect(checkRelation({ ...relation, foreign: null }, foreign)).toBe('relationshipNotValid');
    expect(checkRelation({ ...relation, key: null }, foreign)).toBe('relationshipNotValid');
    expect(checkRelation(null, null)).toBeNull();
  });
});

describe('message texts', () => {
  it('every rule key has an English and a Serbian text (here or in the main catalogue)', () => {
    for (const key of Object.values(COMPONENT_MESSAGE)) {
      const inMain = Object.prototype.hasOwnProperty.call(en_US, key);
      const inOurs = Object.prototype.hasOwnProperty.call(componentsEn_US, key);
      expect(inMain || inOurs, key).toBe(true);
      expect(inMain && inOurs, `${key} only once`).toBe(false);
    }
    expect(Object.keys(componentsSr).sort()).toEqual(Object.keys(componentsEn_US).sort());
    for (const [key, value] of Object.entries(componentsSr)) expect(value, key).not.toBe(componentsEn_US[key as keyof typeof componentsEn_US]);
  });
});
