// The event-bus token (docs/event-bus.md "Auth"): POST /v1/system/eventbus/auth answers a random token
// that lives 60 s (the injectable clock) and is accepted once, by any instance (it is a row, stored as
// its sha256). It remembers how its caller authenticated (the session's id hash, or the API secret's
// hash), so the socket finds the caller again with the request's own lookup (findPrincipal) each time
// who may do what changes, and closes when the session or secret is gone.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { EVENTBUS_LIMITS } from '../../../runtime/api/events';
import { nowDate } from '../platform/clock';
import { findPrincipal } from '../auth/caller-sql';
import { clockNow } from '../db/now';
import type { Database } from '../db/schema';
import { unauthorized } from '../platform/errors';
import { headerValue } from '../platform/validate';
import { hashToken } from '../auth/sessions';
import { buildAccountability, requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const BEARER = /^Bearer (luma_[A-Za-z0-9_-]{43})$/;
const TOKEN = /^luma_ebt_[A-Za-z0-9_-]{43}$/;

/** How a socket's caller is found again. */
export interface BusPrincipal {
  by: 'session' | 'bearer';
  hash: string;
  userUuid: string;
  projectUuid: string;
  workspaceUuid: string | null;
}

export async function issueEventbusToken(db: Db, request: FastifyRequest, accountability: Accountability): Promise<{ token: string }> {
  const projectUuid = requireProject(accountability);
  let by: BusPrincipal['by'];
  let hash: string;
  if (request.session) {
    by = 'session';
    hash = request.session.idHash;
  } else {
    const match = BEARER.exec(headerValue(request.headers.authorization) ?? '');
    if (!match) throw unauthorized();
    by = 'bearer';
    hash = hashToken(match[1]!);
  }
  const token = `luma_ebt_${randomBytes(32).toString('base64url')}`;
  await db
    .insertInto('eventbus_tokens')
    .values({
      token_hash: hashToken(token),
      user_uuid: accountability.user.uuid,
      project_uuid: projectUuid,
      workspace_uuid: accountability.workspace_uuid,
      principal_by: by,
      principal_hash: hash,
      expires_at: new Date(nowDate().getTime() + EVENTBUS_LIMITS.tokenTtlMs),
    })
    .execute();
  return { token };
}

/** Takes the token (once: a second use finds it used), for this project; null when bad, used or expired. */
export async function consumeEventbusToken(db: Db, token: unknown, projectUuid: string): Promise<BusPrincipal | null> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  const row = await db
    .updateTable('eventbus_tokens')
    .set({ used_at: clockNow() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', clockNow())
    .returningAll()
    .executeTakeFirst();
  if (!row || row.project_uuid !== projectUuid.toLowerCase()) return null;
  return { by: row.principal_by, hash: row.principal_hash, userUuid: row.user_uuid, projectUuid: row.project_uuid, workspaceUuid: row.workspace_uuid };
}

/**
 * The socket's caller now, by the same lookup and rules as a request (auth/caller-sql):
 * null when the session ended (logout, expiry, idle), the API secret was revoked, the user is no
 * longer active or no longer a member of the project.
 */
export async function busAccountability(db: Db, principal: BusPrincipal, sessionIdleMs: number): Promise<Accountability | null> {
  const found = await findPrincipal(db, { by: principal.by, tokenHash: principal.hash, projectUuid: principal.projectUuid, workspaceUuid: principal.workspaceUuid });
  if (!found || found.user.uuid !== principal.userUuid || found.user.status !== 'active' || found.project_uuid !== principal.projectUuid) return null;
  if (found.session) {
    const at = found.now.getTime();
    if (found.session.expires_at.getTime() <= at || found.session.last_seen_at.getTime() + sessionIdleMs <= at) return null;
  } else if (!found.secret) return null;
  return buildAccountability(found, { env: 'live', projectUuid: principal.projectUuid, workspaceUuid: principal.workspaceUuid });
}
