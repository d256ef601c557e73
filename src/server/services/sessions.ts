// Sessions: an opaque random token in an httpOnly cookie; only its sha256 is stored.
// A session ends at its absolute expiry, or when idle longer than the idle lifetime.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { SessionItem } from '../../../runtime/api/iam';
import { deleteSession, deleteSessionOf, deleteSessionsOf, findSession, insertSession, listSessionsOf, touchSession } from '../db/queries/sessions';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { isUuid } from '../validate';

export const SESSION_COOKIE = 'luma_session';

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
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteMs);
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

/** The live session of a cookie token, or null; an expired or idle one is deleted on sight. */
export async function resolveSession(db: Kysely<Database>, config: SessionConfig, token: string | undefined): Promise<ActiveSession | null> {
  // base64url of 32 bytes is 43 characters; anything else cannot be ours.
  if (!token || token.length > 128) return null;
  const idHash = hashToken(token);
  const row = await findSession(db, idHash);
  if (!row) return null;
  const now = row.now.getTime();
  const expired = row.expires_at.getTime() <= now;
  const idle = row.last_seen_at.getTime() + config.sessionIdleMs <= now;
  if (expired || idle || row.user_status !== 'active') {
    await deleteSession(db, idHash);
    return null;
  }
  // Touch at most once a minute (or more often for short idle lifetimes) to spare writes.
  const touchEvery = Math.min(60_000, config.sessionIdleMs / 4);
  if (now - row.last_seen_at.getTime() >= touchEvery) await touchSession(db, idHash);
  return { idHash, userUuid: row.user_uuid, projectUuid: row.project_uuid };
}

export async function endSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (!token || token.length > 128) return;
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
