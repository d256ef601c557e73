// The compiled view of one component version (docs/records.md, "ViewSchema"): what the renderers
// draw and what runtime/validation checks. Produced by runtime/compile/compileViewSchema only.
// The types are written by hand beside the schema: ValidationRule is a discriminated union and
// customData may hold compiled sub-fields (recursive), neither of which FromSchema derives usefully.
import { ALL_FIELD_TYPES, FIELD_MODULES, type FieldModule, type FieldType } from './fieldTypes';

export const VIEW_SCHEMA_ID = 'https://luma.local/schemas/view-schema.schema.json';

/** One rule of a field's validation plan, with its parameters (runtime/validation applies them). */
export type ValidationRule =
  | { rule: 'required' }
  | { rule: 'maxLength'; max: number }
  | { rule: 'minLength'; min: number }
  /** symbols: entries shorter than 2 characters give symbolNotAllowed (not in text areas). */
  | { rule: 'notAllowedWords'; words: string[]; symbols: boolean }
  | { rule: 'regex'; pattern: string }
  | { rule: 'email' }
  | { rule: 'max'; max: number }
  | { rule: 'min'; min: number }
  /** The value (each value when multiple) must be one of these; message invalidSelection or invalidNumber. */
  | { rule: 'oneOf'; values: (string | number)[]; message: 'invalidSelection' | 'invalidNumber' }
  /** Checkbox text: with more than one chosen, the count must be within min..max (selectNotLessThen). */
  | { rule: 'selectCount'; min: number; max: number }
  /** Checkbox number: every value within from..to (numberNotInRange). */
  | { rule: 'numberRange'; from: number; to: number }
  | { rule: 'date' }
  | { rule: 'time' }
  | { rule: 'json' }
  /** Image carousel: at most max images (maxNrOfImages {max}). */
  | { rule: 'maxImages'; max: number }
  /** Date-time and date range: shape and bounds from the field's custom_data (runtime/validation/dates.ts). */
  | { rule: 'datetime' }
  | { rule: 'daterange' };

export type ValidationRuleName = ValidationRule['rule'];

export const VALIDATION_RULE_NAMES = [
  'required', 'maxLength', 'minLength', 'notAllowedWords', 'regex', 'email', 'max', 'min',
  'oneOf', 'selectCount', 'numberRange', 'date', 'time', 'json', 'maxImages', 'datetime', 'daterange',
] as const satisfies readonly ValidationRuleName[];

export interface ViewItem {
  value: string | number;
  label: string;
}

export interface ViewFieldOptions {
  required: boolean;
  placeholder: string;
  length: { min: number | null; max: number | null };
  notAllowedWords: string[];
  regex: string | null;
  min: number | null;
  max: number | null;
  items: ViewItem[];
  customValues: boolean;
  multiple: boolean;
  date: { pattern: string | null; disablePastDates: boolean; disableFutureDates: boolean };
  /**
   * custom_data merged over its defaults. Shapes that are not objects in the settings are wrapped:
   * external select -> { expression }, fieldset -> { fields: ViewField[] } (compiled sub-fields);
   * a table also gets { search, perPage, fields: ViewField[] }.
   */
  customData: Record<string, unknown>;
}

export interface ViewField {
  key: string;
  label: string;
  description: string;
  module: FieldModule;
  type: FieldType;
  /** `${module}/${type}`: the renderer registry key. */
  renderer: string;
  group: string;
  visible: boolean;
  editable: boolean;
  readOnlyReason: 'role' | 'protected' | null;
  protected: boolean;
  hashed: boolean;
  unique: boolean;
  defaultValue: unknown;
  options: ViewFieldOptions;
  validation: ValidationRule[];
  mutators: { get: string | null; set: string | null };
  template: string | null;
  relation: { foreign: string; key: [string, string]; type: 'one-to-one' | 'one-to-many' } | null;
  /** The field's `var:NAME` context entries (runtime/environment/fieldVariables): its scripts read them as context.vars.NAME. */
  variables?: { name: string; fallback: string }[];
}

export interface ViewColumn {
  key: string;
  label: string;
  virtual: boolean;
  sortable: boolean;
  formatter: string | null;
  /** The picked component template that draws the column's cells (docs/forge.md "Template cells"); absent when none. */
  template?: { component: string; template: string };
}

export interface ViewGroup {
  id: string;
  label: string;
}

export interface ViewSchema {
  component: { uuid: string; ref: string; name: string; version: string; label: string };
  fields: ViewField[];
  groups: ViewGroup[];
  columns: ViewColumn[];
  model: { disable: boolean; timestamps: boolean };
  jsonSchema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

export type CompilePage = 'model_create' | 'model_edit';

export interface CompileInput {
  component: { uuid: string; ref: string; name: string; label: Record<string, string> };
  locale: 'en_US' | 'sr';
  /** The caller's role uuids. */
  roles: string[];
  isAdmin: boolean;
  page: CompilePage;
}

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const nullableNum = { type: ['number', 'null'] } as const;
const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;

const ruleSchema = (rule: ValidationRuleName, properties: Record<string, object> = {}) => ({
  type: 'object',
  required: ['rule', ...Object.keys(properties)],
  properties: { rule: { const: rule }, ...properties },
  additionalProperties: false,
});

export const validationRuleSchema = {
  oneOf: [
    ruleSchema('required'),
    ruleSchema('maxLength', { max: num }),
    ruleSchema('minLength', { min: num }),
    ruleSchema('notAllowedWords', { words: { type: 'array', items: { type: 'string', minLength: 1 } }, symbols: bool }),
    ruleSchema('regex', { pattern: str }),
    ruleSchema('email'),
    ruleSchema('max', { max: num }),
    ruleSchema('min', { min: num }),
    ruleSchema('oneOf', {
      values: { type: 'array', items: { type: ['string', 'number'] } },
      message: { enum: ['invalidSelection', 'invalidNumber'] },
    }),
    ruleSchema('selectCount', { min: num, max: num }),
    ruleSchema('numberRange', { from: num, to: num }),
    ruleSchema('date'),
    ruleSchema('time'),
    ruleSchema('json'),
    ruleSchema('maxImages', { max: num }),
    ruleSchema('datetime'),
    ruleSchema('daterange'),
  ],
} as const;

export const viewFieldSchema = {
  $id: 'https://luma.local/schemas/view-field.schema.json',
  title: 'ViewField',
  type: 'object',
  required: [
    'key', 'label', 'description', 'module', 'type', 'renderer', 'group', 'visible', 'editable', 'readOnlyReason',
    'protected', 'hashed', 'unique', 'defaultValue', 'options', 'validation', 'mutators', 'template', 'relation',
  ],
  properties: {
    key: { type: 'string', minLength: 1 },
    label: str,
    description: str,
    module: { enum: FIELD_MODULES },
    type: { enum: ALL_FIELD_TYPES },
    renderer: { type: 'string', pattern: '^[a-z]+/[a-z0-9_]+$' },
    group: { type: 'string', minLength: 1 },
    visible: bool,
    editable: bool,
    readOnlyReason: { enum: ['role', 'protected', null] },
    protected: bool,
    hashed: bool,
    unique: bool,
    defaultValue: {},
    options: {
      type: 'object',
      required: ['required', 'placeholder', 'length', 'notAllowedWords', 'regex', 'min', 'max', 'items', 'customValues', 'multiple', 'date', 'customData'],
      properties: {
        required: bool,
        placeholder: str,
        length: {
          type: 'object',
          required: ['min', 'max'],
          properties: { min: nullableNum, max: nullableNum },
          additionalProperties: false,
        },
        notAllowedWords: { type: 'array', items: { type: 'string', minLength: 1 } },
        regex: nullableStr,
        min: nullableNum,
        max: nullableNum,
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['value', 'label'],
            properties: { value: { type: ['string', 'number'] }, label: str },
            additionalProperties: false,
          },
        },
        customValues: bool,
        multiple: bool,
        date: {
          type: 'object',
          required: ['pattern', 'disablePastDates', 'disableFutureDates'],
          properties: { pattern: nullableStr, disablePastDates: bool, disableFutureDates: bool },
          additionalProperties: false,
        },
        customData: { type: 'object' },
      },
      additionalProperties: false,
    },
    validation: { type: 'array', items: validationRuleSchema },
    mutators: {
      type: 'object',
      required: ['get', 'set'],
      properties: { get: nullableStr, set: nullableStr },
      additionalProperties: false,
    },
    template: nullableStr,
    variables: {
      type: 'array',
      items: { type: 'object', required: ['name', 'fallback'], properties: { name: str, fallback: str }, additionalProperties: false },
    },
    relation: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['foreign', 'key', 'type'],
          properties: {
            foreign: str,
            key: { type: 'array', items: str, minItems: 2, maxItems: 2 },
            type: { enum: ['one-to-one', 'one-to-many'] },
          },
          additionalProperties: false,
        },
      ],
    },
  },
  additionalProperties: false,
} as const;

export const viewSchemaSchema = {
  $id: VIEW_SCHEMA_ID,
  title: 'ViewSchema',
  type: 'object',
  required: ['component', 'fields', 'groups', 'columns', 'model', 'jsonSchema', 'uiSchema'],
  properties: {
    component: {
      type: 'object',
      required: ['uuid', 'ref', 'name', 'version', 'label'],
      properties: { uuid: str, ref: str, name: str, version: str, label: str },
      additionalProperties: false,
    },
    fields: { type: 'array', items: viewFieldSchema },
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label'],
        properties: { id: { type: 'string', minLength: 1 }, label: str },
        additionalProperties: false,
      },
    },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'label', 'virtual', 'sortable', 'formatter'],
        properties: { key: { type: 'string', minLength: 1 }, label: str, virtual: bool, sortable: bool, formatter: nullableStr },
        additionalProperties: false,
      },
    },
    model: {
      type: 'object',
      required: ['disable', 'timestamps'],
      properties: { disable: bool, timestamps: bool },
      additionalProperties: false,
    },
    jsonSchema: { type: 'object' },
    uiSchema: { type: 'object' },
  },
  additionalProperties: false,
} as const;
