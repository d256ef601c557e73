// Throttling on the login_failures counters (fixed windows, auth/throttle-sql): sign-in
// failures per account and address, wrong two-factor codes, registrations and reset requests.
import type { Kysely } from 'kysely';
import { ERROR_KEY } from '../../../runtime/api/contract';
import { openCounters } from './throttle-sql';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';

/** Seconds until every counter over its limit has reset, or null when none is over. */
export async function throttledFor(db: Kysely<Database>, limits: Record<string, number>, windowMs: number): Promise<number | null> {
  const counters = await openCounters(db, Object.keys(limits), windowMs);
  const blocked = counters.filter((counter) => counter.count >= (limits[counter.key] ?? Infinity));
  if (blocked.length === 0) return null;
  const waitMs = Math.max(...blocked.map((counter) => counter.remaining_ms));
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, ERROR_KEY.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });

/** 429 'tooManyAttempts' with Retry-After while any counter is over its limit. */
export async function assertNotThrottled(db: Kysely<Database>, limits: Record<string, number>, windowMs: number): Promise<void> {
  const seconds = await throttledFor(db, limits, windowMs);
  if (seconds !== null) throw tooManyAttempts(seconds);
}
