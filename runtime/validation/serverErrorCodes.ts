import { RECORD_MESSAGE, type RecordMessageKey } from './types';

/** Server error codes and the catalogue keys they show as (spec section 5, "Server error codes mapped"). */
export const SERVER_ERROR_CODES = {
  email_already_exists: RECORD_MESSAGE.emailAlreadyExists,
  unique: RECORD_MESSAGE.unique,
  invalid: RECORD_MESSAGE.invalid,
  password_not_match: RECORD_MESSAGE.passwordDoesntMatch,
} as const satisfies Record<string, RecordMessageKey>;

export type ServerErrorCode = keyof typeof SERVER_ERROR_CODES;
