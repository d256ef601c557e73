// What a screen shows for a failed call (spec section 8 "Component calls"): a 500 already opened the
// report modal; a 417 puts its messages at their fields; anything else shows its message key.
import type { FieldError } from '../api/contract';
import { isApiRequestError } from './errors';

export type ErrorDisplay =
  | { kind: 'reported' }
  | { kind: 'fields'; messageKey: string; fieldErrors: FieldError[] }
  | { kind: 'message'; messageKey: string };

export function errorDisplay(error: unknown): ErrorDisplay {
  if (!isApiRequestError(error)) return { kind: 'message', messageKey: error instanceof Error && error.message ? error.message : 'unexpectedError' };
  if (error.kind === 'http' && error.status >= 500 && error.status !== 501) return { kind: 'reported' };
  if (error.status === 417 && error.fieldErrors.length > 0) return { kind: 'fields', messageKey: error.messageKey, fieldErrors: error.fieldErrors };
  return { kind: 'message', messageKey: error.messageKey };
}

/** The messages of a 417 grouped by JSON path ("fields.2.key"). */
export function errorsByPath(fieldErrors: readonly FieldError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { field, messages } of fieldErrors) (out[field] ??= []).push(...messages);
  return out;
}
