// A labelled input with its hint and messages, and a submit button that says what it is doing while
// pending: the pieces every form writes (admin forms and the account screens alike).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FieldErrors } from '../FieldErrors';

/** A field's messages and the parameters they may need ({min}, {max}). */
export interface FieldMessages {
  messages: string[];
  values?: Record<string, string | number>;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  testId?: string;
  /** The field's messages: plain keys, or keys with their parameters. */
  errors?: FieldMessages | readonly string[];
  /** Parameters the messages may need when the server sends none ({min}, {max}). */
  defaults?: Record<string, string | number>;
  hint?: ReactNode;
}

export function TextField({ label, value, onValue, testId, errors, defaults, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const shown: FieldMessages | undefined = errors && 'messages' in errors ? errors : errors ? { messages: [...errors] } : undefined;
  const invalid = !!shown && shown.messages.length > 0;
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
      <FieldErrors id={errorId} messages={shown?.messages} values={{ ...defaults, ...shown?.values }} />
    </div>
  );
}

/** A submit button that says what it is doing while pending. */
export function SubmitButton({
  pending,
  idle,
  busy = idle,
  testId,
  block = false,
  disabled,
}: {
  pending: boolean;
  idle: string;
  busy?: string;
  testId?: string;
  block?: boolean;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={`button button-primary${block ? ' button-block' : ''}`} data-testid={testId} disabled={pending || disabled} aria-busy={pending || undefined}>
      <FormattedMessage id={pending ? busy : idle} />
    </button>
  );
}
