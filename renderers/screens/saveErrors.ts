// What a failed record save shows (spec section 8 "Record save"): 500 the report modal (the client has
// opened it), 417 the messages under their fields, 409 the warning toast, any other status its message.
import type { FieldError } from '../../runtime/api/contract';
import { isApiRequestError } from '../../runtime/client/errors';

export type SaveFailure =
  | { kind: 'reported' }
  | { kind: 'fields'; messageKey: string; fieldErrors: FieldError[] }
  | { kind: 'conflict'; messageKey: 'recordChanged' }
  | { kind: 'message'; messageKey: string; fieldErrors: FieldError[] };

export function saveFailure(error: unknown): SaveFailure {
  if (!isApiRequestError(error)) {
    return { kind: 'message', messageKey: error instanceof Error && error.message ? error.message : 'unexpectedError', fieldErrors: [] };
  }
  if (error.kind === 'http' && error.status >= 500 && error.status !== 501) return { kind: 'reported' };
  if (error.status === 409) return { kind: 'conflict', messageKey: 'recordChanged' };
  if (error.status === 417) return { kind: 'fields', messageKey: error.messageKey, fieldErrors: error.fieldErrors };
  // 403 fieldNotEditable also names its fields: they get the message under them too.
  return { kind: 'message', messageKey: error.messageKey, fieldErrors: error.fieldErrors };
}

/** A wire field error's path ("caption.en_US", "tags.1") belongs to the field named by its first segment. */
export function fieldKeyOf(path: string): string {
  return path.split('.')[0] ?? path;
}
