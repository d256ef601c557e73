// The value rules of the relation, image and external selects (spec section 3 "Values", section 5
// "Relation select"), shared by the renderers and the server: how a value is coerced, and which
// shapes are stored. Membership (image items) is the validation plan's oneOf; a relation's
// existence is checked on the server (records-relations.ts).
import type { ViewField } from '../../schemas';

type SelectField = Pick<ViewField, 'module' | 'type' | 'options'>;

export const SELECT_PAIRS: ReadonlySet<string> = new Set(['select/relation', 'select/image', 'select/external']);

const isScalar = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const listOf = (value: unknown, each: (item: unknown) => boolean) => Array.isArray(value) && value.every(each);

function toList(value: unknown, each: (item: unknown) => unknown): unknown {
  if (value === null) return null;
  return (Array.isArray(value) ? value : [value]).map(each);
}

const toText = (value: unknown): unknown => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

/** An image item's value in its own type: '2' given for item 2 is 2; other values as text. */
function toItemValue(field: SelectField, value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return value;
  const text = String(value);
  const item = field.options.items.find((candidate) => String(candidate.value) === text);
  return item ? item.value : toText(value);
}

/**
 * A relation, image or external select value in the shape it is stored: a list when the field holds
 * several (one-to-many or multiple), else the value itself. A relation keeps the foreign key as given
 * (a uuid, or the foreign field's text or number); image values take their item's type; external
 * values become text. Idempotent; what cannot be coerced is left for the shape check to refuse.
 */
export function coerceSelectValue(field: SelectField, value: unknown): unknown {
  if (value === undefined) return null;
  const pair = `${field.module}/${field.type}`;
  const many = field.options.multiple;
  if (pair === 'select/relation') return many ? toList(value, (item) => item) : value;
  if (pair === 'select/image') return many ? toList(value, (item) => toItemValue(field, item)) : toItemValue(field, value);
  if (pair === 'select/external') return many ? toList(value, toText) : toText(value);
  return value;
}

/**
 * Whether a (coerced, non-empty) select value has its stored shape: a scalar (text or finite number),
 * or a list of scalars when the field holds several (a one-to-many relation, a multiple image select).
 * The external select takes a scalar or a list of scalars either way (its options come from a script).
 */
export function hasSelectShape(field: Pick<ViewField, 'renderer' | 'options'>, value: unknown): boolean {
  if (field.renderer === 'select/external') return isScalar(value) || listOf(value, isScalar);
  return field.options.multiple ? listOf(value, isScalar) : isScalar(value);
}
