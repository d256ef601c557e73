// Client-side password checks of the account forms (the server checks the same, docs/iam.md).
import { IAM_LIMITS } from '../../../../runtime/api/iam';

/** Field messages for a new password and its confirmation; empty when both are fine. */
export function passwordProblems(password: string, confirmation: string, required: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (password === '') {
    if (required) out.password = ['fieldRequired'];
    if (confirmation !== '') out.password_confirmation = ['password_not_match'];
    return out;
  }
  if (password.length < IAM_LIMITS.passwordMin) out.password = ['cantBeLessThenChars'];
  else if (password.length > IAM_LIMITS.passwordMax) out.password = ['cantBeMoreThenChars'];
  if (confirmation !== password) out.password_confirmation = ['password_not_match'];
  return out;
}
