// SQL for sessions. Rows are keyed by the sha256 of the cookie token, never the token.
import { sql, type Kysely } from 'kysely';
import type { Database, SessionRow, UserStatus } from '../schema';

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
  await db.insertInto('sessions').values(session).execute();
}

export type SessionWithUser = SessionRow & { user_status: UserStatus; now: Date };

/** The session and its user's status, with the database's clock so expiry uses one time source. */
export function findSession(db: Db, idHash: string): Promise<SessionWithUser | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.uuid', 'sessions.user_uuid')
    .selectAll('sessions')
    .select(['users.status as user_status', sql<Date>`now()`.as('now')])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function touchSession(db: Db, idHash: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: sql<Date>`now()` }).where('id_hash', '=', idHash).execute();
}

/** Housekeeping: drops sessions past their absolute expiry or idle lifetime (also checked on use). */
export async function deleteExpiredSessions(db: Db, idleMs: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sql<Date>`now()`),
        eb('last_seen_at', '<=', sql<Date>`now() - ${idleMs} * interval '1 millisecond'`),
      ]),
    )
    .execute();
}
