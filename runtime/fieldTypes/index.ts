// Field types: the built-in table and the types plugins declare (docs/custom-renderers.md).
export { declareFieldTypes, declaredFieldType, fieldTypeTable, isKnownModule, isKnownPair } from './catalogue';
export type { CompileValueSchema, DeclaredFieldType, FieldTypeDeclaration, ValueSchema } from './declaration';
export { coerceDeclaredValue } from './coerceDeclaredValue';
export { customDataSchema, fieldSections, type FieldSections } from './fieldSections';
