// A list column (spec section 3, "List field").
import type { FromSchema } from 'json-schema-to-ts';
import { componentTemplateSchema } from './templatePicker.schema';

export const listFieldSchema = {
  $id: 'https://luma.local/schemas/list-field.schema.json',
  title: 'ListField',
  type: 'object',
  required: ['key'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 64 },
    label: {
      anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'object', additionalProperties: { type: 'string', maxLength: 1000 } }],
      default: '',
    },
    sortOrder: { type: 'number', default: 0 },
    formatter: { type: ['string', 'null'], maxLength: 100000, default: null },
    provided_template_component: { type: 'boolean', default: false },
    component_template: componentTemplateSchema,
  },
  additionalProperties: false,
} as const;

export type ListField = FromSchema<typeof listFieldSchema>;
