// A component action (spec section 3, "Action"): fields use input, select, radio, checkbox and picker only.
import type { FromSchema } from 'json-schema-to-ts';
import type { OmitKnown, RefStubs } from './ids';
import { ACTION_FIELD_MODULES } from './fieldTypes';
import type { FieldDefinition } from './fieldDefinition.schema';

export const ACTION_NAME_MIN = 2;
export const ACTION_NAME_MAX = 25;

export const actionSchema = {
  $id: 'https://luma.local/schemas/action.schema.json',
  title: 'ActionDefinition',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: ACTION_NAME_MIN, maxLength: ACTION_NAME_MAX },
    display_condition: { type: ['string', 'null'], maxLength: 100000, default: null },
    fields: {
      type: 'array',
      items: {
        allOf: [
          { $ref: 'https://luma.local/schemas/field-definition.schema.json' },
          { properties: { module: { enum: ACTION_FIELD_MODULES } } },
        ],
      },
      default: [],
    },
    action: { type: 'string', maxLength: 100000, default: '' },
  },
  additionalProperties: false,
} as const;

type ActionRaw = FromSchema<typeof actionSchema, { references: RefStubs }>;
export type ActionDefinition = OmitKnown<ActionRaw, 'fields'> & { fields: FieldDefinition[] };
