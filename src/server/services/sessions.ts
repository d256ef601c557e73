// Sessions: an opaque random token in an httpOnly cookie; only its sha256 is stored.
// A session ends at its absolute expiry, or when idle longer than the idle lifetime.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { deleteSession, findSession, insertSession, touchSession } from '../db/queries/sessions';
import type { Database } from '../db/schema';

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
