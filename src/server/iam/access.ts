// Shared rules of the IAM services: who may administer, the last-admin guard, the checks of
// names and role uuids, and the IAM message keys as HTTP errors.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IAM_LIMITS, IAM_MESSAGE } from '../../../runtime/api/iam';
import type { FieldError } from '../../../runtime/api/contract';
import { countActiveAdmins, lockProject, rolesInProject } from './members-sql';
import type { Database } from '../db/schema';
import { HttpError, badRequest, fieldsNotValid, forbidden } from '../platform/errors';
import { isUuid } from '../platform/validate';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const lastAdmin = () => new HttpError(409, IAM_MESSAGE.lastAdmin);
export const iamForbidden = (key: string) => new HttpError(403, key);

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The current project of an admin (403 'forbidden' for everyone else). */
export function requireAdmin(accountability: Accountability): string {
  if (!accountability.is_admin || !accountability.project_uuid) throw forbidden();
  return accountability.project_uuid;
}

/** A path parameter that must be a uuid (400 otherwise); answered lower-cased. */
export function pathUuid(value: string, field = 'uuid'): string {
  if (!isUuid(value)) throw badRequest([{ field, messages: ['invalid'] }]);
  return value.toLowerCase();
}

/** Collects field errors of a body check ('values' only where a message has parameters). */
export class FieldErrors {
  readonly #errors: { field: string; messages: string[]; values: (Record<string, string | number> | null)[] }[] = [];
  add(field: string, message: string, values: Record<string, string | number> | null = null): void {
    let error = this.#errors.find((candidate) => candidate.field === field);
    if (!error) this.#errors.push((error = { field, messages: [], values: [] }));
    error.messages.push(message);
    error.values.push(values);
  }
  get list(): FieldError[] {
    return this.#errors.map(({ field, messages, values }) => (values.some(Boolean) ? { field, messages, values } : { field, messages }));
  }
  throwIfAny(): void {
    if (this.#errors.length > 0) throw fieldsNotValid(this.list);
  }
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A trimmed name of IAM_LIMITS.nameMin..nameMax characters without control characters, or a field error. */
export function checkName(value: unknown, errors: FieldErrors, field = 'name'): string {
  const name = typeof value === 'string' ? value.trim() : value;
  if (name === undefined || name === null || name === '') errors.add(field, 'identityField.requiredField');
  else if (typeof name !== 'string' || CONTROL.test(name)) errors.add(field, 'invalid');
  else if (name.length < IAM_LIMITS.nameMin) errors.add(field, 'cantBeLessThenChars', { min: IAM_LIMITS.nameMin });
  else if (name.length > IAM_LIMITS.nameMax) errors.add(field, 'cantBeMoreThenChars', { max: IAM_LIMITS.nameMax });
  else return name;
  return '';
}

/** An array of uuids (deduplicated, lower-cased), or a field error. */
export function checkUuidList(value: unknown, errors: FieldErrors, field = 'role_uuids'): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 1000 || !value.every(isUuid)) {
    errors.add(field, 'invalid');
    return [];
  }
  return [...new Set(value.map((uuid) => uuid.toLowerCase()))];
}

/** Every uuid must be a role of the project: 417 role_uuids ['invalid'] otherwise. */
export async function requireProjectRoles(db: Db, projectUuid: string, roleUuids: string[], field = 'role_uuids'): Promise<{ uuid: string; name: string }[]> {
  const roles = await rolesInProject(db, projectUuid, roleUuids);
  if (roles.length !== roleUuids.length) throw fieldsNotValid([{ field, messages: ['invalid'] }]);
  return roles.map(({ uuid, name }) => ({ uuid, name }));
}

/**
 * Runs an IAM write of the project in a transaction holding the project's row lock, and refuses
 * it (409 'lastAdmin', rolled back) if it leaves the project without an active admin it had.
 */
export async function withAdminGuard<T>(db: Db, projectUuid: string, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockProject(tx, projectUuid))) throw forbidden();
    const before = await countActiveAdmins(tx, projectUuid);
    const result = await write(tx);
    if (before > 0 && (await countActiveAdmins(tx, projectUuid)) === 0) throw lastAdmin();
    return result;
  });
}
