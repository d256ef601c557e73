// A related record's label (spec section 3 "Constraints", relation.label): 'uuid', a field key, or a
// template with double braces ('{{name}} ({{code}})'). i18n values ({locales}) read the caller's
// locale, else en_US, else the first text. A value whose record is unknown shows '__unknown_value__'.
export const UNKNOWN_VALUE = '__unknown_value__';

const TEMPLATE_KEY = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** One value of a record as text: numbers and booleans as text, i18n in the locale, objects empty. */
export function fieldText(value: unknown, locale: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value) && 'locales' in value) {
    const locales = (value as { locales?: Record<string, unknown> }).locales ?? {};
    for (const candidate of [locales[locale], locales.en_US, ...Object.values(locales)]) {
      if (typeof candidate === 'string' && candidate !== '') return candidate;
    }
    return '';
  }
  if (Array.isArray(value)) return value.map((item) => fieldText(item, locale)).filter(Boolean).join(', ');
  return '';
}

/** Reads a key, with dots into nested objects ('address.city'). */
function read(record: Record<string, unknown>, key: string): unknown {
  if (key in record) return record[key];
  let current: unknown = record;
  for (const part of key.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The label of a related record, or '__unknown_value__' when there is none. */
export function relationLabel(template: string, record: Record<string, unknown> | null | undefined, locale: string): string {
  if (!record) return UNKNOWN_VALUE;
  const label = template.trim() || 'uuid';
  if (!label.includes('{{')) {
    const text = fieldText(read(record, label), locale);
    return text !== '' ? text : fieldText(record.uuid, locale) || UNKNOWN_VALUE;
  }
  const text = label.replace(TEMPLATE_KEY, (_match, key: string) => fieldText(read(record, key), locale));
  return text.trim() !== '' ? text : fieldText(record.uuid, locale) || UNKNOWN_VALUE;
}
