import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileViewSchema } from '../../runtime/compile';
import { coerceValue, RECORD_MESSAGE, validateField, validateRecord } from '../../runtime/validation';
import { charCount } from '../../runtime/validation/textMessages';
import { arbitraryCompileInput, arbitrarySettings, arbitraryValueFor, arbitraryViewAndRecord } from '../../src/testing/index';

const KNOWN = new Set<string>(Object.values(RECORD_MESSAGE));
const pages = fc.constantFrom('model_create' as const, 'model_edit' as const);

const fieldAndValue = fc
  .tuple(arbitrarySettings, arbitraryCompileInput)
  .map(([settings, input]) => compileViewSchema(settings, input).fields)
  .filter((fields) => fields.length > 0)
  .chain((fields) => fc.constantFrom(...fields))
  .chain((field) => arbitraryValueFor(field).map((value) => ({ field, value })));

describe('record validation properties', () => {
  it('charCount counts code points as [...text] does: pairs as one, lone surrogates as one', () => {
    // UTF-16 units drawn one by one, so lone and reversed surrogates turn up as often as pairs.
    const unit = fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0x61, 0xd83d, 0xde00));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const text = String.fromCharCode(...units);
        expect(charCount(text)).toBe([...text].length);
      }),
      { numRuns: 2000 },
    );
    expect(charCount('a\u{1F600}b')).toBe(3);
    expect(charCount('\ud83d')).toBe(1);
    expect(charCount('\ude00\ud83d')).toBe(2);
  });

  it('validateRecord never throws for arbitrary JSON data and reports only known message keys, values aligned', () => {
    fc.assert(
      fc.property(arbitrarySettings, arbitraryCompileInput, fc.jsonValue({ maxDepth: 3 }), pages, (settings, input, data, page) => {
        const view = compileViewSchema(settings, input);
        const errors = validateRecord(view, data as Record<string, unknown>, { page });
        for (const error of errors) {
          expect(error.messages.length).toBeGreaterThan(0);
          expect(error.values).toHaveLength(error.messages.length);
          for (const key of error.messages) expect(KNOWN.has(key), key).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('validateRecord reports known keys at field keys (or key.locales.xx) for plausible records', () => {
    fc.assert(
      fc.property(arbitraryViewAndRecord(compileViewSchema), pages, ({ view, data }, page) => {
        const keys = new Set(view.fields.map((f) => f.key));
        for (const error of validateRecord(view, data, { page })) {
          const [key, ...rest] = error.field.split('.');
          expect(keys.has(key!)).toBe(true);
          if (rest.length > 0) expect(rest[0]).toBe('locales');
          for (const message of error.messages) expect(KNOWN.has(message), message).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a value that passes validateField stays valid after coerceValue', () => {
    fc.assert(
      fc.property(fieldAndValue, pages, ({ field, value }, page) => {
        fc.pre(validateField(field, value, { page }).length === 0);
        expect(validateField(field, coerceValue(field, value), { page })).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('coerceValue is idempotent', () => {
    fc.assert(
      fc.property(fieldAndValue, ({ field, value }) => {
        const once = coerceValue(field, value);
        expect(coerceValue(field, once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});
