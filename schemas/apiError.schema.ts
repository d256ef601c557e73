// The one error shape every host answers with, as a TypeScript const so route schemas can $ref it and
// json-schema-to-ts can derive it. api-error.schema.json is the same schema as a file (for clients and
// tests); tests/unit/api-schemas.test.ts keeps the two equal.
export const API_ERROR_ID = 'https://luma.local/schemas/api-error.schema.json';

export const apiErrorSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: API_ERROR_ID,
  title: 'ApiError',
  description: 'The one JSON error shape every host answers with.',
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer', minimum: 400, maximum: 599 },
    message: { type: 'string', minLength: 1 },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'messages'],
        properties: {
          field: { type: 'string' },
          messages: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          values: {
            type: 'array',
            items: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: { type: ['string', 'number'] } }] },
          },
        },
        additionalProperties: false,
      },
    },
    request_uuid: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
  },
  additionalProperties: false,
} as const;
