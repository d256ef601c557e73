import type { CompilePage, ViewField } from '../../schemas';
import { fieldJsonSchema } from './fieldJsonSchema';

/**
 * The form's JSON Schema for @rjsf/core: one property per field; required lists the fields the caller
 * must fill (visible, required, and not a password on the edit page, which keeps the stored one).
 */
export function compileJsonSchema(fields: ViewField[], title: string, page: CompilePage): Record<string, unknown> {
  const required = fields
    .filter((field) => field.visible && field.validation.some((rule) => rule.rule === 'required'))
    .filter((field) => !(field.renderer === 'input/password' && page === 'model_edit'))
    .map((field) => field.key);
  return {
    type: 'object',
    title,
    properties: Object.fromEntries(fields.map((field) => [field.key, fieldJsonSchema(field)])),
    required,
  };
}
