// Media libraries (docs/media.md "Libraries"): list and info for members with 'use luma-media'
// and one of the library's roles; create, update and remove for admins. The S3 secret is never
// answered (MASKED_SECRET); an update carrying the mask keeps the stored secret. One luma-simple
// library per project (409 simpleLibraryExists; a partial unique index backs the check).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FieldError } from '../../../runtime/api/contract';
import { MASKED_SECRET, MEDIA_MESSAGE, type LibraryInput, type MediaLibrary, type MediaProvider } from '../../../runtime/api/media';
import { parseLibraryDir } from '../../../runtime/media/keys';
import { MEDIA_RULE_MESSAGE, validateLibraryInput } from '../../../runtime/media/rules';
import { nowDate } from '../platform/clock';
import type { Database } from '../db/schema';
import type { MediaLibraryRow } from '../db/schema-media';
import { toJson } from '../db/json';
import { badRequest, fieldsNotValid, HttpError } from '../platform/errors';
import { sealOrNull } from '../platform/secret-box';
import { isPlainObject, isUuid } from '../platform/validate';
import { findProjectLibrary, libraryForCall, libraryRoles, mayUseLibrary, mediaAdminProject, mediaProject } from './access';
import { forgetLibraryDriver, libraryDriver } from './drivers';
import type { MediaContext } from './files';
import { usedBytes } from './rows';
import type { Accountability } from '../auth/tenancy';
import { requireProduct } from '../billing/limits';
import { MEDIA_PRODUCT } from '../../../runtime/api/billing';

const simpleLibraryExists = () => new HttpError(409, MEDIA_MESSAGE.simpleLibraryExists);

/** The answer for a library: secret masked, size and free space measured. */
export async function libraryOf(context: MediaContext, row: MediaLibraryRow, withFreeSpace = true): Promise<MediaLibrary> {
  const size = await usedBytes(context.db, row.uuid);
  const allowed = row.allowed_storage === null ? null : Number(row.allowed_storage);
  let free: number | null = allowed === null ? null : Math.max(0, allowed - size);
  if (allowed === null && withFreeSpace) {
    // What the storage reports; a storage that cannot be reached answers null (the screen says 'unavailable' on use).
    free = await libraryDriver(context, row)
      .freeSpace()
      .then((value) => (value === null ? null : Math.floor(value)))
      .catch(() => null);
  }
  return {
    uuid: row.uuid,
    name: row.name,
    provider: row.provider,
    s3_bucket: row.s3_bucket,
    s3_key: row.s3_key,
    s3_secret: row.s3_secret ? MASKED_SECRET : null,
    s3_endpoint: row.s3_endpoint,
    s3_region: row.s3_region,
    host: row.host,
    dir: row.dir,
    allowed_storage: allowed,
    size,
    free_space: free,
    roles: libraryRoles(row).map((role_uuid) => ({ role_uuid })),
  };
}

/** GET /v1/dms/media/library/list: the libraries the caller may use, by name. */
export async function listLibraries(context: MediaContext, accountability: Accountability): Promise<MediaLibrary[]> {
  const projectUuid = await mediaProject(context.db, accountability, 'use');
  const rows = await context.db.selectFrom('media_libraries').selectAll().where('project_uuid', '=', projectUuid).orderBy('name').orderBy('uuid').execute();
  const visible = rows.filter((row) => mayUseLibrary(accountability, row));
  return Promise.all(visible.map((row) => libraryOf(context, row)));
}

/** GET /v1/dms/media/library/info/{id} */
export async function libraryInfo(context: MediaContext, accountability: Accountability, id: string): Promise<MediaLibrary> {
  return libraryOf(context, await libraryForCall(context.db, accountability, id, 'use'));
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The role uuids named by the input: each must be a role of the project (417 roles invalid otherwise). */
async function rolesOf(db: Kysely<Database>, projectUuid: string, input: unknown, errors: FieldError[]): Promise<string[] | undefined> {
  if (input === undefined || input === null) return undefined;
  if (!Array.isArray(input)) return undefined; // validateLibraryInput reported it
  // Each entry is an object {role_uuid}: anything else (null, a bare string) is a malformed body,
  // the 400 the route's schema gives a wrong shape, at the entry's path.
  const malformed = input.findIndex((role) => !isPlainObject(role));
  if (malformed >= 0) throw badRequest([{ field: `roles.${malformed}`, messages: ['invalid'] }]);
  const uuids = [...new Set(input.map((role) => (role as { role_uuid?: unknown }).role_uuid))];
  if (!uuids.every(isUuid)) {
    errors.push({ field: 'roles', messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] });
    return undefined;
  }
  if (uuids.length === 0) return [];
  const found = await db.selectFrom('roles').select('uuid').where('project_uuid', '=', projectUuid).where('uuid', 'in', uuids.map((uuid) => uuid.toLowerCase())).execute();
  if (found.length !== uuids.length) {
    errors.push({ field: 'roles', messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] });
    return undefined;
  }
  return found.map((role) => role.uuid).sort();
}

function checkDir(dir: unknown, errors: FieldError[]): string | undefined {
  if (dir === undefined || dir === null || dir === '') return dir === undefined ? undefined : '';
  if (typeof dir !== 'string' || parseLibraryDir(dir.trim()) === null) {
    if (!errors.some((error) => error.field === 'dir')) errors.push({ field: 'dir', messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] });
    return undefined;
  }
  return dir.trim();
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function inputOf(body: unknown): Partial<Record<keyof LibraryInput, unknown>> {
  if (!isPlainObject(body)) throw badRequest([{ field: 'body', messages: ['invalid'] }]);
  return body as Partial<Record<keyof LibraryInput, unknown>>;
}

/** POST /v1/dms/media/library (admins) */
export async function createLibrary(context: MediaContext, accountability: Accountability, body: unknown): Promise<MediaLibrary> {
  const projectUuid = await mediaAdminProject(context.db, accountability);
  const input = inputOf(body);
  const errors = validateLibraryInput(input, 'create');
  const dir = checkDir(input.dir, errors);
  const roles = await rolesOf(context.db, projectUuid, input.roles, errors);
  if (errors.length > 0) throw fieldsNotValid(errors);
  const provider = input.provider as MediaProvider;
  if (provider === 'luma-simple') {
    const existing = await context.db.selectFrom('media_libraries').select('uuid').where('project_uuid', '=', projectUuid).where('provider', '=', 'luma-simple').executeTakeFirst();
    if (existing) throw simpleLibraryExists();
    // The platform's own library is the media product (spec section 4): bought, or free where nothing is sold.
    await requireProduct(context.db, projectUuid, context.config, MEDIA_PRODUCT);
  }
  const s3 = provider === 's3';
  const uuid = randomUUID();
  try {
    await context.db
      .insertInto('media_libraries')
      .values({
        uuid,
        project_uuid: projectUuid,
        name: String(input.name).trim(),
        provider,
        s3_bucket: s3 ? text(input.s3_bucket) : null,
        s3_key: s3 ? text(input.s3_key) : null,
        s3_secret: s3 ? sealOrNull(text(input.s3_secret), 's3-secret') : null,
        s3_endpoint: s3 ? text(input.s3_endpoint) : null,
        s3_region: s3 ? text(input.s3_region) : null,
        host: s3 ? text(input.host) : null,
        dir: dir ?? '',
        allowed_storage: (input.allowed_storage as number | null | undefined) ?? null,
        roles: toJson(roles ?? []),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw simpleLibraryExists();
    throw error;
  }
  return libraryOf(context, await findProjectLibrary(context.db, projectUuid, uuid));
}

/** POST /v1/dms/media/library/{uuid} (admins): the provider stays; the mask keeps the stored secret. */
export async function updateLibrary(context: MediaContext, accountability: Accountability, uuid: string, body: unknown): Promise<MediaLibrary> {
  const projectUuid = await mediaAdminProject(context.db, accountability);
  const library = await findProjectLibrary(context.db, projectUuid, uuid);
  const input = inputOf(body);
  const errors = validateLibraryInput(input, 'update', library.provider);
  if (input.provider !== undefined && input.provider !== library.provider) errors.push({ field: 'provider', messages: [MEDIA_RULE_MESSAGE.invalid], values: [null] });
  const dir = checkDir(input.dir, errors);
  const roles = await rolesOf(context.db, projectUuid, input.roles, errors);
  if (errors.length > 0) throw fieldsNotValid(errors);
  const s3 = library.provider === 's3';
  const secret = input.s3_secret === undefined || input.s3_secret === MASKED_SECRET ? library.s3_secret : sealOrNull(text(input.s3_secret), 's3-secret');
  await context.db
    .updateTable('media_libraries')
    .set({
      name: String(input.name).trim(),
      ...(s3
        ? {
            s3_bucket: text(input.s3_bucket),
            s3_key: text(input.s3_key),
            s3_secret: secret,
            s3_endpoint: text(input.s3_endpoint),
            s3_region: text(input.s3_region),
            host: text(input.host),
          }
        : {}),
      ...(dir === undefined ? {} : { dir }),
      ...(input.allowed_storage === undefined ? {} : { allowed_storage: input.allowed_storage as number | null }),
      ...(roles === undefined ? {} : { roles: toJson(roles) }),
      updated_at: nowDate(),
    })
    .where('uuid', '=', library.uuid)
    .execute();
  forgetLibraryDriver(library.uuid);
  return libraryOf(context, await findProjectLibrary(context.db, projectUuid, library.uuid));
}

/**
 * DELETE /v1/dms/media/library/{uuid} (admins): the library and its file rows go; a luma-simple
 * library's files are removed from the disk too. An s3 library's objects stay in the bucket
 * (docs/media.md): the bucket is the admin's, and may be shared with other tools.
 */
export async function removeLibrary(context: MediaContext, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  const projectUuid = await mediaAdminProject(context.db, accountability);
  const library = await findProjectLibrary(context.db, projectUuid, uuid);
  const driver = library.provider === 'luma-simple' ? libraryDriver(context, library) : null;
  await context.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('media_files').where('library_uuid', '=', library.uuid).execute();
    await trx.deleteFrom('media_libraries').where('uuid', '=', library.uuid).execute();
  });
  forgetLibraryDriver(library.uuid);
  if (driver) await driver.deletePrefix('');
  return {};
}

