// SQL for the per-minute call counters of user code (usercode/rate): one row per scope and
// one-minute window, counted by an atomic upsert so that instances sharing the database count together.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Adds one call to each scope's window and answers the counts after it, by scope. */
export async function countCalls(db: Db, scopes: string[], windowStart: Date): Promise<Map<string, number>> {
  if (scopes.length === 0) return new Map();
  const rows = await db
    .insertInto('script_calls')
    .values(scopes.map((scope) => ({ scope, window_start: windowStart, count: 1 })))
    .onConflict((oc) => oc.columns(['scope', 'window_start']).doUpdateSet({ count: sql<number>`script_calls.count + 1` }))
    .returning(['scope', 'count'])
    .execute();
  return new Map(rows.map((row) => [row.scope, Number(row.count)]));
}

/** Housekeeping: windows that ended before `before`. */
export async function deleteCallsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('script_calls').where('window_start', '<', before).execute();
}
