// Constraints of a field definition (spec section 3, "Constraints").
// Nested sub-field lists (table.fields, fieldset custom_data) refer back to the field definition
// schema by $ref; the derived type patches those spots (FromSchema cannot follow recursion).
import type { FromSchema } from 'json-schema-to-ts';
import type { OmitKnown, RefStubs } from './ids';

const nullableString = { type: ['string', 'null'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;
const FIELD_REF = { $ref: 'https://luma.local/schemas/field-definition.schema.json' } as const;

/** Dates a picker disables or highlights (vuejs-datepicker style). */
export const dateRulesSchema = {
  type: 'object',
  properties: {
    to: nullableString,
    from: nullableString,
    days: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 6 } },
    days_of_month: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 31 } },
    dates: stringList,
    ranges: {
      type: 'array',
      items: {
        type: 'object',
        properties: { from: nullableString, to: nullableString },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: true,
} as const;

export const selectableItemSchema = {
  anyOf: [
    { type: 'string' },
    { type: 'number' },
    {
      type: 'object',
      required: ['value'],
      properties: {
        value: { type: ['string', 'number', 'boolean'] },
        label: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'string' } }] },
      },
      additionalProperties: true,
    },
  ],
} as const;

export const constraintsSchema = {
  $id: 'https://luma.local/schemas/constraints.schema.json',
  title: 'Constraints',
  type: 'object',
  properties: {
    required: { type: 'boolean', default: false },
    unique: { type: 'boolean', default: false },
    hashed: { type: 'boolean', default: false },
    default: { default: null },
    display_condition: { ...nullableString, default: null },
    placeholder: { type: 'string', default: '' },
    expression: { ...nullableString, default: null },
    length: {
      type: 'object',
      properties: {
        min: { type: ['number', 'null'], default: null },
        max: { type: ['number', 'null'], default: null },
      },
      additionalProperties: false,
      default: { min: null, max: null },
    },
    not_allowed_words: { type: 'string', default: '' },
    regex: { ...nullableString, default: null },
    date: {
      type: 'object',
      properties: {
        pattern: nullableString,
        disable_past_dates: { type: 'boolean' },
        disable_future_dates: { type: 'boolean' },
        disabled_dates: dateRulesSchema,
        highlighted_dates: dateRulesSchema,
      },
      additionalProperties: true,
    },
    selectables: {
      type: 'object',
      properties: {
        items: { type: 'array', items: selectableItemSchema },
        custom: { type: 'boolean' },
        multiple: { type: 'boolean' },
        range: {
          type: ['object', 'null'],
          properties: { from: { type: ['number', 'null'] }, to: { type: ['number', 'null'] } },
          additionalProperties: false,
        },
      },
      additionalProperties: true,
    },
    table: {
      type: 'object',
      properties: {
        search: { type: 'boolean' },
        per_page: { type: 'integer', minimum: 1, maximum: 5000 },
        fields: { type: 'array', items: FIELD_REF },
      },
      additionalProperties: true,
    },
    relation: {
      type: 'object',
      properties: {
        label: { type: 'string', maxLength: 1024 },
        searchOn: { anyOf: [stringList, { type: 'string' }, { type: 'null' }] },
      },
      additionalProperties: true,
    },
    // Shape depends on module/type (spec "custom_data shapes"): checked by field-definition.schema's allOf.
    custom_data: { default: null },
    integrations: {},
    default_color: nullableString,
    enable_pages: { type: 'boolean' },
    margin: { anyOf: [{ type: 'number' }, { type: 'object', additionalProperties: { type: 'number' } }, { type: 'null' }] },
  },
  additionalProperties: true,
} as const;

type ConstraintsRaw = FromSchema<typeof constraintsSchema, { references: RefStubs }>;
type TableRaw = NonNullable<ConstraintsRaw['table']>;

/** Constraints with the recursive spots typed: table.fields are field definitions. */
export type Constraints = OmitKnown<ConstraintsRaw, 'table'> & {
  table?: OmitKnown<TableRaw, 'fields'> & { fields?: import('./fieldDefinition.schema').FieldDefinition[] };
};
