import type { ViewField } from '../../schemas';
import { hasSelectShape } from './selects';

const isText = (value: unknown) => typeof value === 'string';
const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown, each: (item: unknown) => boolean) => Array.isArray(value) && value.every(each);

/**
 * Whether a (coerced, non-empty) value has the shape its field stores (spec section 3, "Values");
 * a value of another shape gives invalidInput. Fields whose value is any JSON accept everything.
 */
export function hasValueShape(field: Pick<ViewField, 'renderer' | 'options'>, value: unknown): boolean {
  const { multiple } = field.options;
  switch (field.renderer) {
    case 'input/text':
    case 'input/email':
    case 'input/password':
    case 'text/default':
    case 'text/editor':
    case 'text/document':
    case 'picker/date':
    case 'picker/time':
    case 'picker/datetime':
    case 'reference/text':
    case 'input/image':
      return isText(value);
    case 'input/text_i18n':
    case 'text/editor_i18n':
      return isObject(value) && isObject(value.locales) && Object.values(value.locales).every((text) => text === null || isText(text));
    case 'input/number':
      return typeof value === 'number';
    case 'select/number': {
      // A single number is stored as a number, whatever the items say (its list index casts to
      // numeric, so text would fail the insert). Custom values skip the items check, so in a list
      // they must be numbers too; otherwise an entry not among the items is invalidSelection.
      if (!multiple) return isNumber(value);
      return listOf(value, field.options.customValues ? isNumber : isScalar);
    }
    case 'radio/number':
      return isNumber(value);
    case 'select/relation':
    case 'select/image':
    case 'select/external':
      return hasSelectShape(field, value);
    case 'select/text':
    case 'radio/text':
      return multiple && !field.renderer.startsWith('radio') ? listOf(value, isScalar) : isScalar(value);
    case 'checkbox/text':
    case 'checkbox/number':
      return listOf(value, isScalar);
    case 'checkbox/bool':
      return typeof value === 'boolean';
    case 'input/imagev2':
      return isText(value) || isObject(value);
    case 'input/file':
      return isText(value) || listOf(value, isText);
    case 'picker/daterange':
      return isObject(value);
    case 'image/carousel':
      return Array.isArray(value);
    case 'table/default':
    case 'table/custom':
    case 'fieldset/default':
      // Rows and items are objects keyed by sub-field (runtime/validation/nested.ts).
      return listOf(value, isObject);
    default:
      return true;
  }
}
