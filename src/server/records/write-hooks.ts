// The moments of a record write that the hooks see (records/hook-events.ts, docs/platform.md
// "Hooks"): the transaction a write runs in and the actions after its commit, and what an update's
// filters are shown and how their answer joins the write.
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Database, RecordRow } from '../db/schema';
import { hooks } from '../platform/hooks';
import { isPlainObject } from '../platform/validate';
import type { RecordDraft, RecordWrite } from './hook-events';
import { joinedOf } from '../db/joined';

type Db = Kysely<Database>;

/** What a create's filters are told of the record: none yet. */
export const NEW_RECORD: RecordDraft['record'] = { uuid: null, version: null };

/** The data without hashed fields: hooks (workflows, the run log) never see password hashes. */
export function withoutHashes(view: ViewSchema, data: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = isPlainObject(data) ? { ...data } : {};
  for (const field of view.fields) if (field.hashed) delete copy[field.key];
  return copy;
}

/**
 * Runs `work` in a transaction, then `after` (the write's action hooks) once it has committed.
 * Always a transaction: what the filter hooks write (the event, the queued runs) commits with the
 * write or not at all. Inside an outer transaction (a workflow's component node) it joins that one,
 * and runs no action: the outer write runs its own after its commit; inside a joined transaction
 * (db/joined.ts) its actions wait for that one's commit.
 */
export async function inWrite<T>(db: Db, work: (tx: Db) => Promise<T>, after: (result: T) => Promise<void>): Promise<T> {
  // A joined transaction (db/joined.ts: a snapshot's apply) runs the actions after its own commit.
  const outer = joinedOf(db);
  if (outer) {
    const result = await work(db);
    outer.after.push(() => after(result));
    return result;
  }
  if (db.isTransaction) return work(db);
  const result = await db.transaction().execute(work);
  await after(result);
  return result;
}

/**
 * The update's filters (Before::Update) see the stored record with the change applied; what they
 * change is added to the write.
 */
export async function filterUpdate(
  db: Db,
  write: RecordWrite,
  view: ViewSchema,
  stored: RecordRow,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const merged = { ...withoutHashes(view, stored.data), ...input };
  const after = (await hooks.emitFilter('records.update', { data: merged, record: { uuid: stored.uuid, version: stored.version } }, write, { db })).data;
  if (after === merged) return input;
  const written = { ...input };
  for (const [key, value] of Object.entries(after)) if (!isDeepStrictEqual(value, merged[key])) written[key] = value;
  return written;
}
