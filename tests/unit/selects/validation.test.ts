// The value rules of the relation, image and external selects (runtime/validation/selects.ts) and
// what the compiler gives them (customData.relation, customData.images).
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../runtime/components';
import { compileViewSchema, viewSchemaValidator } from '../../../runtime/compile';
import { coerceValue, validateField } from '../../../runtime/validation';
import type { ComponentSettings, ViewField } from '../../../schemas';
import { toExternalOptions } from '../../../renderers/controls/select/External';
import { firstTextField, relationDisplayFor, type RelationDisplay } from '../../../runtime/compile/selectData';

function compile(fields: Record<string, unknown>[]): ViewField[] {
  const settings = { ...defaultSettings('v1'), fields: fields.map((f, i) => ({ name: f.key, label: { en_US: String(f.key) }, sortOrder: i, ...f })) } as unknown as ComponentSettings;
  const view = compileViewSchema(settings, {
    component: { uuid: '00000000-0000-4000-8000-000000000001', ref: 'books', name: 'books', label: { en_US: 'Books' } },
    locale: 'en_US', roles: [], isAdmin: true, page: 'model_create',
  });
  expect(viewSchemaValidator()(view), JSON.stringify(viewSchemaValidator().errors)).toBe(true);
  return view.fields;
}

const images = { selectables: { items: [{ value: 'cat', label: 'Cat', image: '/img/cat.png' }, { value: 2, label: { en_US: 'Two' }, image: '/img/2.png' }, { value: 'none', label: 'None' }] } };
const [author, coauthors, pet, pets, ext, exts] = compile([
  { key: 'author', module: 'select', type: 'relation', relation: { foreign: 'authors', key: ['author', 'code'], type: 'one-to-one' }, constraints: { relation: { label: '{{name}} ({{code}})' } } },
  { key: 'coauthors', module: 'select', type: 'relation', relation: { foreign: 'authors', key: ['coauthors', 'uuid'], type: 'one-to-many' } },
  { key: 'pet', module: 'select', type: 'image', constraints: images },
  { key: 'pets', module: 'select', type: 'image', constraints: { ...images, selectables: { ...images.selectables, multiple: true } } },
  { key: 'ext', module: 'select', type: 'external', constraints: { custom_data: 'return [1, 2]' } },
  { key: 'exts', module: 'select', type: 'external', constraints: { custom_data: 'return []', selectables: { multiple: true } } },
]) as [ViewField, ViewField, ViewField, ViewField, ViewField, ViewField];
const check = (field: ViewField, value: unknown) => validateField(field, value, { page: 'model_create' }).map((m) => m.key);

describe('compiled select data', () => {
  it('relation label and searchOn, image urls by item value', () => {
    expect(author.options.customData.relation).toEqual({ label: '{{name}} ({{code}})', searchOn: ['name', 'code'] });
    // No label set: the related component's first text field, once its fields are known; else uuid.
    expect(coauthors.options.customData.relation).toEqual({ label: null, searchOn: [] });
    const foreign = [
      { key: 'secret', module: 'input', type: 'text', sortOrder: 0, constraints: { hashed: true } },
      { key: 'count', module: 'input', type: 'number', sortOrder: 1 },
      { key: 'title', module: 'input', type: 'text_i18n', sortOrder: 3 },
      { key: 'name', module: 'input', type: 'text', sortOrder: 2 },
    ];
    expect(firstTextField(foreign)).toBe('name');
    expect(relationDisplayFor(coauthors.options.customData.relation as RelationDisplay, foreign)).toEqual({ label: 'name', searchOn: ['name'] });
    expect(relationDisplayFor(coauthors.options.customData.relation as RelationDisplay, [foreign[1]!])).toEqual({ label: 'uuid', searchOn: ['uuid'] });
    expect(relationDisplayFor(coauthors.options.customData.relation as RelationDisplay, null)).toEqual({ label: 'uuid', searchOn: ['uuid'] });
    expect(relationDisplayFor(author.options.customData.relation as RelationDisplay, foreign)).toEqual({ label: '{{name}} ({{code}})', searchOn: ['name', 'code'] });
    expect(coauthors.options.multiple).toBe(true);
    expect(pet.options.customData.images).toEqual({ cat: '/img/cat.png', 2: '/img/2.png' });
    expect(pet.options.items.map((i) => i.value)).toEqual(['cat', 2, 'none']);
    expect(ext.options.customData.expression).toBe('return [1, 2]');
  });
});

describe('relation values', () => {
  it('one-to-one: a scalar; a list or an object is invalidInput', () => {
    expect(check(author, 'A1')).toEqual([]);
    expect(check(author, 7)).toEqual([]);
    expect(check(author, ['A1'])).toEqual(['invalidInput']);
    expect(check(author, { code: 'A1' })).toEqual(['invalidInput']);
    expect(check(author, true)).toEqual(['invalidInput']);
  });
  it('one-to-many: a list of scalars (one scalar becomes a list)', () => {
    expect(coerceValue(coauthors, 'u-1')).toEqual(['u-1']);
    expect(check(coauthors, ['u-1', 'u-2'])).toEqual([]);
    expect(check(coauthors, 'u-1')).toEqual([]);
    expect(check(coauthors, [{ uuid: 'u-1' }])).toEqual(['invalidInput']);
    expect(check(coauthors, [])).toEqual([]);
  });
});

describe('image select values', () => {
  it('a value among the items (text given for a number item matches it)', () => {
    expect(check(pet, 'cat')).toEqual([]);
    expect(coerceValue(pet, '2')).toBe(2);
    expect(check(pet, '2')).toEqual([]);
    expect(check(pet, 'dog')).toEqual(['invalidSelection']);
    expect(check(pet, ['cat'])).toEqual(['invalidInput']);
  });
  it('multiple: a list among the items', () => {
    expect(check(pets, ['cat', 2])).toEqual([]);
    expect(coerceValue(pets, 'cat')).toEqual(['cat']);
    expect(check(pets, ['cat', 'dog'])).toEqual(['invalidSelection']);
    expect(check(pets, [{ v: 1 }])).toEqual(['invalidInput']);
  });
});

describe('external select values', () => {
  it('a scalar or a list of scalars', () => {
    expect(check(ext, 'x')).toEqual([]);
    expect(coerceValue(ext, 3)).toBe('3');
    expect(check(ext, ['a', 1])).toEqual([]);
    expect(check(ext, { a: 1 })).toEqual(['invalidInput']);
    expect(check(exts, ['a', 'b'])).toEqual([]);
    expect(check(exts, [['a']])).toEqual(['invalidInput']);
  });
  it('expression answers become options', () => {
    expect(toExternalOptions(['a', 2, { value: 'b', label: 'Bee' }, { value: {} }, null])).toEqual([
      { value: 'a', label: 'a' }, { value: 2, label: '2' }, { value: 'b', label: 'Bee' },
    ]);
    expect(toExternalOptions({ items: ['x'] })).toEqual([{ value: 'x', label: 'x' }]);
    expect(toExternalOptions('nope')).toBeNull();
  });
});
