// The media library screen's rules (spec section 4 "Library files", section 9 sizes) and its reading
// of the field rules of section 5, which live once in runtime/media/rules.ts for the screen and the
// server. Pure functions, unit-tested in tests/unit/app/media-rules.test.ts.
import type { FieldError } from '../../../../runtime/api/contract';
import { MEDIA_PAGE_SIZE, type LibraryInput, type MediaLibrary, type MediaListPage, type MediaProvider } from '../../../../runtime/api/media';
import {
  MEDIA_NAME_MIN,
  MEDIA_RULE_MESSAGE,
  nextShareStep as sharedNextStep,
  S3_FIELDS,
  splitEmails,
  validateDirName,
  validateExpiry,
  validateLibraryInput,
  validateShareDate,
} from '../../../../runtime/media/rules';
import { sanitiseDirName } from '../../../../runtime/media/keys';

export const MIN_NAME = MEDIA_NAME_MIN;

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
  values?: Record<string, string | number>;
}
export type FieldRuleErrors = Record<string, RuleMessage[]>;

/** The shared rules answer FieldError lists; the screen reads them by field. */
export function byField(errors: readonly FieldError[]): FieldRuleErrors {
  const out: FieldRuleErrors = {};
  for (const error of errors) {
    const list = (out[error.field] ??= []);
    error.messages.forEach((key, i) => list.push(error.values?.[i] ? { key, values: error.values[i]! } : { key }));
  }
  return out;
}

const messagesOf = (errors: readonly FieldError[]): RuleMessage[] => Object.values(byField(errors)).flat();

export const hasErrors = (errors: FieldRuleErrors): boolean => Object.values(errors).some((list) => list.length > 0);

/** A slash is stripped from a directory name as it is typed (spec section 5). */
export const stripSlashes = (name: string): string => name.replace(/[/\\]/g, '');

/** The name sent is the shared sanitiser's (runtime/media/keys.ts); the rule judges that. */
export { sanitiseDirName };

export function dirNameErrors(name: string): FieldRuleErrors {
  return { name: messagesOf(validateDirName(sanitiseDirName(name), 'name')) };
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

export { S3_FIELDS };

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
  const input = formToInput(form, creating);
  const errors = byField(validateLibraryInput({ ...input, provider: form.provider || undefined, allowed_storage: null }, creating ? 'create' : 'update', form.provider || undefined));
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

export { toLocalInput } from '../../lib/datetimeLocal';

/** The next 5-minute step after `now` (the earliest valid-until a share may have). */
export const nextShareStep = (now: Date): Date => sharedNextStep(new Date(now.getTime() + 1));

/** A datetime-local value as an instant (local time). */
const instant = (value: string): string | Date => (value === '' ? '' : new Date(value));

/** Upload expiry: optional, not in the past. */
export const expiryErrors = (value: string, now: Date): RuleMessage[] => messagesOf(validateExpiry(instant(value), now));

/** Share valid-until: required, not in the past, on a 5-minute step, at most `maxDays` ahead (the server's, once known). */
export const shareDateErrors = (value: string, now: Date, maxDays?: number): RuleMessage[] =>
  messagesOf(validateShareDate(value === '' ? '' : new Date(value).toISOString(), now, 'date', maxDays));

export const parseEmails = (text: string): string[] => [...new Set(splitEmails(text))];

export const isEmail = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

export function shareEmailErrors(text: string): RuleMessage[] {
  const emails = parseEmails(text);
  if (emails.length === 0) return [{ key: MEDIA_RULE_MESSAGE.required }];
  return emails.every(isEmail) ? [] : [{ key: MEDIA_RULE_MESSAGE.invalidEmail }];
}
