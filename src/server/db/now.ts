// The server clock's time as an SQL value. Queries compare and stamp with this, never with the
// database's now(), so the server has one notion of time and a test that moves the clock
// (src/server/platform/clock.ts) moves expiry, idle time and windows with it.
import { sql, type RawBuilder } from 'kysely';
import { nowDate } from '../platform/clock';

/** `$n::timestamptz` bound to the clock's current time, or to `at` when a caller judges by a given time. */
export function clockNow(at?: Date): RawBuilder<Date> {
  return sql<Date>`${at ?? nowDate()}::timestamptz`;
}
