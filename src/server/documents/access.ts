// Who may work on the documents of a library (docs/documents.md "Access"), and the checks of the
// documents' input. Every call: the luma-media integration active in the caller's project (the
// integrations service decides: no row means active; disabled=true is 403 integrationDisabled), the
// 'use luma-media' permission (admins hold every permission), the library one of the project's
// (another project's uuid, or a malformed one, is 404 libraryNotFound: the same answer whether or not
// it exists) and, when the library names roles, one of them (admins pass).
import type { Kysely } from 'kysely';
import {
  DOCUMENT_COMMENT_MAX,
  DOCUMENT_FIELDS_MAX_KEYS,
  DOCUMENT_MESSAGE,
  DOCUMENT_META_MAX_BYTES,
  DOCUMENT_SOURCES_MAX,
  isValidVariantName,
} from '../../../runtime/api/documents';
import { MEDIA_INTEGRATION_ID, MEDIA_PERMISSION } from '../../../runtime/api/media';
import { sanitiseDocumentContent, type ContentNode } from '../../../runtime/documents/content';
import { normaliseDocumentPath } from '../../../runtime/documents/paths';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import type { Database } from '../db/schema';
import type { MediaLibraryRow } from '../db/schema-media';
import { HttpError, fieldsNotValid } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { isIntegrationActiveIn } from '../integrations/integrations';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const documentNotFound = () => new HttpError(404, DOCUMENT_MESSAGE.notFound);
export const invalidField = (field: string, message: string, values?: Record<string, string | number>) =>
  fieldsNotValid([{ field, messages: [message], ...(values ? { values: [values] } : {}) }]);

/** The role uuids a library names ([] : every member with the permission); rows hold uuids or {role_uuid}. */
export function libraryRoleUuids(roles: unknown): string[] {
  if (!Array.isArray(roles)) return [];
  const out: string[] = [];
  for (const role of roles) {
    if (typeof role === 'string') out.push(role.toLowerCase());
    else if (isPlainObject(role) && typeof role.role_uuid === 'string') out.push(role.role_uuid.toLowerCase());
  }
  return out;
}

/** The library of {lib} when the caller may use its documents; 403 or 404 otherwise. */
export async function documentLibrary(db: Db, accountability: Accountability, lib: string): Promise<MediaLibraryRow> {
  const projectUuid = requireProject(accountability);
  if (!(await isIntegrationActiveIn(db, projectUuid, MEDIA_INTEGRATION_ID))) throw new HttpError(403, DOCUMENT_MESSAGE.integrationDisabled);
  if (!hasPermission(accountability, MEDIA_PERMISSION.use)) throw new HttpError(403, DOCUMENT_MESSAGE.noPermissions);
  if (!isUuid(lib)) throw new HttpError(404, DOCUMENT_MESSAGE.libraryNotFound);
  const library = await db.selectFrom('media_libraries').selectAll().where('uuid', '=', lib.toLowerCase()).where('project_uuid', '=', projectUuid).executeTakeFirst();
  if (!library) throw new HttpError(404, DOCUMENT_MESSAGE.libraryNotFound);
  const roles = libraryRoleUuids(library.roles);
  if (roles.length > 0 && !accountability.is_admin && !accountability.roles.some((role) => roles.includes(role.uuid.toLowerCase()))) {
    throw new HttpError(403, DOCUMENT_MESSAGE.noPermissions);
  }
  return library;
}

// ---- Input -------------------------------------------------------------------------------------------

export function checkPath(value: unknown, field = 'path'): string {
  if (value === undefined || value === null || value === '') throw invalidField(field, 'identityField.requiredField');
  const path = normaliseDocumentPath(value);
  if (path === null) throw invalidField(field, DOCUMENT_MESSAGE.invalidPath);
  return path;
}

export function checkVariant(value: unknown, field = 'variant'): string {
  if (value === undefined || value === null || value === '') throw invalidField(field, 'identityField.requiredField');
  if (!isValidVariantName(value)) throw invalidField(field, DOCUMENT_MESSAGE.invalidVariant);
  return value;
}

/** A non-negative integer (0 included when `zero`). */
export function checkCount(value: unknown, field: string, message: string, zero = true): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (zero ? 0 : 1) || value > 2_000_000_000) throw invalidField(field, message);
  return value;
}

export function checkContent(value: unknown): ContentNode[] {
  const result = sanitiseDocumentContent(value);
  if (!result.ok) throw invalidField('content', result.reason === 'tooLarge' ? DOCUMENT_MESSAGE.contentTooLarge : DOCUMENT_MESSAGE.invalidContent);
  return result.nodes;
}

/**
 * JSON data copied into fresh objects: keys such as '__proto__' or 'constructor' stay plain data keys
 * (defined, never assigned, so no prototype changes), non-JSON values (undefined, functions) cannot
 * occur in a parsed body and are refused anyway.
 */
function copyJson(value: unknown, depth: number): unknown {
  if (depth > 16) throw new Error('deep');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('number');
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => copyJson(item, depth + 1));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) Object.defineProperty(out, key, { value: copyJson(value[key], depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  throw new Error('type');
}

export function checkSources(value: unknown): unknown[] {
  if (!Array.isArray(value) || value.length > DOCUMENT_SOURCES_MAX) throw invalidField('sources', DOCUMENT_MESSAGE.invalidSources);
  try {
    const copy = copyJson(value, 0) as unknown[];
    if (JSON.stringify(copy).length > DOCUMENT_META_MAX_BYTES) throw new Error('size');
    return copy;
  } catch {
    throw invalidField('sources', DOCUMENT_MESSAGE.invalidSources);
  }
}

export function checkFields(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value) || Object.keys(value).length > DOCUMENT_FIELDS_MAX_KEYS) throw invalidField('fields', DOCUMENT_MESSAGE.invalidFields);
  try {
    const copy = copyJson(value, 0) as Record<string, unknown>;
    if (JSON.stringify(copy).length > DOCUMENT_META_MAX_BYTES) throw new Error('size');
    return copy;
  } catch {
    throw invalidField('fields', DOCUMENT_MESSAGE.invalidFields);
  }
}

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function checkCommentText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidField('content', 'identityField.requiredField');
  if (value.length > DOCUMENT_COMMENT_MAX) throw invalidField('content', 'cantBeMoreThenChars', { max: DOCUMENT_COMMENT_MAX });
  if (CONTROL.test(value)) throw invalidField('content', DOCUMENT_MESSAGE.invalidComment);
  return value.trim();
}
