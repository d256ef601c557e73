// The component editor's unsaved previews (docs/forge.md "The calls"): the files of a preview are rows
// of forge_preview_files (migration 0032), so any Luma process on the database serves a preview
// another made. The id (p + 48 hex digits, 192 random bits) is the grant; only its sha256 is stored.
// A preview lasts PREVIEW_MINUTES by the clock; housekeeping drops the rows past their expiry. An editor
// previews a moment after each change (up to 2 MiB each): a component keeps only its PREVIEWS_KEPT newest.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { now as nowMs, nowDate } from '../platform/clock';

type Db = Kysely<Database>;

export const PREVIEW_MINUTES = 30;
export const PREVIEWS_KEPT = 3;
const PREVIEW_ID = /^p[0-9a-f]{48}$/;
const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export const isPreviewId = (token: string) => PREVIEW_ID.test(token);

/** Stores the component's preview files, dropping its older previews past the newest few; answers the id and the expiry. */
export async function keepPreview(db: Db, componentUuid: string, files: { path: string; bytes: Buffer }[]): Promise<{ id: string; expires: Date }> {
  const id = `p${randomBytes(24).toString('hex')}`;
  const expires = new Date(nowMs() + PREVIEW_MINUTES * 60_000);
  const hash = hashOf(id);
  if (files.length > 0) await db.insertInto('forge_preview_files').values(files.map((file) => ({ id_hash: hash, component_uuid: componentUuid, path: file.path, body: file.bytes, expires_at: expires }))).execute();
  const newest = await db
    .selectFrom('forge_preview_files')
    .select('id_hash')
    .where('component_uuid', '=', componentUuid)
    .groupBy('id_hash')
    .orderBy((eb) => eb.fn.max('expires_at'), 'desc')
    .limit(PREVIEWS_KEPT)
    .execute();
  if (newest.length > 0) await db.deleteFrom('forge_preview_files').where('component_uuid', '=', componentUuid).where('id_hash', 'not in', newest.map((row) => row.id_hash)).execute();
  return { id, expires };
}

/** One file of a preview that has not expired, or null. */
export async function previewFile(db: Db, id: string, path: string): Promise<Buffer | null> {
  if (!isPreviewId(id)) return null;
  const row = await db.selectFrom('forge_preview_files').select('body').where('id_hash', '=', hashOf(id)).where('path', '=', path).where('expires_at', '>', nowDate()).executeTakeFirst();
  return row ? Buffer.from(row.body) : null;
}

/** Housekeeping: previews past their expiry (never served already). */
export async function deleteExpiredPreviews(db: Db, at: Date): Promise<void> {
  await db.deleteFrom('forge_preview_files').where('expires_at', '<=', at).execute();
}
