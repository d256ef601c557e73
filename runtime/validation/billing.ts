// The billing address (spec section 5 "Billing form"): one rule set, run by the billing form on the
// screen and by the server on every save (POST /v1/user/profile/edit; docs/billing.md). Person: country, first name, last name, address and city required, each at least 2 characters; zip code
// and state optional, at least 2 when given; e-mail required. Company: country, VAT number, company name,
// address and city required; the main (registration) number too when the country is Serbia; e-mail optional.
import type { BillingAddress } from '../api/contract';

export type BillingType = NonNullable<BillingAddress['type']>;
export type BillingKey = Exclude<keyof BillingAddress, 'type'>;

export interface BillingForm {
  type: BillingType;
  country: string;
  firstname: string;
  lastname: string;
  company: string;
  vat_number: string;
  main_number: string;
  address: string;
  city: string;
  zipcode: string;
  state: string;
  email: string;
}

export const BILLING_MIN = 2;
/** Spec section 9: a Serbian VAT number (PIB) of this many characters triggers the company lookup. */
export const BILLING_VAT_LOOKUP_LENGTH = 9;
export const BILLING_MAX = 255;
export const BILLING_KEYS: readonly (keyof BillingAddress)[] = [
  'type', 'country', 'firstname', 'lastname', 'address', 'city', 'zipcode', 'state', 'email', 'vat_number', 'main_number', 'company',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Serbia, stored as its ISO code (older addresses may hold the name). */
export function isSerbia(country: string): boolean {
  return ['rs', 'srb', 'serbia', 'srbija'].includes(country.trim().toLowerCase());
}

/** The fields each type shows, in order. */
export function billingFields(form: Pick<BillingForm, 'type' | 'country'>): BillingKey[] {
  return form.type === 'company'
    ? ['country', 'company', 'vat_number', ...(isSerbia(form.country) ? (['main_number'] as const) : []), 'address', 'city', 'zipcode', 'state', 'email']
    : ['country', 'firstname', 'lastname', 'address', 'city', 'zipcode', 'state', 'email'];
}

export function requiredBillingFields(form: Pick<BillingForm, 'type' | 'country'>): BillingKey[] {
  return form.type === 'company'
    ? ['country', 'vat_number', 'company', 'address', 'city', ...(isSerbia(form.country) ? (['main_number'] as const) : [])]
    : ['country', 'firstname', 'lastname', 'address', 'city', 'email'];
}

/** Fields whose value, when given, must have at least 2 characters. */
const MIN_LENGTH: readonly BillingKey[] = ['country', 'firstname', 'lastname', 'address', 'city', 'zipcode', 'state'];

export function emptyBilling(type: BillingType = 'person'): BillingForm {
  return { type, country: '', firstname: '', lastname: '', company: '', vat_number: '', main_number: '', address: '', city: '', zipcode: '', state: '', email: '' };
}

export function billingForm(address: BillingAddress | null | undefined): BillingForm {
  const form = emptyBilling(address?.type === 'company' ? 'company' : 'person');
  for (const key of Object.keys(form) as (keyof BillingForm)[]) {
    const value = address?.[key];
    if (key !== 'type' && typeof value === 'string') form[key] = value;
  }
  return form;
}

/** Nothing filled in: the profile keeps no billing address. */
export function isBillingEmpty(form: BillingForm): boolean {
  return billingFields(form).every((key) => form[key].trim() === '');
}

/** Field messages by path ("billing_address.city"); empty when valid. An empty address is valid. */
export function billingErrors(form: BillingForm): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (isBillingEmpty(form)) return errors;
  const required = new Set(requiredBillingFields(form));
  for (const key of billingFields(form)) {
    const value = form[key].trim();
    const path = `billing_address.${key}`;
    if (value === '') {
      if (required.has(key)) errors[path] = ['fieldRequired'];
    } else if (MIN_LENGTH.includes(key) && value.length < BILLING_MIN) {
      errors[path] = ['cantBeLessThenChars'];
    } else if (key === 'email' && !EMAIL.test(value)) {
      errors[path] = ['invalidEmail'];
    }
  }
  return errors;
}

/** The address to send: the fields of its type, trimmed, blanks left out; null when nothing is filled in. */
export function billingPayload(form: BillingForm): BillingAddress | null {
  if (isBillingEmpty(form)) return null;
  const out: BillingAddress = { type: form.type };
  for (const key of billingFields(form)) {
    const value = form[key].trim();
    if (value) out[key] = value;
  }
  return out;
}

/** Whether the form looks the company up: a company in Serbia whose VAT number has exactly 9 characters. */
export function wantsVatLookup(form: Pick<BillingForm, 'type' | 'country' | 'vat_number'>): boolean {
  return form.type === 'company' && isSerbia(form.country) && form.vat_number.trim().length === BILLING_VAT_LOOKUP_LENGTH;
}

/**
 * companyVatSearchSerbiaError is shown only when the lookup found nothing and the VAT number had a
 * value before this one (spec section 8): typing the first nine characters into an empty field and
 * missing is not yet an error to the user.
 */
export function vatLookupError(previousVat: string, found: boolean): 'companyVatSearchSerbiaError' | null {
  return !found && previousVat.trim() !== '' ? 'companyVatSearchSerbiaError' : null;
}

/** A billing address as the server is given it: unknown keys and non-strings are 'invalid', then the form's rules. */
export function checkBillingInput(input: Record<string, unknown>): { address: BillingAddress | null; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const given: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    const path = `billing_address.${key}`;
    if (!(BILLING_KEYS as readonly string[]).includes(key)) errors[path] = ['invalid'];
    else if (value === undefined || value === null) continue;
    else if (typeof value !== 'string' || value.length > BILLING_MAX) errors[path] = ['invalid'];
    else given[key] = value;
  }
  if (given.type !== undefined && given.type !== 'person' && given.type !== 'company') errors['billing_address.type'] = ['invalid'];
  if (Object.keys(errors).length > 0) return { address: null, errors };
  const form = billingForm(given as BillingAddress);
  return { address: billingPayload(form), errors: billingErrors(form) };
}
