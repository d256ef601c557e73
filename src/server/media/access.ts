// Who may do what in the media libraries (docs/media.md "Permissions"): the six luma-media
// permissions of spec section 6 (admins pass), the integration being active, and the library's
// roles. A library of another project, or a uuid that names none, is 404 (never its data); a
// library whose roles the caller holds none of is 403, like a missing verb.
import type { Kysely } from 'kysely';
import { MEDIA_MESSAGE, MEDIA_PERMISSION } from '../../../runtime/api/media';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import type { Database } from '../db/schema';
import type { MediaLibraryRow } from '../db/schema-media';
import { forbidden, HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { requireMediaIntegration } from './integration';
import { requireProject, type Accountability } from '../auth/tenancy';

export type MediaVerb = keyof typeof MEDIA_PERMISSION;

export const libraryNotFound = () => new HttpError(404, MEDIA_MESSAGE.libraryNotFound);
export const noMediaPermission = () => forbidden(MEDIA_MESSAGE.noPermissions);

/** Whether the caller holds 'use luma-media' and, for another verb, that verb's permission too. */
export function mayMedia(accountability: Pick<Accountability, 'is_admin' | 'permissions'>, verb: MediaVerb): boolean {
  if (!hasPermission(accountability, MEDIA_PERMISSION.use)) return false;
  return verb === 'use' || hasPermission(accountability, MEDIA_PERMISSION[verb]);
}

/** The project of a media call: integration active and the verb held (403 otherwise). */
export async function mediaProject(db: Kysely<Database>, accountability: Accountability, verb: MediaVerb): Promise<string> {
  const projectUuid = requireProject(accountability);
  await requireMediaIntegration(db, projectUuid);
  if (!mayMedia(accountability, verb)) throw noMediaPermission();
  return projectUuid;
}

/** Admins only (library create, update, delete). */
export async function mediaAdminProject(db: Kysely<Database>, accountability: Accountability): Promise<string> {
  const projectUuid = requireProject(accountability);
  await requireMediaIntegration(db, projectUuid);
  if (!accountability.is_admin) throw forbidden();
  return projectUuid;
}

export function libraryRoles(library: Pick<MediaLibraryRow, 'roles'>): string[] {
  return Array.isArray(library.roles) ? library.roles.filter((role): role is string => typeof role === 'string') : [];
}

/** An empty role list lets every member with the media permissions in; otherwise one of its roles is needed. */
export function mayUseLibrary(accountability: Pick<Accountability, 'is_admin' | 'roles'>, library: Pick<MediaLibraryRow, 'roles'>): boolean {
  if (accountability.is_admin) return true;
  const allowed = libraryRoles(library);
  return allowed.length === 0 || accountability.roles.some((role) => allowed.includes(role.uuid));
}

/** The library `uuid` of the project (404 when malformed, absent or another project's). */
export async function findProjectLibrary(db: Kysely<Database>, projectUuid: string, uuid: unknown): Promise<MediaLibraryRow> {
  if (!isUuid(uuid)) throw libraryNotFound();
  const library = await db
    .selectFrom('media_libraries')
    .selectAll()
    .where('uuid', '=', uuid.toLowerCase())
    .where('project_uuid', '=', projectUuid)
    .executeTakeFirst();
  if (!library) throw libraryNotFound();
  return library;
}

/** The library a media call works on: integration active, the verb held, the library of the caller's project and roles. */
export async function libraryForCall(db: Kysely<Database>, accountability: Accountability, uuid: unknown, verb: MediaVerb): Promise<MediaLibraryRow> {
  const projectUuid = await mediaProject(db, accountability, verb);
  const library = await findProjectLibrary(db, projectUuid, uuid);
  if (!mayUseLibrary(accountability, library)) throw noMediaPermission();
  return library;
}

/** The uuid of a library named by uuid or by `ref` (its uuid or its name in the project), for the upload's form fields. */
export async function libraryUuidOf(db: Kysely<Database>, accountability: Accountability, uuid: unknown, ref: unknown): Promise<string> {
  if (typeof uuid === 'string' && uuid !== '') return uuid;
  if (typeof ref !== 'string' || ref === '') throw libraryNotFound();
  if (isUuid(ref)) return ref;
  const projectUuid = requireProject(accountability);
  const row = await db.selectFrom('media_libraries').select('uuid').where('project_uuid', '=', projectUuid).where('name', '=', ref).orderBy('created_at').executeTakeFirst();
  if (!row) throw libraryNotFound();
  return row.uuid;
}
