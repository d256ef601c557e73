// The media library screen's rules (spec section 5 "Media library rules", section 4 "Library files",
// section 9 sizes): pure functions, unit-tested in tests/unit/app/media-rules.test.ts. The server
// applies its own copy of the field rules (src/server/services/media-*.ts); these only spare a round trip.
import { MEDIA_PAGE_SIZE, SHARE_STEP_MINUTES, type LibraryInput, type MediaLibrary, type MediaListPage, type MediaProvider } from '../../../../runtime/api/media';

export const MIN_NAME = 2;

/** Spec section 9: KB or MB, dividing by 1024. */
export function formatSize(bytes: number): string {
  const kb = Math.max(0, bytes) / 1024;
  if (kb < 1024) return `${round2(kb)} KB`;
  return `${round2(kb / 1024)} MB`;
}

const round2 = (n: number) => String(Math.round(n * 100) / 100);

/** A field's messages: catalogue keys with their values. */
export interface RuleMessage {
  key: string;
  values?: Record<string, number>;
}
export type FieldRuleErrors = Record<string, RuleMessage[]>;

const required: RuleMessage = { key: 'fieldRequired' };
const tooShort: RuleMessage = { key: 'cantBeLessThenChars', values: { min: MIN_NAME } };

function textRule(value: string | undefined | null, isRequired: boolean): RuleMessage[] {
  const text = (value ?? '').trim();
  if (text === '') return isRequired ? [required] : [];
  return Array.from(text).length < MIN_NAME ? [tooShort] : [];
}

export const hasErrors = (errors: FieldRuleErrors): boolean => Object.values(errors).some((list) => list.length > 0);

/** A slash is stripped from a directory name (spec section 5). */
export const sanitiseDirName = (name: string): string => name.replace(/[/\\]/g, '');

export function dirNameErrors(name: string): FieldRuleErrors {
  return { name: textRule(sanitiseDirName(name), true) };
}

/** The library form's model: strings as typed; allowed storage in MB (empty: unlimited). */
export interface LibraryForm {
  name: string;
  provider: MediaProvider | '';
  s3_endpoint: string;
  s3_region: string;
  s3_bucket: string;
  s3_key: string;
  s3_secret: string;
  host: string;
  dir: string;
  allowed_storage_mb: string;
  roles: string[];
}

export const S3_FIELDS = ['s3_endpoint', 's3_region', 's3_bucket', 's3_key', 's3_secret', 'host'] as const;

export function emptyLibraryForm(provider: MediaProvider | '' = ''): LibraryForm {
  return { name: '', provider, s3_endpoint: '', s3_region: '', s3_bucket: '', s3_key: '', s3_secret: '', host: '', dir: '', allowed_storage_mb: '', roles: [] };
}

const MB = 1024 * 1024;

export function libraryToForm(library: MediaLibrary): LibraryForm {
  return {
    name: library.name,
    provider: library.provider,
    s3_endpoint: library.s3_endpoint ?? '',
    s3_region: library.s3_region ?? '',
    s3_bucket: library.s3_bucket ?? '',
    s3_key: library.s3_key ?? '',
    s3_secret: library.s3_secret ?? '',
    host: library.host ?? '',
    dir: library.dir ?? '',
    allowed_storage_mb: library.allowed_storage === null ? '' : String(Math.round((library.allowed_storage / MB) * 100) / 100),
    roles: library.roles.map((r) => r.role_uuid),
  };
}

/** Name min 2; provider required on create; the S3 fields required min 2 for s3; root dir min 2 on create. */
export function libraryErrors(form: LibraryForm, creating: boolean): FieldRuleErrors {
  const errors: FieldRuleErrors = { name: textRule(form.name, true) };
  errors.provider = creating && !form.provider ? [required] : [];
  for (const field of S3_FIELDS) errors[field] = form.provider === 's3' ? textRule(form[field], true) : [];
  errors.dir = creating ? textRule(form.dir, false) : [];
  const mb = form.allowed_storage_mb.trim();
  errors.allowed_storage_mb = mb !== '' && !(Number(mb) > 0) ? [{ key: 'media.allowedStorageRule' }] : [];
  return errors;
}

export function formToInput(form: LibraryForm, creating: boolean): LibraryInput {
  const input: LibraryInput = { name: form.name.trim(), roles: form.roles.map((role_uuid) => ({ role_uuid })) };
  if (creating && form.provider) input.provider = form.provider;
  if (form.provider === 's3') {
    for (const field of S3_FIELDS) input[field] = form[field].trim();
  }
  if (form.dir.trim() !== '' || !creating) input.dir = form.dir.trim();
  const mb = form.allowed_storage_mb.trim();
  input.allowed_storage = mb === '' ? null : Math.round(Number(mb) * MB);
  return input;
}

/** Only one library of the product's own simple provider (spec section 5). */
export function providerOptions(libraries: readonly MediaLibrary[]): MediaProvider[] {
  return libraries.some((l) => l.provider === 'luma-simple') ? ['s3'] : ['luma-simple', 's3'];
}

/** Spec section 4: a page of fewer than the limit is the last one. */
export function nextLastKey(page: MediaListPage): string | undefined {
  if (page.items.length < MEDIA_PAGE_SIZE) return undefined;
  return page.last_key ?? page.items.at(-1)?.key ?? undefined;
}

/** Single click selects one; ctrl/meta click toggles. */
export function nextSelection(selected: readonly string[], key: string, toggle: boolean): string[] {
  if (!toggle) return selected.length === 1 && selected[0] === key ? [...selected] : [key];
  return selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key];
}

/** The directory of the URL hash ('#photos/2024' -> 'photos/2024'); '' is the root. */
export function dirFromHash(hash: string): string {
  let raw = hash.replace(/^#/, '');
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return '';
  }
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.' && p !== '..' && !p.includes('\0'));
  return parts.join('/');
}

export const hashOfDir = (dir: string): string => dir.split('/').map(encodeURIComponent).join('/');

/** Breadcrumb segments of a directory: each with the path it opens. */
export function crumbsOf(dir: string): { name: string; path: string }[] {
  const parts = dir.split('/').filter(Boolean);
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }));
}

export const parentDir = (dir: string): string => dir.split('/').filter(Boolean).slice(0, -1).join('/');

/** Context entries with an empty key or value are dropped on save (spec section 5). */
export function metadataOf(rows: readonly { key: string; value: string }[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { key, value } of rows) {
    const k = key.trim();
    if (k === '' || value.trim() === '' || k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    out[k] = value;
  }
  return { ...out };
}

export const metadataRows = (metadata: Record<string, string> | null | undefined) =>
  Object.entries(metadata ?? {}).map(([key, value]) => ({ key, value }));

/** Share e-mails are separated in one text area: by new lines, commas, semicolons or spaces. */
export function parseEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean))];
}

export const isEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local input for a Date (local time, minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next 5-minute step after `now` (the earliest valid-until a share may have). */
export function nextShareStep(now: Date): Date {
  const step = SHARE_STEP_MINUTES * 60_000;
  return new Date(Math.ceil((now.getTime() + 1) / step) * step);
}

/** Upload expiry: optional, not in the past. */
export function expiryErrors(value: string, now: Date): RuleMessage[] {
  if (value === '') return [];
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return [{ key: 'media.dateNotValid' }];
  return at.getTime() < now.getTime() ? [{ key: 'expiryInPast' }] : [];
}

/** Share valid-until: required, not in the past, on a 5-minute step. */
export function shareDateErrors(value: string, now: Date): RuleMessage[] {
  if (value === '') return [required];
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return [{ key: 'media.dateNotValid' }];
  if (at.getTime() < now.getTime()) return [{ key: 'media.dateInPast' }];
  return at.getMinutes() % SHARE_STEP_MINUTES !== 0 || at.getSeconds() !== 0 ? [{ key: 'media.shareStep', values: { step: SHARE_STEP_MINUTES } }] : [];
}

export function shareEmailErrors(text: string): RuleMessage[] {
  const emails = parseEmails(text);
  if (emails.length === 0) return [required];
  return emails.every(isEmail) ? [] : [{ key: 'media.emailsNotValid' }];
}
