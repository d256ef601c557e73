// One message for a failed document call: the first field message of a 417, else the message key
// (a 500 already opened the report modal, so nothing more is said here).
import { errorDisplay } from '../../../../runtime/client/errorMessage';

export function documentFailure(error: unknown): string | null {
  const shown = errorDisplay(error);
  if (shown.kind === 'reported') return null;
  if (shown.kind === 'fields') return shown.fieldErrors[0]?.messages[0] ?? shown.messageKey;
  return shown.messageKey;
}

export const isStale = (error: unknown) => (error as { status?: number } | null)?.status === 409 && (error as { messageKey?: string }).messageKey === 'documentChanged';
