import { ERROR_KEY } from '../../../runtime/api/contract';
import { CONNECTION_FAILED, isApiRequestError } from '../../../runtime/client/errors';

/** The message key a failed sign-in shows: 401 'Login failed', 429 too many attempts. */
export function loginErrorKey(error: unknown): string {
  if (!isApiRequestError(error)) return 'unexpectedError';
  if (error.kind !== 'http') return CONNECTION_FAILED;
  if (error.status === 401) return ERROR_KEY.loginFailed;
  if (error.status === 429) return ERROR_KEY.tooManyAttempts;
  return error.messageKey;
}
