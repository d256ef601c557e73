// The caller's own user: the model the browser reads and the profile it edits.
import type { Kysely } from 'kysely';
import type { UserModel } from '../../../runtime/api/contract';
import { toJson } from '../db/json';
import { deleteSessionsOf } from './sessions-sql';
import { isEmailTakenByOther, updateUser } from './users-sql';
import type { Database, UserRow, UserUpdate } from '../db/schema';
import { nowDate } from '../platform/clock';
import { fieldsNotValid, unauthorized } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { hashPassword } from './passwords';
import { checkProfile } from './profile-rules';
import type { Accountability } from './tenancy';

export function toUserModel(user: UserRow, accountability: Accountability): UserModel {
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    settings: isPlainObject(user.settings) ? user.settings : {},
    billing_address: isPlainObject(user.billing_address) ? user.billing_address : null,
    login_at: user.login_at ? user.login_at.toISOString() : null,
    status: user.status,
    project_uuid: accountability.project_uuid,
    workspace_uuid: accountability.workspace_uuid,
    is_admin: accountability.is_admin,
  };
}

export const emailTaken = () => fieldsNotValid([{ field: 'email', messages: ['email_already_exists'] }]);

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export interface EditProfileOptions {
  /** The caller's session (sha256 of its token), kept when `end_other_sessions` ends the others. */
  currentSessionHash?: string | null;
}

/**
 * Validates everything first, then writes in one transaction: nothing is half-written. With a new
 * password, `end_other_sessions: true` ends every other session of the user (docs/iam.md).
 */
export async function editProfile(db: Kysely<Database>, accountability: Accountability, body: Record<string, unknown>, options: EditProfileOptions = {}): Promise<UserModel> {
  const check = checkProfile(body);
  if (!check.ok) throw fieldsNotValid(check.errors);
  const { changes } = check;

  const update: UserUpdate = { name: changes.name, email: changes.email };
  if (changes.settings !== undefined) update.settings = toJson(changes.settings);
  if (changes.billing_address !== undefined) update.billing_address = changes.billing_address === null ? null : toJson(changes.billing_address);
  if (changes.password !== undefined) {
    update.password_hash = await hashPassword(changes.password);
    update.password_changed_at = nowDate();
  }
  const endOthers = changes.password !== undefined && body.end_other_sessions === true;

  try {
    const user = await db.transaction().execute(async (tx) => {
      if (await isEmailTakenByOther(tx, changes.email, accountability.user.uuid)) throw emailTaken();
      const updated = await updateUser(tx, accountability.user.uuid, update);
      if (updated && endOthers) await deleteSessionsOf(tx, updated.uuid, options.currentSessionHash ?? null);
      return updated;
    });
    if (!user) throw unauthorized();
    return toUserModel(user, accountability);
  } catch (error) {
    // Two users racing for one address: the unique index decides, the loser gets 417.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
