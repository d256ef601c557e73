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
        { field: 'billing_address.email', messages: ['invalidEmail'] },
      ],
    });
  });

  it('accepts a null billing address (clears it)', () => {
    const check = checkProfile({ name: 'Ada', email: 'ada@example.com', billing_address: null });
    expect(check).toEqual({ ok: true, changes: { name: 'Ada', email: 'ada@example.com', billing_address: null } });
  });
});
