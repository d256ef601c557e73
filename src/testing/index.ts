// luma/testing: the kit for your own property suites (docs/testing-kit.md). fast-check arbitraries of
// component settings and field definitions (every built-in type and your plugins' declared ones), of
// records valid for a component, of invalid values paired with the message key each must get, and
// properties that run them against a live Luma over its API. fast-check is yours: install it beside.
export { arbitraryCompileInput, arbitraryConstraints, arbitraryField, arbitraryFieldKey, arbitraryFieldPair, arbitrarySettings, FIELD_PAIRS, fieldPairs, ROLE_POOL } from './settings';
export { arbitraryRecordFor, arbitraryValueFor, arbitraryViewAndRecord } from './plausible';
export { arbitraryFromSchema, arbitraryRefusedBySchema, schemaCheck } from './json-schema';
export { declarePluginTypes } from './plugins';
export { generatesValuesFor, CannotGenerateError, validRecordFor, validValueFor, writableFields } from './valid';
export { invalidCaseFor, type InvalidCase } from './invalid';
export { connect, formView, type ApiAnswer, type LumaClient, type LumaConnection, type RefusalBody } from './api';
export { checkInvalidValuesRefused, checkValidRecordsRoundTrip, type PropertyOptions, type PropertyReport } from './properties';
export { compileViewSchema } from '../../runtime/compile/index';
export { validateField, validateRecord, RECORD_MESSAGE, type RecordMessageKey, type ValidationContext } from '../../runtime/validation/index';
export type { FieldTypeDeclaration, ValueSchema } from '../../runtime/fieldTypes/index';
export type { CompileInput, ComponentSettings, FieldDefinition, ViewField, ViewSchema } from '../../schemas/index';
