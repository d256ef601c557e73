import type { ValidationRule, ViewField } from '../../schemas';
import { declaredFieldType } from '../fieldTypes/catalogue';
import { coerceValue } from './coerceValue';
import { dateRangeMessages, dateTimeMessages } from './dates';
import { hasValueShape } from './hasValueShape';
import { MEDIA_VALUE_MESSAGE } from '../media/mediaMessages';
import { classifyMediaUrl, MEDIA_RENDERERS, mediaUrlsOf } from '../media/mediaValues';
import { isEmptyValue } from './isEmptyValue';
import { isValidDate } from './isValidDate';
import { hasNestedFields, nestedMessages } from './nested';
import { stripTags } from './stripTags';
import { textMessages } from './textMessages';
import { PASSWORD_TOKEN, type FieldMessage, type ValidationContext } from './types';

// A standard e-mail pattern (the WHATWG one for <input type=email>, with a dot required in the domain).
export const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const RICH = new Set(['text/editor', 'text/document', 'text/editor_i18n']);

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** A rule that passes: one shared empty answer (ruleMessages runs per rule, per field, per record written; its answer is only read). */
const NONE: readonly FieldMessage[] = Object.freeze([]);

function ruleMessages(field: ViewField, value: unknown, rule: ValidationRule, now: Date | undefined): readonly FieldMessage[] {
  switch (rule.rule) {
    case 'email':
      return typeof value === 'string' && EMAIL.test(value.trim()) ? NONE : [{ key: 'invalidEmail' }];
    case 'max':
      return typeof value === 'number' && value > rule.max ? [{ key: 'cantBeMoreThen', values: { max: rule.max } }] : NONE;
    case 'min':
      return typeof value === 'number' && value < rule.min ? [{ key: 'cantBeLessThen', values: { min: rule.min } }] : NONE;
    case 'oneOf': {
      // Checkbox number: values outside the range already gave numberNotInRange.
      const candidates = asList(value).filter((entry) => !(field.renderer === 'checkbox/number' && outOfRange(field, entry)));
      return candidates.some((entry) => !rule.values.includes(entry as string | number)) ? [{ key: rule.message }] : NONE;
    }
    case 'selectCount': {
      const count = asList(value).length;
      return count > 1 && (count < rule.min || count > rule.max) ? [{ key: 'selectNotLessThen', values: { min: rule.min, max: rule.max } }] : NONE;
    }
    case 'numberRange':
      return asList(value).some((entry) => outOfRange(field, entry)) ? [{ key: 'numberNotInRange' }] : NONE;
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? NONE : [{ key: 'invalidInput' }];
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? NONE : [{ key: 'invalidInput' }];
    case 'datetime':
      return dateTimeMessages(field.options.customData, value, now);
    case 'daterange':
      return dateRangeMessages(field.options.customData, value, now);
    case 'json':
      // Any JSON value is fine; text must parse (the JSON editor sends what was typed).
      return typeof value === 'string' && !parsesAsJson(value) ? [{ key: 'invalidInput' }] : NONE;
    case 'maxImages':
      return asList(value).length > rule.max ? [{ key: 'maxNrOfImages', values: { max: rule.max } }] : NONE;
    default:
      return NONE;
  }
}

/**
 * Out of the number checkbox's range. The original compared the upper bound with `from` (spec section 5,
 * "Possible defects"); this compares a value with from and with to, as the rule intends.
 */
function outOfRange(field: ViewField, entry: unknown): boolean {
  const range = field.validation.find((rule) => rule.rule === 'numberRange');
  if (!range || range.rule !== 'numberRange' || typeof entry !== 'number') return false;
  return entry < range.from || entry > range.to;
}

/**
 * The messages of one field's value (docs/records.md): the field's validation plan applied to the
 * coerced value. Empty values only get required (passwords are exempt on model_edit, where the
 * placeholder token means "unchanged"); a value of the wrong shape gives invalidInput; text_i18n
 * values get the text rules per locale, with path 'locales.xx'.
 */
export function validateField(field: ViewField, value: unknown, ctx: ValidationContext): FieldMessage[] {
  const coerced = coerceValue(field, value);
  const isPasswordOnEdit = field.renderer === 'input/password' && ctx.page === 'model_edit';
  if (isPasswordOnEdit && coerced === PASSWORD_TOKEN) return [];
  if (isEmptyValue(field, coerced)) {
    const required = field.validation.some((rule) => rule.rule === 'required');
    return required && !isPasswordOnEdit ? [{ key: 'identityField.requiredField' }] : [];
  }
  // A plugin's type: its declared JSON Schema decides (where the host compiled it: the server always does).
  const declared = declaredFieldType(field.module, field.type);
  if (declared) return declared.check && !declared.check(coerced) ? [{ key: 'invalidInput' }] : [];
  if (!hasValueShape(field, coerced)) return [{ key: 'invalidInput' }];
  // Image, file and carousel URLs: a library path whose key stays in its library, or http(s) (docs/media-widgets.md).
  // Whether the library is one of the project's is the server's check (records-media.ts).
  if (MEDIA_RENDERERS.has(field.renderer) && mediaUrlsOf(field.renderer, coerced).some((url) => classifyMediaUrl(url) === 'invalid')) {
    return [{ key: MEDIA_VALUE_MESSAGE.invalidMediaUrl }];
  }
  // Tables and fieldsets: each row or item checked per sub-field, paths 'rows.3.title', 'items.1.name'.
  if (hasNestedFields(field)) return nestedMessages(field, coerced as unknown[], ctx, validateField);
  const rich = RICH.has(field.renderer);
  if (field.renderer === 'input/text_i18n' || field.renderer === 'text/editor_i18n') {
    const locales = (coerced as { locales: Record<string, string | null> }).locales;
    return Object.entries(locales).flatMap(([locale, text]) => {
      const plain = typeof text === 'string' ? (rich ? stripTags(text) : text) : '';
      if (plain.trim() === '') return [];
      return textMessages(plain, field.validation).map((message) => ({ ...message, path: `locales.${locale}` }));
    });
  }
  // Built in one array: this runs for every field of every record written and every import row.
  const messages = typeof coerced === 'string' ? textMessages(rich ? stripTags(coerced) : coerced, field.validation) : [];
  for (const rule of field.validation) {
    const found = ruleMessages(field, coerced, rule, ctx.now);
    for (const message of found) messages.push(message);
  }
  return messages;
}
