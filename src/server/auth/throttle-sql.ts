// SQL for login throttling: one counter per key ('account:<email>', 'address:<ip>') in a
// fixed window that starts at the first failure.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

export interface FailureCounter {
  key: string;
  count: number;
  /** Milliseconds until the window ends (by the server clock). */
  remaining_ms: number;
}

/** Counters of the given keys whose window is still open. */
export async function openCounters(db: Db, keys: string[], windowMs: number): Promise<FailureCounter[]> {
  if (keys.length === 0) return [];
  const remaining = sql<number>`(extract(epoch from (window_start + ${windowMs} * interval '1 millisecond' - ${clockNow()})) * 1000)::float8`;
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', 'count', remaining.as('remaining_ms')])
    .where('key', 'in', keys)
    .where(remaining, '>', 0)
    .execute();
  return rows.map((row) => ({ ...row, remaining_ms: Number(row.remaining_ms) }));
}

/** Adds one failure to each key; a counter whose window has passed starts over. Atomic per key. */
export async function recordFailure(db: Db, keys: string[], windowMs: number): Promise<void> {
  if (keys.length === 0) return;
  const expired = sql<boolean>`login_failures.window_start + ${windowMs} * interval '1 millisecond' <= ${clockNow()}`;
  await db
    .insertInto('login_failures')
    .values(keys.map((key) => ({ key, count: 1, window_start: clockNow() })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else login_failures.count + 1 end`,
        window_start: sql<Date>`case when ${expired} then ${clockNow()} else login_failures.window_start end`,
      }),
    )
    .execute();
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Housekeeping: drops counters whose window has passed. */
export async function deleteStaleFailures(db: Db, windowMs: number, at?: Date): Promise<void> {
  await db.deleteFrom('login_failures').where(sql<boolean>`window_start + ${windowMs} * interval '1 millisecond' <= ${clockNow(at)}`).execute();
}
