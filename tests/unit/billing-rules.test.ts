// The billing form's rules (spec section 5 "Billing form"; runtime/validation/billing.ts), one set
// run by the form on the screen and by the server on save (tests/unit/server/profile-rules.test.ts
// shows the server reaching the same verdicts through checkProfile).
import { describe, expect, it } from 'vitest';
import {
  billingErrors,
  billingForm,
  billingPayload,
  checkBillingInput,
  emptyBilling,
  vatLookupError,
  wantsVatLookup,
  type BillingForm,
} from '../../runtime/validation/billing';

const person = (more: Partial<BillingForm> = {}): BillingForm => ({ ...emptyBilling('person'), country: 'DE', firstname: 'Ada', lastname: 'Lovelace', address: 'Main 1', city: 'Berlin', email: 'ada@example.com', ...more });
const company = (more: Partial<BillingForm> = {}): BillingForm => ({ ...emptyBilling('company'), country: 'RS', company: 'Luma d.o.o.', vat_number: '101234567', main_number: '07654321', address: 'Knez Mihailova 1', city: 'Beograd', ...more });

describe('billing form rules', () => {
  it('person: country, names, address and city required with at least 2 characters; zip and state optional but 2 when given; e-mail required', () => {
    expect(billingErrors(person())).toEqual({});
    expect(billingErrors(person({ firstname: 'A', city: 'B' }))).toEqual({ 'billing_address.firstname': ['cantBeLessThenChars'], 'billing_address.city': ['cantBeLessThenChars'] });
    expect(billingErrors(person({ zipcode: '1', state: 'X' }))).toEqual({ 'billing_address.zipcode': ['cantBeLessThenChars'], 'billing_address.state': ['cantBeLessThenChars'] });
    expect(billingErrors(person({ email: '' }))).toEqual({ 'billing_address.email': ['fieldRequired'] });
    expect(billingErrors(person({ email: 'nope' }))).toEqual({ 'billing_address.email': ['invalidEmail'] });
    expect(billingErrors(person({ lastname: ' ' }))).toEqual({ 'billing_address.lastname': ['fieldRequired'] });
  });

  it('company: VAT number, name, address and city required, the main number only in Serbia; e-mail optional', () => {
    expect(billingErrors(company({ email: '' }))).toEqual({});
    expect(billingErrors(company({ main_number: '' }))).toEqual({ 'billing_address.main_number': ['fieldRequired'] });
    expect(billingErrors(company({ country: 'DE', main_number: '' }))).toEqual({});
    expect(billingErrors(company({ vat_number: '', company: '' }))).toEqual({ 'billing_address.vat_number': ['fieldRequired'], 'billing_address.company': ['fieldRequired'] });
    // A company's main number is not sent for another country.
    expect(billingPayload(company({ country: 'DE' }))).not.toHaveProperty('main_number');
  });

  it('an empty form is valid and clears the address', () => {
    expect(billingErrors(emptyBilling())).toEqual({});
    expect(billingPayload(emptyBilling())).toBeNull();
  });

  it('the VAT lookup runs for a Serbian company at exactly 9 characters, and its error shows only when the field had a value before', () => {
    expect(wantsVatLookup(company())).toBe(true);
    expect(wantsVatLookup(company({ vat_number: '10123456' }))).toBe(false);
    expect(wantsVatLookup(company({ vat_number: '1012345678' }))).toBe(false);
    expect(wantsVatLookup(company({ country: 'DE' }))).toBe(false);
    expect(wantsVatLookup({ ...person(), vat_number: '101234567', country: 'RS' })).toBe(false);
    expect(vatLookupError('', false)).toBeNull();
    expect(vatLookupError('10123456', false)).toBe('companyVatSearchSerbiaError');
    expect(vatLookupError('10123456', true)).toBeNull();
  });

  it('the server input: unknown keys and non-strings refused, then the same rules', () => {
    expect(checkBillingInput({ ...company(), extra: 'x' }).errors).toEqual({ 'billing_address.extra': ['invalid'] });
    expect(checkBillingInput({ ...company(), city: 5 }).errors).toEqual({ 'billing_address.city': ['invalid'] });
    expect(checkBillingInput({ ...company(), type: 'alien' }).errors).toEqual({ 'billing_address.type': ['invalid'] });
    expect(checkBillingInput({ type: 'person', country: 'RS', firstname: 'A' }).errors).toMatchObject({ 'billing_address.firstname': ['cantBeLessThenChars'] });
    const ok = checkBillingInput({ ...company(), email: '  ' });
    expect(ok.errors).toEqual({});
    expect(ok.address).toEqual({ type: 'company', country: 'RS', company: 'Luma d.o.o.', vat_number: '101234567', main_number: '07654321', address: 'Knez Mihailova 1', city: 'Beograd' });
    expect(billingForm(ok.address)).toEqual(company());
  });
});
