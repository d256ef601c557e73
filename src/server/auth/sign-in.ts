// Sign-in (docs/iam.md "Sign-in steps"). The password: argon2id verification behind per-account and
// per-address throttling; every failure answers the same 'Login failed', whichever part was wrong. A
// user with two-factor then gets a challenge instead of a session, unless the browser is a remembered
// device of theirs. The code: a TOTP code of a step not used before, against that challenge; wrong
// codes count on the challenge (dropped after five) and on the same throttle as wrong passwords.
import type { Kysely } from 'kysely';
import { ERROR_KEY, type LoginRequest } from '../../../runtime/api/contract';
import { IAM_LIMITS, IAM_MESSAGE } from '../../../runtime/api/iam';
import type { Config } from '../platform/config';
import { clearFailures, recordFailure } from './throttle-sql';
import { firstProjectOf } from './tenancy-sql';
import { acceptTotpStep, addChallengeFailure, deleteChallenge, findLiveChallenge } from './two-factor-sql';
import { findUserByEmail, setLoginAt } from './users-sql';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { verifyDummy, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { assertNotThrottled } from './throttle';
import { challengeTokenHash, isDeviceRemembered, matchStoredStep, rememberDevice, startChallenge } from './two-factor';

export interface LoginContext {
  ip: string;
  userAgent: string | null;
  /** The luma_device cookie, if any. */
  deviceToken?: string;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** Either a session, or (two-factor) a challenge to answer with a code. */
export type LoginResult = { twoFactor: false; session: IssuedToken } | { twoFactor: true; challenge: IssuedToken };

const loginFailed = () => new HttpError(401, ERROR_KEY.loginFailed);

export function throttleKeys(email: string, ip: string): { account: string; address: string } {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

/** The per-account and per-address limits of sign-in (password and two-factor codes). */
export function loginLimits(config: Config, keys: { account: string; address: string }): Record<string, number> {
  return { [keys.account]: config.loginMaxFailuresPerAccount, [keys.address]: config.loginMaxFailuresPerAddress };
}

export async function login(db: Kysely<Database>, config: Config, input: LoginRequest, context: LoginContext): Promise<LoginResult> {
  const keys = throttleKeys(input.email, context.ip);
  // Refused even with the right password, until the window has passed.
  await assertNotThrottled(db, loginLimits(config, keys), config.loginWindowMs);

  const user = await findUserByEmail(db, input.email);
  const verified = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyDummy(input.password);
  if (!user || !verified || user.status !== 'active') {
    await recordFailure(db, [keys.account, keys.address], config.loginWindowMs);
    throw loginFailed();
  }

  const projectUuid = await firstProjectOf(db, user.uuid);
  if (user.totp_secret && !(await isDeviceRemembered(db, user.uuid, context.deviceToken))) {
    // The account's failure counter is kept until the code is right too, so signing in again
    // does not reset the count of wrong codes.
    return { twoFactor: true, challenge: await startChallenge(db, user.uuid, projectUuid) };
  }

  await clearFailures(db, [keys.account]);
  await setLoginAt(db, user.uuid);
  const session = await createSession(db, config, { userUuid: user.uuid, projectUuid, ip: context.ip, userAgent: context.userAgent });
  return { twoFactor: false, session };
}

export interface TwoFactorInput {
  /** The luma_2fa cookie. */
  challengeToken: string | undefined;
  code: unknown;
  remember: boolean;
}

export interface TwoFactorResult {
  session: IssuedToken;
  /** Set when the browser asked to be remembered (the luma_device cookie). */
  device: IssuedToken | null;
}

const invalidCode = () => new HttpError(401, IAM_MESSAGE.invalidCode);
export const twoFactorExpired = () => new HttpError(401, IAM_MESSAGE.twoFactorExpired);

/** The second step: the challenge's code. Success ends the challenge and starts the session. */
export async function completeTwoFactor(db: Kysely<Database>, config: Config, input: TwoFactorInput, context: LoginContext): Promise<TwoFactorResult> {
  const tokenHash = challengeTokenHash(input.challengeToken);
  const challenge = tokenHash === null ? undefined : await findLiveChallenge(db, tokenHash);
  if (!tokenHash || !challenge) throw twoFactorExpired();
  if (challenge.kind !== 'person' || challenge.status !== 'active' || !challenge.totp_secret) {
    // Suspended or two-factor turned off since the password step: sign in again.
    await deleteChallenge(db, tokenHash);
    throw twoFactorExpired();
  }
  const keys = throttleKeys(challenge.email, context.ip);
  await assertNotThrottled(db, loginLimits(config, keys), config.loginWindowMs);

  // The challenge row is held until commit, so its failures and its single use are counted once.
  const outcome = await db.transaction().execute(async (tx) => {
    const live = await findLiveChallenge(tx, tokenHash, true);
    if (!live || !live.totp_secret) return { kind: 'expired' as const };
    const step = matchStoredStep(live.totp_secret, input.code, live.totp_last_step);
    // The conditional update decides between two concurrent uses of one code: one wins.
    if (step !== null && (await acceptTotpStep(tx, live.user_uuid, live.totp_secret, step))) {
      await deleteChallenge(tx, tokenHash);
      return { kind: 'accepted' as const, userUuid: live.user_uuid, projectUuid: live.project_uuid };
    }
    const failures = await addChallengeFailure(tx, tokenHash);
    if (failures >= IAM_LIMITS.twoFactorChallengeFailures) {
      await deleteChallenge(tx, tokenHash);
      return { kind: 'dropped' as const };
    }
    return { kind: 'wrong' as const };
  });

  if (outcome.kind === 'expired') throw twoFactorExpired();
  if (outcome.kind !== 'accepted') {
    await recordFailure(db, [keys.account, keys.address], config.loginWindowMs);
    throw outcome.kind === 'dropped' ? twoFactorExpired() : invalidCode();
  }

  await clearFailures(db, [keys.account]);
  await setLoginAt(db, outcome.userUuid);
  const projectUuid = outcome.projectUuid ?? (await firstProjectOf(db, outcome.userUuid));
  const session = await createSession(db, config, { userUuid: outcome.userUuid, projectUuid, ip: context.ip, userAgent: context.userAgent });
  const device = input.remember ? await rememberDevice(db, outcome.userUuid) : null;
  return { session, device };
}
