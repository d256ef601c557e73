// A component function (spec section 3, "Function"): a name and its code.
import type { FromSchema } from 'json-schema-to-ts';

export const functionSchema = {
  $id: 'https://luma.local/schemas/function.schema.json',
  title: 'FunctionDefinition',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 128 },
    expr: { type: 'string', maxLength: 100000, default: '' },
  },
  additionalProperties: false,
} as const;

export type FunctionDefinition = FromSchema<typeof functionSchema>;
