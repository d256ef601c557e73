import { describe, expect, it } from 'vitest';
import { checkProfile } from '../../../src/server/auth/profile-rules';

describe('checkProfile', () => {
  it('accepts a minimal profile and trims name and e-mail', () => {
    expect(checkProfile({ name: ' Ada ', email: ' ada@example.com ' })).toEqual({ ok: true, changes: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('treats an empty password as "no change"', () => {
    const check = checkProfile({ name: 'Ada', email: 'ada@example.com', password: '', password_confirmation: '' });
    expect(check).toEqual({ ok: true, changes: { name: 'Ada', email: 'ada@example.com' } });
  });

  it('reports a password that does not match its confirmation on password_confirmation', () => {
    const check = checkProfile({ name: 'Ada', email: 'ada@example.com', password: 'long-enough', password_confirmation: 'different' });
    expect(check).toEqual({ ok: false, errors: [{ field: 'password_confirmation', messages: ['password_not_match'] }] });
  });

  it('uses the spec message keys per field', () => {
    const check = checkProfile({ name: 'x'.repeat(256), email: 'a@b', billing_address: { email: 'nope', city: 5 } });
    expect(check).toEqual({
      ok: false,
      errors: [
        { field: 'name', messages: ['cantBeMoreThenChars'] },
        { field: 'email', messages: ['invalidEmail'] },
        { field: 'billing_address.city', messages: ['invalid'] },
      ],
    });
  });

  it('saves a billing address only by the billing form rules (runtime/validation/billing), the same the screen runs', () => {
    const person = { type: 'person', country: 'RS', firstname: 'A', lastname: 'Admin', address: 'Main 1', city: 'Novi Sad', email: 'ada@example.com' };
    expect(checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: person })).toEqual({
      ok: false,
      errors: [{ field: 'billing_address.firstname', messages: ['cantBeLessThenChars'] }],
    });
    const company = { type: 'company', country: 'RS', company: 'Luma', vat_number: '101234567', address: 'Main 1', city: 'Beograd' };
    expect(checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: company })).toEqual({
      ok: false,
      errors: [{ field: 'billing_address.main_number', messages: ['fieldRequired'] }],
    });
    expect(checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: { ...company, main_number: '07654321' } })).toMatchObject({ ok: true });
    expect(checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: { ...company, country: 'DE' } })).toMatchObject({ ok: true });
    expect(checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: { ...company, iban: 'x' } })).toEqual({
      ok: false,
      errors: [{ field: 'billing_address.iban', messages: ['invalid'] }],
    });
  });

  it('accepts a null billing address (clears it)', () => {
    const check = checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: null });
    expect(check).toEqual({ ok: true, changes: { name: 'Ada', email: 'ada@example.com', billing_address: null } });
  });
});
