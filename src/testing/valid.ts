// Records valid for a compiled view (docs/testing-kit.md "Valid records"): for each field the caller
// may edit, values built from its validation plan (lengths, words, patterns, bounds, items, dates,
// a plugin's JSON Schema), in the shape the server stores (coerceValue), each one checked by the
// record rules the form and the server share (runtime/validation) before it is used.
import fc from 'fast-check';
import { declaredFieldType } from '../../runtime/fieldTypes/index';
import { coerceValue, isEmptyValue, validateField, type ValidationContext } from '../../runtime/validation/index';
import type { ValidationRule, ViewField, ViewSchema } from '../../schemas/index';
import { arbitraryFromSchema } from './json-schema';

type Rule<N extends ValidationRule['rule']> = Extract<ValidationRule, { rule: N }>;
export const ruleOf = <N extends ValidationRule['rule']>(field: ViewField, name: N): Rule<N> | undefined =>
  field.validation.find((rule): rule is Rule<N> => rule.rule === name);

/** Letters (a few beyond ASCII), digits and inner spaces: text every text-like field stores as it is, rich ones included. */
const CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789čćžšđéü'];
export function plainText(min: number, max: number): fc.Arbitrary<string> {
  const low = Math.max(1, min);
  const high = Math.max(low, max);
  return fc
    .tuple(fc.constantFrom(...CHARS), fc.array(fc.constantFrom(...CHARS, ' '), { minLength: low - 1, maxLength: Math.max(low - 1, high - 1) }))
    .map(([first, rest]) => `${first}${rest.join('')}`.replace(/ +$/, 'x'));
}

const EMAIL = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,8}[a-z0-9]$/), fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('com', 'org', 'rs')).map(([user, host, top]) => `${user}@${host}.${top}`);

function textFor(field: ViewField): fc.Arbitrary<string> {
  if (ruleOf(field, 'email')) return EMAIL;
  const pattern = ruleOf(field, 'regex')?.pattern;
  if (pattern !== undefined) return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  const min = ruleOf(field, 'minLength')?.min ?? 1;
  const max = ruleOf(field, 'maxLength')?.max ?? min + 20;
  return plainText(min, Math.min(max, min + 30));
}

function numberFor(field: ViewField): fc.Arbitrary<number> {
  const min = ruleOf(field, 'min')?.min ?? -1000;
  // Bounds the wrong way round leave no number: the one drawn is refused and the field left empty.
  const max = Math.max(min, ruleOf(field, 'max')?.max ?? min + 2000);
  // Whole numbers and hundredths: both read back as written.
  const between = (low: number, high: number) => fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  return fc.oneof(between(min, max), between(min * 100, max * 100).map((n) => n / 100));
}

/** The values a selectable field may take: the allowed list, else its items; empty when it has none. */
function choicesOf(field: ViewField): (string | number)[] {
  return ruleOf(field, 'oneOf')?.values ?? field.options.items.map((item) => item.value);
}

function selectableFor(field: ViewField, many: boolean): fc.Arbitrary<unknown> | null {
  const range = ruleOf(field, 'numberRange');
  let one: fc.Arbitrary<string | number> | null = null;
  const choices = choicesOf(field);
  if (choices.length > 0) one = fc.constantFrom(...choices);
  else if (range) one = fc.integer({ min: Math.ceil(range.from), max: Math.max(Math.ceil(range.from), Math.floor(range.to)) });
  else if (field.options.customValues) one = field.renderer.endsWith('/number') ? numberFor(field) : plainText(1, 12);
  if (!one) return null;
  const count = ruleOf(field, 'selectCount');
  return many ? fc.uniqueArray(one, { minLength: 1, maxLength: Math.max(1, Math.min(count?.max ?? 3, 3)) }) : one;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A day within four years of now, on the side the field allows. */
function dayFor(field: ViewField, now: Date): fc.Arbitrary<string> {
  const { disablePastDates, disableFutureDates } = field.options.date;
  // A day off today by one or more: clear of a server whose day turns at another hour. Both sides
  // disabled leave today alone.
  const from = disablePastDates ? (disableFutureDates ? 0 : 1) : -1400;
  const to = disableFutureDates ? (disablePastDates ? 0 : -1) : 1400;
  return fc.integer({ min: from, max: to }).map((days) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10));
}

/** Fields whose value is one text. */
const TEXT_KINDS = new Set(['input/text', 'input/email', 'input/password', 'text/default', 'text/editor', 'text/document', 'reference/text']);

const HTTPS = fc.stringMatching(/^[a-z0-9]{1,10}$/).map((name) => `https://example.com/${name}.png`);

/** Candidates of the field's kind, before the rules' verdict; null where the kit does not generate that kind. */
function candidatesFor(field: ViewField, now: Date): fc.Arbitrary<unknown> | null {
  const declared = declaredFieldType(field.module, field.type);
  if (declared) return arbitraryFromSchema(declared.declaration.value);
  if (TEXT_KINDS.has(field.renderer)) return textFor(field);
  switch (field.renderer) {
    case 'input/text_i18n':
    case 'text/editor_i18n':
      return fc.record({ en_US: textFor(field), sr: textFor(field) }, { requiredKeys: ['en_US'] }).map((locales) => ({ locales }));
    case 'input/number':
      return numberFor(field);
    case 'select/text':
    case 'select/number':
      return selectableFor(field, field.options.multiple);
    case 'radio/text':
    case 'radio/number':
      return selectableFor(field, false);
    case 'checkbox/text':
    case 'checkbox/number':
      return selectableFor(field, true);
    case 'checkbox/bool':
      return fc.boolean();
    case 'picker/date':
      return dayFor(field, now);
    case 'picker/time':
      return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
    case 'picker/datetime':
      return fc.tuple(dayFor(field, now), fc.integer({ min: 0, max: 23 })).map(([day, hour]) => `${day}T${pad(hour)}:00`);
    case 'picker/daterange':
      return fc.tuple(dayFor(field, now), dayFor(field, now)).map(([a, b]) => (a <= b ? { startDate: a, endDate: b } : { startDate: b, endDate: a }));
    case 'data/json':
      // Through JSON: -0 is written as 0, so what is sent is what reads back.
      return fc.jsonValue({ maxDepth: 2, stringUnit: 'grapheme-ascii' }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    case 'input/image':
    case 'input/file':
      return HTTPS;
    case 'image/carousel':
      return fc.array(HTTPS, { minLength: 1, maxLength: ruleOf(field, 'maxImages')?.max ?? 3 });
    default:
      // Relations, external and image selects, tables, fieldsets, image v2: they need other records,
      // scripts or uploads; the kit leaves them empty (docs/testing-kit.md "What is generated").
      return null;
  }
}

/** Whether the kit generates non-empty values for this field. */
export function generatesValuesFor(field: ViewField, now = new Date()): boolean {
  return candidatesFor(field, now) !== null;
}

/** Candidates drawn per value: rules that contradict each other (min length over max) leave none valid. */
const TRIES = 12;

/**
 * Thrown where the kit cannot make a valid record: a required field of a kind it does not generate
 * (relations, tables...), or whose rules left no value among the candidates it drew.
 */
export class CannotGenerateError extends Error {
  constructor(readonly field: string, reason: string) {
    super(`luma/testing: the required field '${field}' ${reason}`);
  }
}

/**
 * Non-empty values valid for one field, in its stored shape: candidates of its kind, coerced, the first
 * the record rules report nothing for; undefined when none of the 12 drawn is. Null where the kit does not
 * generate that kind of field.
 */
export function validValueFor(field: ViewField, ctx: ValidationContext = { page: 'model_create' }): fc.Arbitrary<unknown> | null {
  const now = ctx.now ?? new Date();
  const candidates = candidatesFor(field, now);
  if (!candidates) return null;
  const valid = (value: unknown) => !isEmptyValue(field, value) && validateField(field, value, { ...ctx, now }).length === 0;
  return fc.array(candidates, { minLength: TRIES, maxLength: TRIES }).map((drawn) => drawn.map((value) => coerceValue(field, value)).find(valid));
}

/** The fields a generated record writes: those the caller may edit. */
export const writableFields = (view: ViewSchema): ViewField[] => view.fields.filter((field) => field.editable);

/**
 * Records the view accepts: every writable field the kit generates, required ones always present,
 * others present or left out. Throws CannotGenerateError when a required field is of a kind the kit
 * does not generate, or its rules left no value.
 */
export function validRecordFor(view: ViewSchema, ctx: ValidationContext = { page: 'model_create' }): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const field of view.fields) {
    const isRequired = ruleOf(field, 'required') !== undefined;
    if (!field.editable) {
      if (isRequired) throw new CannotGenerateError(field.key, 'is one the caller may not write');
      continue;
    }
    const values = validValueFor(field, ctx);
    if (!values) {
      if (isRequired) throw new CannotGenerateError(field.key, `is a ${field.renderer}, a kind the kit does not generate`);
      continue;
    }
    model[field.key] = values;
    if (isRequired) required.push(field.key);
  }
  return fc.record(model, { requiredKeys: required }).map((drawn) => {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(drawn)) {
      if (value !== undefined) record[key] = value;
      else if (required.includes(key)) throw new CannotGenerateError(key, `got no valid value in ${TRIES} tries: do its rules contradict each other?`);
    }
    return record;
  });
}
