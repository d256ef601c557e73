// Values made of rows or items (spec section 3: table default/custom, fieldset default): each row or
// item is an object whose entries are checked by the sub-field definitions compiled into
// options.customData.fields, with the same rules as top-level fields. Shared by the renderers and the
// server (validateField calls nestedMessages), so the 417 answer names the same paths:
// 'rows.3.title' inside a table, 'items.1.name' inside a fieldset (validateRecord prefixes the key).
import type { ViewField } from '../../schemas';
import type { FieldMessage, ValidationContext } from './types';

type NestedField = Pick<ViewField, 'renderer' | 'options'>;

const TABLES = new Set(['table/default', 'table/custom']);

export const isTableField = (field: Pick<ViewField, 'renderer'>) => TABLES.has(field.renderer);
export const isFieldsetField = (field: Pick<ViewField, 'renderer'>) => field.renderer === 'fieldset/default';
/** Whether the field's value is a list of objects checked per sub-field. */
export const hasNestedFields = (field: Pick<ViewField, 'renderer'>) => isTableField(field) || isFieldsetField(field);

/** The compiled sub-field definitions of a table or fieldset (none when the settings give none). */
export function subFieldsOf(field: Pick<ViewField, 'options'>): ViewField[] {
  const fields = field.options.customData.fields;
  return Array.isArray(fields) ? (fields as ViewField[]) : [];
}

/** The path segment under which a field's rows or items are reported. */
export function nestedPrefix(field: Pick<ViewField, 'renderer'>): 'rows' | 'items' {
  return isTableField(field) ? 'rows' : 'items';
}

export const isPlainRow = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

type ValidateSub = (field: ViewField, value: unknown, ctx: ValidationContext) => FieldMessage[];

/**
 * One row's (or item's) messages per sub-field key: the sub-field's own rules on row[key], with any
 * path of its own kept ('title.locales.sr' inside a row). Only sub-fields with messages appear.
 */
export function rowMessages(subFields: readonly ViewField[], row: unknown, ctx: ValidationContext, validate: ValidateSub): Record<string, FieldMessage[]> {
  const data = isPlainRow(row) ? row : {};
  const out: Record<string, FieldMessage[]> = {};
  for (const sub of subFields) {
    const value = Object.prototype.hasOwnProperty.call(data, sub.key) ? data[sub.key] : undefined;
    const messages = validate(sub, value, ctx);
    if (messages.length > 0) out[sub.key] = messages;
  }
  return out;
}

/**
 * The nested messages of a table or fieldset value (a list; the caller has checked its shape):
 * every sub-field message at `${prefix}.${index}.${subKey}[.${its own path}]`. A fieldset with any
 * invalid sub-field also reports invalidFields at the field itself (spec section 5, "Fieldset").
 */
export function nestedMessages(field: NestedField, value: readonly unknown[], ctx: ValidationContext, validate: ValidateSub): FieldMessage[] {
  const subFields = subFieldsOf(field);
  const prefix = nestedPrefix(field);
  const nested: FieldMessage[] = [];
  value.forEach((row, index) => {
    for (const [key, messages] of Object.entries(rowMessages(subFields, row, ctx, validate))) {
      for (const message of messages) {
        const inner = message.path ? `.${message.path}` : '';
        nested.push({ ...message, path: `${prefix}.${index}.${key}${inner}` });
      }
    }
  });
  if (nested.length === 0) return [];
  return isFieldsetField(field) ? [{ key: 'invalidFields' }, ...nested] : nested;
}

/** Each row's entries coerced by its sub-field (unknown entries are kept as they are). */
export function coerceRows(field: Pick<ViewField, 'options'>, value: unknown[], coerce: (field: ViewField, value: unknown) => unknown): unknown[] {
  const subFields = subFieldsOf(field);
  if (subFields.length === 0) return value;
  return value.map((row) => {
    if (!isPlainRow(row)) return row;
    const out: Record<string, unknown> = { ...row };
    for (const sub of subFields) {
      if (Object.prototype.hasOwnProperty.call(row, sub.key)) out[sub.key] = coerce(sub, row[sub.key]);
    }
    return out;
  });
}
