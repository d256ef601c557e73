// A new account's name, password and its confirmation: the same fields and rules on /register and on
// an invitation that creates the account; the password pair also serves the reset and the profile.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { TextField } from '../../components/form/TextField';
import { NAME_VALUES, PASSWORD_VALUES, type FieldMessageMap } from './fields';
import { passwordProblems } from './passwords';

export interface NewAccount {
  name: string;
  password: string;
  password_confirmation: string;
}

/** Field messages of a new account (and of its e-mail where the form asks for one); empty when all is fine. */
export function newAccountProblems(form: NewAccount & { email?: string }): Record<string, string[]> {
  const problems = passwordProblems(form.password, form.password_confirmation, true);
  if (!form.name.trim()) problems.name = ['fieldRequired'];
  if (form.email !== undefined && !form.email.trim()) problems.email = ['fieldRequired'];
  return problems;
}

export function NewAccountFields({
  prefix,
  form,
  set,
  fields,
  children,
}: {
  /** Test ids are `${prefix}-name`, `${prefix}-password`, `${prefix}-password-confirmation`. */
  prefix: string;
  form: NewAccount;
  set: (key: keyof NewAccount) => (value: string) => void;
  fields: FieldMessageMap;
  /** What stands between the name and the password (the e-mail). */
  children?: ReactNode;
}) {
  return (
    <>
      <TextField
        label={<FormattedMessage id="account.name" />}
        name="name"
        testId={`${prefix}-name`}
        autoComplete="name"
        value={form.name}
        onValue={set('name')}
        errors={fields.name}
        defaults={NAME_VALUES}
        required
        autoFocus
      />
      {children}
      <PasswordFields
        prefix={prefix}
        label="account.password"
        password={form.password}
        confirmation={form.password_confirmation}
        onPassword={set('password')}
        onConfirmation={set('password_confirmation')}
        fields={fields}
        required
      />
    </>
  );
}

/** A new password and its confirmation (an account's first, a reset, a change in the profile). */
export function PasswordFields({
  prefix,
  label,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  fields,
  required,
  autoFocus,
}: {
  /** Test ids are `${prefix}-password` and `${prefix}-password-confirmation`. */
  prefix: string;
  label: 'account.password' | 'account.newPassword';
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  fields: FieldMessageMap;
  required?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label={<FormattedMessage id={label} />}
        name="password"
        type="password"
        testId={`${prefix}-password`}
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
        errors={fields.password}
        defaults={PASSWORD_VALUES}
        hint={<FormattedMessage id="account.passwordHint" values={PASSWORD_VALUES} />}
        required={required}
        autoFocus={autoFocus}
      />
      <TextField
        label={<FormattedMessage id="account.passwordConfirmation" />}
        name="password_confirmation"
        type="password"
        testId={`${prefix}-password-confirmation`}
        autoComplete="new-password"
        value={confirmation}
        onValue={onConfirmation}
        errors={fields.password_confirmation}
        defaults={PASSWORD_VALUES}
        required={required}
      />
    </>
  );
}
