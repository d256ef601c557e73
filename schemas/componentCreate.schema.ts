// Body of POST /v3/system/component: {name, label, scope, tag}. Scope and tag are sanitised, not refused.
import type { FromSchema } from 'json-schema-to-ts';
import { COMPONENT_NAME_PATTERN } from './names';

export const componentCreateSchema = {
  $id: 'https://luma.local/schemas/component-create.schema.json',
  title: 'ComponentCreate',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', pattern: COMPONENT_NAME_PATTERN },
    label: {
      anyOf: [{ type: 'object', additionalProperties: { type: 'string', maxLength: 1000 } }, { type: 'string', maxLength: 1000 }],
      default: {},
    },
    scope: { type: ['string', 'null'], maxLength: 128, default: null },
    tag: { type: ['string', 'null'], maxLength: 128, default: null },
  },
  additionalProperties: false,
} as const;

export type ComponentCreate = FromSchema<typeof componentCreateSchema>;
