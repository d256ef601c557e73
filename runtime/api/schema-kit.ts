// The building blocks of the call schemas (runtime/api/schemas.ts): closed and open objects, scalars,
// query values as text, and the replies of a call with the error shape. Framework-free.
import type { JSONSchema } from 'json-schema-to-ts';
import { API_ERROR_ID, apiErrorSchema } from '../../schemas/apiError.schema';

export { API_ERROR_ID, apiErrorSchema };

type Schema = Exclude<JSONSchema, boolean>;

/** An object schema that allows exactly the listed properties. */
export function closed<const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[]>(properties: P, required: R) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

/** An object schema whose further properties are open-ended (record data, settings, props). */
export function open<const P extends Record<string, JSONSchema>, const R extends readonly (keyof P & string)[]>(properties: P, required: R) {
  return { type: 'object', properties, required, additionalProperties: true } as const;
}

export const arrayOf = <const S extends JSONSchema>(items: S) => ({ type: 'array', items }) as const;
export const nullable = <const S extends Schema>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;
/** A body field the service checks (417 rules); the schema only documents it. */
export const judged = <const D extends string>(description: D) => ({ description }) as const;

// ---- Scalars -------------------------------------------------------------------------------------

export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const dateTimeSchema = { type: 'string', format: 'date-time' } as const;
export const stringSchema = { type: 'string' } as const;
export const anyObjectSchema = { type: 'object', additionalProperties: true } as const;
export const emptySchema = { type: 'object', properties: {}, additionalProperties: false } as const;
/** Translated labels by locale tag. */
export const labelSchema = { type: 'object', additionalProperties: { type: 'string' } } as const;
export const stringListSchema = arrayOf(stringSchema);
/** A whole number in a query string (query values are text: nothing is coerced); '' is the default. */
export const queryWholeNumber = <const D extends string>(description: D) => ({ type: 'string', pattern: '^[0-9]{0,9}$', description }) as const;
/** A time in a query string: epoch milliseconds, or an ISO 8601 date or date-time ('' is no bound). */
export const queryTimeSchema = {
  type: 'string',
  pattern: '^([0-9]{1,15}|[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,9})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?)?$',
} as const;
// ---- Replies -------------------------------------------------------------------------------------

export const errorRef = { $ref: API_ERROR_ID } as const;

/** The replies of a call: its success answers and, for every 4xx and 5xx, the error shape. */
export function replies<const R extends Record<number, JSONSchema>>(success: R) {
  return { ...success, '4xx': errorRef, '5xx': errorRef } as const;
}
