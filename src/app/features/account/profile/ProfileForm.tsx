// The profile form: name, e-mail, time zone, billing address, and an optional new password (which can end
// the other sessions). Saving with errors gives the danger toast fieldsNotValid; a password mismatch the
// passwordNotValid dialog; a 500 the report-error modal; any other failure the server's message.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserModel } from '../../../../../runtime/api/contract';
import { accountKeys } from '../../../../../renderers/data/account';
import { saveProfile, type ProfileSave } from '../../../../../runtime/client/account';
import { queryKeys } from '../../../../../renderers/data/queries';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { FieldErrors } from '../../../components/FieldErrors';
import { showToast } from '../../../../../renderers/ui/toast';
import { SubmitButton, TextField } from '../../../components/form/TextField';
import { useFormPage, type FieldRules, type FormController } from '../../../components/form/useFormPage';
import { FormMessage, messageMapOf, NAME_VALUES, PASSWORD_VALUES, problemOf, type FieldMessageMap } from '../fields';
import { PasswordFields } from '../NewAccountFields';
import { passwordProblems } from '../passwords';
import { billingErrors, billingForm, billingPayload, type BillingForm } from '../../../../../runtime/validation/billing';
import { BillingCard } from './BillingCard';
import { guessTimeZone, timeZoneChoices } from './places';

const PASSWORD_MESSAGES = new Set(['passwordNotValid', 'password_not_match']);

interface Form {
  name: string;
  email: string;
  timezone: string;
  billing: BillingForm;
  password: string;
  password_confirmation: string;
  endOthers: boolean;
}

type Profile = FormController<Form>;

function initialForm(user: UserModel): Form {
  return {
    name: user.name ?? '',
    email: user.email ?? '',
    timezone: typeof user.settings?.timezone === 'string' && user.settings.timezone ? user.settings.timezone : guessTimeZone(),
    billing: billingForm(user.billing_address),
    password: '',
    password_confirmation: '',
    endOthers: true,
  };
}

/** The form's own rules: the password pair (when one is typed), the billing address, a name and an e-mail. */
function profileRules(form: Form): FieldRules {
  const local: FieldRules = { ...passwordProblems(form.password, form.password_confirmation, false), ...billingErrors(form.billing) };
  if (!form.name.trim()) local.name = ['fieldRequired'];
  else if (form.name.trim().length < NAME_VALUES.min) local.name = ['cantBeLessThenChars'];
  if (!form.email.trim()) local.email = ['fieldRequired'];
  return local;
}

/** What is sent: the details trimmed, the settings with the time zone, and the password only when one is typed. */
function profileSave(form: Form, user: UserModel): ProfileSave {
  const body: ProfileSave = {
    name: form.name.trim(),
    email: form.email.trim(),
    settings: { ...user.settings, timezone: form.timezone },
    billing_address: billingPayload(form.billing),
  };
  if (form.password !== '') {
    body.password = form.password;
    body.password_confirmation = form.password_confirmation;
    body.end_other_sessions = form.endOthers;
  }
  return body;
}

/** A mismatched or refused password, among client or server field messages. */
const hasPasswordMismatch = (fields: FieldRules) => ['password', 'password_confirmation'].some((key) => fields[key]?.some((m) => PASSWORD_MESSAGES.has(m)));

/** The profile's controller: refused fields (by its rules or a 417) toast fieldsNotValid, and a refused
 * password also opens the mismatch dialog. */
function useProfileForm(user: UserModel) {
  const queryClient = useQueryClient();
  const [mismatch, setMismatch] = useState(false);
  const refused = (fields: FieldRules) => {
    if (hasPasswordMismatch(fields)) setMismatch(true);
    showToast('fieldsNotValid', 'danger');
  };
  const form: Profile = useFormPage({
    initial: () => initialForm(user),
    validate: profileRules,
    onRefused: refused,
    save: (values: Form) => saveProfile(profileSave(values, user)),
    onSaved: (saved, values) => {
      const changePassword = values.password !== '';
      if (saved && typeof saved === 'object' && 'uuid' in saved) queryClient.setQueryData(queryKeys.userModel, saved);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.userModel });
      if (changePassword) {
        form.setValues((f) => ({ ...f, password: '', password_confirmation: '' }));
        void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      }
      showToast(changePassword && values.endOthers ? 'account.profile.savedEndedOthers' : 'account.profile.saved', 'success');
    },
    onFailed: (failure, error) => {
      const problem = problemOf(error);
      // A 500 already opened the report-error modal; anything but a 417 shows the server's message.
      if (problem.status !== 417) return { message: problem.message, fields: {} };
      refused(failure.fields);
      return { ...failure, message: null };
    },
  });
  return { form, mismatch, closeMismatch: () => setMismatch(false) };
}

function TimeZoneSelect({ value, onChange, errors }: { value: string; onChange: (zone: string) => void; errors: string[] | undefined }) {
  const id = useId();
  const zones = useMemo(() => timeZoneChoices(value, guessTimeZone()), [value]);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <FormattedMessage id="account.profile.timezone" />
      </label>
      <select id={id} name="timezone" data-testid="profile-timezone" value={value} onChange={(e) => onChange(e.target.value)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <FieldErrors messages={errors} />
    </div>
  );
}

function DetailsFields({ form, fields }: { form: Profile; fields: FieldMessageMap }) {
  const { values, set } = form;
  return (
    <div className="form-grid">
      <TextField
        label={<FormattedMessage id="account.name" />}
        name="name"
        testId="profile-name"
        autoComplete="name"
        value={values.name}
        onValue={(v) => set('name', v)}
        errors={fields.name}
        defaults={NAME_VALUES}
        required
      />
      <TextField
        label={<FormattedMessage id="account.email" />}
        name="email"
        type="email"
        testId="profile-email"
        autoComplete="email"
        value={values.email}
        onValue={(v) => set('email', v)}
        errors={fields.email}
        required
      />
      <TimeZoneSelect value={values.timezone} onChange={(zone) => set('timezone', zone)} errors={fields['settings.timezone']?.messages} />
    </div>
  );
}

/** A new password (optional), and whether it ends the other sessions. */
function PasswordSection({ form, fields }: { form: Profile; fields: FieldMessageMap }) {
  const endOthersId = useId();
  const { values, set } = form;
  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="account.profile.passwordSection" />
      </legend>
      <p className="muted">
        <FormattedMessage id="account.profile.passwordIntro" />
      </p>
      {/* The account's user name for password managers. */}
      <input type="email" name="username" autoComplete="username" value={values.email} readOnly hidden />
      <div className="form-grid">
        <PasswordFields
          prefix="profile"
          label="account.newPassword"
          password={values.password}
          confirmation={values.password_confirmation}
          onPassword={(v) => set('password', v)}
          onConfirmation={(v) => set('password_confirmation', v)}
          fields={fields}
        />
      </div>
      <div className="field field-check">
        <input
          id={endOthersId}
          type="checkbox"
          data-testid="profile-end-others"
          checked={values.endOthers}
          disabled={values.password === ''}
          onChange={(e) => set('endOthers', e.target.checked)}
        />
        <label htmlFor={endOthersId}>
          <FormattedMessage id="account.profile.endOthers" />
        </label>
      </div>
    </fieldset>
  );
}

function MismatchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      testId="password-not-valid-dialog"
      title={<FormattedMessage id="passwordNotValid" />}
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose} autoFocus>
          {intl.formatMessage({ id: 'account.ok' })}
        </button>
      }
    >
      <p>
        <FormattedMessage id="account.profile.passwordMismatch" values={PASSWORD_VALUES} />
      </p>
    </Dialog>
  );
}

export function ProfileForm({ user }: { user: UserModel }) {
  const { form, mismatch, closeMismatch } = useProfileForm(user);
  const fields = messageMapOf(form.failure);
  const setBilling = (patch: Partial<BillingForm>) => form.setValues((f) => ({ ...f, billing: { ...f.billing, ...patch } }));
  return (
    <form className="card profile-form" onSubmit={form.submit} noValidate aria-labelledby="profile-details-title">
      <h2 className="card-title" id="profile-details-title">
        <FormattedMessage id="account.profile.details" />
      </h2>
      <DetailsFields form={form} fields={fields} />
      <BillingCard billing={form.values.billing} fields={fields} onChange={setBilling} />
      <PasswordSection form={form} fields={fields} />
      <FormMessage message={form.failure.message} testId="profile-error" />
      <div className="form-actions">
        <SubmitButton pending={form.pending} idle="account.profile.save" busy="account.profile.saving" testId="profile-save" block={false} />
      </div>
      <MismatchDialog open={mismatch} onClose={closeMismatch} />
    </form>
  );
}
