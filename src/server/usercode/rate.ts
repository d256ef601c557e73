// Calls per minute of user code (docs/user-code.md "Limits per entry point"): each call adds one to
// a counter per scope in the database (a fixed one-minute window by the server clock), so several
// Luma instances on one database see one count. Past its limit a call is refused with 429
// 'tooManyAttempts' and Retry-After (the seconds left in the window), before any code runs.
// Every entry point of user code counts through it (functions, actions, routes, sparks), each before runUserCode.
import type { Kysely } from 'kysely';
import { nowDate } from '../platform/clock';
import { countCalls, deleteCallsBefore } from './rate-sql';
import type { Database } from '../db/schema';
import { tooManyAttempts } from '../auth/throttle';

const MINUTE = 60_000;

/** Entry points of user code, each with its own count per project. */
export type ScriptEntryPoint = 'function.component' | 'function.global' | 'function.public' | (string & {});

export interface RateLimit {
  /** What is counted: `projectScope(...)`, `clientScope(...)`. */
  scope: string;
  /** Calls allowed in one minute. */
  limit: number;
}

export const projectScope = (projectUuid: string, entry: ScriptEntryPoint): string => `project:${projectUuid}:${entry}`;
/** One caller of one thing (a public function by client address). */
export const clientScope = (what: string, address: string): string => `client:${what}:${address}`;

let lastSweep = 0;

/**
 * Counts one call against every limit; 429 when any count is past its limit. A refused call is
 * counted too (a client hammering a limit keeps being refused until the window turns).
 */
export async function countScriptCall(db: Kysely<Database>, limits: RateLimit[]): Promise<void> {
  const now = nowDate().getTime();
  const windowStart = new Date(now - (now % MINUTE));
  const counts = await countCalls(db, limits.map((limit) => limit.scope), windowStart);
  if (now - lastSweep > MINUTE) {
    lastSweep = now;
    await deleteCallsBefore(db, new Date(windowStart.getTime() - MINUTE));
  }
  if (limits.some((limit) => (counts.get(limit.scope) ?? 0) > limit.limit)) {
    throw tooManyAttempts(Math.max(1, Math.ceil((windowStart.getTime() + MINUTE - now) / 1000)));
  }
}
