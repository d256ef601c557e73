// The record form rules (docs/records.md, spec section 5): shared by the renderers and the server.
export { validateField, EMAIL, TIME } from './validateField';
export { validateRecord } from './validateRecord';
export { coerceValue } from './coerceValue';
export { isEmptyValue } from './isEmptyValue';
export { hasValueShape } from './hasValueShape';
export { nestedMessages, rowMessages, subFieldsOf, nestedPrefix, hasNestedFields, isTableField, isFieldsetField } from './nested';
export { textMessages } from './textMessages';
export { stripTags } from './stripTags';
export { isValidDate } from './isValidDate';
export { SERVER_ERROR_CODES, type ServerErrorCode } from './serverErrorCodes';
export { RECORD_MESSAGE, PASSWORD_TOKEN, type FieldMessage, type ValidationContext, type RecordMessageKey } from './types';
