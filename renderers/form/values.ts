// The form model around the record: the initial values a form starts from, and the body it sends.
import type { ViewField, ViewSchema } from '../../schemas/viewSchema.schema';
import { PASSWORD_TOKEN } from '../controls/input/Password';
import type { FormPage } from '../registry/types';

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'locales' in (value as object)) {
    const locales = (value as { locales: Record<string, unknown> }).locales ?? {};
    return Object.values(locales).every((v) => v === undefined || v === null || v === '');
  }
  return false;
}

export function isPasswordField(field: ViewField): boolean {
  return field.module === 'input' && field.type === 'password';
}

/** The record's field values, with defaults where empty and the password token on the edit page. */
export function initialValues(view: ViewSchema, record: Record<string, unknown> | null, page: FormPage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of view.fields) {
    let value = record ? record[field.key] : undefined;
    if (page === 'model_edit' && isPasswordField(field)) value = PASSWORD_TOKEN;
    else if (isEmptyValue(value) && field.defaultValue !== null && field.defaultValue !== undefined) value = field.defaultValue;
    out[field.key] = value ?? null;
    // A relation's companion (the related record or records) rides along for its labels; never sent.
    const companion = `${field.key}_RefObj`;
    if (field.relation && record && companion in record) out[companion] = record[companion];
  }
  return out;
}

/**
 * The data a save sends: fields the caller sees and may edit (the server answers 403 for others, and
 * a protected field on edit), without a password left at its placeholder token.
 */
export function payloadOf(view: ViewSchema, values: Record<string, unknown>, page: FormPage): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of view.fields) {
    if (!field.visible || !field.editable) continue;
    if (field.module === 'reference') continue;
    const value = values[field.key];
    if (isPasswordField(field) && (value === PASSWORD_TOKEN || (page === 'model_edit' && isEmptyValue(value)))) continue;
    data[field.key] = value === undefined ? null : value;
  }
  return data;
}
