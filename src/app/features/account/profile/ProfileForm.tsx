// The profile form: name, e-mail, time zone, billing address, and an optional new password (which can end
// the other sessions). Saving with errors gives the danger toast fieldsNotValid; a password mismatch the
// passwordNotValid dialog; a 500 the report-error modal; any other failure the server's message.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UserModel } from '../../../../../runtime/api/contract';
import { accountKeys } from '../../../../../renderers/data/account';
import { saveProfile, type ProfileSave } from '../../../../../runtime/client/account';
import { queryKeys } from '../../../../../renderers/data/queries';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { FieldErrors } from '../../../components/FieldErrors';
import { showToast } from '../../../../../renderers/ui/toast';
import { SubmitButton, TextField } from '../../../components/form/TextField';
import { FormMessage, messagesOf, NAME_VALUES, PASSWORD_VALUES, type FieldMessageMap } from '../fields';
import { PasswordFields } from '../NewAccountFields';
import { useAccountForm } from '../useAccountForm';
import { passwordProblems } from '../passwords';
import { billingErrors, billingFields, billingForm, billingPayload, BILLING_MIN, requiredBillingFields, type BillingForm, type BillingKey, type BillingType } from './billing';
import { countryChoices, guessTimeZone, timeZoneChoices } from './places';

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

/** A mismatched or refused password, among client or server field messages. */
const hasPasswordMismatch = (fields: FieldMessageMap) =>
  ['password', 'password_confirmation'].some((key) => fields[key]?.messages.some((m) => PASSWORD_MESSAGES.has(m)));

export function ProfileForm({ user }: { user: UserModel }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { form, setForm, fields, setFields, message, setMessage, busy, send } = useAccountForm<Form>(() => initialForm(user));
  const [mismatch, setMismatch] = useState(false);
  const timezoneId = useId();
  const endOthersId = useId();
  const zones = useMemo(() => timeZoneChoices(form.timezone, guessTimeZone()), [form.timezone]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setBilling = (key: keyof BillingForm, value: string) => setForm((f) => ({ ...f, billing: { ...f.billing, [key]: value } }));

  const refuse = (shown: FieldMessageMap) => {
    setFields(shown);
    if (hasPasswordMismatch(shown)) setMismatch(true);
    showToast('fieldsNotValid', 'danger');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const local: Record<string, string[]> = { ...passwordProblems(form.password, form.password_confirmation, false), ...billingErrors(form.billing) };
    if (!form.name.trim()) local.name = ['fieldRequired'];
    else if (form.name.trim().length < NAME_VALUES.min) local.name = ['cantBeLessThenChars'];
    if (!form.email.trim()) local.email = ['fieldRequired'];
    if (Object.keys(local).length > 0) {
      refuse(messagesOf(local));
      return;
    }
    const changePassword = form.password !== '';
    const body: ProfileSave = {
      name: form.name.trim(),
      email: form.email.trim(),
      settings: { ...user.settings, timezone: form.timezone },
      billing_address: billingPayload(form.billing),
    };
    if (changePassword) {
      body.password = form.password;
      body.password_confirmation = form.password_confirmation;
      body.end_other_sessions = form.endOthers;
    }
    await send(
      async () => {
        const saved = await saveProfile(body);
        if (saved && typeof saved === 'object' && 'uuid' in saved) queryClient.setQueryData(queryKeys.userModel, saved);
        else void queryClient.invalidateQueries({ queryKey: queryKeys.userModel });
        if (changePassword) {
          setForm((f) => ({ ...f, password: '', password_confirmation: '' }));
          void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
        }
        showToast(changePassword && form.endOthers ? 'account.profile.savedEndedOthers' : 'account.profile.saved', 'success');
      },
      (problem) => {
        if (problem.status === 417) refuse(problem.fields);
        // A 500 already opened the report-error modal; anything else shows the server's message.
        else if (problem.message) setMessage(problem.message);
        return true;
      },
    );
  };

  return (
    <form className="card profile-form" onSubmit={submit} noValidate aria-labelledby="profile-details-title">
      <h2 className="card-title" id="profile-details-title">
        <FormattedMessage id="account.profile.details" />
      </h2>
      <div className="form-grid">
        <TextField
          label={<FormattedMessage id="account.name" />}
          name="name"
          testId="profile-name"
          autoComplete="name"
          value={form.name}
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
          value={form.email}
          onValue={(v) => set('email', v)}
          errors={fields.email}
          required
        />
        <div className="field">
          <label htmlFor={timezoneId} className="field-label">
            <FormattedMessage id="account.profile.timezone" />
          </label>
          <select id={timezoneId} name="timezone" data-testid="profile-timezone" value={form.timezone} onChange={(e) => set('timezone', e.target.value)}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          <FieldErrors messages={fields['settings.timezone']?.messages} />
        </div>
      </div>

      <BillingFields billing={form.billing} fields={fields} onChange={setBilling} onType={(type) => set('billing', { ...form.billing, type })} />

      <fieldset className="subcard">
        <legend>
          <FormattedMessage id="account.profile.passwordSection" />
        </legend>
        <p className="muted">
          <FormattedMessage id="account.profile.passwordIntro" />
        </p>
        {/* The account's user name for password managers. */}
        <input type="email" name="username" autoComplete="username" value={form.email} readOnly hidden />
        <div className="form-grid">
          <PasswordFields
            prefix="profile"
            label="account.newPassword"
            password={form.password}
            confirmation={form.password_confirmation}
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
            checked={form.endOthers}
            disabled={form.password === ''}
            onChange={(e) => set('endOthers', e.target.checked)}
          />
          <label htmlFor={endOthersId}>
            <FormattedMessage id="account.profile.endOthers" />
          </label>
        </div>
      </fieldset>

      <FormMessage message={message} testId="profile-error" />
      <div className="form-actions">
        <SubmitButton pending={busy} idle="account.profile.save" busy="account.profile.saving" testId="profile-save" block={false} />
      </div>

      <Dialog
        open={mismatch}
        testId="password-not-valid-dialog"
        title={<FormattedMessage id="passwordNotValid" />}
        onClose={() => setMismatch(false)}
        actions={
          <button type="button" className="button button-primary" onClick={() => setMismatch(false)} autoFocus>
            {intl.formatMessage({ id: 'account.ok' })}
          </button>
        }
      >
        <p>
          <FormattedMessage id="account.profile.passwordMismatch" values={PASSWORD_VALUES} />
        </p>
      </Dialog>
    </form>
  );
}

function BillingFields({
  billing,
  fields,
  onChange,
  onType,
}: {
  billing: BillingForm;
  fields: FieldMessageMap;
  onChange: (key: BillingKey, value: string) => void;
  onType: (type: BillingType) => void;
}) {
  const intl = useIntl();
  const countryId = useId();
  const typeName = useId();
  const required = new Set(requiredBillingFields(billing));
  const countries = useMemo(() => countryChoices(intl.locale), [intl.locale]);
  const knownCountry = billing.country === '' || countries.some((c) => c.value === billing.country);
  const label = (key: BillingKey) => (
    <>
      <FormattedMessage id={`account.billing.${key}`} />
      {required.has(key) ? null : (
        <span className="muted">
          {' '}
          <FormattedMessage id="account.optional" />
        </span>
      )}
    </>
  );

  return (
    <fieldset className="subcard">
      <legend>
        <FormattedMessage id="account.billing.title" />
      </legend>
      <p className="muted">
        <FormattedMessage id="account.billing.intro" />
      </p>
      <div className="field" role="radiogroup" aria-label={intl.formatMessage({ id: 'account.billing.type' })}>
        <div className="row billing-type">
          {(['person', 'company'] as const).map((type) => (
            <label key={type} className="field-check">
              <input type="radio" name={typeName} value={type} checked={billing.type === type} onChange={() => onType(type)} />
              <FormattedMessage id={`account.billing.type.${type}`} />
            </label>
          ))}
        </div>
      </div>
      <div className="form-grid">
        {billingFields(billing).map((key) =>
          key === 'country' ? (
            <div className="field" key={key}>
              <label htmlFor={countryId} className="field-label">
                {label(key)}
              </label>
              <select
                id={countryId}
                name="billing_address.country"
                value={billing.country}
                onChange={(e) => onChange('country', e.target.value)}
                aria-invalid={!!fields['billing_address.country'] || undefined}
              >
                <option value="">{intl.formatMessage({ id: 'cmp.choose' })}</option>
                {knownCountry ? null : <option value={billing.country}>{billing.country}</option>}
                {countries.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              <FieldErrors messages={fields['billing_address.country']?.messages} values={{ min: BILLING_MIN }} />
            </div>
          ) : (
            <TextField
              key={key}
              label={label(key)}
              name={`billing_address.${key}`}
              type={key === 'email' ? 'email' : 'text'}
              autoComplete={BILLING_AUTOCOMPLETE[key]}
              value={billing[key]}
              onValue={(v) => onChange(key, v)}
              errors={fields[`billing_address.${key}`]}
              defaults={{ min: BILLING_MIN, max: 255 }}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}

const BILLING_AUTOCOMPLETE: Partial<Record<BillingKey, string>> = {
  firstname: 'billing given-name',
  lastname: 'billing family-name',
  company: 'billing organization',
  address: 'billing street-address',
  city: 'billing address-level2',
  zipcode: 'billing postal-code',
  state: 'billing address-level1',
  email: 'billing email',
  vat_number: 'off',
  main_number: 'off',
};
