// What the field dialog shows for a module/type (spec section 3 "Constraints" and "Relation", section 5
// "Field definition rules"): one table, so the dialog asks here instead of testing pairs itself.
import { CUSTOM_DATA_SCHEMAS } from '../../schemas/customData.schema';
import { declaredFieldType } from './catalogue';
import type { ValueSchema } from './declaration';

export interface FieldSections {
  /** The Relationship part (related component, key pair, type): only a relation select points at another component. */
  relationship: boolean;
  /** The relation select's label and search keys (constraints.relation). */
  relationOptions: boolean;
  /** Hashed: a text kept as a hash (text, e-mail; a password always is, so its box is fixed). */
  hashed: 'free' | 'always' | false;
  /** Placeholder and default value: fields that show an empty input. */
  placeholder: boolean;
  /** Length bounds (text) or minimum and maximum (number input). */
  length: 'text' | 'number' | false;
  /** Words not allowed and the regular expression: texts. */
  textRules: boolean;
  /** Date pattern and refused dates: the date pickers. */
  dateRules: boolean;
  /** Items, custom values and multiple choice: choices from a list (not a yes/no checkbox). */
  items: boolean;
  /** The numeric range of the items: number choices only. */
  range: boolean;
  /** Rows per page and search: tables. */
  table: boolean;
}

const NONE: FieldSections = { relationship: false, relationOptions: false, hashed: false, placeholder: false, length: false, textRules: false, dateRules: false, items: false, range: false, table: false };
const TEXT: Partial<FieldSections> = { placeholder: true, length: 'text', textRules: true };
const CHOICES: Partial<FieldSections> = { items: true };
const NUMBER_CHOICES: Partial<FieldSections> = { items: true, range: true };
const DATE: Partial<FieldSections> = { placeholder: true, dateRules: true };

/** module/type -> what differs from NONE. A pair not listed (a plugin's type) gets placeholder and default only. */
const TABLE: Readonly<Record<string, Partial<FieldSections>>> = {
  'input/text': { ...TEXT, hashed: 'free' },
  'input/email': { ...TEXT, hashed: 'free' },
  'input/password': { ...TEXT, hashed: 'always' },
  'input/text_i18n': TEXT,
  'input/number': { placeholder: true, length: 'number' },
  'input/image': {},
  'input/imagev2': {},
  'input/file': {},
  'image/carousel': {},
  'text/default': TEXT,
  'text/editor': TEXT,
  'text/editor_i18n': TEXT,
  'text/document': TEXT,
  'select/text': { placeholder: true, ...CHOICES },
  'select/number': { placeholder: true, ...NUMBER_CHOICES },
  'select/image': { placeholder: true, ...CHOICES },
  'select/relation': { placeholder: true, relationship: true, relationOptions: true },
  'select/external': { placeholder: true },
  'picker/date': DATE,
  'picker/datetime': DATE,
  'picker/daterange': DATE,
  'picker/time': { placeholder: true },
  'checkbox/text': CHOICES,
  'checkbox/number': NUMBER_CHOICES,
  'checkbox/bool': {},
  'radio/text': CHOICES,
  'radio/number': NUMBER_CHOICES,
  'table/default': { table: true },
  'table/custom': { table: true },
  'fieldset/default': {},
  'data/json': {},
  'reference/text': { placeholder: true },
};

/** The parts of the field dialog that apply to `module`/`type`; nothing type-specific while either is unset. */
export function fieldSections(module: string | undefined, type: string | undefined): FieldSections {
  if (!module || !type) return NONE;
  const pair = `${module}/${type}`;
  const known = Object.prototype.hasOwnProperty.call(TABLE, pair) ? TABLE[pair] : { placeholder: true };
  return { ...NONE, ...known };
}

/** The JSON Schema of a pair's options (custom_data): the built-in one (schemas), else a plugin's declared `options`. */
export function customDataSchema(module: string | undefined, type: string | undefined): ValueSchema | null {
  const entry = CUSTOM_DATA_SCHEMAS.find(([m, t]) => m === module && t === type);
  if (entry) return entry[2] as unknown as ValueSchema;
  return declaredFieldType(module, type)?.declaration.options ?? null;
}
