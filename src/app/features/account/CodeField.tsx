// The one-time code of two-factor authentication, as the sign-in step and the profile's section both ask
// for it: six digits (a pasted "123 456" still works), focused again after a refusal.
import { useId, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { FieldErrors } from '../../components/FieldErrors';
import { isCompleteCode, normaliseCode } from './codes';

const CODE_FORMAT = 'account.twoFactor.codeFormat';

/** The code typed so far, and the input it is typed in. */
export function useOneTimeCode() {
  const [code, setCode] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  const focus = () => ref.current?.focus();
  return {
    code,
    setCode,
    ref,
    focus,
    /** The message for a code not yet complete (the input focused again); null when it may be sent. */
    refusal: (): string | null => {
      if (isCompleteCode(code)) return null;
      focus();
      return CODE_FORMAT;
    },
    /** After a refused code: empty and focused, ready for the next one. */
    retry: () => {
      setCode('');
      focus();
    },
  };
}

export function CodeField({
  code,
  testId,
  invalid,
  describedBy,
  errors,
  disabled,
  required,
  autoFocus,
}: {
  code: ReturnType<typeof useOneTimeCode>;
  testId: string;
  invalid: boolean;
  /** What describes the input besides its messages (the page's intro). */
  describedBy?: string;
  /** Messages under the input (the section); the page says them above its actions. */
  errors?: readonly string[];
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const errorsId = `${id}-errors`;
  const shown = errors !== undefined && errors.length > 0;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <FormattedMessage id="account.twoFactor.code" />
      </label>
      <input
        ref={code.ref}
        id={id}
        name="code"
        className="otp-input"
        data-testid={testId}
        value={code.code}
        onChange={(e) => code.setCode(normaliseCode(e.target.value))}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        aria-invalid={invalid || undefined}
        aria-describedby={shown ? errorsId : describedBy}
        disabled={disabled}
        required={required}
        autoFocus={autoFocus}
      />
      {errors ? <FieldErrors id={errorsId} messages={errors} /> : null}
    </div>
  );
}
