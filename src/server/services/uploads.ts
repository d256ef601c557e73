// The checks of a resumable upload's creation (docs/media-upload.md "Before any byte"): who calls,
// what they may do, where the file goes, how large it is and when it expires, all judged from the
// tus POST alone (its Upload-Length and Upload-Metadata), so a refused upload stores no byte.
// storeFile (services/media-files.ts) judges again when the last byte is in (a file at the key,
// replace rights, the quota after concurrent uploads); this is the early answer, not the only one.
import { sql, type Kysely } from 'kysely';
import { MEDIA_INTEGRATION_ID, MEDIA_MESSAGE, MEDIA_PERMISSION } from '../../../runtime/api/media';
import { TUS_META, UPLOAD_MESSAGE } from '../../../runtime/api/media-upload';
import { unstorableText } from '../../../runtime/api/storable';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import { normaliseDirPath, normaliseKey, sanitiseFileName } from '../../../runtime/media/keys';
import { validateExpiry } from '../../../runtime/media/rules';
import { nowDate } from '../clock';
import type { Database } from '../db/schema';
import { HttpError, fieldsNotValid, forbidden } from '../errors';
import { isPlainObject, isUuid } from '../validate';
import type { Accountability } from './tenancy';

/** What a valid upload will store (the tus metadata, checked and normalised). */
export interface UploadTarget {
  libraryUuid: string;
  /** The directory key ('' at the root). */
  path: string;
  name: string;
  isPublic: boolean;
  expiresAt: Date | null;
  metadata: Record<string, string>;
  replace: boolean;
}

const MAX_METADATA_ENTRIES = 50;
const MAX_METADATA_TEXT = 2000;

const invalid = (field: string, message = 'invalidInput') => fieldsNotValid([{ field, messages: [message] }]);

function parseMetadata(raw: string | null | undefined): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
  }
  if (!isPlainObject(value)) throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
  const entries = Object.entries(value);
  if (entries.length > MAX_METADATA_ENTRIES) throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
  // A null-prototype object: a '__proto__' key is a plain key here, and is refused below anyway.
  const out: Record<string, string> = Object.create(null);
  for (const [key, item] of entries) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype' || key.trim() === '') throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
    if (typeof item !== 'string' || item.length > MAX_METADATA_TEXT || key.length > 200) throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
    if (unstorableText(key) || unstorableText(item)) throw invalid(TUS_META.metadata, UPLOAD_MESSAGE.invalidMetadata);
    out[key] = item;
  }
  return { ...out };
}

function parseBoolean(raw: string | null | undefined, field: string): boolean {
  if (raw === undefined || raw === null || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid(field);
}

/** The spec's rule (runtime/media/rules validateExpiry: not in the past), by the server's clock. */
function parseExpiry(raw: string | null | undefined): Date | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw)) throw invalid(TUS_META.expiresAt);
  const errors = validateExpiry(raw, nowDate(), TUS_META.expiresAt);
  if (errors.length > 0) throw fieldsNotValid(errors);
  return new Date(raw);
}

/** The tus metadata read into a target (417 with the field that is wrong). */
export function readUploadTarget(meta: Record<string, string | null | undefined>): UploadTarget {
  const libraryUuid = meta[TUS_META.libraryUuid]?.trim().toLowerCase() ?? '';
  const path = normaliseDirPath(meta[TUS_META.path] ?? '');
  if (path === null) throw invalid(TUS_META.path, MEDIA_MESSAGE.invalidKey);
  const rawName = meta[TUS_META.filename] ?? '';
  const name = rawName === '' ? null : sanitiseFileName(rawName);
  // The name is one segment: whatever it was sanitised into must still be a key of its own.
  if (!name || normaliseKey(name) !== name) throw invalid(TUS_META.filename, MEDIA_MESSAGE.invalidKey);
  return {
    libraryUuid,
    path,
    name,
    isPublic: parseBoolean(meta[TUS_META.isPublic], TUS_META.isPublic),
    expiresAt: parseExpiry(meta[TUS_META.expiresAt]),
    metadata: parseMetadata(meta[TUS_META.metadata]),
    replace: parseBoolean(meta[TUS_META.replace], TUS_META.replace),
  };
}

/**
 * Whether the caller may upload `length` bytes to the target now: the integration is on, the caller
 * has 'use' and 'upload luma-media', the library is one of the project's and the caller's roles may
 * use it, the length is within `maxBytes` and the library's free quota. Throws the spec's errors.
 */
export async function checkUploadAllowed(
  db: Kysely<Database>,
  accountability: Accountability,
  target: UploadTarget,
  length: number,
  maxBytes: number,
): Promise<void> {
  const projectUuid = accountability.project_uuid;
  if (!projectUuid) throw forbidden(MEDIA_MESSAGE.noPermissions);
  const integration = await db
    .selectFrom('integrations')
    .select('disabled')
    .where('project_uuid', '=', projectUuid)
    .where('id', '=', MEDIA_INTEGRATION_ID)
    .executeTakeFirst();
  if (integration?.disabled) throw forbidden(MEDIA_MESSAGE.integrationDisabled);
  if (!hasPermission(accountability, MEDIA_PERMISSION.use) || !hasPermission(accountability, MEDIA_PERMISSION.upload)) {
    throw forbidden(MEDIA_MESSAGE.noPermissions);
  }
  // Another project's library, or none: the same 404, so uuids cannot be probed.
  if (!isUuid(target.libraryUuid)) throw new HttpError(404, MEDIA_MESSAGE.libraryNotFound);
  const library = await db
    .selectFrom('media_libraries')
    .select(['uuid', 'roles', 'allowed_storage'])
    .where('uuid', '=', target.libraryUuid)
    .where('project_uuid', '=', projectUuid)
    .executeTakeFirst();
  if (!library) throw new HttpError(404, MEDIA_MESSAGE.libraryNotFound);
  const roles = (Array.isArray(library.roles) ? (library.roles as unknown[]) : []).map((role) =>
    typeof role === 'string' ? role : isPlainObject(role) && typeof role.role_uuid === 'string' ? role.role_uuid : '',
  );
  if (!accountability.is_admin && roles.length > 0 && !accountability.roles.some((role) => roles.includes(role.uuid))) {
    throw forbidden(MEDIA_MESSAGE.noPermissions);
  }
  if (length > maxBytes) throw new HttpError(413, MEDIA_MESSAGE.fileTooLarge);
  if (library.allowed_storage !== null) {
    const used = await db
      .selectFrom('media_files')
      .select(sql<string>`coalesce(sum(size), 0)::text`.as('used'))
      .where('library_uuid', '=', library.uuid)
      .executeTakeFirstOrThrow();
    if (Number(used.used) + length > Number(library.allowed_storage)) throw new HttpError(413, MEDIA_MESSAGE.quotaExceeded);
  }
}
