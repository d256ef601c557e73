// Login: argon2id verification behind per-account and per-address throttling. Every failure
// answers the same 'Login failed', whichever part was wrong.
import type { Kysely } from 'kysely';
import { ERROR_KEY, type LoginRequest } from '../../../runtime/api/contract';
import type { Config } from '../config';
import { clearFailures, openCounters, recordFailure } from '../db/queries/login-failures';
import { firstProjectOf } from '../db/queries/tenancy';
import { findUserByEmail, setLoginAt } from '../db/queries/users';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { verifyDummy, verifyPassword } from './passwords';
import { createSession } from './sessions';

export interface LoginContext {
  ip: string;
  userAgent: string | null;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
}

const loginFailed = () => new HttpError(401, ERROR_KEY.loginFailed);

export function throttleKeys(email: string, ip: string): { account: string; address: string } {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

export async function login(db: Kysely<Database>, config: Config, input: LoginRequest, context: LoginContext): Promise<LoginResult> {
  const keys = throttleKeys(input.email, context.ip);
  const limits: Record<string, number> = {
    [keys.account]: config.loginMaxFailuresPerAccount,
    [keys.address]: config.loginMaxFailuresPerAddress,
  };
  const counters = await openCounters(db, [keys.account, keys.address], config.loginWindowMs);
  const blocked = counters.filter((counter) => counter.count >= (limits[counter.key] ?? Infinity));
  if (blocked.length > 0) {
    // Refused even with the right password, until the window has passed.
    const waitMs = Math.max(...blocked.map((counter) => counter.remaining_ms));
    const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
    throw new HttpError(429, ERROR_KEY.tooManyAttempts, undefined, { 'retry-after': retryAfter });
  }

  const user = await findUserByEmail(db, input.email);
  const verified = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
  if (!user || !verified || user.status !== 'active') {
    await recordFailure(db, [keys.account, keys.address], config.loginWindowMs);
    throw loginFailed();
  }

  await clearFailures(db, [keys.account]);
  await setLoginAt(db, user.uuid);
  const projectUuid = await firstProjectOf(db, user.uuid);
  return createSession(db, config, { userUuid: user.uuid, projectUuid, ip: context.ip, userAgent: context.userAgent });
}
