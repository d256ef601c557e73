// SQL for password resets (docs/iam.md "Registration, reset, invites"): rows keyed by the sha256 of
// the link's token; single-use (used_at) and valid until expires_at, by the database clock.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

/** The new reset of a user; the user's older unused ones are void from now on (deleted). */
export async function replaceReset(db: Db, reset: { tokenHash: string; userUuid: string; minutes: number }): Promise<void> {
  await db.deleteFrom('password_resets').where('user_uuid', '=', reset.userUuid).where('used_at', 'is', null).execute();
  const at = clockNow();
  await db
    .insertInto('password_resets')
    .values({ token_hash: reset.tokenHash, user_uuid: reset.userUuid, created_at: at, expires_at: sql<Date>`${at} + ${reset.minutes} * interval '1 minute'` })
    .execute();
}

/** The user of an unused, unexpired reset, or undefined. */
export async function findLiveReset(db: Db, tokenHash: string): Promise<{ user_uuid: string } | undefined> {
  return db
    .selectFrom('password_resets')
    .select('user_uuid')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .executeTakeFirst();
}

/** Marks the reset used if it is still unused and unexpired: a replay or a concurrent second use gets undefined. */
export async function consumeReset(db: Db, tokenHash: string): Promise<{ user_uuid: string } | undefined> {
  return db
    .updateTable('password_resets')
    .set({ used_at: clockNow() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .returning('user_uuid')
    .executeTakeFirst();
}

export async function deleteUnusedResetsOf(db: Db, userUuid: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_uuid', '=', userUuid).where('used_at', 'is', null).execute();
}
