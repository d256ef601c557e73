// The records' fate rule by rule (docs/components.md "The records' fate"): for one field of the newer
// version, a SQL predicate per rule over a stored record's `data` that is true exactly when
// runtime/validation/validateField refuses the value with that rule (coercion included: numbers in
// text fields, numeric text in number fields, 'true' in a checkbox). tests/api/records-fate-rules.test.ts
// checks that agreement value by value, against validateField itself, on both databases.
// One predicate is no refusal: `lost`, a value the newer type reads as empty (text in a number field).
// Renderers and rules without a faithful predicate (rich text, i18n text, lists, dates, plugins'
// types, hashed fields) answer null: the fate says the field was not counted.
import { sql, type RawBuilder } from 'kysely';
import type { ViewField, ValidationRule } from '../../../schemas/viewSchema.schema';
import type { FateRule } from '../../../runtime/api/components';
import { EMAIL, TIME } from '../../../runtime/validation/index';
import { JS_SPACE, sqlPattern } from './fate-regex';

type Predicate = RawBuilder<unknown>;

/** One rule of one field: true for the records that break it. */
export interface FateCheck {
  field: string;
  rule: FateRule;
  predicate: Predicate;
}

/** JS_SPACE's characters one by one, for btrim (far cheaper per row than a regex). */
const SPACE_CHARS = JS_SPACE.replace('\u2000-\u200a', Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)).join(''));
/** What parseFloat reads from the start of a text (after white space): the number's text, in the first group. */
const FLOAT_PREFIX = `^[${JS_SPACE}]*([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?)`;
/** What Number() takes whole (once trimmed) as a decimal; hexadecimal, binary and octal apart. */
const DECIMAL = '^[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?$';
const RADIX = '^0(?:[xX][0-9a-fA-F]+|[bB][01]+|[oO][0-7]+)$';
const EMAIL_SQL = sqlPattern(EMAIL.source)!;
const TIME_SQL = sqlPattern(TIME.source)!;

/**
 * A field's value as the predicates read it: its text (`data ->> key`: null when absent or JSON null; a
 * number's or a boolean's text as JavaScript's toText gives it), and its JSON type. The type costs a
 * copy of the value per record, so the predicates ask it only of a text a list or an object can have
 * ('[]', '{}', or one starting with '[' or '{'); the text alone tells the other cases apart.
 */
export interface ValueParts {
  text: Predicate;
  type: Predicate;
}

/**
 * Where the predicates read a field's value. Alone, straight from `data` (`fromData`); in the fate's
 * passes (fate.ts), from columns that extract each value once per record, where `share` also computes a
 * costly part (a trim, a parse) once per record for every rule that reads it.
 */
export interface ValueSource {
  parts(stored: string): ValueParts;
  share(expression: Predicate): Predicate;
}

export const fromData: ValueSource = {
  parts: (stored) => ({ text: sql`(data ->> ${stored})`, type: sql`jsonb_typeof(data -> ${stored})` }),
  share: (expression) => expression,
};

/** The value's parts and its blank test, for the key the records keep it under. */
function valueOf(stored: string, source: ValueSource) {
  const { type, text } = source.parts(stored);
  // Absent, null, blank text or an empty list: isEmptyValue's blank cases (no number's, boolean's or
  // object's text is blank). Only a text starting with a control character, a space or past U+009F can
  // be blank: the trim (a costly one, its characters being multibyte) is asked of those alone.
  const blank = source.share(sql`(${text} is null or (ascii(${text}) not between 33 and 159 and btrim(${text}, ${SPACE_CHARS}) = '') or (${text} = '[]' and ${type} = 'array'))`);
  return { type, text, blank, share: source.share };
}
type Value = ReturnType<typeof valueOf>;

/** A number's text as JavaScript's double: null past the double's range (Infinity, which the coercions drop). */
const asDouble = (numeric: Predicate) =>
  sql`(case when abs(${numeric}) > 1.7976931348623157e308 then null when abs(${numeric}) < 1e-307 then 0::float8 else (${numeric})::float8 end)`;

const orOf = (parts: Predicate[]) => (parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`);

/** A field read as text (toText: numbers and booleans become text); rules run on non-blank text only. */
function textFamily(value: Value) {
  const container = value.share(sql`(ascii(${value.text}) in (91, 123) and ${value.type} in ('array', 'object'))`); // '[' or '{'
  // A string that is not blank, a number or a boolean.
  const on = (test: Predicate) => sql`(not ${value.blank} and not ${container} and ${test})`;
  return {
    empty: value.blank,
    shape: sql`(${container} and ${value.text} <> '[]')`,
    lost: null,
    rule(rule: ValidationRule): Predicate | null {
      switch (rule.rule) {
        case 'maxLength':
          return on(sql`char_length(${value.text}) > ${rule.max}`);
        case 'minLength':
          return on(sql`char_length(${value.text}) < ${rule.min}`);
        case 'notAllowedWords':
          return on(orOf(rule.words.map((word) => sql`strpos(${value.text}, ${word}) > 0`)));
        case 'regex': {
          const pattern = sqlPattern(rule.pattern);
          return pattern === null ? null : on(sql`not (${value.text} ~ ${pattern})`);
        }
        case 'email':
          return on(sql`not (btrim(${value.text}, ${SPACE_CHARS}) ~ ${EMAIL_SQL})`);
        case 'time':
          return on(sql`not (${value.text} ~ ${TIME_SQL})`);
        case 'oneOf': {
          const texts = rule.values.filter((entry): entry is string => typeof entry === 'string');
          return on(texts.length === 0 ? sql`true` : sql`not (${value.text} in (${sql.join(texts)}))`);
        }
        default:
          return null;
      }
    },
  };
}

/** input/number: parseFloat of text, a number as it is (its text is all the prefix); anything else is empty (no boolean's, list's or object's text starts like a number). */
function numberFamily(value: Value) {
  const parsed = asDouble(value.share(sql`(substring(${value.text} from ${FLOAT_PREFIX}))::numeric`));
  return {
    empty: sql`(${parsed} is null)`,
    shape: sql`false`,
    // A value that is there but reads as no number: not refused, lost (a text field changed to a number).
    lost: sql`(not ${value.blank} and ${parsed} is null)`,
    rule(rule: ValidationRule): Predicate | null {
      if (rule.rule === 'min') return sql`(${parsed} < ${rule.min})`;
      if (rule.rule === 'max') return sql`(${parsed} > ${rule.max})`;
      return null;
    },
  };
}

/** The texts Number() reads as one of the whole, non-negative `numbers` in base 16, 2 or 8 (lower case). */
function radixItems(numbers: number[]): string {
  const whole = numbers.filter((n) => Number.isSafeInteger(n) && n >= 0);
  if (whole.length === 0) return '^$.';
  const spelled = whole.flatMap((n) => [`x0*${n.toString(16)}`, `b0*${n.toString(2)}`, `o0*${n.toString(8)}`]);
  return `^0(?:${spelled.join('|')})$`;
}

/** select/number and radio/number of one value: Number() of trimmed text, blank text and [] empty. */
function numberishFamily(value: Value) {
  const trim = sql`btrim(${value.text}, ${SPACE_CHARS})`;
  const trimmed = value.share(trim);
  // A number's text is a decimal; no boolean's, list's or object's text is a decimal or a radix.
  const parsed = asDouble(value.share(sql`(case when ${trim} ~ ${DECIMAL} then (${trim})::numeric end)`));
  const radix = value.share(sql`(${trim} ~ ${RADIX})`);
  return {
    empty: value.blank,
    shape: sql`(not ${value.blank} and ${parsed} is null and not ${radix})`,
    lost: null,
    rule(rule: ValidationRule): Predicate | null {
      if (rule.rule !== 'oneOf') return null;
      const numbers = rule.values.filter((entry): entry is number => typeof entry === 'number');
      const decimal = numbers.length === 0 ? sql`(${parsed} is not null)` : sql`(${parsed} not in (${sql.join(numbers.map((n) => sql`${n}::float8`))}))`;
      // A hexadecimal, binary or octal text: among the items when it spells one of the whole ones.
      return sql`(${decimal} or (${radix} and not lower(${trimmed}) ~ ${radixItems(numbers)}))`;
    },
  };
}

/** checkbox/bool: 'true' and 'false' text become booleans; false is empty. */
function boolFamily(value: Value) {
  // A JSON boolean's text is 'true' or 'false', as the same words in text are (and no other type's).
  const falsy = sql`(${value.text} = 'false')`;
  const truthy = sql`(${value.text} = 'true')`;
  return {
    empty: sql`(${value.blank} or ${falsy})`,
    shape: sql`(not ${value.blank} and not ${falsy} and not ${truthy})`,
    lost: null,
    rule: (): Predicate | null => null,
  };
}

interface Family {
  empty: Predicate;
  shape: Predicate;
  lost: Predicate | null;
  rule(rule: ValidationRule): Predicate | null;
}

/** The family of a field's values, or null when its value is not judged in SQL. */
function familyOf(field: ViewField, value: Value): Family | null {
  const single = !field.options.multiple;
  switch (field.renderer) {
    case 'input/text':
    case 'input/email':
    case 'text/default':
    case 'picker/time':
    case 'reference/text':
      return textFamily(value);
    case 'select/text':
      return single ? textFamily(value) : null;
    case 'radio/text':
      return textFamily(value);
    case 'input/number':
      return numberFamily(value);
    case 'select/number':
      return single ? numberishFamily(value) : null;
    case 'radio/number':
      return numberishFamily(value);
    case 'checkbox/bool':
      return boolFamily(value);
    default:
      return null;
  }
}

/**
 * Every rule of `field` (read where the records keep it, `stored`) as a predicate, uniqueness apart
 * (fate.ts counts it with a grouped lookup); null when one of them has no faithful predicate.
 */
export function fieldChecks(stored: string, field: ViewField, source: ValueSource = fromData): FateCheck[] | null {
  if (field.hashed) return null;
  const value = valueOf(stored, source);
  const family = familyOf(field, value);
  if (!family) return null;
  const key = field.key;
  const required = field.validation.some((rule) => rule.rule === 'required');
  const checks: FateCheck[] = [];
  if (required) checks.push({ field: key, rule: 'required', predicate: family.empty });
  checks.push({ field: key, rule: 'type', predicate: family.shape });
  if (family.lost) checks.push({ field: key, rule: 'lost', predicate: family.lost });
  for (const rule of field.validation) {
    if (rule.rule === 'required') continue;
    const predicate = family.rule(rule);
    if (!predicate) return null;
    // A rule judges a value of the right shape only (validateField stops at invalidInput).
    checks.push({ field: key, rule: rule.rule as FateRule, predicate: sql`(not ${family.empty} and not ${family.shape} and ${predicate})` });
  }
  return checks;
}

/** A removed field's value that is lost: anything but absent, null, blank text, [] and {}. */
export function removedCheck(stored: string, source: ValueSource = fromData): FateCheck {
  const value = valueOf(stored, source);
  return { field: stored, rule: 'removed', predicate: sql`not (${value.blank} or (${value.text} = '{}' and ${value.type} = 'object'))` };
}
