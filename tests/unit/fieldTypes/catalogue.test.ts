// The field-type catalogue: the built-in table plus the declared plugin types, and what a declaration
// may not do (docs/custom-renderers.md, "Declare a new type").
import { afterEach, describe, expect, it } from 'vitest';
import { compileViewSchema } from '../../../runtime/compile';
import { defaultSettings } from '../../../runtime/components';
import { checkFields } from '../../../runtime/components/checkFields';
import type { FieldDraft } from '../../../runtime/components/normaliseField';
import type { ComponentSettings } from '../../../schemas';
import { declareFieldTypes, fieldTypeTable, isKnownPair } from '../../../runtime/fieldTypes';
import { validateField } from '../../../runtime/validation';
import { loadConfig } from '../../../src/server/platform/config';
import { fieldTypes as ratingTypes } from '../../../plugins/star-rating/type';

const rating = ratingTypes[0]!;
const ratingDraft: FieldDraft = { name: 'Stars', key: 'stars', module: 'input', type: 'rating' };
afterEach(() => declareFieldTypes([]));

describe('declared field types', () => {
  it('join the built-in table after its types, and leave when declared away', () => {
    expect(isKnownPair('input', 'rating')).toBe(false);
    declareFieldTypes([rating]);
    expect(isKnownPair('input', 'rating')).toBe(true);
    expect(fieldTypeTable().input!.at(-1)).toBe('rating');
    expect(checkFields([ratingDraft])).toEqual([]);
    declareFieldTypes([]);
    expect(checkFields([ratingDraft])).toEqual([{ field: 'fields.0.type', messages: ['invalidSelection'] }]);
  });

  it('a new module is offered too', () => {
    declareFieldTypes([{ module: 'score', type: 'nps', label: 'NPS', value: { type: 'integer' } }]);
    expect(fieldTypeTable().score).toEqual(['nps']);
    expect(isKnownPair('score', 'nps')).toBe(true);
  });

  it('a declaration may not name a built-in pair, repeat a pair, or use other characters', () => {
    expect(() => declareFieldTypes([{ ...rating, type: 'text' }])).toThrow(/built in/);
    expect(() => declareFieldTypes([rating, rating])).toThrow(/twice/);
    expect(() => declareFieldTypes([{ ...rating, module: '__proto__' }])).toThrow(/lower-case/);
    declareFieldTypes([{ ...rating, module: 'constructor' }]);
    expect(fieldTypeTable().constructor).toEqual(['rating']);
    expect(({} as Record<string, unknown>).rating).toBeUndefined();
    expect(() => declareFieldTypes([{ ...rating, module: 'In put' }])).toThrow(/lower-case/);
    expect(() => declareFieldTypes([{ ...rating, value: [] as unknown as Record<string, unknown> }])).toThrow(/JSON Schema/);
  });

  it("without a compiled check (the browser) only required applies; with one, the schema decides and text digits are coerced", () => {
    const fields = [{ name: 'Stars', key: 'stars', label: {}, module: 'input', type: 'rating', constraints: { required: true } }];
    declareFieldTypes([rating]);
    const settings = { ...defaultSettings('v1'), fields } as unknown as ComponentSettings;
    const component = { uuid: '00000000-0000-4000-8000-000000000001', ref: 'reviews', name: 'reviews', label: { en_US: 'Reviews' } };
    const view = compileViewSchema(settings, { component, locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
    const field = view.fields[0]!;
    expect(validateField(field, null, { page: 'model_create' })).toEqual([{ key: 'identityField.requiredField' }]);
    expect(validateField(field, 7, { page: 'model_create' })).toEqual([]);
    declareFieldTypes([rating], () => (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5);
    expect(validateField(field, 7, { page: 'model_create' })).toEqual([{ key: 'invalidInput' }]);
    expect(validateField(field, '4', { page: 'model_create' })).toEqual([]);
  });
});

describe('LUMA_PLUGINS', () => {
  it('names plugins/ folders only', () => {
    expect(loadConfig({ LUMA_PLUGINS: ' star-rating, star-rating ' }).plugins).toEqual(['star-rating']);
    expect(loadConfig({}).plugins).toEqual([]);
    expect(() => loadConfig({ LUMA_PLUGINS: '../etc' })).toThrow(/LUMA_PLUGINS/);
  });
});
