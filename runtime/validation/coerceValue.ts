import type { ViewField } from '../../schemas';
import { normaliseDateTime } from './dates';
import { coerceSelectValue, SELECT_PAIRS } from './selects';
import { coerceRows, hasNestedFields } from './nested';
import { declaredFieldType } from '../fieldTypes/catalogue';
import { coerceDeclaredValue } from '../fieldTypes/coerceDeclaredValue';

type CoerceField = Pick<ViewField, 'module' | 'type' | 'options'> & { renderer?: string };

/** Input number values are parsed as float; non-numeric (and non-finite) becomes null (spec section 5). */
function toFloat(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Selectable numbers: a numeric string becomes its number and blank text is empty (null); anything
 * else is left for the rules to refuse. A number field never stores text (its index casts to numeric).
 */
function toNumberish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
}

function toText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

function toList(value: unknown, each: (item: unknown) => unknown): unknown {
  if (value === null) return null;
  return (Array.isArray(value) ? value : [value]).map(each);
}

const TEXT_PAIRS = new Set([
  'input/text', 'input/email', 'input/password', 'text/default', 'text/editor', 'text/document',
  'picker/date', 'picker/time', 'picker/datetime', 'reference/text', 'select/external', 'select/image',
]);

/**
 * A value in the shape its field stores (spec section 3, "Values"): undefined becomes null, numbers
 * are parsed, scalars given to multi-value fields become one-element lists, numbers and booleans
 * given to text fields become text. Idempotent; values it cannot coerce are returned as they are,
 * so the rules still refuse them.
 */
export function coerceValue(field: CoerceField, value: unknown): unknown {
  if (value === undefined) return null;
  const declared = declaredFieldType(field.module, field.type);
  if (declared) return coerceDeclaredValue(declared.declaration.value, value);
  // A compiled field's renderer is its pair: no string built per value (this runs for every cell written, three times an import cell).
  const pair = field.renderer ?? `${field.module}/${field.type}`;
  if (pair === 'input/number') return toFloat(value);
  // A date-time written with a space is stored with a 'T' (the list API compares it as text).
  if (pair === 'picker/datetime') return normaliseDateTime(toText(value));
  if (SELECT_PAIRS.has(pair)) return coerceSelectValue(field, value);
  if (TEXT_PAIRS.has(pair) || pair === 'select/text' || pair === 'radio/text') {
    return field.options.multiple && pair === 'select/text' ? toList(value, toText) : toText(value);
  }
  if (pair === 'select/number' || pair === 'radio/number') {
    if (field.options.multiple && pair === 'select/number') return toList(value, toNumberish);
    // One number: an empty list is empty (null) as blank text is. Stored as given it reached the
    // number index's cast and failed the insert (a 500 the records property test found, issue 27).
    return Array.isArray(value) && value.length === 0 ? null : toNumberish(value);
  }
  if (pair === 'checkbox/text') return toList(value, toText);
  if (pair === 'checkbox/number') return toList(value, toNumberish);
  // Table rows and fieldset items: each entry coerced by its sub-field.
  if (hasNestedFields({ renderer: pair }) && Array.isArray(value)) return coerceRows(field, value, (sub, entry) => coerceValue(sub, entry));
  if (pair === 'checkbox/bool') {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return value;
  }
  return value;
}
