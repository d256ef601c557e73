import type { FieldModule, FieldType, ValidationRule, ViewFieldOptions } from '../../schemas';
import { isAlwaysRequired } from '../components/isAlwaysRequired';

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** The text rules (spec section 5, "Text"); symbols: false in text areas (no symbol variant). */
function textRules(options: ViewFieldOptions, symbols: boolean): ValidationRule[] {
  const rules: ValidationRule[] = [];
  const { min, max } = options.length;
  if (max !== null && max > 0) rules.push({ rule: 'maxLength', max });
  if (min !== null && min > 0) rules.push({ rule: 'minLength', min });
  if (options.notAllowedWords.length > 0) rules.push({ rule: 'notAllowedWords', words: [...options.notAllowedWords], symbols });
  if (options.regex && isValidRegex(options.regex)) rules.push({ rule: 'regex', pattern: options.regex });
  return rules;
}

function selectionRule(options: ViewFieldOptions): ValidationRule[] {
  if (options.customValues) return [];
  return [{ rule: 'oneOf', values: options.items.map((item) => item.value), message: 'invalidSelection' }];
}

/**
 * The record form rules of spec section 5 that apply to one field, with their parameters, in the
 * order their messages are reported. Required comes first; the other rules run on non-empty values.
 * Types without rules of their own (image and file inputs, date ranges, tables, ...) check required only.
 */
export function validationPlan(module: FieldModule, type: FieldType, options: ViewFieldOptions): ValidationRule[] {
  const pair = `${module}/${type}`;
  const required: ValidationRule[] = options.required || isAlwaysRequired(module, type) ? [{ rule: 'required' }] : [];
  const rest = ((): ValidationRule[] => {
    switch (pair) {
      case 'input/text':
      case 'input/password':
      case 'input/text_i18n':
        return textRules(options, true);
      case 'text/default':
      case 'text/editor':
      case 'text/editor_i18n':
      case 'text/document':
        return textRules(options, false);
      case 'input/email':
        return [{ rule: 'email' }];
      case 'input/number': {
        const rules: ValidationRule[] = [];
        if (options.max !== null) rules.push({ rule: 'max', max: options.max });
        if (options.min !== null) rules.push({ rule: 'min', min: options.min });
        return rules;
      }
      case 'select/text':
      case 'select/number':
      case 'radio/text':
      case 'radio/number':
        return selectionRule(options);
      case 'select/image':
        return options.items.length > 0 ? selectionRule(options) : [];
      case 'checkbox/text': {
        const { min, max } = options.length;
        if (min === null && max === null) return [];
        return [{ rule: 'selectCount', min: min ?? 0, max: max ?? options.items.length }];
      }
      case 'checkbox/number': {
        const rules: ValidationRule[] = [];
        if (options.min !== null && options.max !== null) rules.push({ rule: 'numberRange', from: options.min, to: options.max });
        if (options.items.length > 0) rules.push({ rule: 'oneOf', values: options.items.map((item) => item.value), message: 'invalidNumber' });
        return rules;
      }
      case 'picker/date':
        return [{ rule: 'date' }];
      case 'picker/time':
        return [{ rule: 'time' }];
      case 'picker/datetime':
        return [{ rule: 'datetime' }];
      case 'picker/daterange':
        return [{ rule: 'daterange' }];
      case 'data/json':
        return [{ rule: 'json' }];
      case 'image/carousel': {
        const max = options.customData.max_images;
        return options.required && typeof max === 'number' ? [{ rule: 'maxImages', max }] : [];
      }
      default:
        return [];
    }
  })();
  return [...required, ...rest];
}
