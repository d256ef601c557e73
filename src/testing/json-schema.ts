// Values from a JSON Schema (draft 2020-12), for the field types plugins declare (runtime/fieldTypes):
// valid values built from the keywords such schemas use (type, enum, const, bounds, lengths, pattern,
// items, properties, anyOf/oneOf), each checked with ajv; and values the schema refuses. A keyword
// this builder does not read still holds: every generated value passes through ajv's verdict.
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { ValueSchema } from '../../runtime/fieldTypes/index';

/** One ajv for the kit: strict, as the server's (src/server/platform/plugins.ts), so a misspelt keyword fails loudly. */
const ajv = new Ajv2020({ allErrors: false, strict: true });
const compiled = new WeakMap<ValueSchema, (value: unknown) => boolean>();

/** The schema's check, compiled once per schema object. */
export function schemaCheck(schema: ValueSchema): (value: unknown) => boolean {
  let check = compiled.get(schema);
  if (!check) {
    const validate = ajv.compile(schema);
    check = (value) => validate(value) === true;
    compiled.set(schema, check);
  }
  return check;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** Plain text: no NUL and no lone surrogates, which JSON columns refuse whatever the schema says. */
const text = (min = 0, max = min + 12) => fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme-ascii' });

function numberArbitrary(schema: ValueSchema, integer: boolean): fc.Arbitrary<number> {
  const low = num(schema.minimum) ?? (num(schema.exclusiveMinimum) !== undefined ? num(schema.exclusiveMinimum)! + (integer ? 1 : 1e-6) : -1000);
  const high = num(schema.maximum) ?? (num(schema.exclusiveMaximum) !== undefined ? num(schema.exclusiveMaximum)! - (integer ? 1 : 1e-6) : low + 2000);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.floor(high) });
  // -0 is written as 0 by JSON: generated as 0 so what is sent is what reads back.
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));
}

function stringArbitrary(schema: ValueSchema): fc.Arbitrary<string> {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? min + 12;
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => [...value].length >= min && [...value].length <= max);
  return text(min, max);
}

function arrayArbitrary(schema: ValueSchema): fc.Arbitrary<unknown[]> {
  const items = schema.items && typeof schema.items === 'object' ? (schema.items as ValueSchema) : {};
  const minLength = num(schema.minItems) ?? 0;
  return fc.array(arbitraryFromSchema(items), { minLength, maxLength: num(schema.maxItems) ?? minLength + 3 });
}

function objectArbitrary(schema: ValueSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, ValueSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryFromSchema(property)]));
  for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1, stringUnit: 'grapheme-ascii' });
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Candidates for a schema, before ajv's verdict. */
function candidates(schema: ValueSchema): fc.Arbitrary<unknown> {
  if (Object.hasOwn(schema, 'const')) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as ValueSchema[] | undefined;
  if (Array.isArray(choices) && choices.length > 0) return fc.oneof(...choices.map((choice) => arbitraryFromSchema({ ...schema, anyOf: undefined, oneOf: undefined, ...choice })));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2, stringUnit: 'grapheme-ascii' });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer':
          return numberArbitrary(schema, true);
        case 'number':
          return numberArbitrary(schema, false);
        case 'string':
          return stringArbitrary(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return arrayArbitrary(schema);
        case 'object':
          return objectArbitrary(schema);
        default:
          throw new Error(`luma/testing: JSON Schema type '${type}' is not one the kit generates`);
      }
    }),
  );
}

/** Values the schema accepts (ajv's verdict on each; `{ ...schema, anyOf: undefined }` keys are dropped before compiling). */
export function arbitraryFromSchema(schema: ValueSchema): fc.Arbitrary<unknown> {
  const clean = JSON.parse(JSON.stringify(schema)) as ValueSchema;
  const check = schemaCheck(schema);
  return candidates(clean).filter((value) => check(value));
}

/** JSON values the schema refuses: a pool of every JSON shape plus near misses at the bounds, never null or blank text. */
export function arbitraryRefusedBySchema(schema: ValueSchema): fc.Arbitrary<unknown> {
  const check = schemaCheck(schema);
  const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].flatMap((key) => {
    const bound = num(schema[key]);
    return bound === undefined ? [] : [bound - 1, bound + 1, bound + 0.5, bound - 0.5];
  });
  const pool = fc.oneof(
    fc.constantFrom<unknown>(...bounds, 'text', true, false, -1, 2.5, 1e9, [], [1], {}, { a: 1 }),
    fc.jsonValue({ maxDepth: 2, stringUnit: 'grapheme-ascii' }),
  );
  return pool.filter((value) => value !== null && !(typeof value === 'string' && value.trim() === '') && !check(value));
}
