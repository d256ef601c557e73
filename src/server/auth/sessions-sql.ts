// SQL for sessions. Rows are keyed by the sha256 of the cookie token, never the token.
import { sql, type Kysely } from 'kysely';
import type { Database, UserStatus } from '../db/schema';
import type { SessionRow } from '../db/schema-auth';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export interface NewSession {
  id_hash: string;
  user_uuid: string;
  project_uuid: string | null;
  expires_at: Date;
  ip: string | null;
  user_agent: string | null;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  const at = clockNow();
  await db.insertInto('sessions').values({ ...session, created_at: at, last_seen_at: at }).execute();
}

export type SessionWithUser = SessionRow & { user_status: UserStatus; now: Date };

/** The session and its user's status, with the server clock's time so expiry uses one time source. */
export function findSession(db: Db, idHash: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uuid', 'sessions.user_uuid')
    .selectAll('sessions')
    .select(['users.status as user_status', clockNow().as('now')])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function touchSession(db: Db, idHash: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: clockNow() }).where('id_hash', '=', idHash).execute();
}

/** Housekeeping: drops sessions past their absolute expiry or idle lifetime (also checked on use). */
export async function deleteExpiredSessions(db: Db, idleMs: number, at?: Date): Promise<void> {
  const current = clockNow(at);
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', current),
        eb('last_seen_at', '<=', sql<Date>`${current} - ${idleMs} * interval '1 millisecond'`),
      ]),
    )
    .execute();
}

export interface SessionListRow {
  uuid: string;
  id_hash: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/** A user's live sessions (neither expired nor idle), newest first. */
export function listSessionsOf(db: Db, userUuid: string, idleMs: number): Promise<SessionListRow[]> {
  return db
    .selectFrom('sessions')
    .select(['uuid', 'id_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('user_uuid', '=', userUuid)
    .where('expires_at', '>', clockNow())
    .where('last_seen_at', '>', sql<Date>`${clockNow()} - ${idleMs} * interval '1 millisecond'`)
    .orderBy('created_at', 'desc')
    .orderBy('uuid')
    .execute();
}

/** Deletes one session of the user by its public id; answers its id_hash, or undefined when it is not theirs. */
export async function deleteSessionOf(db: Db, userUuid: string, uuid: string): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('uuid', '=', uuid).where('user_uuid', '=', userUuid).returning('id_hash').executeTakeFirst();
  return row?.id_hash;
}

/** Deletes every session of the user except `keepIdHash` (null: all of them); answers how many. */
export async function deleteSessionsOf(db: Db, userUuid: string, keepIdHash: string | null = null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_uuid', '=', userUuid);
  if (keepIdHash !== null) query = query.where('id_hash', '<>', keepIdHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
