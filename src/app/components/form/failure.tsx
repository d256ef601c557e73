// How a form shows a failed save: the message above its actions and 417 messages at their fields.
import type { FieldError } from '../../../../runtime/api/contract';
import { errorDisplay, errorsByPath } from '../../../../runtime/client/errorMessage';
import { Message } from '../../../../renderers/ui/Message';

/** Message parameters ({min}, {max}) by field path. */
export type FieldValues = Record<string, Record<string, string | number>>;

export interface Failure {
  /** The message to show above the actions; null when the report modal already said it. */
  message: string | null;
  /** 417 messages (or the form's own rules) by field path. */
  fields: Record<string, string[]>;
  /** The parameters a 417 sent with its messages, by field path. */
  values?: FieldValues;
}

export const NO_FAILURE: Failure = { message: null, fields: {} };

/** The parameters of a 417's messages by field path, each field's merged. */
export function valuesByPath(fieldErrors: readonly FieldError[]): FieldValues {
  const out: FieldValues = {};
  for (const { field, values } of fieldErrors) for (const v of values ?? []) if (v) out[field] = { ...out[field], ...v };
  return out;
}

export function failureOf(error: unknown): Failure {
  const shown = errorDisplay(error);
  if (shown.kind === 'reported') return NO_FAILURE;
  if (shown.kind === 'fields') return { message: shown.messageKey, fields: errorsByPath(shown.fieldErrors), values: valuesByPath(shown.fieldErrors) };
  return { message: shown.messageKey, fields: {} };
}

/** One message for where fields are not shown: a field message wins over the general one. */
export function summaryOf(failure: Failure): string | null {
  return Object.values(failure.fields).flat()[0] ?? failure.message;
}

/** One message for where fields are not shown (a confirmation dialog): a 417's first field message wins. */
export function failureSummary(error: unknown): string | null {
  return summaryOf(failureOf(error));
}

/** Messages of a field and of its items ("role_uuids" and "role_uuids.2"). */
export function fieldMessages(fields: Record<string, string[]>, name: string): string[] | undefined {
  const messages = Object.entries(fields)
    .filter(([path]) => path === name || path.startsWith(`${name}.`) || path.startsWith(`${name}[`))
    .flatMap(([, list]) => list);
  return messages.length > 0 ? messages : undefined;
}

export function FailureText({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid="iam-error">
      <Message value={message} />
    </p>
  );
}
