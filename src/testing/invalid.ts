// Invalid values, each paired with the message key it must get (spec section 5, "Record form rules";
// the keys of RECORD_MESSAGE): for each rule of a writable field, values that break it, inside a
// record whose other fields are valid. Each pairing is checked with the record rules the form and the
// server share (runtime/validation) before it is used, so a case never names a key they would not give.
import fc from 'fast-check';
import { declaredFieldType } from '../../runtime/fieldTypes/index';
import { RECORD_MESSAGE, validateField, type RecordMessageKey, type ValidationContext } from '../../runtime/validation/index';
import type { ValidationRule, ViewField, ViewSchema } from '../../schemas/index';
import { arbitraryRefusedBySchema } from './json-schema';
import { plainText, validRecordFor, writableFields } from './valid';

/** One invalid value: the record that carries it, the field, where the message is reported, and the key. */
export interface InvalidCase {
  data: Record<string, unknown>;
  field: string;
  /** The error's `field` in a 417 answer: the key, or `key.locales.xx` for a text in one language. */
  path: string;
  value: unknown;
  key: RecordMessageKey;
}

interface Breaker {
  key: RecordMessageKey;
  values: fc.Arbitrary<unknown>;
}

/** Values drawn to see whether a breaker works on its field. */
const SAMPLES = 10;
const TEXT_I18N = new Set(['input/text_i18n', 'text/editor_i18n']);

/** Values that break one rule of a field, with the key that rule reports. */
function breakersOf(field: ViewField, rule: ValidationRule): Breaker[] {
  switch (rule.rule) {
    case 'required':
      return [{ key: RECORD_MESSAGE.requiredField, values: fc.constantFrom(null, '') }];
    case 'maxLength':
      return [{ key: RECORD_MESSAGE.cantBeMoreThenChars, values: plainText(rule.max + 1, rule.max + 6) }];
    case 'minLength':
      return rule.min > 1 ? [{ key: RECORD_MESSAGE.cantBeLessThenChars, values: plainText(1, rule.min - 1) }] : [];
    case 'notAllowedWords':
      return rule.words
        .filter((word) => word.trim() !== '')
        .map((word) => ({ key: rule.symbols && [...word].length < 2 ? RECORD_MESSAGE.symbolNotAllowed : RECORD_MESSAGE.wordNotAllowed, values: plainText(1, 6).map((text) => `${text}${word}`) }));
    case 'regex':
      return [{ key: RECORD_MESSAGE.invalidInput, values: plainText(1, 8) }];
    case 'email':
      return [{ key: RECORD_MESSAGE.invalidEmail, values: fc.constantFrom('not an e-mail', 'a@b', '@example.com', 'me@') }];
    case 'max':
      return [{ key: RECORD_MESSAGE.cantBeMoreThen, values: fc.integer({ min: 1, max: 1000 }).map((n) => rule.max + n) }];
    case 'min':
      return [{ key: RECORD_MESSAGE.cantBeLessThen, values: fc.integer({ min: 1, max: 1000 }).map((n) => rule.min - n) }];
    case 'oneOf':
      return [{ key: rule.message, values: field.renderer.endsWith('/number') ? fc.integer({ min: 10_000, max: 20_000 }) : plainText(14, 20) }];
    case 'numberRange':
      return [{ key: RECORD_MESSAGE.numberNotInRange, values: fc.integer({ min: 1, max: 100 }).map((n) => [rule.to + n]) }];
    case 'date':
      return [{ key: RECORD_MESSAGE.invalidInput, values: fc.constantFrom('2023-02-29', '2024-13-01', 'yesterday') }];
    case 'time':
      return [{ key: RECORD_MESSAGE.invalidInput, values: fc.constantFrom('24:00', '12:60', 'noon') }];
    case 'json':
      return [{ key: RECORD_MESSAGE.invalidInput, values: fc.constantFrom('{a:', '[1,', '{"a":') }];
    case 'maxImages':
      return [{ key: RECORD_MESSAGE.maxNrOfImages, values: fc.constant(Array.from({ length: rule.max + 1 }, (_, i) => `https://example.com/${i}.png`)) }];
    default:
      return [];
  }
}

/** Every breaker of a field: its rules', and for a plugin's type the values its JSON Schema refuses. */
function fieldBreakers(field: ViewField): Breaker[] {
  const declared = declaredFieldType(field.module, field.type);
  const rules = field.validation.filter((rule) => rule.rule === 'required');
  if (declared) return [...rules.flatMap((rule) => breakersOf(field, rule)), { key: RECORD_MESSAGE.invalidInput, values: arbitraryRefusedBySchema(declared.declaration.value) }];
  return field.validation.flatMap((rule) => breakersOf(field, rule));
}

/** Where the message of `value` is reported: texts in one language break per locale. */
function wrap(field: ViewField, key: RecordMessageKey, value: unknown): { value: unknown; path: string } {
  if (TEXT_I18N.has(field.renderer) && key !== RECORD_MESSAGE.requiredField) return { value: { locales: { en_US: value } }, path: `${field.key}.locales.en_US` };
  return { value, path: field.key };
}

/**
 * Invalid cases for a compiled view: a valid record (validRecordFor) with one writable field's value
 * replaced by one that breaks one of its rules, paired with that rule's key. Kept only where the
 * record rules report the key at that path, so the pairing always holds for the form; the server must
 * answer it too (checkRefusals). Null when no writable field has a rule to break.
 */
export function invalidCaseFor(view: ViewSchema, ctx: ValidationContext = { page: 'model_create' }): fc.Arbitrary<InvalidCase> | null {
  const now = ctx.now ?? new Date();
  const gets = (field: ViewField, key: RecordMessageKey, raw: unknown) => {
    const { value, path } = wrap(field, key, raw);
    const at = path === field.key ? undefined : path.slice(field.key.length + 1);
    return validateField(field, value, { ...ctx, now }).some((message) => message.key === key && message.path === at);
  };
  // A breaker the field's other rules mask (a length rule of a number field) is left out, so the filter below never starves.
  const cases = writableFields(view)
    .flatMap((field) => fieldBreakers(field).map((breaker) => ({ field, breaker })))
    .filter(({ field, breaker }) => fc.sample(breaker.values, { numRuns: SAMPLES, seed: 34 }).filter((raw) => gets(field, breaker.key, raw)).length >= SAMPLES / 2);
  if (cases.length === 0) return null;
  return fc
    .tuple(fc.constantFrom(...cases), validRecordFor(view, ctx))
    .chain(([{ field, breaker }, record]) =>
      breaker.values.map((raw): InvalidCase => {
        const { value, path } = wrap(field, breaker.key, raw);
        return { data: { ...record, [field.key]: value }, field: field.key, path, value: raw, key: breaker.key };
      }),
    )
    .filter((found) => gets(view.fields.find((candidate) => candidate.key === found.field)!, found.key, found.value));
}
