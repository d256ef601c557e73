// A component's `cleanup_after` (spec section 3, model; the settings screen: 'Clean up unused models
// after (days)', empty means never): housekeeping deletes the records of that component that nobody
// has changed (created or updated) for that many days, in each environment by the settings of the
// version that environment runs (dev_version for dev records, public_version for live). The delete
// is the ordinary soft delete: the records leave the lists at once and are removed for good 30 days
// later with every deleted record, so an administrator who set the number too low has a month to
// notice. No workflow runs for them (like the 30-day purge: housekeeping is no member's write).
// docs/components.md "Clean-up of unused records".
import { sql, type Kysely } from 'kysely';
import type { Database, RecordEnv } from '../db/schema';

type Db = Kysely<Database>;

/** Records soft-deleted per statement: a component of millions is cleaned in steps, never in one long lock. */
export const CLEANUP_BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The days a version's settings keep unused records, or null when they are kept forever (unset, 0 or not a number). */
export function cleanupDays(settings: unknown): number | null {
  const model = (settings as { model?: { cleanup_after?: unknown } } | null)?.model;
  const days = model?.cleanup_after;
  return typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : null;
}

/** The component environments whose running version sets cleanup_after, with its days. */
async function targets(db: Db): Promise<{ componentUuid: string; env: RecordEnv; days: number }[]> {
  const rows = await db
    .selectFrom('components as c')
    .innerJoin('component_versions as v', 'v.component_uuid', 'c.uuid')
    .select(['c.uuid', 'c.dev_version', 'c.public_version', 'v.name', sql<unknown>`v.settings -> 'model' -> 'cleanup_after'`.as('cleanup_after')])
    .where((eb) => eb.or([eb('v.name', '=', eb.ref('c.dev_version')), eb('v.name', '=', eb.ref('c.public_version'))]))
    .execute();
  const found: { componentUuid: string; env: RecordEnv; days: number }[] = [];
  for (const row of rows) {
    const days = cleanupDays({ model: { cleanup_after: row.cleanup_after } });
    if (days === null) continue;
    if (row.dev_version === row.name) found.push({ componentUuid: row.uuid, env: 'dev', days });
    if (row.public_version === row.name) found.push({ componentUuid: row.uuid, env: 'live', days });
  }
  return found;
}

/** One housekeeping round of cleanup_after at `at`: answers how many records were deleted. */
export async function cleanupUnusedRecords(db: Db, at: Date): Promise<number> {
  let deleted = 0;
  for (const target of await targets(db)) {
    const before = new Date(at.getTime() - target.days * DAY_MS);
    for (;;) {
      const stale = db
        .selectFrom('records')
        .select('uuid')
        .where('component_uuid', '=', target.componentUuid)
        .where('env', '=', target.env)
        .where('deleted_at', 'is', null)
        .where('updated_at', '<', before)
        .limit(CLEANUP_BATCH);
      const result = await db
        .updateTable('records')
        .set({ deleted_at: at })
        .where('component_uuid', '=', target.componentUuid)
        .where('uuid', 'in', stale)
        .executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      deleted += count;
      if (count < CLEANUP_BATCH) break;
    }
  }
  return deleted;
}
