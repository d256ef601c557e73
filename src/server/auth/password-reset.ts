// Forgotten passwords (docs/iam.md "Registration, reset, invites"). Asking always answers the same
// (no account enumeration); an existing active person gets a link {LUMA_PUBLIC_URL}/user/resetpassword/{token}
// by mail: a random uuid, stored as its sha256, valid 60 minutes, single-use, and voiding the
// user's older links. Requests are throttled per address and per account: over a limit the answer is
// still the same, only no mail is sent. The link is built from the configuration, never from headers.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IAM_LIMITS, IAM_MESSAGE } from '../../../runtime/api/iam';
import type { Config } from '../platform/config';
import { clearFailures, recordFailure } from './throttle-sql';
import { consumeReset, deleteUnusedResetsOf, findLiveReset, replaceReset } from './password-reset-sql';
import { deleteSessionsOf } from './sessions-sql';
import { deleteChallengesOf } from './two-factor-sql';
import { findUserByEmail, findUserByUuid, setPassword } from './users-sql';
import type { Database } from '../db/schema';
import { HttpError, fieldsNotValid } from '../platform/errors';
import { isEmail, isUuid } from '../platform/validate';
import { throttleKeys } from './sign-in';
import { publicLink, type Mailer } from '../platform/mail';
import { hashPassword } from './passwords';
import { checkNewPassword } from './profile-rules';
import { hashToken } from './sessions';
import { throttledFor } from './throttle';

/** Reset requests per login window: per e-mail address asked for, and per client address. */
export const FORGOT_LIMITS = { account: 3, address: 10 } as const;

export const forgotThrottleKeys = (email: string, ip: string) => ({
  account: `forgot:account:${email.trim().toLowerCase()}`,
  address: `forgot:address:${ip}`,
});

export const resetLinkInvalid = () => new HttpError(400, IAM_MESSAGE.resetLinkInvalid);

export interface ForgotContext {
  ip: string;
  mailer: Mailer;
  /** Where a failed delivery is reported (the answer does not wait for the mail). */
  onMailError: (error: unknown) => void;
}

export function resetLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return publicLink(config, `/user/resetpassword/${token}`);
}

/** POST /v1/auth/password/forgot: the same quiet answer whatever happened. */
export async function requestPasswordReset(db: Kysely<Database>, config: Config, email: string, context: ForgotContext): Promise<void> {
  const keys = forgotThrottleKeys(email, context.ip);
  const limits = { [keys.account]: FORGOT_LIMITS.account, [keys.address]: FORGOT_LIMITS.address };
  const blocked = await throttledFor(db, limits, config.loginWindowMs);
  // Every request counts, known address or not, so the work does not tell them apart.
  await recordFailure(db, [keys.account, keys.address], config.loginWindowMs);
  if (blocked !== null || !isEmail(email.trim())) return;

  const user = await findUserByEmail(db, email);
  if (!user || user.kind !== 'person' || user.status !== 'active') return;
  const token = randomUUID();
  await db.transaction().execute((tx) => replaceReset(tx, { tokenHash: hashToken(token), userUuid: user.uuid, minutes: IAM_LIMITS.resetMinutes }));
  const link = resetLink(config, token);
  const text = [
    `Hello ${user.name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Luma account. Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once, for ${IAM_LIMITS.resetMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
  ].join('\n');
  // Not awaited: the answer takes the same time whether or not a mail goes out.
  context.mailer.send({ to: user.email, subject: 'Reset your Luma password', text }).catch(context.onMailError);
}

/**
 * POST /v1/auth/password/reset: a live link sets the password, is used up (a replay or a concurrent
 * second use fails) and ends every session of the user. Anything else about the token is 400 'resetLinkInvalid'.
 */
export async function resetPassword(db: Kysely<Database>, body: Record<string, unknown>): Promise<void> {
  if (!isUuid(body.token)) throw resetLinkInvalid();
  const tokenHash = hashToken(body.token.toLowerCase());
  if (!(await findLiveReset(db, tokenHash))) throw resetLinkInvalid();
  const errors = checkNewPassword(body);
  if (errors.length > 0) throw fieldsNotValid(errors);

  const passwordHash = await hashPassword(body.password as string);
  const user = await db.transaction().execute(async (tx) => {
    const reset = await consumeReset(tx, tokenHash);
    if (!reset) return null;
    const owner = await findUserByUuid(tx, reset.user_uuid);
    if (!owner || owner.kind !== 'person' || owner.status !== 'active') return null;
    await setPassword(tx, owner.uuid, passwordHash);
    await deleteUnusedResetsOf(tx, owner.uuid);
    await deleteSessionsOf(tx, owner.uuid);
    await deleteChallengesOf(tx, owner.uuid);
    return owner;
  });
  if (!user) throw resetLinkInvalid();
  // The new password may sign in at once, even after earlier wrong guesses.
  await clearFailures(db, [throttleKeys(user.email, '').account]);
}
