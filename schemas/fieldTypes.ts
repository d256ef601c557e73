// Form widgets by module and type (spec section 2): the built-in module/type pairs. Plugins add
// their own without editing this table (runtime/fieldTypes, docs/custom-renderers.md).
export const FIELD_TYPES = {
  input: ['text', 'email', 'text_i18n', 'password', 'number', 'image', 'imagev2', 'file'],
  image: ['carousel'],
  text: ['default', 'editor', 'editor_i18n', 'document'],
  select: ['text', 'number', 'image', 'relation', 'external'],
  picker: ['date', 'daterange', 'time', 'datetime'],
  checkbox: ['text', 'number', 'bool'],
  radio: ['text', 'number'],
  table: ['default', 'custom'],
  fieldset: ['default'],
  data: ['json'],
  reference: ['text'],
} as const;

export type BuiltInFieldModule = keyof typeof FIELD_TYPES;
export type BuiltInFieldType = (typeof FIELD_TYPES)[BuiltInFieldModule][number];
/** A built-in module, or one a plugin declares (runtime/fieldTypes); `string & {}` keeps the built-in names suggested. */
export type FieldModule = BuiltInFieldModule | (string & {});
export type FieldType = BuiltInFieldType | (string & {});

export const FIELD_MODULES = Object.keys(FIELD_TYPES) as FieldModule[];

/** Every type name of every module, once (for the schema's enum). */
export const ALL_FIELD_TYPES = [...new Set(Object.values(FIELD_TYPES).flat())] as FieldType[];

/** Modules an action's fields may use (spec section 3, "Action"). */
export const ACTION_FIELD_MODULES = ['input', 'select', 'radio', 'checkbox', 'picker'] as const satisfies readonly FieldModule[];

/** A built-in module (runtime/fieldTypes also knows the declared ones). */
export function isFieldModule(value: unknown): value is BuiltInFieldModule {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(FIELD_TYPES, value);
}

export function isKnownFieldPair(module: unknown, type: unknown): boolean {
  return isFieldModule(module) && (FIELD_TYPES[module] as readonly string[]).includes(type as string);
}
