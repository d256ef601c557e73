import type { ViewField } from '../../schemas';

type Schema = Record<string, unknown>;

function selectSchema(field: ViewField, itemType: 'string' | 'number'): Schema {
  const { items, customValues, multiple } = field.options;
  const one: Schema = { type: itemType };
  if (!customValues && items.length > 0) one.enum = items.map((item) => item.value);
  return multiple ? { type: 'array', items: one, uniqueItems: true } : one;
}

function textSchema(field: ViewField): Schema {
  const schema: Schema = { type: 'string' };
  const { min, max } = field.options.length;
  if (max !== null && max > 0) schema.maxLength = max;
  if (min !== null && min > 0) schema.minLength = min;
  return schema;
}

const localesSchema: Schema = {
  type: 'object',
  properties: { locales: { type: 'object', additionalProperties: { type: 'string' } } },
};

/** The @rjsf/core JSON Schema of one field's value (spec section 3, "Values"); the rules stay in runtime/validation. */
export function fieldJsonSchema(field: ViewField): Schema {
  const base = ((): Schema => {
    switch (field.renderer) {
      case 'input/text':
      case 'input/password':
      case 'text/default':
      case 'text/editor':
      case 'text/document':
        return textSchema(field);
      case 'input/email':
        return { type: 'string', format: 'email' };
      case 'input/text_i18n':
      case 'text/editor_i18n':
        return localesSchema;
      case 'input/number': {
        const schema: Schema = { type: 'number' };
        if (field.options.min !== null) schema.minimum = field.options.min;
        if (field.options.max !== null) schema.maximum = field.options.max;
        return schema;
      }
      case 'input/imagev2':
        return { type: 'object', properties: { localURL: { type: 'string' }, publicURL: { type: 'string' } } };
      case 'input/file':
        return field.options.customData.multiple === true ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
      case 'image/carousel':
        return { type: 'array', items: {} };
      case 'select/text':
      case 'radio/text':
        return selectSchema(field, 'string');
      case 'select/number':
      case 'radio/number':
        return selectSchema(field, 'number');
      case 'select/relation':
        return field.options.multiple ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
      case 'picker/date':
        return { type: 'string', format: 'date' };
      case 'picker/daterange':
        return { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } } };
      case 'checkbox/text':
      case 'checkbox/number':
        return selectSchema({ ...field, options: { ...field.options, multiple: true } }, field.type === 'number' ? 'number' : 'string');
      case 'checkbox/bool':
        return { type: 'boolean' };
      case 'table/default':
      case 'table/custom':
      case 'fieldset/default':
        return { type: 'array', items: { type: 'object' } };
      case 'data/json':
        return {};
      default:
        return { type: 'string' };
    }
  })();
  const schema: Schema = { ...base, title: field.label };
  if (field.description) schema.description = field.description;
  if (field.defaultValue !== null) schema.default = field.defaultValue;
  return schema;
}
