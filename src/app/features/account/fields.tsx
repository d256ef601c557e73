// Form pieces shared by the account screens: 417 field errors by field, what a failed call shows, and
// the alert above the actions. The labelled input and the submit button are src/app/components/form/TextField.tsx.
import type { ReactNode } from 'react';
import type { FieldError } from '../../../../runtime/api/contract';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { errorsByPath } from '../../../../runtime/client/errorMessage';
import { CONNECTION_FAILED, isApiRequestError } from '../../../../runtime/client/errors';
import { valuesByPath, type Failure } from '../../components/form/failure';
import type { FieldMessages } from '../../components/form/TextField';
import { Message } from '../../../../renderers/ui/Message';

export { SubmitButton, TextField, type FieldMessages } from '../../components/form/TextField';

export type FieldMessageMap = Record<string, FieldMessages>;

/** An admin form's failure (src/app/components/form) in this shape: each field's messages with their parameters. */
export function messageMapOf(failure: Failure): FieldMessageMap {
  const out: FieldMessageMap = {};
  for (const [field, messages] of Object.entries(failure.fields)) out[field] = failure.values?.[field] ? { messages, values: failure.values[field] } : { messages };
  return out;
}

/** The messages of a 417 by field path ("billing_address.city"), their parameters merged. */
export function fieldMessages(fieldErrors: readonly FieldError[]): FieldMessageMap {
  return messageMapOf({ message: null, fields: errorsByPath(fieldErrors), values: valuesByPath(fieldErrors) });
}

/** Client-side messages (plain keys) in the same shape. */
export function messagesOf(errors: Record<string, string[]>, values?: Record<string, Record<string, string | number>>): FieldMessageMap {
  const out: FieldMessageMap = {};
  for (const [field, messages] of Object.entries(errors)) if (messages.length) out[field] = { messages, values: values?.[field] };
  return out;
}

export const PASSWORD_VALUES = { min: IAM_LIMITS.passwordMin, max: IAM_LIMITS.passwordMax } as const;
export const NAME_VALUES = { min: IAM_LIMITS.nameMin, max: IAM_LIMITS.nameMax } as const;

export interface Problem {
  /** 417 messages at their fields. */
  fields: FieldMessageMap;
  /** The message key (or server sentence) shown above the actions; null after a 500 (the report modal is open). */
  message: string | null;
  status: number;
}

/** What a form shows for a failed call: field messages, and the server's message unless a 500 was reported. */
export function problemOf(error: unknown): Problem {
  if (!isApiRequestError(error)) return { fields: {}, message: 'unexpectedError', status: 0 };
  if (error.kind !== 'http') return { fields: {}, message: CONNECTION_FAILED, status: 0 };
  if (error.status >= 500 && error.status !== 501) return { fields: {}, message: null, status: error.status };
  return { fields: fieldMessages(error.fieldErrors), message: error.messageKey, status: error.status };
}

/** The alert above a form's actions. */
export function FormMessage({ message, testId, children }: { message: string | null; testId?: string; children?: ReactNode }) {
  if (!message && !children) return null;
  return (
    <div role="alert" className="form-error" data-testid={testId}>
      {message ? <Message value={message} /> : null}
      {children}
    </div>
  );
}
