// A library's files and directories (docs/media.md "Files"): listing 12 at a time by last key
// with a keyword search, the directories of the move modal, creating and deleting directories,
// deleting, moving and editing files. Every key from the client goes through normaliseKey
// (runtime/media/keys), and every call checks its verb, the library and each key it names
// before anything changes: one bad or missing key refuses the whole call.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MEDIA_MESSAGE, MEDIA_PAGE_SIZE, type MediaEditBody, type MediaFile, type MediaListPage } from '../../../runtime/api/media';
import { baseName, extensionOf, isWithin, joinKey, sanitiseDirName, sanitiseFileName } from '../../../runtime/media/keys';
import { validateDirName, validateExpiry } from '../../../runtime/media/rules';
import type { FieldError } from '../../../runtime/api/contract';
import { nowDate } from '../platform/clock';
import type { MediaFileRow, MediaLibraryRow } from '../db/schema-media';
import { toJson } from '../db/json';
import { fieldsNotValid, HttpError, badRequest } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { libraryForCall, mayMedia, mayUseLibrary, mediaProject, noMediaPermission, type MediaVerb } from './access';
import { libraryDriver } from './drivers';
import { fileExists, type MediaContext } from './files';
import { dirPathOf, fileNotFound, fileOf, findRow, invalidKey, keyOf, parseMetadata, subtreeWhere } from './rows';
import type { Accountability } from '../auth/tenancy';

const dirNotFound = () => new HttpError(404, MEDIA_MESSAGE.dirNotFound);

/** Files whose expiry has passed are gone for every call (a housekeeping job may remove their bytes later). */
const notExpired = (now: Date) => sql<boolean>`(expires_at is null or expires_at > ${now})`;

async function requireDir(context: MediaContext, library: MediaLibraryRow, dir: string): Promise<void> {
  if (dir === '') return;
  const row = await findRow(context.db, library.uuid, dir);
  if (!row || row.mime_type !== 'dir') throw dirNotFound();
}

/** A file (not a directory) of the library that has not expired, or 404 fileNotFound. */
export async function findFile(context: MediaContext, library: MediaLibraryRow, key: string): Promise<MediaFileRow> {
  const row = await findRow(context.db, library.uuid, key);
  if (!row || row.mime_type === 'dir' || row.status !== 'ready' || (row.expires_at !== null && new Date(row.expires_at).getTime() <= nowDate().getTime())) {
    throw fileNotFound();
  }
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * POST /v1/dms/media/list: directories first, then files, by key; `last_key` is the last item of
 * the previous page. With a search, names containing it (case-insensitive) anywhere under path.
 * last_key answers null when the page is the last.
 */
export async function listFiles(context: MediaContext, accountability: Accountability, body: { library_uuid: string; path?: string; last_key?: string | null; limit?: number; search?: string }): Promise<MediaListPage> {
  const library = await libraryForCall(context.db, accountability, body.library_uuid, 'use');
  // The rows alone would list a library whose storage cannot be reached as it was (or empty): the
  // storage answers first, and an unreachable one is 503 libraryUnavailable (the screen marks it so).
  await libraryDriver(context, library).check();
  const dir = dirPathOf(body.path ?? '');
  const limit = Math.min(100, Math.max(1, body.limit ?? MEDIA_PAGE_SIZE));
  const search = (body.search ?? '').trim();
  await requireDir(context, library, dir);
  const now = nowDate();
  let query = context.db
    .selectFrom('media_files')
    .selectAll()
    .where('library_uuid', '=', library.uuid)
    .where('status', '=', 'ready')
    .where(notExpired(now));
  if (search === '') query = query.where('parent', '=', dir);
  else {
    query = query.where(sql<boolean>`name ilike ${`%${escapeLike(search)}%`} escape '\\'`);
    if (dir !== '') query = query.where(sql<boolean>`starts_with(key, ${`${dir}/`})`);
  }
  if (body.last_key !== undefined && body.last_key !== null && body.last_key !== '') {
    const lastKey = keyOf(body.last_key, 'last_key');
    const last = await findRow(context.db, library.uuid, lastKey);
    const lastIsFile = last ? last.mime_type !== 'dir' : true;
    query = query.where(sql<boolean>`(mime_type <> 'dir', key) > (${lastIsFile}, ${lastKey})`);
  }
  const rows = await query
    .orderBy(sql`mime_type <> 'dir'`)
    .orderBy('key')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => fileOf(context, library, row)),
    last_key: rows.length > limit ? page[page.length - 1]!.key : null,
  };
}

/** POST /v2/dms/media/library/{uuid}/dirs: the keys of the directories directly under path. */
export async function listDirs(context: MediaContext, accountability: Accountability, uuid: string, path: unknown): Promise<string[]> {
  const library = await libraryForCall(context.db, accountability, uuid, 'use');
  const dir = dirPathOf(path ?? '');
  await requireDir(context, library, dir);
  const rows = await context.db
    .selectFrom('media_files')
    .select('key')
    .where('library_uuid', '=', library.uuid)
    .where('parent', '=', dir)
    .where('mime_type', '=', 'dir')
    .orderBy('key')
    .limit(1000)
    .execute();
  return rows.map((row) => row.key);
}

/**
 * POST /v2/dms/media/library/{id}/dir: path is the new directory's full path; its last segment is
 * the name (a slash is stripped from it; required, min 2), its parent must exist.
 */
export async function createDir(context: MediaContext, accountability: Accountability, id: string, path: unknown): Promise<MediaFile> {
  const library = await libraryForCall(context.db, accountability, id, 'createDir');
  if (typeof path !== 'string') throw invalidKey('path');
  const raw = path.replace(/\/+$/, '');
  const slash = raw.lastIndexOf('/');
  const parent = dirPathOf(slash < 0 ? '' : raw.slice(0, slash));
  const name = sanitiseDirName(slash < 0 ? raw : raw.slice(slash + 1));
  const errors = validateDirName(name);
  if (errors.length > 0) throw fieldsNotValid(errors);
  const key = joinKey(parent, name);
  if (key === null) throw invalidKey('path');
  await requireDir(context, library, parent);
  if (await findRow(context.db, library.uuid, key)) throw fileExists();
  const row = await context.db
    .insertInto('media_files')
    .values({ uuid: randomUUID(), library_uuid: library.uuid, parent, key, name, orig_name: name, ext: '', size: 0, mime_type: 'dir', created_by: accountability.user.uuid })
    .onConflict((conflict) => conflict.columns(['library_uuid', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw fileExists();
  return fileOf(context, library, row);
}

/** POST /v2/dms/media/library/{id}/delete/dir: the directory with everything in it (never the root). */
export async function deleteDir(context: MediaContext, accountability: Accountability, id: string, path: unknown): Promise<Record<string, never>> {
  const library = await libraryForCall(context.db, accountability, id, 'deleteDir');
  const dir = dirPathOf(path);
  if (dir === '') throw badRequest([{ field: 'path', messages: [MEDIA_MESSAGE.invalidKey] }]);
  await requireDir(context, library, dir);
  await context.db.deleteFrom('media_files').where('library_uuid', '=', library.uuid).where(subtreeWhere(dir)).execute();
  await libraryDriver(context, library).deletePrefix(dir);
  return {};
}

/** The library and verb of a call that names its library in the body. */
async function bodyLibrary(context: MediaContext, accountability: Accountability, libraryUuid: unknown, verb: MediaVerb): Promise<MediaLibraryRow> {
  return libraryForCall(context.db, accountability, libraryUuid, verb);
}

function itemKeys(items: unknown): string[] {
  if (!Array.isArray(items) || items.length === 0) throw badRequest([{ field: 'items', messages: ['identityField.requiredField'] }]);
  return [...new Set(items.map((item, index) => keyOf(item, `items.${index}`)))];
}

/** POST /v1|v2/dms/media/delete: the files named (each must exist and be a file; directories go through delete/dir). */
export async function deleteFiles(context: MediaContext, accountability: Accountability, body: { library_uuid: unknown; items: unknown }): Promise<Record<string, never>> {
  const library = await bodyLibrary(context, accountability, body.library_uuid, 'delete');
  const keys = itemKeys(body.items);
  const rows = await context.db.selectFrom('media_files').selectAll().where('library_uuid', '=', library.uuid).where('key', 'in', keys).execute();
  for (const key of keys) {
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) throw fileNotFound();
    if (row.mime_type === 'dir') throw invalidKey('items');
  }
  await context.db.deleteFrom('media_files').where('library_uuid', '=', library.uuid).where('key', 'in', keys).execute();
  await libraryDriver(context, library).delete(keys);
  return {};
}

/**
 * POST /media/move: files and directories into the directory `path` (it must exist; '' is the
 * root). A name taken there is 409 fileExists; a directory into itself is 400 invalidKey.
 */
export async function moveItems(context: MediaContext, accountability: Accountability, body: { library_uuid: unknown; path: unknown; items: unknown }): Promise<MediaFile[]> {
  const library = await bodyLibrary(context, accountability, body.library_uuid, 'upload');
  const target = dirPathOf(body.path);
  const keys = itemKeys(body.items);
  await requireDir(context, library, target);
  const rows: MediaFileRow[] = [];
  for (const key of keys) {
    const row = await findRow(context.db, library.uuid, key);
    if (!row || row.status !== 'ready') throw fileNotFound();
    if (row.mime_type === 'dir' && isWithin(target, key)) throw invalidKey('path');
    rows.push(row);
  }
  const moves = rows
    .filter((row) => row.parent !== target)
    .map((row) => {
      const to = joinKey(target, baseName(row.key));
      if (to === null) throw invalidKey('path');
      return { row, to };
    });
  const destinations = new Set<string>();
  for (const { to } of moves) {
    if (destinations.has(to) || (await findRow(context.db, library.uuid, to))) throw fileExists();
    destinations.add(to);
  }
  const driver = libraryDriver(context, library);
  for (const { row, to } of moves) {
    await driver.move(row.key, to);
    await context.db.transaction().execute(async (trx) => {
      if (row.mime_type === 'dir') {
        // The directory's rows below it follow: their keys and parents change prefix.
        const from = `${row.key}/`;
        await trx
          .updateTable('media_files')
          .set({
            key: sql`${`${to}/`} || substr(key, ${from.length + 1})`,
            parent: sql`case when parent = ${row.key} then ${to} else ${`${to}/`} || substr(parent, ${from.length + 1}) end`,
            updated_at: nowDate(),
          })
          .where('library_uuid', '=', library.uuid)
          .where(sql<boolean>`starts_with(key, ${from})`)
          .execute();
      }
      await trx.updateTable('media_files').set({ key: to, parent: target, updated_at: nowDate() }).where('uuid', '=', row.uuid).execute();
    });
  }
  const moved = await context.db.selectFrom('media_files').selectAll().where('uuid', 'in', rows.map((row) => row.uuid)).orderBy('key').execute();
  return moved.map((row) => fileOf(context, library, row));
}

/**
 * POST /v1/media/edit/{uuid}: a file's name (renamed in its directory; spaces become underscores),
 * public flag, metadata and expiry. Needs 'upload luma-media' and the file's library.
 */
export async function editFile(context: MediaContext, accountability: Accountability, fileUuid: string, body: unknown): Promise<MediaFile> {
  const projectUuid = await mediaProject(context.db, accountability, 'upload');
  if (!isUuid(fileUuid)) throw fileNotFound();
  const found = await context.db
    .selectFrom('media_files')
    .innerJoin('media_libraries', 'media_libraries.uuid', 'media_files.library_uuid')
    .select('media_files.uuid')
    .where('media_files.uuid', '=', fileUuid.toLowerCase())
    .where('media_libraries.project_uuid', '=', projectUuid)
    .executeTakeFirst();
  if (!found) throw fileNotFound();
  const row = await context.db.selectFrom('media_files').selectAll().where('uuid', '=', found.uuid).executeTakeFirstOrThrow();
  const library = await context.db.selectFrom('media_libraries').selectAll().where('uuid', '=', row.library_uuid).executeTakeFirstOrThrow();
  if (!mayUseLibrary(accountability, library) || !mayMedia(accountability, 'upload')) throw noMediaPermission();
  if (row.mime_type === 'dir') throw invalidKey('uuid');
  const input = (isPlainObject(body) ? body : {}) as Partial<Record<keyof MediaEditBody, unknown>>;
  const errors: FieldError[] = [];
  if (input.public !== undefined && typeof input.public !== 'boolean') errors.push({ field: 'public', messages: ['invalid'], values: [null] });
  errors.push(...validateExpiry(input.expiresAt, nowDate()));
  const metadata = input.metadata === undefined ? undefined : parseMetadata(input.metadata, errors);
  let key = row.key;
  let name = row.name;
  if (input.name !== undefined) {
    if (typeof input.name !== 'string' || input.name.trim() === '') errors.push({ field: 'name', messages: ['identityField.requiredField'], values: [null] });
    else {
      name = sanitiseFileName(input.name.trim());
      const renamed = joinKey(row.parent, name);
      if (renamed === null) throw invalidKey('name');
      key = renamed;
    }
  }
  if (errors.length > 0) throw fieldsNotValid(errors);
  if (key !== row.key) {
    if (await findRow(context.db, library.uuid, key)) throw fileExists();
    await libraryDriver(context, library).move(row.key, key);
  }
  const updated = await context.db
    .updateTable('media_files')
    .set({
      key,
      name,
      ext: extensionOf(name),
      ...(input.public === undefined ? {} : { public: input.public as boolean }),
      ...(metadata === undefined ? {} : { metadata: toJson(metadata) }),
      ...(input.expiresAt === undefined ? {} : { expires_at: input.expiresAt === null || input.expiresAt === '' ? null : new Date(input.expiresAt as string) }),
      updated_at: nowDate(),
    })
    .where('uuid', '=', row.uuid)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fileOf(context, library, updated);
}


