import type { ViewField } from '../../schemas';
import { stripTags } from './stripTags';

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const isRich = (renderer: string) => renderer === 'text/editor' || renderer === 'text/document' || renderer === 'text/editor_i18n';

/**
 * Whether a (coerced) value counts as empty for the required rule: null, blank text, an empty list,
 * a text_i18n value without text in any locale, rich text without text once tags are stripped, an
 * unchecked checkbox, an image v2 without a URL, a date range without both dates.
 */
export function isEmptyValue(field: Pick<ViewField, 'renderer'>, value: unknown): boolean {
  if (isBlank(value)) return true;
  if (Array.isArray(value)) return value.length === 0;
  const rich = isRich(field.renderer);
  if (typeof value === 'string') return rich && stripTags(value).trim() === '';
  if (field.renderer === 'checkbox/bool') return value === false;
  if (typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  switch (field.renderer) {
    case 'input/text_i18n':
    case 'text/editor_i18n': {
      const locales = record.locales;
      if (!locales || typeof locales !== 'object' || Array.isArray(locales)) return false;
      return Object.values(locales).every((text) => isBlank(typeof text === 'string' && rich ? stripTags(text) : text));
    }
    case 'input/imagev2':
      return isBlank(record.localURL) && isBlank(record.publicURL);
    case 'picker/daterange':
      return isBlank(record.startDate) || isBlank(record.endDate);
    default:
      return false;
  }
}
