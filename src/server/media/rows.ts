// The media_files rows as the host answers them (MediaFile), and the small reads every media
// service shares: a row by key, the bytes a library uses, keys and paths from the client.
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../../runtime/api/contract';
import { MEDIA_MESSAGE, mediaFileUrl, type MediaFile } from '../../../runtime/api/media';
import { normaliseDirPath, normaliseKey } from '../../../runtime/media/keys';
import { MEDIA_RULE_MESSAGE } from '../../../runtime/media/rules';
import type { Config } from '../platform/config';
import type { Database } from '../db/schema';
import type { MediaFileRow, MediaLibraryRow } from '../db/schema-media';
import { HttpError } from '../platform/errors';
import { publicLink } from '../platform/mail';
import { libraryDriver } from './drivers';

export const invalidKey = (field = 'key') => new HttpError(400, MEDIA_MESSAGE.invalidKey, [{ field, messages: [MEDIA_MESSAGE.invalidKey] }]);
export const fileNotFound = () => new HttpError(404, MEDIA_MESSAGE.fileNotFound);

/** A directory path from the client ('' or '/' is the root), or 400 invalidKey. */
export function dirPathOf(input: unknown, field = 'path'): string {
  const path = normaliseDirPath(input ?? '');
  if (path === null) throw invalidKey(field);
  return path;
}

/** A key from the client, or 400 invalidKey. */
export function keyOf(input: unknown, field = 'key'): string {
  const key = normaliseKey(input);
  if (key === null) throw invalidKey(field);
  return key;
}

type Reader = Pick<Kysely<Database>, 'selectFrom'>;

export function findRow(db: Reader, libraryUuid: string, key: string): Promise<MediaFileRow | undefined> {
  return db.selectFrom('media_files').selectAll().where('library_uuid', '=', libraryUuid).where('key', '=', key).executeTakeFirst();
}

/** Bytes the library's files take (all of them but `exceptKey`, the one being replaced). */
export async function usedBytes(db: Reader, libraryUuid: string, exceptKey?: string): Promise<number> {
  let query = db
    .selectFrom('media_files')
    .select(sql<string>`coalesce(sum(size), 0)::text`.as('used'))
    .where('library_uuid', '=', libraryUuid)
    .where('mime_type', '<>', 'dir');
  if (exceptKey !== undefined) query = query.where('key', '<>', exceptKey);
  const row = await query.executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Rows of a directory and everything under it (the directory's own row included). */
export function subtreeWhere(dir: string) {
  return sql<boolean>`(key = ${dir} or starts_with(key, ${`${dir}/`}))`;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface RowContext {
  config: Config;
}

/** The MediaFile of a row: its URL at the site root, and a public URL when it is public. */
export function fileOf(context: RowContext, library: MediaLibraryRow, row: MediaFileRow): MediaFile {
  const localUrl = mediaFileUrl(library.uuid, row.key);
  let publicUrl: string | null = null;
  if (row.public && row.mime_type !== 'dir') {
    publicUrl = libraryDriver(context, library).publicUrl(row.key) ?? publicLink(context.config, localUrl);
  }
  const metadata = typeof row.metadata === 'object' && row.metadata !== null && !Array.isArray(row.metadata) ? row.metadata : {};
  return {
    uuid: row.uuid,
    key: row.key,
    name: row.name,
    orig_name: row.orig_name,
    ext: row.ext,
    size: Number(row.size),
    mime_type: row.mime_type,
    local_url: localUrl,
    public_url: publicUrl,
    public: row.public,
    created_by: row.created_by,
    metadata: Object.fromEntries(Object.entries(metadata).filter(([, value]) => typeof value === 'string')) as Record<string, string>,
    status: row.status,
    public_path: row.public && row.mime_type !== 'dir' ? localUrl : null,
    library_uuid: library.uuid,
    expires_at: iso(row.expires_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

const METADATA_MAX_ENTRIES = 50;
const METADATA_KEY_MAX = 100;
const METADATA_VALUE_MAX = 2000;

/**
 * Metadata (spec section 3 "Context entry"): an object of strings, [{key, value}], or the JSON text
 * of either (a multipart field). Entries with an empty key or value are dropped; '__proto__' is
 * never a key; anything else malformed adds a field error.
 */
export function parseMetadata(value: unknown, errors: FieldError[], field = 'metadata'): Record<string, string> {
  const bad = () => {
    errors.push({ field, messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] });
    return {};
  };
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return bad();
    }
  }
  let entries: [unknown, unknown][];
  if (Array.isArray(parsed)) {
    entries = parsed.map((entry) => (typeof entry === 'object' && entry !== null ? [(entry as { key?: unknown }).key, (entry as { value?: unknown }).value] : [undefined, undefined]));
  } else if (typeof parsed === 'object' && parsed !== null) {
    entries = Object.entries(parsed);
  } else return bad();
  const out: [string, string][] = [];
  for (const [key, item] of entries) {
    if (key === undefined && item === undefined) return bad();
    if (typeof key !== 'string' || (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean')) return bad();
    const text = String(item);
    if (key.trim() === '' || text.trim() === '' || key === '__proto__') continue;
    if (key.length > METADATA_KEY_MAX || text.length > METADATA_VALUE_MAX) return bad();
    out.push([key, text]);
  }
  if (out.length > METADATA_MAX_ENTRIES) return bad();
  return Object.fromEntries(out);
}
