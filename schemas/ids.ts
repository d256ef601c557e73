// $id of every components schema: they refer to each other by these (ajv resolves them in runtime/components/validateSettings).
export const SCHEMA_ID = {
  constraints: 'https://luma.local/schemas/constraints.schema.json',
  fieldDefinition: 'https://luma.local/schemas/field-definition.schema.json',
  relation: 'https://luma.local/schemas/relation.schema.json',
  listField: 'https://luma.local/schemas/list-field.schema.json',
  preset: 'https://luma.local/schemas/preset.schema.json',
  action: 'https://luma.local/schemas/action.schema.json',
  function: 'https://luma.local/schemas/function.schema.json',
  route: 'https://luma.local/schemas/route.schema.json',
  componentSettings: 'https://luma.local/schemas/component-settings.schema.json',
  componentCreate: 'https://luma.local/schemas/component-create.schema.json',
} as const;

/**
 * Stand-ins for FromSchema: every $ref target as an open schema, so a $ref derives as `unknown`
 * (an unresolved $ref would derive as `never`); each derived type then patches those spots with
 * the named type of the target (FromSchema cannot follow the recursion field -> constraints -> field).
 */
export type RefStubs = [
  { readonly $id: typeof SCHEMA_ID.constraints },
  { readonly $id: typeof SCHEMA_ID.fieldDefinition },
  { readonly $id: typeof SCHEMA_ID.relation },
  { readonly $id: typeof SCHEMA_ID.listField },
  { readonly $id: typeof SCHEMA_ID.preset },
  { readonly $id: typeof SCHEMA_ID.action },
  { readonly $id: typeof SCHEMA_ID.function },
  { readonly $id: typeof SCHEMA_ID.route },
];

/** Omit that keeps the known keys of a type with an index signature (the built-in Omit loses them). */
export type OmitKnown<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };
