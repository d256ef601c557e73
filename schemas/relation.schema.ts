// Relation of a field to another component (spec section 3, "Relation").
import type { FromSchema } from 'json-schema-to-ts';
import type { OmitKnown } from './ids';

export const relationSchema = {
  $id: 'https://luma.local/schemas/relation.schema.json',
  title: 'Relation',
  // Nullable here rather than anyOf at the use site, so ajv can fill the defaults (not inside anyOf).
  type: ['object', 'null'],
  properties: {
    foreign: { type: ['string', 'null'], maxLength: 200, default: null },
    foreign_uuid: { type: ['string', 'null'], maxLength: 64, default: null },
    // [own field key, foreign field key]; a tuple (draft 2020-12 prefixItems is not understood by FromSchema).
    key: {
      anyOf: [{ type: 'array', items: { type: 'string', maxLength: 64 }, minItems: 2, maxItems: 2 }, { type: 'null' }],
      default: null,
    },
    type: { enum: ['one-to-one', 'one-to-many', null], default: null },
  },
  additionalProperties: false,
} as const;

type RelationRaw = NonNullable<FromSchema<typeof relationSchema>>;
export type RelationType = NonNullable<RelationRaw['type']>;
export type Relation = OmitKnown<RelationRaw, 'key'> & { key: [string, string] | null };
