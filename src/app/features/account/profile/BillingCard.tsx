// The billing information card (spec section 2 "Billing information card", section 5 "Billing form"):
// person or company, the fields of each with the rules of runtime/validation/billing (the server saves
// by the same), and for a Serbian company the lookup by VAT number at 9 characters, which fills the
// main number, name, address and city. companyVatSearchSerbiaError shows only when the VAT number had
// a value before the one that found nothing (spec section 8).
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { searchCompanyByVat } from '../../../../../runtime/client/billing';
import {
  billingFields,
  BILLING_MIN,
  requiredBillingFields,
  vatLookupError,
  wantsVatLookup,
  type BillingForm,
  type BillingKey,
  type BillingType,
} from '../../../../../runtime/validation/billing';
import { FieldErrors } from '../../../components/FieldErrors';
import { TextField, type FieldMessages } from '../../../components/form/TextField';
import type { FieldMessageMap } from '../fields';
import { countryChoices } from './places';

function billingLabel(key: BillingKey, required: boolean) {
  return (
    <>
      <FormattedMessage id={`account.billing.${key}`} />
      {required ? null : (
        <span className="muted">
          {' '}
          <FormattedMessage id="account.optional" />
        </span>
      )}
    </>
  );
}

function BillingTypeChoice({ value, onType }: { value: BillingType; onType: (type: BillingType) => void }) {
  const intl = useIntl();
  const typeName = useId();
  return (
    <div className="field" role="radiogroup" aria-label={intl.formatMessage({ id: 'account.billing.type' })}>
      <div className="row billing-type">
        {(['person', 'company'] as const).map((type) => (
          <label key={type} className="field-check">
            <input type="radio" name={typeName} value={type} checked={value === type} onChange={() => onType(type)} />
            <FormattedMessage id={`account.billing.type.${type}`} />
          </label>
        ))}
      </div>
    </div>
  );
}

/** The country, named in the UI language; an old address's unknown country stays a choice. */
function CountrySelect({ value, label, onChange, errors }: { value: string; label: ReactNode; onChange: (country: string) => void; errors: FieldMessages | undefined }) {
  const intl = useIntl();
  const id = useId();
  const countries = useMemo(() => countryChoices(intl.locale), [intl.locale]);
  const known = value === '' || countries.some((c) => c.value === value);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name="billing_address.country" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!errors || undefined}>
        <option value="">{intl.formatMessage({ id: 'cmp.choose' })}</option>
        {known ? null : <option value={value}>{value}</option>}
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldErrors messages={errors?.messages} values={{ min: BILLING_MIN }} />
    </div>
  );
}

/**
 * The lookup by VAT number: runs when the form wants it (a Serbian company, 9 characters) after the
 * VAT number changed, fills what it found, and answers the lookup's own message for the VAT field.
 */
function useVatLookup(billing: BillingForm, onChange: (patch: Partial<BillingForm>) => void): string | null {
  const [error, setError] = useState<string | null>(null);
  const previous = useRef(billing.vat_number);
  const fill = useRef(onChange);
  fill.current = onChange;
  useEffect(() => {
    const before = previous.current;
    previous.current = billing.vat_number;
    if (before === billing.vat_number) return;
    setError(null);
    if (!wantsVatLookup(billing)) return;
    const abort = new AbortController();
    void searchCompanyByVat(billing.vat_number.trim(), abort.signal).then((found) => {
      if (abort.signal.aborted || found === 'unavailable') return;
      if (found) fill.current(found);
      else setError(vatLookupError(before, false));
    });
    return () => abort.abort();
    // The lookup follows the VAT number (and the country and type that decide whether it runs).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [billing.vat_number, billing.country, billing.type]);
  return error;
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

export function BillingCard({ billing, fields, onChange }: { billing: BillingForm; fields: FieldMessageMap; onChange: (patch: Partial<BillingForm>) => void }) {
  const required = new Set(requiredBillingFields(billing));
  const lookupError = useVatLookup(billing, onChange);
  const errorsOf = (key: BillingKey): FieldMessages | undefined => {
    const given = fields[`billing_address.${key}`];
    if (key !== 'vat_number' || !lookupError) return given;
    return { messages: [...(given?.messages ?? []), lookupError], values: given?.values };
  };
  return (
    <fieldset className="subcard" data-testid="billing-information">
      <legend>
        <FormattedMessage id="account.billing.title" />
      </legend>
      <p className="muted">
        <FormattedMessage id="account.billing.intro" />
      </p>
      <BillingTypeChoice value={billing.type} onType={(type) => onChange({ type })} />
      <div className="form-grid">
        {billingFields(billing).map((key) =>
          key === 'country' ? (
            <CountrySelect key={key} value={billing.country} label={billingLabel(key, required.has(key))} onChange={(country) => onChange({ country })} errors={errorsOf('country')} />
          ) : (
            <TextField
              key={key}
              label={billingLabel(key, required.has(key))}
              name={`billing_address.${key}`}
              type={key === 'email' ? 'email' : 'text'}
              autoComplete={BILLING_AUTOCOMPLETE[key]}
              value={billing[key]}
              onValue={(value) => onChange({ [key]: value })}
              errors={errorsOf(key)}
              defaults={{ min: BILLING_MIN, max: 255 }}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}
