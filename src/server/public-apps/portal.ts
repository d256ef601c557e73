// A portal's visitors (docs/public-apps.md "Portals"): a public app flagged as a portal lets visitors
// sign up and sign in with their own accounts (portal_users: per app, argon2id as the platform's
// passwords), kept apart from the platform's users. A visitor's session is an opaque token in the
// host-only cookie luma_portal (no Domain: only the hostname that set it gets it back), its sha256 in
// portal_sessions with the app and hostname it was made on; it is never a platform session (another
// cookie, another table) and a platform session is never a visitor's.
import { randomBytes, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PORTAL_COOKIE, PORTAL_SESSION_DAYS, PUBLIC_APP_LIMITS, PUBLIC_APP_MESSAGE, type PublicVisitor } from '../../../runtime/api/public-apps';
import type { FieldError } from '../../../runtime/api/contract';
import type { Database } from '../db/schema';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import { HttpError, fieldsNotValid } from '../platform/errors';
import { bodyObject } from '../components/input';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { assertNotThrottled } from '../auth/throttle';
import { clearFailures, recordFailure } from '../auth/throttle-sql';
import type { Config } from '../platform/config';
import type { ServedApp } from './serve';
import { isUniqueViolation } from './hostnames';

type Db = Kysely<Database>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export const signInRequired = () => new HttpError(401, PUBLIC_APP_MESSAGE.signInRequired);
const notPortal = () => new HttpError(404, PUBLIC_APP_MESSAGE.notPortal);

function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' } as const;
}

/** The signed-in visitor of this app on this hostname, or null. */
export async function visitorOf(db: Db, request: FastifyRequest, served: ServedApp): Promise<PublicVisitor | null> {
  const token = request.cookies[PORTAL_COOKIE];
  if (!served.portal || typeof token !== 'string' || token.length > 64) return null;
  const row = await db
    .selectFrom('portal_sessions as s')
    .innerJoin('portal_users as u', 'u.uuid', 's.portal_user_uuid')
    .select(['u.uuid', 'u.name', 'u.email'])
    .where('s.id_hash', '=', sha256(token))
    .where('s.app_uuid', '=', served.app.uuid)
    .where('s.hostname', '=', served.host)
    .where('s.expires_at', '>', nowDate())
    .executeTakeFirst();
  return row ?? null;
}

async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, served: ServedApp, userUuid: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(nowDate().getTime() + PORTAL_SESSION_DAYS * 86_400_000);
  await db.insertInto('portal_sessions').values({ id_hash: sha256(token), portal_user_uuid: userUuid, app_uuid: served.app.uuid, hostname: served.host, expires_at: expires }).execute();
  reply.setCookie(PORTAL_COOKIE, token, { ...cookieOptions(request), expires });
}

function text(input: Record<string, unknown>, key: string, errors: FieldError[], max: number, min = 1): string {
  const value = input[key];
  if (typeof value !== 'string' || value.trim().length < min) errors.push({ field: key, messages: [min > 1 ? 'passwordNotValid' : 'identityField.requiredField'] });
  else if (value.length > max) errors.push({ field: key, messages: ['cantBeMoreThenChars'], values: [{ max }] });
  return typeof value === 'string' ? value : '';
}

export async function registerVisitor(db: Db, request: FastifyRequest, reply: FastifyReply, served: ServedApp): Promise<PublicVisitor> {
  if (!served.portal) throw notPortal();
  const input = bodyObject(request.body);
  const errors: FieldError[] = [];
  const email = text(input, 'email', errors, PUBLIC_APP_LIMITS.emailMax).trim().toLowerCase();
  if (errors.length === 0 && !EMAIL.test(email)) errors.push({ field: 'email', messages: ['email'] });
  const name = text(input, 'name', errors, PUBLIC_APP_LIMITS.nameMax).trim();
  const password = text(input, 'password', errors, PUBLIC_APP_LIMITS.passwordMax, PUBLIC_APP_LIMITS.passwordMin);
  if (errors.length > 0) throw fieldsNotValid(errors);
  const uuid = uuidv7();
  await db
    .insertInto('portal_users')
    .values({ uuid, app_uuid: served.app.uuid, email, name, password_hash: await hashPassword(password) })
    .execute()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, PUBLIC_APP_MESSAGE.emailExists, [{ field: 'email', messages: [PUBLIC_APP_MESSAGE.emailExists] }]);
      throw error;
    });
  await startSession(db, request, reply, served, uuid);
  return { uuid, name, email };
}

type ThrottleConfig = Pick<Config, 'loginMaxFailuresPerAccount' | 'loginMaxFailuresPerAddress' | 'loginWindowMs'>;

/**
 * The platform's sign-in throttle (auth/throttle.ts, the login_failures windows and limits) on a
 * portal's own keys: a visitor's e-mail in this app, and the address in this app.
 */
function portalThrottle(config: ThrottleConfig, served: ServedApp, email: string, ip: string) {
  const account = `portal:${served.app.uuid}:account:${email}`;
  const address = `portal:${served.app.uuid}:address:${ip}`;
  return { account, keys: [account, address], limits: { [account]: config.loginMaxFailuresPerAccount, [address]: config.loginMaxFailuresPerAddress } };
}

export async function signInVisitor(db: Db, config: ThrottleConfig, request: FastifyRequest, reply: FastifyReply, served: ServedApp): Promise<PublicVisitor> {
  if (!served.portal) throw notPortal();
  const input = bodyObject(request.body);
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const password = typeof input.password === 'string' ? input.password.slice(0, PUBLIC_APP_LIMITS.passwordMax) : '';
  const throttle = portalThrottle(config, served, email, request.ip);
  // Refused even with the right password, until the window has passed (429 'tooManyAttempts', Retry-After).
  await assertNotThrottled(db, throttle.limits, config.loginWindowMs);
  const user = email ? await db.selectFrom('portal_users').selectAll().where('app_uuid', '=', served.app.uuid).where('email', '=', email).executeTakeFirst() : undefined;
  const ok = user ? await verifyPassword(user.password_hash, password) : await verifyDummy(password);
  if (!user || !ok) {
    await recordFailure(db, throttle.keys, config.loginWindowMs);
    throw new HttpError(401, PUBLIC_APP_MESSAGE.loginFailed);
  }
  await clearFailures(db, [throttle.account]);
  await startSession(db, request, reply, served, user.uuid);
  return { uuid: user.uuid, name: user.name, email: user.email };
}

export async function signOutVisitor(db: Db, request: FastifyRequest, reply: FastifyReply, served: ServedApp): Promise<Record<string, never>> {
  const token = request.cookies[PORTAL_COOKIE];
  if (typeof token === 'string' && token.length <= 64) await db.deleteFrom('portal_sessions').where('id_hash', '=', sha256(token)).where('app_uuid', '=', served.app.uuid).execute();
  reply.clearCookie(PORTAL_COOKIE, cookieOptions(request));
  return {};
}

/** Housekeeping: visitors' sessions past their expiry (never answered already; their rows go). */
export async function deleteExpiredPortalSessions(db: Db, at: Date): Promise<void> {
  await db.deleteFrom('portal_sessions').where('expires_at', '<=', at).execute();
}
