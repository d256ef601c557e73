// Sessions: an opaque random token in an httpOnly cookie; only its sha256 is stored.
// A session ends at its absolute expiry, or when idle longer than the idle lifetime.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import { now } from '../platform/clock';
import { COOKIE, type SessionItem } from '../../../runtime/api/iam';
import { deleteSession, deleteSessionOf, deleteSessionsOf, findSession, insertSession, listSessionsOf, touchSession } from './sessions-sql';
import type { Database } from '../db/schema';
import { notFound } from '../platform/errors';
import { isUuid } from '../platform/validate';

export const SESSION_COOKIE = COOKIE.session;

export interface ActiveSession {
  idHash: string;
  userUuid: string;
  projectUuid: string | null;
}

type SessionConfig = Pick<Config, 'sessionIdleMs' | 'sessionAbsoluteMs'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Kysely<Database>,
  config: SessionConfig,
  owner: { userUuid: string; projectUuid: string | null; ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now() + config.sessionAbsoluteMs);
  await insertSession(db, {
    id_hash: hashToken(token),
    user_uuid: owner.userUuid,
    project_uuid: owner.projectUuid,
    expires_at: expiresAt,
    ip: owner.ip,
    user_agent: owner.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/** base64url of 32 bytes is 43 characters; a longer cookie cannot be one of ours. */
export const MAX_TOKEN_LENGTH = 128;
/** A live session is touched at most once a minute (or more often for short idle lifetimes) to spare writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Whether a stored session still lives: not past its absolute expiry, not idle longer than the idle
 * lifetime, its user active. A dead one is deleted on sight; a live one is touched when due. `now` is the
 * server clock's time (src/server/platform/clock.ts) read with the row, so expiry uses one time source.
 */
export async function keepSessionAlive(
  db: Kysely<Database>,
  config: SessionConfig,
  session: { id_hash: string; expires_at: Date; last_seen_at: Date },
  userStatus: string,
  now: Date,
): Promise<boolean> {
  const at = now.getTime();
  const lastSeen = session.last_seen_at.getTime();
  if (session.expires_at.getTime() <= at || lastSeen + config.sessionIdleMs <= at || userStatus !== 'active') {
    await deleteSession(db, session.id_hash);
    return false;
  }
  if (at - lastSeen >= Math.min(TOUCH_EVERY_MS, config.sessionIdleMs / 4)) await touchSession(db, session.id_hash);
  return true;
}

/** The live session of a cookie token, or null. */
export async function resolveSession(db: Kysely<Database>, config: SessionConfig, token: string | undefined): Promise<ActiveSession | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const idHash = hashToken(token);
  const row = await findSession(db, idHash);
  if (!row || !(await keepSessionAlive(db, config, row, row.user_status, row.now))) return null;
  return { idHash, userUuid: row.user_uuid, projectUuid: row.project_uuid };
}

export async function endSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return;
  await deleteSession(db, hashToken(token));
}

/** GET /v1/user/sessions: the user's live sessions, newest first, without their tokens. */
export async function listSessions(db: Kysely<Database>, config: SessionConfig, current: ActiveSession): Promise<SessionItem[]> {
  const rows = await listSessionsOf(db, current.userUuid, config.sessionIdleMs);
  return rows.map((row) => ({
    uuid: row.uuid,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    current: row.id_hash === current.idHash,
  }));
}

/** DELETE /v1/user/sessions/{uuid}: one of the caller's own sessions (404 for any other). Answers whether it was the current one. */
export async function endSessionByUuid(db: Kysely<Database>, current: ActiveSession, uuid: string): Promise<boolean> {
  if (!isUuid(uuid)) throw notFound();
  const idHash = await deleteSessionOf(db, current.userUuid, uuid.toLowerCase());
  if (idHash === undefined) throw notFound();
  return idHash === current.idHash;
}

/** POST /v1/user/sessions/end-others: every session of the caller but the current one. */
export function endOtherSessions(db: Kysely<Database>, current: ActiveSession): Promise<number> {
  return deleteSessionsOf(db, current.userUuid, current.idHash);
}
