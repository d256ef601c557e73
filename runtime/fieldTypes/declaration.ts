// A module/type a plugin adds to the form widgets of spec section 2, without editing the built-in
// table (schemas/fieldTypes.ts): pure data, so the server and the browser both read it
// (docs/custom-renderers.md, "Declaring a new type").

/** A JSON Schema (draft 2020-12) object; the server validates a record's value with it (ajv). */
export type ValueSchema = Record<string, unknown>;

export interface FieldTypeDeclaration {
  /** A built-in module ('input') or a new one; a lower-case letter, then letters, digits and '_'. */
  module: string;
  /** The type inside the module ('rating'); must not be a built-in pair. */
  type: string;
  /** What the field settings' type picker shows. */
  label: string;
  /** The JSON Schema of the stored value; an empty value (null) is not checked against it, `required` decides. */
  value: ValueSchema;
  /**
   * The JSON Schema of the field's options (constraints.custom_data), an object schema whose
   * properties carry a title and a description (words, or i18n keys): the field dialog renders it
   * as a settings form (@rjsf/core). Absent: the type has no options.
   */
  options?: ValueSchema;
}

/** A declaration with its compiled check; null where the host does not compile schemas (the browser: its CSP forbids eval). */
export interface DeclaredFieldType {
  declaration: FieldTypeDeclaration;
  check: ((value: unknown) => boolean) | null;
  /** The check of the declared `options` (custom_data); null where there are none or the host does not compile. */
  checkOptions: ((value: unknown) => boolean) | null;
}

export type CompileValueSchema = (schema: ValueSchema) => (value: unknown) => boolean;
