// One version's model (spec section 3, "Component settings"). Missing parts get their defaults
// when validated (ajv useDefaults), so a validated model always has every part.
import type { FromSchema } from 'json-schema-to-ts';
import type { OmitKnown, RefStubs } from './ids';
import { VERSION_NAME_PATTERN } from './names';
import { routePathSchema } from './route.schema';
import type { FieldDefinition } from './fieldDefinition.schema';
import type { ActionDefinition } from './action.schema';
import type { Preset } from './preset.schema';
import type { ListField } from './listField.schema';
import type { FunctionDefinition } from './function.schema';
import type { RouteDefinition } from './route.schema';

const nullableString = { type: ['string', 'null'], maxLength: 1000, default: null } as const;
const ref = (id: string) => ({ $ref: id }) as const;

export const componentSettingsSchema = {
  $id: 'https://luma.local/schemas/component-settings.schema.json',
  title: 'ComponentSettings',
  type: 'object',
  required: ['version'],
  properties: {
    version: { type: 'string', pattern: VERSION_NAME_PATTERN },
    appearance: {
      type: 'object',
      properties: {
        icon: nullableString,
        list_entrypoint: nullableString,
        create_entrypoint: nullableString,
        edit_entrypoint: nullableString,
      },
      additionalProperties: false,
      default: {},
    },
    presets: { type: 'array', items: ref('https://luma.local/schemas/preset.schema.json'), default: [] },
    list: {
      type: 'object',
      properties: {
        fields: { type: 'array', items: ref('https://luma.local/schemas/list-field.schema.json'), default: [] },
      },
      additionalProperties: false,
      default: {},
    },
    fields: { type: 'array', items: ref('https://luma.local/schemas/field-definition.schema.json'), default: [] },
    model: {
      type: 'object',
      properties: {
        events: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 128 }, default: [] },
        disable: { type: 'boolean', default: false },
        timestamps: { type: 'boolean', default: true },
        cleanup_after: { type: ['integer', 'null'], minimum: 0, default: null },
        /** Days record revisions are kept (docs/history.md "Retention"); absent or null keeps them all. */
        history_days: { type: ['integer', 'null'], minimum: 1 },
      },
      additionalProperties: false,
      default: {},
    },
    functions: { type: 'array', items: ref('https://luma.local/schemas/function.schema.json'), default: [] },
    actions: { type: 'array', items: ref('https://luma.local/schemas/action.schema.json'), default: [] },
    config: { default: {} },
    integrations: { type: 'array', default: [] },
    routes: {
      type: 'object',
      propertyNames: routePathSchema,
      additionalProperties: ref('https://luma.local/schemas/route.schema.json'),
      default: {},
    },
    templates: { type: 'array', default: [] },
    templates_dist: {
      type: ['object', 'null'],
      required: ['dist'],
      properties: { dist: { type: 'string' }, sdk_version: { type: ['integer', 'null'], default: null } },
      additionalProperties: false,
      default: null,
    },
  },
  additionalProperties: false,
} as const;

type SettingsRaw = FromSchema<typeof componentSettingsSchema, { references: RefStubs }>;

/** One version's model; $ref spots typed with their own derived types. */
export type ComponentSettings = OmitKnown<
  SettingsRaw,
  'presets' | 'list' | 'fields' | 'functions' | 'actions' | 'routes' | 'config' | 'integrations' | 'templates'
> & {
  presets: Preset[];
  list: { fields: ListField[] };
  fields: FieldDefinition[];
  functions: FunctionDefinition[];
  actions: ActionDefinition[];
  routes: Record<string, RouteDefinition>;
  config: unknown;
  integrations: unknown[];
  templates: unknown[];
};
