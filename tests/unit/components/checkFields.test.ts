import { describe, expect, it } from 'vitest';
import { checkFields, checkSettingsRules, defaultSettings, normaliseField, adjustLength } from '../../../runtime/components';
import { field } from './fixtures';

const at = (errors: { field: string; messages: string[] }[], path: string) => errors.find((e) => e.field === path)?.messages ?? [];
const text = (name: string, extra: Parameters<typeof field>[0] = {}) => field({ name, module: 'input', type: 'text', ...extra });

describe('normaliseField', () => {
  it('stores the name in Start Case and derives the key while auto_key', () => {
    const f = normaliseField({ name: 'customer  name', module: 'input', type: 'text' });
    expect(f).toMatchObject({ name: 'Customer Name', key: 'customer_name', auto_key: true, group: 'general' });
  });

  it('keeps a typed key (normalised) when auto_key is off', () => {
    expect(normaliseField({ name: 'Customer', key: 'My Key', auto_key: false, module: 'input', type: 'text' }).key).toBe('my_key');
  });

  it('sets constraint defaults: required false, empty placeholder, length null except text and password inputs', () => {
    const n = normaliseField({ name: 'total', module: 'input', type: 'number' });
    expect(n.constraints).toMatchObject({ required: false, placeholder: '', length: { min: null, max: null } });
    expect(normaliseField({ name: 'secret', module: 'input', type: 'password' }).constraints.length).toEqual({ min: 1, max: 255 });
    expect(normaliseField({ name: 'notes', module: 'text', type: 'default' }).constraints.length).toEqual({ min: null, max: null });
  });

  it('gives an empty group the default "general"', () => {
    expect(normaliseField({ name: 'ab', module: 'data', type: 'json', group: ' ' }).group).toBe('general');
  });
});

describe('adjustLength', () => {
  it('raising min above max raises max; lowering max below min lowers min; empty becomes 0', () => {
    expect(adjustLength({ min: 300, max: 255 }, 'min')).toEqual({ min: 300, max: 300 });
    expect(adjustLength({ min: 10, max: 5 }, 'max')).toEqual({ min: 5, max: 5 });
    expect(adjustLength({ min: '', max: 10 }, 'min')).toEqual({ min: 0, max: 10 });
  });
});

describe('checkFields', () => {
  it('accepts well-formed fields', () => {
    expect(checkFields([text('name'), field({ name: 'age', module: 'input', type: 'number' })])).toEqual([]);
  });

  it('name: required (identityField.requiredField), at least 2 characters (cantBeLessThenChars)', () => {
    const errors = checkFields([{ ...text('ab'), name: '' }, { ...text('cd'), name: 'X' }]);
    expect(at(errors, 'fields.0.name')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'fields.1.name')).toEqual(['cantBeLessThenChars']);
  });

  it('key: required, at least 2, lower-case letters, digits and _ only (fieldKeyRule)', () => {
    const errors = checkFields([{ ...text('ab'), key: '' }, { ...text('cd'), key: 'x' }, { ...text('ef'), key: 'Bad Key' }]);
    expect(at(errors, 'fields.0.key')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'fields.1.key')).toEqual(['cantBeLessThenChars']);
    expect(at(errors, 'fields.2.key')).toEqual(['fieldKeyRule']);
  });

  it('duplicate name or key: fieldWithSameNameOrKeyExists on the later field', () => {
    const byKey = checkFields([text('first'), { ...text('second'), key: 'first' }]);
    expect(at(byKey, 'fields.1.key')).toEqual(['fieldWithSameNameOrKeyExists']);
    const byName = checkFields([text('same'), { ...text('same'), key: 'other' }]);
    expect(at(byName, 'fields.1.name')).toEqual(['fieldWithSameNameOrKeyExists']);
    expect(at(byName, 'fields.0.name')).toEqual([]);
  });

  it('module and type: required, and a known pair (invalidSelection)', () => {
    const errors = checkFields([
      { ...text('aa'), module: undefined },
      { ...text('bb'), type: undefined },
      { ...text('cc'), type: 'carousel' as never },
      { ...text('dd'), module: 'widget' as never },
    ]);
    expect(at(errors, 'fields.0.module')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'fields.1.type')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'fields.2.type')).toEqual(['invalidSelection']);
    expect(at(errors, 'fields.3.module')).toEqual(['invalidSelection']);
  });

  it('length: min <= max; text and password inputs need both within 0..99999 (invalidInput)', () => {
    const errors = checkFields([
      text('aa', { constraints: { length: { min: 10, max: 5 } } }),
      text('bb', { constraints: { length: { min: null, max: 100000 } } }),
      field({ name: 'cc', module: 'input', type: 'password', constraints: { length: { min: -1, max: null } } }),
      field({ name: 'dd', module: 'input', type: 'number', constraints: { length: { min: null, max: null } } }),
    ]);
    expect(at(errors, 'fields.0.constraints.length')).toEqual(['invalidInput']);
    expect(at(errors, 'fields.1.constraints.length.min')).toEqual(['invalidInput']);
    expect(at(errors, 'fields.1.constraints.length.max')).toEqual(['invalidInput']);
    expect(at(errors, 'fields.2.constraints.length.min')).toEqual(['invalidInput']);
    expect(at(errors, 'fields.2.constraints.length.max')).toEqual(['invalidInput']);
    expect(errors.filter((e) => e.field.startsWith('fields.3'))).toEqual([]);
  });

  it('a foreign key field can only be unique, never hashed (foreignKeyOnlyUnique)', () => {
    const relation = { foreign: 'customers', foreign_uuid: null, key: ['customer', 'uuid'] as [string, string], type: 'one-to-one' as const };
    const errors = checkFields([
      field({ name: 'customer', module: 'select', type: 'relation', relation, constraints: { hashed: true } }),
      field({ name: 'other', module: 'select', type: 'relation', relation, unique: true, constraints: { unique: true } }),
      text('plain'),
    ]);
    expect(at(errors, 'fields.0.constraints.hashed')).toEqual(['foreignKeyOnlyUnique']);
    expect(errors.filter((e) => e.field.startsWith('fields.1'))).toEqual([]);
  });

  it('not every field may be hashed (notAllFieldsHashed)', () => {
    const hashed = (name: string) => text(name, { constraints: { hashed: true, length: { min: 1, max: 255 } } });
    expect(at(checkFields([hashed('aa'), hashed('bb')]), 'fields')).toEqual(['notAllFieldsHashed']);
    expect(checkFields([hashed('aa'), text('bb')])).toEqual([]);
  });

  it('a relation needs a foreign component and a full key pair whose own key exists (relationshipNotValid)', () => {
    const rel = (relation: object) => field({ name: 'customer', module: 'select', type: 'relation', relation: relation as never });
    expect(at(checkFields([rel({ foreign: null, foreign_uuid: null, key: ['customer', 'uuid'], type: null })]), 'fields.0.relation')).toEqual(['relationshipNotValid']);
    expect(at(checkFields([rel({ foreign: 'c', foreign_uuid: null, key: ['customer', ''], type: null })]), 'fields.0.relation')).toEqual(['relationshipNotValid']);
    expect(at(checkFields([rel({ foreign: 'c', foreign_uuid: null, key: ['nope', 'uuid'], type: null })]), 'fields.0.relation')).toEqual(['relationshipNotValid']);
    expect(checkFields([rel({ foreign: 'c', foreign_uuid: null, key: ['uuid', 'uuid'], type: 'one-to-many' })])).toEqual([]);
    expect(checkFields([rel({ foreign: null, foreign_uuid: null, key: null, type: null })])).toEqual([]);
  });

  it('checks a fieldset\'s sub-fields and a table\'s fields under their own paths', () => {
    const errors = checkFields([
      field({ name: 'rows', module: 'fieldset', type: 'default', constraints: { custom_data: [{ ...text('ab'), name: '' }] } }),
      field({ name: 'grid', module: 'table', type: 'custom', constraints: { table: { search: true, per_page: 10, fields: [{ ...text('cd'), key: 'X' }] } } }),
    ]);
    expect(at(errors, 'fields.0.constraints.custom_data.0.name')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'fields.1.constraints.table.fields.0.key')).toEqual(['cantBeLessThenChars']);
  });

  it('uses the given list path (for action fields)', () => {
    expect(at(checkFields([{ ...text('ab'), name: '' }], 'actions.3.fields'), 'actions.3.fields.0.name')).toEqual(['identityField.requiredField']);
  });
});

describe('checkSettingsRules', () => {
  it('action name 2..25 (cantBeLessThenChars / cantBeMoreThenChars by side), required (identityField.requiredField)', () => {
    const errors = checkSettingsRules({
      ...defaultSettings('v1'),
      actions: [
        { name: 'x', display_condition: null, fields: [], action: '' },
        { name: 'y'.repeat(26), display_condition: null, fields: [], action: '' },
        { name: '', display_condition: null, fields: [], action: '' },
      ],
    });
    expect(at(errors, 'actions.0.name')).toEqual(['cantBeLessThenChars']);
    expect(at(errors, 'actions.1.name')).toEqual(['cantBeMoreThenChars']);
    expect(at(errors, 'actions.2.name')).toEqual(['identityField.requiredField']);
  });

  it('route path 2..64 (cantBeLessThenChars / cantBeMoreThenChars), no spaces (routePathRule), unique once lowered (routeExists)', () => {
    const errors = checkSettingsRules({ ...defaultSettings('v1'), routes: { a: { code: '' }, orders: { code: '' }, Orders: { code: '' } } });
    expect(at(errors, 'routes.a')).toEqual(['cantBeLessThenChars']);
    expect(at(errors, 'routes.Orders')).toEqual(['routeExists']);
    expect(at(errors, 'routes.orders')).toEqual([]);
  });

  it('function name required (identityField.requiredField) and unique (functionExists)', () => {
    const errors = checkSettingsRules({
      ...defaultSettings('v1'),
      functions: [{ name: 'sum', expr: '' }, { name: ' ', expr: '' }, { name: 'sum', expr: '' }],
    });
    expect(at(errors, 'functions.1.name')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'functions.2.name')).toEqual(['functionExists']);
  });

  it('includes the field rules and the action fields rules', () => {
    const errors = checkSettingsRules({
      ...defaultSettings('v1'),
      fields: [{ ...text('ab'), name: '' }],
      actions: [{ name: 'Go', display_condition: null, fields: [{ ...text('cd'), key: '' }, field({ name: 'doc', module: 'text', type: 'editor' })], action: '' }],
    });
    expect(at(errors, 'fields.0.name')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'actions.0.fields.0.key')).toEqual(['identityField.requiredField']);
    expect(at(errors, 'actions.0.fields.1.module')).toEqual(['invalidSelection']);
  });
});
