// The profile form's rules (POST /v1/user/profile/edit), pure so they are testable alone.
// Messages are the spec's keys: identityField.requiredField, invalidEmail, cantBeLessThenChars,
// cantBeMoreThenChars, invalid, password_not_match.
import type { BillingAddress, FieldError, UserSettings } from '../../../runtime/api/contract';
import { IAM_LIMITS } from '../../../runtime/api/iam';
import { checkBillingInput } from '../../../runtime/validation/billing';
import { isEmail, isPlainObject } from '../platform/validate';

export const PROFILE_LIMITS = { nameMin: 2, nameMax: 255, emailMax: 254, passwordMin: 8, passwordMax: 1024, settingsBytes: 64 * 1024 };

export interface ProfileChanges {
  name: string;
  email: string;
  settings?: UserSettings;
  billing_address?: BillingAddress | null;
  password?: string;
}

export type ProfileCheck = { ok: true; changes: ProfileChanges } | { ok: false; errors: FieldError[] };

export function checkProfile(body: Record<string, unknown>): ProfileCheck {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    const existing = errors.find((error) => error.field === field);
    if (existing) existing.messages.push(message);
    else errors.push({ field, messages: [message] });
  };

  const name = typeof body.name === 'string' ? body.name.trim() : body.name;
  if (name === undefined || name === null || name === '') add('name', 'identityField.requiredField');
  else if (typeof name !== 'string') add('name', 'invalid');
  else if (name.length < PROFILE_LIMITS.nameMin) add('name', 'cantBeLessThenChars');
  else if (name.length > PROFILE_LIMITS.nameMax) add('name', 'cantBeMoreThenChars');

  const email = typeof body.email === 'string' ? body.email.trim() : body.email;
  if (email === undefined || email === null || email === '') add('email', 'identityField.requiredField');
  else if (typeof email !== 'string') add('email', 'invalid');
  else if (!isEmail(email)) add('email', 'invalidEmail');

  const settings = body.settings;
  if (settings !== undefined && settings !== null) checkSettings(settings, add);

  const billing = body.billing_address;
  let billingAddress: BillingAddress | null | undefined;
  if (billing === null) billingAddress = null;
  else if (billing !== undefined) billingAddress = checkBilling(billing, add);

  const password = body.password;
  const wantsPassword = password !== undefined && password !== null && password !== '';
  if (wantsPassword) {
    if (typeof password !== 'string') add('password', 'invalid');
    else if (password.length < PROFILE_LIMITS.passwordMin) add('password', 'cantBeLessThenChars');
    else if (password.length > PROFILE_LIMITS.passwordMax) add('password', 'cantBeMoreThenChars');
    else if (body.password_confirmation !== password) add('password_confirmation', 'password_not_match');
  }

  if (errors.length > 0) return { ok: false, errors };
  const changes: ProfileChanges = { name: name as string, email: email as string };
  if (isPlainObject(settings)) changes.settings = settings as UserSettings;
  if (billingAddress !== undefined) changes.billing_address = billingAddress;
  if (wantsPassword) changes.password = password as string;
  return { ok: true, changes };
}

function checkSettings(settings: unknown, add: (field: string, message: string) => void): void {
  if (!isPlainObject(settings)) return add('settings', 'invalid');
  if (JSON.stringify(settings).length > PROFILE_LIMITS.settingsBytes) return add('settings', 'invalid');
  for (const key of ['timezone', 'locale'] as const) {
    if (settings[key] !== undefined && typeof settings[key] !== 'string') add(`settings.${key}`, 'invalid');
  }
  if (settings.theme !== undefined && settings.theme !== 'light' && settings.theme !== 'dark') add('settings.theme', 'invalid');
}

/** The billing form's rules of runtime/validation/billing (the same the screen runs); unknown keys refused. */
function checkBilling(billing: unknown, add: (field: string, message: string) => void): BillingAddress | null | undefined {
  if (!isPlainObject(billing)) {
    add('billing_address', 'invalid');
    return undefined;
  }
  const { address, errors } = checkBillingInput(billing);
  for (const [field, messages] of Object.entries(errors)) for (const message of messages) add(field, message);
  return address;
}

/** Registration (POST /v1/auth/register, docs/iam.md): the checked, trimmed values. */
export interface Registration {
  name: string;
  email: string;
  password: string;
}

export type RegistrationCheck = { ok: true; registration: Registration } | { ok: false; errors: FieldError[] };

/**
 * Name 2..100 characters, a valid e-mail, a password of 8..1024 characters and its confirmation
 * ('passwordNotValid' on either). Every other key of the body is ignored.
 */
export function checkRegistration(body: Record<string, unknown>): RegistrationCheck {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, messages: [message] });

  const name = typeof body.name === 'string' ? body.name.trim() : body.name;
  if (name === undefined || name === null || name === '') add('name', 'identityField.requiredField');
  else if (typeof name !== 'string') add('name', 'invalid');
  else if (name.length < IAM_LIMITS.nameMin) add('name', 'cantBeLessThenChars');
  else if (name.length > IAM_LIMITS.nameMax) add('name', 'cantBeMoreThenChars');

  const email = typeof body.email === 'string' ? body.email.trim() : body.email;
  if (email === undefined || email === null || email === '') add('email', 'identityField.requiredField');
  else if (typeof email !== 'string') add('email', 'invalid');
  else if (!isEmail(email)) add('email', 'invalidEmail');

  errors.push(...checkNewPassword(body));

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, registration: { name: name as string, email: email as string, password: body.password as string } };
}

/** A new password's rule (registration, reset, invite): a string of 8 to 1024 characters. */
export function isPasswordShape(password: unknown): password is string {
  return typeof password === 'string' && password.length >= IAM_LIMITS.passwordMin && password.length <= IAM_LIMITS.passwordMax;
}

/** A new password and its confirmation, as field errors ('passwordNotValid'); empty when both are fine. */
export function checkNewPassword(body: Record<string, unknown>): FieldError[] {
  if (!isPasswordShape(body.password)) return [{ field: 'password', messages: ['passwordNotValid'] }];
  if (body.password_confirmation !== body.password) return [{ field: 'password_confirmation', messages: ['passwordNotValid'] }];
  return [];
}
