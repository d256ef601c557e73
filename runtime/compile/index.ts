// The view-schema compiler (docs/records.md): component settings -> ViewSchema, one function per file.
export { compileViewSchema } from './compileViewSchema';
export { compileField } from './compileField';
export { compileOptions } from './compileOptions';
export { compileColumns, VIRTUAL_COLUMNS, type VirtualColumn } from './compileColumns';
export { compileGroups } from './compileGroups';
export { compileJsonSchema } from './compileJsonSchema';
export { compileUiSchema } from './compileUiSchema';
export { compileRelation } from './compileRelation';
export { fieldJsonSchema } from './fieldJsonSchema';
export { fieldAccess } from './fieldAccess';
export { localizeLabel } from './localizeLabel';
export { normaliseItems, RANGE_ITEMS_MAX } from './normaliseItems';
export { splitNotAllowedWords } from './splitNotAllowedWords';
export { mergeCustomData } from './mergeCustomData';
export { isNumberSelectable } from './isNumberSelectable';
export { validationPlan } from './validationPlan';
export { viewSchemaValidator } from './viewSchemaValidator';
export type { CompileInput, CompilePage, ViewSchema, ViewField, ViewColumn, ValidationRule } from '../../schemas';
