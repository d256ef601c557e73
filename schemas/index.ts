// Components schemas (JSON Schema draft 2020-12, validated with ajv) and the types derived from them.
// Recursive spots ($ref between schemas) are typed by hand with the neighbouring derived types,
// because FromSchema cannot follow recursive $refs; everything else is FromSchema output.
export { SCHEMA_ID } from './ids';
export { COMPONENT_NAME_PATTERN, VERSION_NAME_PATTERN } from './names';
export {
  FIELD_TYPES,
  FIELD_MODULES,
  ALL_FIELD_TYPES,
  ACTION_FIELD_MODULES,
  isFieldModule,
  isKnownFieldPair,
  type FieldModule,
  type FieldType,
} from './fieldTypes';
export { constraintsSchema, dateRulesSchema, selectableItemSchema, type Constraints } from './constraints.schema';
export * from './customData.schema';
export { relationSchema, type Relation, type RelationType } from './relation.schema';
export {
  fieldDefinitionSchema,
  fieldDefinitionSchemaFor,
  fieldDefinitionBaseSchema,
  FIELD_NAME_MAX,
  FIELD_KEY_MAX,
  FIELD_KEY_PATTERN,
  type FieldDefinition,
} from './fieldDefinition.schema';
export { listFieldSchema, type ListField } from './listField.schema';
export { templatePickerSchema, componentTemplateSchema, TEMPLATE_ENTRYPOINT_PATTERN, type TemplatePickerValue } from './templatePicker.schema';
export { presetSchema, presetFiltersSchema, type Preset, type PresetFilters } from './preset.schema';
export { actionSchema, ACTION_NAME_MIN, ACTION_NAME_MAX, type ActionDefinition } from './action.schema';
export { functionSchema, type FunctionDefinition } from './function.schema';
export { routeSchema, routePathSchema, ROUTE_PATH_MIN, ROUTE_PATH_MAX, ROUTE_PATH_PATTERN, type RouteDefinition } from './route.schema';
export { componentSettingsSchema, type ComponentSettings } from './componentSettings.schema';
export { componentCreateSchema, type ComponentCreate } from './componentCreate.schema';

import { constraintsSchema } from './constraints.schema';
import { relationSchema } from './relation.schema';
import { fieldDefinitionSchema } from './fieldDefinition.schema';
import { listFieldSchema } from './listField.schema';
import { presetSchema } from './preset.schema';
import { actionSchema } from './action.schema';
import { functionSchema } from './function.schema';
import { routeSchema } from './route.schema';
import { componentSettingsSchema } from './componentSettings.schema';
import { componentCreateSchema } from './componentCreate.schema';

/** Every components schema, for ajv.addSchema (they refer to each other by $id). */
export const COMPONENT_SCHEMAS = [
  constraintsSchema,
  relationSchema,
  fieldDefinitionSchema,
  listFieldSchema,
  presetSchema,
  actionSchema,
  functionSchema,
  routeSchema,
  componentSettingsSchema,
  componentCreateSchema,
] as const;

// The compiled view of a component version (docs/records.md): hand-written types beside the schema.
export {
  viewSchemaSchema,
  viewFieldSchema,
  validationRuleSchema,
  VIEW_SCHEMA_ID,
  VALIDATION_RULE_NAMES,
  type ViewSchema,
  type ViewField,
  type ViewFieldOptions,
  type ViewItem,
  type ViewColumn,
  type ViewGroup,
  type ValidationRule,
  type ValidationRuleName,
  type CompileInput,
  type CompilePage,
} from './viewSchema.schema';
