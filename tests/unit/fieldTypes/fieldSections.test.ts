// What the field dialog shows per module/type (runtime/fieldTypes fieldSections): Relationship only for
// a relation select, Hashed only for texts (fixed for a password), Items only for choices from a list
// and Range only for number choices; every built-in pair is in the table, and a plugin's type gets
// only what every field has, plus its declared options schema.
import Ajv2020 from 'ajv/dist/2020';
import { afterEach, describe, expect, it } from 'vitest';
import { checkFields } from '../../../runtime/components/checkFields';
import { CUSTOM_DATA_SCHEMAS, FIELD_TYPES } from '../../../schemas';
import { customDataSchema, declareFieldTypes, fieldSections } from '../../../runtime/fieldTypes';

afterEach(() => declareFieldTypes([]));

const pairs = Object.entries(FIELD_TYPES).flatMap(([module, types]) => types.map((type) => [module, type] as const));
const where = (part: (s: ReturnType<typeof fieldSections>) => unknown) => pairs.filter(([m, t]) => part(fieldSections(m, t))).map(([m, t]) => `${m}/${t}`);

describe('fieldSections', () => {
  it('shows Relationship and the relation options only for a relation select', () => {
    expect(where((s) => s.relationship)).toEqual(['select/relation']);
    expect(where((s) => s.relationOptions)).toEqual(['select/relation']);
  });

  it('offers Hashed for text and e-mail inputs, fixed on for a password, nowhere else', () => {
    expect(where((s) => s.hashed === 'free')).toEqual(['input/text', 'input/email']);
    expect(where((s) => s.hashed === 'always')).toEqual(['input/password']);
  });

  it('asks a yes/no checkbox for no Items, Range, length, placeholder or Hashed', () => {
    expect(fieldSections('checkbox', 'bool')).toEqual({
      relationship: false, relationOptions: false, hashed: false, placeholder: false, length: false,
      textRules: false, dateRules: false, items: false, range: false, table: false,
    });
  });

  it('gives Items to choices from a list and Range only to number choices', () => {
    expect(where((s) => s.items)).toEqual(['select/text', 'select/number', 'select/image', 'checkbox/text', 'checkbox/number', 'radio/text', 'radio/number']);
    expect(where((s) => s.range)).toEqual(['select/number', 'checkbox/number', 'radio/number']);
  });

  it('gives length bounds to texts and minimum/maximum to the number input', () => {
    expect(where((s) => s.length === 'number')).toEqual(['input/number']);
    expect(where((s) => s.length === 'text')).toEqual(['input/text', 'input/email', 'input/text_i18n', 'input/password', 'text/default', 'text/editor', 'text/editor_i18n', 'text/document']);
    expect(where((s) => s.dateRules)).toEqual(['picker/date', 'picker/daterange', 'picker/datetime']);
  });

  it('shows nothing type-specific before a module and type are chosen, and only placeholder for a plugin type', () => {
    expect(Object.values(fieldSections(undefined, undefined)).every((v) => v === false)).toBe(true);
    expect(fieldSections('input', 'rating')).toMatchObject({ placeholder: true, relationship: false, hashed: false, items: false });
  });
});

describe('customDataSchema', () => {
  it('answers the built-in schema of a pair, with a title and a description per option', () => {
    for (const [module, type, schema] of CUSTOM_DATA_SCHEMAS) {
      expect(customDataSchema(module, type)).toBe(schema);
      const properties = (schema as { properties?: Record<string, { title?: string; description?: string }> }).properties ?? {};
      for (const [key, prop] of Object.entries(properties)) {
        expect(prop.title, `${module}/${type}.${key}`).toBe(`cmp.fields.opt.${key}.title`);
        expect(prop.description, `${module}/${type}.${key}`).toBe(`cmp.fields.opt.${key}.help`);
      }
    }
  });

  it("answers a plugin type's declared options, and null where there are none", () => {
    const options = { type: 'object', properties: { stars: { type: 'integer', title: 'Stars' } } };
    declareFieldTypes([{ module: 'input', type: 'rating', label: 'Rating', value: { type: 'integer' }, options }]);
    expect(customDataSchema('input', 'rating')).toBe(options);
    expect(customDataSchema('input', 'text')).toBeNull();
  });

  it("checks a plugin type's options with its schema on the server, and refuses options that are not a schema object", () => {
    const ajv = new Ajv2020({ strict: true });
    const compile = (schema: object) => {
      const validate = ajv.compile(schema);
      return (value: unknown) => validate(value) === true;
    };
    const options = { type: 'object', properties: { stars: { type: 'integer', minimum: 1, title: 'Stars', description: 'How many' } } };
    declareFieldTypes([{ module: 'input', type: 'rating', label: 'Rating', value: { type: 'integer' }, options }], compile);
    const field = (custom_data: unknown) => [{ name: 'Score', key: 'score', module: 'input', type: 'rating', constraints: { custom_data } }];
    expect(checkFields(field({ stars: 5 }))).toEqual([]);
    expect(checkFields(field(null))).toEqual([]);
    expect(checkFields(field({ stars: 0 }))).toEqual([{ field: 'fields.0.constraints.custom_data', messages: ['invalidInput'] }]);
    expect(() => declareFieldTypes([{ module: 'input', type: 'rating', label: 'Rating', value: { type: 'integer' }, options: [] as never }])).toThrow(/options must be a JSON Schema object/);
  });
});
