// Form pieces shared by the account screens: a labelled input with its messages, and 417 field errors by field.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../../../runtime/api/contract';
import { IAM_LIMITS } from '../../../../runtime/api/iam';
import { CONNECTION_FAILED, isApiRequestError } from '../../../../runtime/client/errors';
import { FieldErrors } from '../../components/FieldErrors';
import { Message } from '../../../../renderers/ui/Message';

export interface FieldMessages {
  messages: string[];
  values?: Record<string, string | number>;
}
export type FieldMessageMap = Record<string, FieldMessages>;

/** The messages of a 417 by field path ("billing_address.city"), their parameters merged. */
export function fieldMessages(fieldErrors: readonly FieldError[]): FieldMessageMap {
  const out: FieldMessageMap = {};
  for (const { field, messages, values } of fieldErrors) {
    const entry = (out[field] ??= { messages: [] });
    entry.messages.push(...messages);
    for (const v of values ?? []) if (v) entry.values = { ...entry.values, ...v };
  }
  return out;
}

/** Client-side messages (plain keys) in the same shape. */
export function messagesOf(errors: Record<string, string[]>, values?: Record<string, Record<string, string | number>>): FieldMessageMap {
  const out: FieldMessageMap = {};
  for (const [field, messages] of Object.entries(errors)) if (messages.length) out[field] = { messages, values: values?.[field] };
  return out;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  testId?: string;
  errors?: FieldMessages;
  /** Parameters the messages may need when the server sends none ({min}, {max}). */
  defaults?: Record<string, string | number>;
  hint?: ReactNode;
}

export function TextField({ label, value, onValue, testId, errors, defaults, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const invalid = !!errors && errors.messages.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        data-testid={testId}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <small className="muted" id={hintId}>
          {hint}
        </small>
      ) : null}
      <FieldErrors id={errorId} messages={errors?.messages} values={{ ...defaults, ...errors?.values }} />
    </div>
  );
}

/** A submit button that says what it is doing while pending. */
export function SubmitButton({ pending, idle, busy, testId, block = true, disabled }: { pending: boolean; idle: string; busy: string; testId?: string; block?: boolean; disabled?: boolean }) {
  return (
    <button type="submit" className={`button button-primary${block ? ' button-block' : ''}`} data-testid={testId} disabled={pending || disabled} aria-busy={pending || undefined}>
      <FormattedMessage id={pending ? busy : idle} />
    </button>
  );
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
