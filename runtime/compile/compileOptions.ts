import type { FieldDefinition, ViewFieldOptions } from '../../schemas';
import { isAlwaysRequired } from '../components/isAlwaysRequired';
import { needsLengthBounds } from '../components/needsLengthBounds';
import { DEFAULT_TEXT_LENGTH } from '../components/messageKeys';
import { isNumberSelectable } from './isNumberSelectable';
import { mergeCustomData } from './mergeCustomData';
import { normaliseItems } from './normaliseItems';
import { withSelectData } from './selectData';
import { splitNotAllowedWords } from './splitNotAllowedWords';

const finiteOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

type Draft = Pick<FieldDefinition, 'module' | 'type'> & Partial<Pick<FieldDefinition, 'constraints' | 'relation'>>;

/**
 * A field's options, normalised once (STYLE.md): the constraint defaults of spec section 3 (required
 * false, empty placeholder, length null/null; text and password inputs keep their bounds, 1..255 when
 * missing, as normaliseField stores them), number bounds, items, custom_data over its defaults.
 * Number inputs take min/max from constraints.min/max, else from length; number selectables from the range.
 */
export function compileOptions(field: Draft, locale: string): ViewFieldOptions {
  const c = (field.constraints ?? {}) as FieldDefinition['constraints'] & { min?: unknown; max?: unknown };
  const { module, type } = field;
  const fallbackLength = needsLengthBounds(module, type) ? DEFAULT_TEXT_LENGTH : { min: null, max: null };
  const length = { min: finiteOrNull(c.length?.min ?? fallbackLength.min), max: finiteOrNull(c.length?.max ?? fallbackLength.max) };
  const numeric = isNumberSelectable(module, type);
  const selectables = c.selectables ?? {};
  const range = selectables.range ?? null;
  const isNumberInput = module === 'input' && type === 'number';
  const min = isNumberInput ? finiteOrNull(c.min ?? length.min) : numeric ? finiteOrNull(range?.from) : null;
  const max = isNumberInput ? finiteOrNull(c.max ?? length.max) : numeric ? finiteOrNull(range?.to) : null;
  const customData = withSelectData(module, type, c, mergeCustomData(module, type, c.custom_data), locale);
  const date = c.date ?? {};
  const oneToMany = module === 'select' && type === 'relation' && field.relation?.type === 'one-to-many';
  return {
    required: c.required === true || isAlwaysRequired(module, type),
    placeholder: typeof c.placeholder === 'string' ? c.placeholder : '',
    length,
    notAllowedWords: splitNotAllowedWords(c.not_allowed_words),
    regex: typeof c.regex === 'string' && c.regex !== '' ? c.regex : null,
    min,
    max,
    items: normaliseItems(selectables, numeric, locale),
    customValues: selectables.custom === true,
    multiple: selectables.multiple === true || oneToMany,
    date: {
      pattern: typeof date.pattern === 'string' ? date.pattern : null,
      disablePastDates: date.disable_past_dates === true || customData.disablePastDates === true,
      disableFutureDates: date.disable_future_dates === true || customData.disableFutureDates === true,
    },
    customData,
  };
}
