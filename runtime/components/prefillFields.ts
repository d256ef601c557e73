import { deriveFieldKey } from './deriveFieldKey';
import { DEFAULT_TEXT_LENGTH } from './messageKeys';
import { needsLengthBounds } from './needsLengthBounds';
import { toStartCase } from './toStartCase';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBound = (value: unknown): boolean => typeof value === 'number';

/**
 * What an outside client may leave out of a field, filled in before the schema judges it (spec
 * sections 3 and 5): the key, derived from the name unless auto_key is false (a given key lower-cased,
 * white space to '_'), and a text or password
 * input's length bounds, each missing bound at the field length default (min 1, max 255; max never
 * below a given min). Applies to every field list of a model: fields, actions' fields, a fieldset's
 * sub-fields and a table's fields. The input is not changed; anything that is not a field is left
 * for the schema to refuse.
 */
export function prefillFields<T>(settings: T): T {
  if (!isObject(settings)) return settings;
  const copy: Json = { ...settings };
  if (Array.isArray(copy.fields)) copy.fields = copy.fields.map(prefillField);
  if (Array.isArray(copy.actions)) {
    copy.actions = copy.actions.map((action) => (isObject(action) && Array.isArray(action.fields) ? { ...action, fields: action.fields.map(prefillField) } : action));
  }
  return copy as T;
}

function prefillField(field: unknown): unknown {
  if (!isObject(field)) return field;
  const out: Json = { ...field };
  if (out.auto_key !== false && (out.key === undefined || out.key === null || out.key === '') && typeof out.name === 'string') {
    const key = deriveFieldKey(toStartCase(out.name));
    if (key !== '') out.key = key;
  } else if (typeof out.key === 'string') {
    // Spec section 5: "Key: ... lower-cased, spaces to underscore" ('Order Title' -> 'order_title').
    // Only that: any other character still breaks the key rule (fieldKeyRule), never dropped.
    out.key = out.key.trim().toLowerCase().replace(/\s+/g, '_');
  }
  const module = typeof out.module === 'string' ? out.module : undefined;
  const type = typeof out.type === 'string' ? out.type : undefined;
  const constraints = out.constraints === undefined || out.constraints === null ? {} : out.constraints;
  if (!isObject(constraints)) return out;
  const filled: Json = { ...constraints };
  if (needsLengthBounds(module, type)) {
    const length = filled.length === undefined || filled.length === null ? {} : filled.length;
    if (isObject(length)) {
      const min = isBound(length.min) ? length.min : DEFAULT_TEXT_LENGTH.min;
      const max = isBound(length.max) ? length.max : Math.max(DEFAULT_TEXT_LENGTH.max, min as number);
      filled.length = { ...length, min, max };
    }
  }
  if (module === 'fieldset' && Array.isArray(filled.custom_data)) filled.custom_data = filled.custom_data.map(prefillField);
  if (isObject(filled.table) && Array.isArray(filled.table.fields)) filled.table = { ...filled.table, fields: filled.table.fields.map(prefillField) };
  if (out.constraints !== undefined || needsLengthBounds(module, type)) out.constraints = filled;
  return out;
}
