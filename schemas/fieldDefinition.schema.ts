// Field definition (spec section 3). The type is derived from the base schema; the runtime schema
// adds the module/type pairs of spec section 2 and the custom_data shape of each pair (allOf if/then),
// which FromSchema would only turn into a slow, unhelpful union.
import type { FromSchema } from 'json-schema-to-ts';
import type { OmitKnown, RefStubs } from './ids';
import { FIELD_TYPES, ALL_FIELD_TYPES, type FieldModule, type FieldType } from './fieldTypes';
import { CUSTOM_DATA_SCHEMAS } from './customData.schema';
import type { Constraints } from './constraints.schema';
import type { Relation } from './relation.schema';
import { componentTemplateSchema } from './templatePicker.schema';

const nullableString = { type: ['string', 'null'] } as const;
const code = { type: ['string', 'null'], maxLength: 100000 } as const;
const roleList = { anyOf: [{ type: 'array', items: { type: 'string', maxLength: 64 } }, { type: 'null' }], default: null } as const;

export const FIELD_NAME_MAX = 128;
export const FIELD_KEY_MAX = 64;
/** A field's read source (spec section 6): public-api, public-app, platform-app, or public-app::{name} / platform-app::{name}. */
export const READ_SOURCE_PATTERN = '^(?:public-api|public-app|platform-app|(?:public-app|platform-app)::[A-Za-z0-9][A-Za-z0-9_.-]{0,99})$';
/** Field keys: lower-case letters, digits and '_'. */
export const FIELD_KEY_PATTERN = '^[a-z0-9_]+$';

export const fieldDefinitionBaseSchema = {
  $id: 'https://luma.local/schemas/field-definition.schema.json',
  title: 'FieldDefinition',
  type: 'object',
  required: ['name', 'key', 'module', 'type'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: FIELD_NAME_MAX },
    key: { type: 'string', minLength: 1, maxLength: FIELD_KEY_MAX, pattern: FIELD_KEY_PATTERN },
    label: { type: 'object', additionalProperties: { type: 'string', maxLength: 1000 }, default: {} },
    description: { type: 'string', maxLength: 10000, default: '' },
    module: { enum: Object.keys(FIELD_TYPES) as FieldModule[] },
    type: { enum: ALL_FIELD_TYPES },
    sortOrder: { type: 'number', default: 0 },
    visible: { type: 'boolean', default: true },
    protected: { type: 'boolean', default: false },
    unique: { type: 'boolean', default: false },
    group: { type: 'string', minLength: 1, maxLength: 128, default: 'general' },
    roles: {
      type: 'object',
      properties: { see: roleList, edit: roleList },
      additionalProperties: false,
      default: { see: null, edit: null },
    },
    context: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'value'],
        properties: { key: { type: 'string', minLength: 1, maxLength: 256 }, value: { type: 'string', maxLength: 10000 } },
        additionalProperties: false,
      },
      default: [],
    },
    relation: { $ref: 'https://luma.local/schemas/relation.schema.json', default: null },
    provided_template: { type: 'boolean', default: false },
    template: { ...code, default: null },
    provided_template_component: { type: 'boolean', default: false },
    component_template: componentTemplateSchema,
    mutators: {
      type: 'object',
      properties: { get: { ...code, default: null }, set: { ...code, default: null } },
      additionalProperties: false,
      default: { get: null, set: null },
    },
    constraints: { $ref: 'https://luma.local/schemas/constraints.schema.json', default: {} },
    customListField: { type: 'boolean', default: false },
    filterable: { type: 'boolean', default: false },
    formatter: { ...code, default: null },
    auto_key: { type: 'boolean', default: true },
    /** Spec section 6 read sources: which apps may read and write the field (docs/public-apps.md); absent is none. */
    read_sources: { type: 'array', items: { type: 'string', pattern: READ_SOURCE_PATTERN }, maxItems: 10, uniqueItems: true },
  },
  additionalProperties: false,
} as const;

/**
 * The runtime schema for a table of module/type pairs: the base plus those pairs and custom_data per
 * built-in pair. The server builds it with the plugins' declared types too (runtime/fieldTypes).
 */
export function fieldDefinitionSchemaFor(types: Readonly<Record<string, readonly string[]>>) {
  return {
    ...fieldDefinitionBaseSchema,
    properties: {
      ...fieldDefinitionBaseSchema.properties,
      module: { enum: Object.keys(types) },
      type: { enum: [...new Set(Object.values(types).flat())] },
    },
    allOf: [
      ...Object.entries(types).map(([module, moduleTypes]) => ({
        if: { properties: { module: { const: module } }, required: ['module'] },
        then: { properties: { type: { enum: [...moduleTypes] } } },
      })),
      ...CUSTOM_DATA_SCHEMAS.map(([module, type, schema]) => ({
        if: { properties: { module: { const: module }, type: { const: type } }, required: ['module', 'type'] },
        then: {
          properties: {
            constraints: { properties: { custom_data: type === 'external' ? schema : { anyOf: [schema, { type: 'null' }] } } },
          },
        },
      })),
    ],
  };
}

/** The runtime schema of the built-in pairs. */
export const fieldDefinitionSchema = fieldDefinitionSchemaFor(FIELD_TYPES);

type FieldDefinitionRaw = FromSchema<typeof fieldDefinitionBaseSchema, { references: RefStubs }>;

/** A field definition; $ref spots (relation, constraints) are typed with their own derived types. */
export type FieldDefinition = OmitKnown<FieldDefinitionRaw, 'module' | 'type' | 'relation' | 'constraints'> & {
  module: FieldModule;
  type: FieldType;
  relation: Relation | null;
  constraints: Constraints;
};
