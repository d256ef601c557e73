// The testing kit's own properties (src/testing, docs/testing-kit.md): values from a JSON Schema are the
// ones ajv accepts (and refused ones, refused); generated settings hold every built-in module/type and
// a declared plugin type; a record from validRecordFor gets no message from the record rules; an invalid
// case gets its paired key at its path. The star rating (plugins/star-rating/type.ts) is declared for
// this file only: the unit project shares modules between files.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldTypes as ratingTypes } from '../../plugins/star-rating/type';
import { defaultSettings, normaliseField } from '../../runtime/components';
import { declareFieldTypes } from '../../runtime/fieldTypes';
import {
  arbitraryCompileInput,
  arbitraryFromSchema,
  arbitraryRefusedBySchema,
  arbitrarySettings,
  compileViewSchema,
  declarePluginTypes,
  fieldPairs,
  invalidCaseFor,
  CannotGenerateError,
  RECORD_MESSAGE,
  schemaCheck,
  validateField,
  validateRecord,
  validRecordFor,
  type CompileInput,
  type ValueSchema,
} from '../../src/testing/index';

const SCHEMAS: ValueSchema[] = [
  { type: 'integer', minimum: 0, maximum: 5 },
  { type: 'number', exclusiveMinimum: -1, maximum: 1 },
  { type: 'string', minLength: 2, maxLength: 4 },
  { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
  { enum: ['red', 'green', 3] },
  { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 3 },
  { type: 'object', properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, tag: { type: 'string' } }, required: ['lat'], additionalProperties: false },
  { anyOf: [{ type: 'integer', minimum: 10 }, { type: 'string', maxLength: 1 }] },
];

const ADMIN_CREATE: CompileInput = { component: { uuid: 'c', ref: 'shop/rated', name: 'rated', label: {} }, locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' };
/** A view with a record validRecordFor drew for it; null where the settings' rules contradict each other (CannotGenerateError). */
const viewAndValid = fc.tuple(arbitrarySettings, arbitraryCompileInput, fc.integer()).map(([settings, input, seed]) => {
  const view = compileViewSchema(settings, input);
  try {
    return { view, page: input.page, data: fc.sample(validRecordFor(view, { page: input.page }), { numRuns: 1, seed })[0]! };
  } catch (error) {
    if (error instanceof CannotGenerateError) return null;
    throw error;
  }
});

describe('the testing kit', () => {
  beforeAll(() => declarePluginTypes(ratingTypes));
  afterAll(() => declareFieldTypes([]));

  it('draws from a JSON Schema only values the schema accepts, and refused ones it refuses', () => {
    for (const schema of SCHEMAS) {
      const check = schemaCheck(schema);
      fc.assert(fc.property(arbitraryFromSchema(schema), (value) => {
        expect(check(value), JSON.stringify(value)).toBe(true);
      }), { numRuns: 100 });
      fc.assert(fc.property(arbitraryRefusedBySchema(schema), (value) => {
        expect(check(value), JSON.stringify(value)).toBe(false);
      }), { numRuns: 100 });
    }
  });

  it('generates settings with every built-in module/type and the declared plugin type', () => {
    const pairs = fieldPairs().map(([module, type]) => `${module}/${type}`);
    expect(pairs).toContain('input/rating');
    expect(pairs).toContain('fieldset/default');
    const seen = new Set(fc.sample(arbitrarySettings, { numRuns: 400, seed: 34 }).flatMap((settings) => settings.fields.map((field) => `${field.module}/${field.type}`)));
    expect([...seen].sort()).toEqual([...pairs].sort());
  });

  it('a record from validRecordFor gets no message from the record rules', () => {
    let drawn = 0;
    fc.assert(
      fc.property(viewAndValid, (found) => {
        fc.pre(found !== null);
        const { view, page, data } = found!;
        drawn += Object.keys(data).length;
        expect(validateRecord(view, data, { page }), JSON.stringify({ errors: validateRecord(view, data, { page }), fields: view.fields.map((f) => [f.key, f.renderer, f.editable, f.validation]), data })).toEqual([]);
      }),
      { numRuns: 200 },
    );
    // Not only empty records: the generated ones carry values.
    expect(drawn).toBeGreaterThan(100);
  });

  it('a rating drawn for the declared type is one its schema accepts: a whole number 0 to 5, and 7 is refused', () => {
    const stars = normaliseField({ name: 'Stars', key: 'stars', module: 'input', type: 'rating', constraints: { required: true } });
    const view = compileViewSchema({ ...defaultSettings('v1'), fields: [stars] }, ADMIN_CREATE);
    fc.assert(
      fc.property(validRecordFor(view), (data) => {
        expect(Number.isInteger(data.stars) && (data.stars as number) >= 0 && (data.stars as number) <= 5, JSON.stringify(data)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(invalidCaseFor(view)!, (found) => {
        expect(found.key === RECORD_MESSAGE.invalidInput || found.key === RECORD_MESSAGE.requiredField).toBe(true);
        expect(validateRecord(view, found.data, { page: 'model_create' })).toEqual([{ field: 'stars', messages: [found.key], values: [null] }]);
      }),
    );
  });

  it('an invalid case gets its paired key at its path, from the field and from the whole record', () => {
    let cases = 0;
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, fc.integer(), (settings, input, seed) => {
        const view = compileViewSchema(settings, input);
        let arbitrary;
        try {
          arbitrary = invalidCaseFor(view, { page: input.page });
        } catch (error) {
          if (error instanceof CannotGenerateError) return fc.pre(false);
          throw error;
        }
        fc.pre(arbitrary !== null);
        let found;
        try {
          found = fc.sample(arbitrary!, { numRuns: 1, seed })[0]!;
        } catch (error) {
          if (error instanceof CannotGenerateError) return fc.pre(false);
          throw error;
        }
        expect(Object.values(RECORD_MESSAGE)).toContain(found.key);
        const field = view.fields.find((candidate) => candidate.key === found.field)!;
        const at = found.path === found.field ? undefined : found.path.slice(found.field.length + 1);
        expect(validateField(field, found.data[found.field], { page: input.page }).some((message) => message.key === found.key && message.path === at)).toBe(true);
        const errors = validateRecord(view, found.data, { page: input.page });
        expect(errors.find((error) => error.field === found.path)?.messages).toContain(found.key);
        cases += 1;
      }),
      { numRuns: 150 },
    );
    expect(cases).toBeGreaterThan(30);
  });
});
