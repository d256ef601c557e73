// A filter preset (spec section 3, "Filter preset"). The built-in preset named Default is never persisted.
import type { FromSchema } from 'json-schema-to-ts';

const nullableString = { type: ['string', 'null'] } as const;

export const presetFiltersSchema = {
  type: 'object',
  properties: {
    dateField: { type: 'string', maxLength: 64, default: 'created_at' },
    dateFrom: nullableString,
    dateTo: nullableString,
    filter: { type: ['string', 'null'], maxLength: 1000 },
    filterOn: { type: 'array', items: { type: 'string', maxLength: 64 } },
    perPage: { type: 'integer', minimum: 1, maximum: 5000 },
    currentPage: { type: 'integer', minimum: 1 },
    sortDesc: { type: 'boolean' },
    sortBy: nullableString,
    // How the list shows its columns (not a filter, but saved with the preset): their order, the
    // hidden ones, widths in pixels, and the row density.
    layout: {
      type: 'object',
      properties: {
        order: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 500 },
        hidden: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 500 },
        widths: { type: 'object', additionalProperties: { type: 'integer', minimum: 40, maximum: 2000 }, maxProperties: 500 },
        density: { enum: ['compact', 'comfortable'] },
      },
      additionalProperties: false,
    },
  },
  // The advanced-filters object and later additions ride along.
  additionalProperties: true,
  default: {},
} as const;

export const presetSchema = {
  $id: 'https://luma.local/schemas/preset.schema.json',
  title: 'Preset',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 128 },
    roles: { anyOf: [{ type: 'array', items: { type: 'string', maxLength: 64 } }, { type: 'null' }], default: null },
    context: {
      type: 'object',
      properties: {
        default: { type: 'boolean', default: false },
        filters: presetFiltersSchema,
        expr: { type: ['string', 'null'], maxLength: 100000, default: null },
      },
      additionalProperties: false,
      default: {},
    },
  },
  additionalProperties: false,
} as const;

export type Preset = FromSchema<typeof presetSchema>;
export type PresetFilters = Preset['context']['filters'];
