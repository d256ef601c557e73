// Storing a media file (docs/media.md "Upload"): storeFile is the one way bytes enter a library,
// from the plain multipart upload and from the resumable upload (helper U calls it when an upload
// finishes). The body streams into the storage: it is never held in memory. The type is sniffed
// from the first bytes, never taken from the client; the size is counted as it flows, so an
// oversize or over-quota file is cut off at the limit, and the quota is checked again under a lock
// on the library when the file row is written, so concurrent uploads cannot overrun it together.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { MEDIA_MESSAGE, type MediaFile } from '../../../runtime/api/media';
import { extensionOf, joinKey, PREVIEW_DIR, sanitiseFileName } from '../../../runtime/media/keys';
import { validateExpiry } from '../../../runtime/media/rules';
import { nowDate } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database } from '../db/schema';
import type { MediaFileRow, MediaLibraryRow } from '../db/schema-media';
import { toJson } from '../db/json';
import { fieldsNotValid, HttpError } from '../platform/errors';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import { MEDIA_PERMISSION } from '../../../runtime/api/media';
import { libraryForCall } from './access';
import { libraryDriver, sniffContentType, SNIFF_BYTES } from './drivers';
import type { StorageDriver } from './storage/driver';
import { dirPathOf, fileOf, findRow, parseMetadata, usedBytes } from './rows';
import type { Accountability } from '../auth/tenancy';

export interface MediaContext {
  db: Kysely<Database>;
  config: Config;
}

export interface StoreFileInput {
  libraryUuid: string;
  /** The directory ('' or '/' is the root); it must exist. */
  path: string;
  /** The client's file name (sanitised: spaces become underscores). */
  name: string;
  body: Readable;
  /** Default false (spec section 9: upload default private). */
  isPublic?: boolean;
  /** Not in the past; null: never expires. */
  expiresAt?: string | Date | null;
  /** An object of strings or [{key, value}]; empty keys or values are dropped. */
  metadata?: unknown;
  /** Replace a file already at the key (needs 'delete luma-media' too); otherwise that is 409 fileExists. */
  replace?: boolean;
  /** The declared size when known (a part's length, tus Upload-Length): over the limits it is refused before a byte is read. */
  size?: number;
  signal?: AbortSignal;
}

export interface UploadPlan {
  library: MediaLibraryRow;
  key: string;
  name: string;
  origName: string;
  existing: MediaFileRow | null;
  /** Bytes this upload may write: the file limit, or what the quota leaves (the replaced file's size counts as free). */
  limit: number;
  limitReason: 'fileTooLarge' | 'quotaExceeded';
  isPublic: boolean;
  expiresAt: Date | null;
  metadata: Record<string, string>;
}

export const fileTooLarge = () => new HttpError(413, MEDIA_MESSAGE.fileTooLarge);
export const quotaExceeded = () => new HttpError(413, MEDIA_MESSAGE.quotaExceeded);
export const fileExists = () => new HttpError(409, MEDIA_MESSAGE.fileExists);
const dirNotFound = () => new HttpError(404, MEDIA_MESSAGE.dirNotFound);

/**
 * Everything an upload is checked for before a byte is accepted: integration, 'upload luma-media',
 * the library (project, roles), the directory, the key, an existing file (replace needs the flag
 * and 'delete luma-media'), expiry, metadata, and the declared size against the file limit and quota.
 * Helper U's resumable upload calls it when an upload is created.
 */
export async function planUpload(context: MediaContext, accountability: Accountability, input: Omit<StoreFileInput, 'body' | 'signal'>): Promise<UploadPlan> {
  const library = await libraryForCall(context.db, accountability, input.libraryUuid, 'upload');
  const dir = dirPathOf(input.path);
  const origName = String(input.name ?? '');
  const name = sanitiseFileName(origName);
  const key = joinKey(dir, name);
  if (key === null) throw new HttpError(400, MEDIA_MESSAGE.invalidKey, [{ field: 'name', messages: [MEDIA_MESSAGE.invalidKey] }]);
  const errors = validateExpiry(input.expiresAt, nowDate());
  const metadata = parseMetadata(input.metadata, errors);
  if (errors.length > 0) throw fieldsNotValid(errors);
  if (dir !== '') {
    const parent = await findRow(context.db, library.uuid, dir);
    if (!parent || parent.mime_type !== 'dir') throw dirNotFound();
  }
  const existing = (await findRow(context.db, library.uuid, key)) ?? null;
  if (existing) {
    // A directory, or a file still being uploaded by someone else, is never replaced.
    if (existing.mime_type === 'dir' || existing.status !== 'ready' || !input.replace) throw fileExists();
    if (!hasPermission(accountability, MEDIA_PERMISSION.delete)) throw new HttpError(403, MEDIA_MESSAGE.noPermissions);
  }
  const maxFile = context.config.mediaMaxFileBytes;
  let limit = maxFile;
  let limitReason: UploadPlan['limitReason'] = 'fileTooLarge';
  const allowed = library.allowed_storage === null ? null : Number(library.allowed_storage);
  if (allowed !== null) {
    const free = allowed - (await usedBytes(context.db, library.uuid)) + (existing ? Number(existing.size) : 0);
    if (free < limit) {
      limit = Math.max(0, free);
      limitReason = 'quotaExceeded';
    }
  }
  if (input.size !== undefined && input.size > limit) throw limitReason === 'quotaExceeded' ? quotaExceeded() : fileTooLarge();
  const expiresAt = input.expiresAt === undefined || input.expiresAt === null || input.expiresAt === '' ? null : new Date(input.expiresAt);
  return { library, key, name, origName, existing, limit, limitReason, isPublic: input.isPublic === true, expiresAt, metadata };
}

class LimitError extends Error {}

/** The body, its first bytes peeked for sniffing and replayed, counted and cut off past `limit`. */
async function peekAndLimit(body: Readable, limit: number): Promise<{ head: Buffer; stream: Readable; counted: () => number; overLimit: () => boolean }> {
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let total = 0;
  let over = false;
  let done = false;
  const take = (chunk: unknown): Buffer => {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > limit) {
      over = true;
      throw new LimitError('limit');
    }
    return buffer;
  };
  while (total < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(take(next.value));
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield take(next.value);
    }
  }
  const stream = Readable.from(rest(), { objectMode: false });
  stream.on('error', () => void iterator.return?.());
  return { head, stream, counted: () => total, overLimit: () => over };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The key's row, reserved before a byte is written: two uploads of one name cannot both write it. */
async function reserveKey(context: MediaContext, accountability: Accountability, plan: UploadPlan, input: StoreFileInput): Promise<string> {
  const uuid = randomUUID();
  try {
    await context.db
      .insertInto('media_files')
      .values({
        uuid,
        library_uuid: plan.library.uuid,
        parent: dirPathOf(input.path),
        key: plan.key,
        name: plan.name,
        orig_name: plan.origName,
        ext: extensionOf(plan.name),
        size: 0,
        mime_type: 'application/octet-stream',
        public: plan.isPublic,
        status: 'uploading',
        metadata: toJson(plan.metadata),
        expires_at: plan.expiresAt,
        created_by: accountability.user.uuid,
        // The clock's time: housekeeping judges a reservation left by a crash by it (purgeStaleUploads).
        created_at: nowDate(),
        updated_at: nowDate(),
      })
      .execute();
  } catch (error) {
    input.body.resume();
    if (isUniqueViolation(error)) throw fileExists();
    throw error;
  }
  return uuid;
}

const overLimit = (plan: UploadPlan) => (plan.limitReason === 'quotaExceeded' ? quotaExceeded() : fileTooLarge());

/** The body written at target, its type sniffed from its first bytes, cut off past the plan's limit. */
async function writeBody(driver: StorageDriver, plan: UploadPlan, target: string, input: StoreFileInput): Promise<{ size: number; contentType: string }> {
  const peeked = await peekAndLimit(input.body, plan.limit).catch((error: unknown) => {
    throw error instanceof LimitError ? overLimit(plan) : error;
  });
  const contentType = await sniffContentType(peeked.head, plan.name);
  try {
    const stored = await driver.put(target, peeked.stream, { contentType, signal: input.signal });
    return { size: stored.size, contentType };
  } catch (error) {
    if (peeked.overLimit()) throw overLimit(plan);
    throw error;
  }
}

/**
 * The written file's row, under a lock on the library (one writer per library at a time here: the
 * quota is summed and the row written under it); a replacement is moved over the old file first.
 */
async function commitFile(context: MediaContext, driver: StorageDriver, plan: UploadPlan, written: { target: string; reservedUuid: string | null; size: number; contentType: string }): Promise<MediaFileRow> {
  const { library, key } = plan;
  const { size, contentType } = written;
  return context.db.transaction().execute(async (trx) => {
    await sql`select uuid from media_libraries where uuid = ${library.uuid} for update`.execute(trx);
    if (library.allowed_storage !== null) {
      const used = await usedBytes(trx, library.uuid, key);
      if (used + size > Number(library.allowed_storage)) throw quotaExceeded();
    }
    if (plan.existing) {
      await driver.move(written.target, key);
      return trx
        .updateTable('media_files')
        .set({
          size,
          mime_type: contentType,
          orig_name: plan.origName,
          public: plan.isPublic,
          metadata: toJson(plan.metadata),
          expires_at: plan.expiresAt,
          status: 'ready',
          updated_at: nowDate(),
        })
        .where('uuid', '=', plan.existing.uuid)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return trx
      .updateTable('media_files')
      .set({ size, mime_type: contentType, status: 'ready', updated_at: nowDate() })
      .where('uuid', '=', written.reservedUuid!)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Stores a file in a library and answers its row. Checks as planUpload does, then streams the body
 * into the storage (a replaced file is written beside it first and moved over it only once it is
 * whole and within the quota). A failure leaves neither a row nor bytes behind.
 */
export async function storeFile(context: MediaContext, accountability: Accountability, input: StoreFileInput): Promise<MediaFile> {
  let plan: UploadPlan;
  try {
    plan = await planUpload(context, accountability, input);
  } catch (error) {
    input.body.resume();
    throw error;
  }
  const driver = libraryDriver(context, plan.library);
  const reservedUuid = plan.existing ? null : await reserveKey(context, accountability, plan, input);
  // A replacement is written beside the library's files first, in Luma's own reserved directory
  // (no user key can name it), and moved over the old file only once it is whole and within the quota.
  const target = plan.existing ? `${PREVIEW_DIR}/upload-${randomUUID()}` : plan.key;
  let written = false;
  try {
    const body = await writeBody(driver, plan, target, input);
    written = true;
    const row = await commitFile(context, driver, plan, { target, reservedUuid, ...body });
    return fileOf(context, plan.library, row);
  } catch (error) {
    input.body.resume();
    // Nothing of this upload stays: the new object (or the staged replacement; a moved one is gone from there).
    if (written || !plan.existing) await driver.delete([target]).catch(() => undefined);
    if (reservedUuid) await context.db.deleteFrom('media_files').where('uuid', '=', reservedUuid).execute().catch(() => undefined);
    throw error;
  }
}

/**
 * Housekeeping: files whose expiry has passed (already hidden and refused by every call) lose their
 * bytes and rows, at most `batch` per round. A library whose storage cannot be reached keeps its
 * rows for the next round.
 */
export async function purgeExpiredMedia(context: MediaContext, at: Date, batch = 500): Promise<number> {
  const rows = await context.db
    .selectFrom('media_files')
    .select(['uuid', 'key', 'library_uuid'])
    .where('expires_at', '<=', at)
    .where('mime_type', '<>', 'dir')
    .orderBy('expires_at')
    .limit(batch)
    .execute();
  let removed = 0;
  for (const libraryUuid of new Set(rows.map((row) => row.library_uuid))) {
    const library = await context.db.selectFrom('media_libraries').selectAll().where('uuid', '=', libraryUuid).executeTakeFirst();
    const mine = rows.filter((row) => row.library_uuid === libraryUuid);
    if (library) {
      try {
        await libraryDriver(context, library).delete(mine.map((row) => row.key));
      } catch {
        continue;
      }
    }
    await context.db.deleteFrom('media_files').where('uuid', 'in', mine.map((row) => row.uuid)).execute();
    removed += mine.length;
  }
  return removed;
}

/** How long a row may stay 'uploading' before housekeeping takes it for one left by a crashed server. */
export const STALE_UPLOAD_MS = 60 * 60_000;

/**
 * Housekeeping: a row still 'uploading' an hour after it was reserved was left by a server that
 * stopped mid-upload (a live upload turns 'ready' or removes its row when it ends). It would keep
 * its name taken forever (fileExists); the row and its partial bytes go, at most `batch` per round.
 * The row goes first, and only while still 'uploading' (an upload finishing meanwhile keeps its
 * bytes); bytes a storage could not delete are overwritten by the next upload of that name.
 */
export async function purgeStaleUploads(context: MediaContext, at: Date, batch = 500): Promise<number> {
  const stale = await context.db
    .selectFrom('media_files')
    .select('uuid')
    .where('status', '=', 'uploading')
    .where('updated_at', '<=', new Date(at.getTime() - STALE_UPLOAD_MS))
    .orderBy('updated_at')
    .limit(batch)
    .execute();
  if (stale.length === 0) return 0;
  const rows = await context.db
    .deleteFrom('media_files')
    .where('uuid', 'in', stale.map((row) => row.uuid))
    .where('status', '=', 'uploading')
    .returning(['key', 'library_uuid'])
    .execute();
  for (const libraryUuid of new Set(rows.map((row) => row.library_uuid))) {
    const library = await context.db.selectFrom('media_libraries').selectAll().where('uuid', '=', libraryUuid).executeTakeFirst();
    if (!library) continue;
    const keys = rows.filter((row) => row.library_uuid === libraryUuid).map((row) => row.key);
    await libraryDriver(context, library).delete(keys).catch(() => undefined);
  }
  return rows.length;
}
