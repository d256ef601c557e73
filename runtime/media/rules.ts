// The media library rules of spec section 5 (docs/media.md "Rules"), once, for the screen and the
// server: a library's fields, a directory name, an upload's expiry and a share's valid-until.
// Each answers field errors ({field, messages}); an empty list means valid. Pure: no clock of its
// own (the caller passes now), no React, no database.
import type { FieldError } from '../api/contract';
import { MASKED_SECRET, MEDIA_PROVIDERS, SHARE_STEP_MINUTES, type LibraryInput } from '../api/media';

export const MEDIA_RULE_MESSAGE = {
  required: 'identityField.requiredField',
  tooShort: 'cantBeLessThenChars',
  tooLong: 'cantBeMoreThenChars',
  invalid: 'invalid',
  expiryInPast: 'expiryInPast',
  notOnStep: 'shareStep',
  /** A share's valid-until later than the server's longest lifetime (values: {days}). */
  shareTooLong: 'shareTooLong',
  invalidEmail: 'invalidEmail',
} as const;

/** Names, S3 fields and dirs: min 2 (spec section 5), max 255 (section 9's default field length). */
export const MEDIA_NAME_MIN = 2;
export const MEDIA_NAME_MAX = 255;
/** The S3 fields required (min 2) when the provider is s3. */
export const S3_FIELDS = ['s3_endpoint', 's3_region', 's3_bucket', 's3_key', 's3_secret', 'host'] as const;

function push(errors: FieldError[], field: string, message: string, values: Record<string, string | number> | null = null): void {
  const existing = errors.find((error) => error.field === field);
  if (existing) {
    existing.messages.push(message);
    existing.values = [...(existing.values ?? existing.messages.slice(0, -1).map(() => null)), values];
  } else errors.push({ field, messages: [message], values: [values] });
}

function checkText(errors: FieldError[], field: string, value: unknown, required: boolean): void {
  if (value === undefined || value === null || value === '') {
    if (required) push(errors, field, MEDIA_RULE_MESSAGE.required);
    return;
  }
  if (typeof value !== 'string') return push(errors, field, MEDIA_RULE_MESSAGE.invalid);
  const length = [...value.trim()].length;
  if (length < MEDIA_NAME_MIN) push(errors, field, MEDIA_RULE_MESSAGE.tooShort, { min: MEDIA_NAME_MIN });
  else if (length > MEDIA_NAME_MAX) push(errors, field, MEDIA_RULE_MESSAGE.tooLong, { max: MEDIA_NAME_MAX });
}

/**
 * A library's input (create or update). On create the provider is required and the root dir, when
 * given, has min 2; the S3 fields are required (min 2) for an s3 library, the secret may be the
 * mask on update (it keeps the stored one).
 */
export function validateLibraryInput(input: Partial<Record<keyof LibraryInput, unknown>>, mode: 'create' | 'update', provider?: string): FieldError[] {
  const errors: FieldError[] = [];
  checkText(errors, 'name', input.name, true);
  const effective = provider ?? input.provider;
  if (mode === 'create') {
    if (input.provider === undefined || input.provider === null || input.provider === '') push(errors, 'provider', MEDIA_RULE_MESSAGE.required);
    else if (typeof input.provider !== 'string' || !(MEDIA_PROVIDERS as readonly string[]).includes(input.provider)) push(errors, 'provider', MEDIA_RULE_MESSAGE.invalid);
    if (input.dir !== undefined && input.dir !== null && input.dir !== '') checkText(errors, 'dir', input.dir, false);
  } else if (input.dir !== undefined && input.dir !== null && typeof input.dir !== 'string') push(errors, 'dir', MEDIA_RULE_MESSAGE.invalid);
  if (effective === 's3') {
    for (const field of S3_FIELDS) {
      if (field === 's3_secret' && mode === 'update' && (input.s3_secret === MASKED_SECRET || input.s3_secret === undefined)) continue;
      checkText(errors, field, input[field], true);
    }
    if (typeof input.host === 'string' && input.host.trim().length >= MEDIA_NAME_MIN && !isHttpUrl(input.host.trim())) push(errors, 'host', MEDIA_RULE_MESSAGE.invalid);
    if (typeof input.s3_endpoint === 'string' && input.s3_endpoint.trim().length >= MEDIA_NAME_MIN && !isHttpUrl(input.s3_endpoint.trim())) {
      push(errors, 's3_endpoint', MEDIA_RULE_MESSAGE.invalid);
    }
  }
  const quota = input.allowed_storage;
  if (quota !== undefined && quota !== null && (typeof quota !== 'number' || !Number.isSafeInteger(quota) || quota < 0)) {
    push(errors, 'allowed_storage', MEDIA_RULE_MESSAGE.invalid);
  }
  if (input.roles !== undefined && input.roles !== null) {
    const ok = Array.isArray(input.roles) && input.roles.every((role) => typeof role === 'object' && role !== null && typeof (role as { role_uuid?: unknown }).role_uuid === 'string');
    if (!ok) push(errors, 'roles', MEDIA_RULE_MESSAGE.invalid);
  }
  return errors;
}

/** Whether the text is an absolute http(s) URL (library hosts, integration settings of format uri). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A directory name after sanitiseDirName (slashes stripped): required, min 2. */
export function validateDirName(name: string, field = 'path'): FieldError[] {
  const errors: FieldError[] = [];
  checkText(errors, field, name, true);
  return errors;
}

/** An upload's or a file's expiry: a date-time not in the past (null or absent: never expires). */
export function validateExpiry(value: unknown, now: Date, field = 'expiresAt'): FieldError[] {
  if (value === undefined || value === null || value === '') return [];
  const date = typeof value === 'string' ? new Date(value) : value instanceof Date ? value : null;
  if (!date || Number.isNaN(date.getTime())) return [{ field, messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] }];
  if (date.getTime() < now.getTime()) return [{ field, messages: [MEDIA_RULE_MESSAGE.expiryInPast], values: [null] }];
  return [];
}

/**
 * A share's valid-until: required, not in the past, on a 5-minute step (whole minutes, no seconds), and
 * (when `maxDays` is given) at most that many days after `now`.
 */
export function validateShareDate(value: unknown, now: Date, field = 'date', maxDays?: number): FieldError[] {
  if (value === undefined || value === null || value === '') return [{ field, messages: [MEDIA_RULE_MESSAGE.required], values: [null] }];
  const past = validateExpiry(value, now, field);
  if (past.length > 0) return past;
  const date = new Date(value as string);
  const stepMs = SHARE_STEP_MINUTES * 60_000;
  if (date.getTime() % stepMs !== 0) return [{ field, messages: [MEDIA_RULE_MESSAGE.notOnStep], values: [{ step: SHARE_STEP_MINUTES }] }];
  if (maxDays !== undefined && date.getTime() > latestShareDate(now, maxDays).getTime()) return [{ field, messages: [MEDIA_RULE_MESSAGE.shareTooLong], values: [{ days: maxDays }] }];
  return [];
}

/** The latest valid-until a share may have: `maxDays` after `now`, down to a 5-minute step. */
export function latestShareDate(now: Date, maxDays: number): Date {
  const stepMs = SHARE_STEP_MINUTES * 60_000;
  return new Date(Math.floor((now.getTime() + maxDays * 86_400_000) / stepMs) * stepMs);
}

/** The next time on a 5-minute step at or after `from` (a share's default valid-until is built with it). */
export function nextShareStep(from: Date): Date {
  const stepMs = SHARE_STEP_MINUTES * 60_000;
  return new Date(Math.ceil(from.getTime() / stepMs) * stepMs);
}

/** Share e-mails: one text area, separated by commas, semicolons or white space (spec section 5). */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
