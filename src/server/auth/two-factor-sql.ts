// SQL for two-factor sign-in (docs/iam.md "Sign-in steps"): the pending challenge after a right
// password, the remembered devices, and the users' TOTP columns. Tokens are stored as their sha256;
// expiry is decided by the database clock.
import { sql, type Kysely } from 'kysely';
import type { Database, UserStatus, UserKind } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;


// ---- Challenges ----------------------------------------------------------------------------------

export async function insertChallenge(db: Db, challenge: { tokenHash: string; userUuid: string; projectUuid: string | null; minutes: number }): Promise<Date> {
  // Expired challenges of this user go on the way in.
  await db.deleteFrom('two_factor_challenges').where('user_uuid', '=', challenge.userUuid).where('expires_at', '<=', clockNow()).execute();
  const at = clockNow();
  const row = await db
    .insertInto('two_factor_challenges')
    .values({ token_hash: challenge.tokenHash, user_uuid: challenge.userUuid, project_uuid: challenge.projectUuid, created_at: at, expires_at: sql<Date>`${at} + ${challenge.minutes} * interval '1 minute'` })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

export interface LiveChallenge {
  token_hash: string;
  user_uuid: string;
  project_uuid: string | null;
  failures: number;
  email: string;
  kind: UserKind;
  status: UserStatus;
  totp_secret: string | null;
  totp_last_step: string | null;
}

/**
 * The challenge (unexpired) and its user's sign-in columns; `lock` holds the challenge row and the user's
 * until the transaction ends (so a rotation of the secrets' key, which rewrites totp_secret, waits
 * rather than failing the code's conditional update).
 */
export function findLiveChallenge(db: Db, tokenHash: string, lock = false): Promise<LiveChallenge | undefined> {
  let query = db
    .selectFrom('two_factor_challenges as c')
    .innerJoin('users as u', 'u.uuid', 'c.user_uuid')
    .select(['c.token_hash', 'c.user_uuid', 'c.project_uuid', 'c.failures', 'u.email', 'u.kind', 'u.status', 'u.totp_secret', 'u.totp_last_step'])
    .where('c.token_hash', '=', tokenHash)
    .where('c.expires_at', '>', clockNow());
  if (lock) query = query.forUpdate(['c', 'u']);
  return query.executeTakeFirst();
}

/** One more wrong code; answers the new count (0 when the challenge is gone). */
export async function addChallengeFailure(db: Db, tokenHash: string): Promise<number> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set({ failures: sql<number>`failures + 1` })
    .where('token_hash', '=', tokenHash)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? 0;
}

export async function deleteChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('token_hash', '=', tokenHash).execute();
}

export async function deleteChallengesOf(db: Db, userUuid: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('user_uuid', '=', userUuid).execute();
}

// ---- Remembered devices --------------------------------------------------------------------------

export async function insertRememberedDevice(db: Db, device: { tokenHash: string; userUuid: string; days: number }): Promise<Date> {
  await db.deleteFrom('remembered_devices').where('user_uuid', '=', device.userUuid).where('expires_at', '<=', clockNow()).execute();
  const at = clockNow();
  const row = await db
    .insertInto('remembered_devices')
    .values({ token_hash: device.tokenHash, user_uuid: device.userUuid, created_at: at, expires_at: sql<Date>`${at} + ${device.days} * interval '1 day'` })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/** Whether the device token is a live remembered device of this user. */
export async function isRememberedDevice(db: Db, tokenHash: string, userUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('remembered_devices')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('user_uuid', '=', userUuid)
    .where('expires_at', '>', clockNow())
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRememberedDevicesOf(db: Db, userUuid: string): Promise<void> {
  await db.deleteFrom('remembered_devices').where('user_uuid', '=', userUuid).execute();
}

// ---- The user's TOTP columns ---------------------------------------------------------------------

export interface TotpState {
  email: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: string | null;
}

export function findTotpState(db: Db, userUuid: string): Promise<TotpState | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('uuid', '=', userUuid)
    .executeTakeFirst();
}

const newerStep = (step: number) => sql<boolean>`(totp_last_step is null or totp_last_step < ${step})`;

/**
 * Records `step` as the last accepted step of the enabled `secret`, only if it is newer than the stored
 * one: of two concurrent uses of one code, exactly one updates a row.
 */
export async function acceptTotpStep(db: Db, userUuid: string, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('uuid', '=', userUuid)
    .where('totp_secret', '=', secret)
    .where(newerStep(step))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPendingSecret(db: Db, userUuid: string, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret, updated_at: clockNow() }).where('uuid', '=', userUuid).execute();
}

/** The pending secret becomes the enabled one, if it is still the one the code was checked against. */
export async function enableTotp(db: Db, userUuid: string, pendingSecret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: pendingSecret, totp_pending_secret: null, totp_last_step: step, updated_at: clockNow() })
    .where('uuid', '=', userUuid)
    .where('totp_pending_secret', '=', pendingSecret)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor off, if `secret` is still the enabled one and `step` was not used yet. */
export async function disableTotp(db: Db, userUuid: string, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: clockNow() })
    .where('uuid', '=', userUuid)
    .where('totp_secret', '=', secret)
    .where(newerStep(step))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
