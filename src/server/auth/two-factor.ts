// Two-factor (TOTP, docs/iam.md "Sign-in steps"): codes of 30-second steps accepted within one step
// either side, each step once (users.totp_last_step); the sign-in challenge and remembered devices
// (random tokens, only their sha256 stored); and enrolment from the profile (setup, enable, disable).
// The secrets are stored sealed (secret-box.ts) and compared as stored: a conditional update names the
// sealed value it read, opened only to check a code.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { IAM_LIMITS, IAM_MESSAGE, type TwoFactorSetup, type TwoFactorState } from '../../../runtime/api/iam';
import { now as clockNow } from '../platform/clock';
import type { Config } from '../platform/config';
import { clearFailures, recordFailure } from './throttle-sql';
import { open, seal } from '../platform/secret-box';
import {
  deleteChallengesOf,
  deleteRememberedDevicesOf,
  disableTotp,
  enableTotp,
  findTotpState,
  insertChallenge,
  insertRememberedDevice,
  isRememberedDevice,
  setPendingSecret,
} from './two-factor-sql';
import type { Database } from '../db/schema';
import { badRequest, fieldsNotValid, unauthorized } from '../platform/errors';
import { hashToken } from './sessions';
import { assertNotThrottled } from './throttle';

type ThrottleConfig = Pick<Config, 'loginMaxFailuresPerAccount' | 'loginWindowMs'>;

export const TOTP_STEP_SECONDS = 30;
export const TOTP_ISSUER = 'Luma';
/** 20 random bytes (160 bits, RFC 4226's recommendation) as base32. */
const SECRET_BYTES = 20;
const MAX_COOKIE_TOKEN = 128;

const totp = authenticator.clone({ step: TOTP_STEP_SECONDS, window: 1 });

export function currentStep(now: number = clockNow()): number {
  return Math.floor(now / 1000 / TOTP_STEP_SECONDS);
}

/** The code of one time step (tests and the checks below). */
export function codeAt(secret: string, step: number): string {
  return totp.clone({ epoch: step * TOTP_STEP_SECONDS * 1000 }).generate(secret);
}

/** A code as typed: spaces dropped; a code is six digits. */
export function normalizeCode(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step `code` belongs to, among the current step and one either side, if that step is newer
 * than `lastStep` (each code once); null otherwise.
 */
export function matchStep(secret: string, code: unknown, lastStep: string | number | null, now: number = clockNow()): number | null {
  const digits = normalizeCode(code);
  if (digits === null) return null;
  const last = lastStep === null ? null : Number(lastStep);
  const current = currentStep(now);
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    const expected = codeAt(secret, step);
    const same = timingSafeEqual(Buffer.from(expected), Buffer.from(digits));
    if (same && (last === null || step > last)) matched = step;
  }
  return matched;
}

/** matchStep of the secret as stored (sealed): opened here, so callers keep the stored value for their conditional update. */
export function matchStoredStep(stored: string, code: unknown, lastStep: string | number | null, now: number = clockNow()): number | null {
  return matchStep(open(stored, 'totp'), code, lastStep, now);
}

const newToken = () => randomBytes(32).toString('base64url');
const usableToken = (token: string | undefined): token is string => typeof token === 'string' && token.length > 0 && token.length <= MAX_COOKIE_TOKEN;

// ---- Sign-in ---------------------------------------------------------------------------------------

/** A challenge after a right password: the luma_2fa cookie's token, valid for five minutes. */
export async function startChallenge(db: Kysely<Database>, userUuid: string, projectUuid: string | null): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = await insertChallenge(db, { tokenHash: hashToken(token), userUuid, projectUuid, minutes: IAM_LIMITS.twoFactorChallengeMinutes });
  return { token, expiresAt };
}

export async function isDeviceRemembered(db: Kysely<Database>, userUuid: string, deviceToken: string | undefined): Promise<boolean> {
  if (!usableToken(deviceToken)) return false;
  return isRememberedDevice(db, hashToken(deviceToken), userUuid);
}

/** The luma_device cookie's token: this browser skips the code for 30 days. */
export async function rememberDevice(db: Kysely<Database>, userUuid: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = await insertRememberedDevice(db, { tokenHash: hashToken(token), userUuid, days: IAM_LIMITS.rememberDeviceDays });
  return { token, expiresAt };
}

export function challengeTokenHash(token: string | undefined): string | null {
  return usableToken(token) ? hashToken(token) : null;
}

// ---- Enrolment (the caller's profile) --------------------------------------------------------------

const invalidCode = () => fieldsNotValid([{ field: 'code', messages: [IAM_MESSAGE.invalidCode] }]);

async function stateOf(db: Kysely<Database>, userUuid: string) {
  const state = await findTotpState(db, userUuid);
  if (!state) throw unauthorized();
  return state;
}

export async function twoFactorState(db: Kysely<Database>, userUuid: string): Promise<TwoFactorState> {
  return { enabled: (await stateOf(db, userUuid)).totp_secret !== null };
}

/** A new pending secret (replacing an earlier pending one), its otpauth URL and QR code. */
export async function setupTwoFactor(db: Kysely<Database>, userUuid: string): Promise<TwoFactorSetup> {
  const state = await stateOf(db, userUuid);
  // Replacing an enabled secret needs it turned off first (with a code of the current one).
  if (state.totp_secret !== null) throw badRequest();
  const secret = authenticator.generateSecret(SECRET_BYTES);
  await setPendingSecret(db, userUuid, seal(secret, 'totp'));
  const otpauthUrl = totp.keyuri(state.email, TOTP_ISSUER, secret);
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: otpauthUrl, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns two-factor on with a code of the pending secret; that code's step counts as used. */
export async function enableTwoFactor(db: Kysely<Database>, userUuid: string, code: unknown): Promise<TwoFactorState> {
  const state = await stateOf(db, userUuid);
  if (state.totp_secret !== null) return { enabled: true };
  const pending = state.totp_pending_secret;
  const step = pending === null ? null : matchStoredStep(pending, code, null);
  if (pending === null || step === null) throw invalidCode();
  if (!(await enableTotp(db, userUuid, pending, step))) throw invalidCode();
  return { enabled: true };
}

/** The throttle key of wrong codes when turning two-factor off (a stolen session guessing codes). */
export const disableThrottleKey = (userUuid: string) => `two-factor:${userUuid}`;

/**
 * Turns two-factor off with a current code (not one used before); remembered devices and open
 * challenges of the user go with it. Wrong codes are throttled like wrong passwords (per account).
 */
export async function disableTwoFactor(db: Kysely<Database>, config: ThrottleConfig, userUuid: string, code: unknown): Promise<TwoFactorState> {
  const key = disableThrottleKey(userUuid);
  await assertNotThrottled(db, { [key]: config.loginMaxFailuresPerAccount }, config.loginWindowMs);
  const state = await stateOf(db, userUuid);
  const secret = state.totp_secret;
  if (secret === null) return { enabled: false };
  const step = matchStoredStep(secret, code, state.totp_last_step);
  if (step === null || !(await disableTotp(db, userUuid, secret, step))) {
    await recordFailure(db, [key], config.loginWindowMs);
    throw invalidCode();
  }
  await clearFailures(db, [key]);
  await deleteRememberedDevicesOf(db, userUuid);
  await deleteChallengesOf(db, userUuid);
  return { enabled: false };
}
