// The calls of a record's history (docs/history.md): its revisions newest first, one revision, and
// the restore. Reading needs `read` on the record's component (none: 403, so a reader without it sees
// no history); each change is shown as the reader's edit view shows the field (hidden: left out;
// hashed: only that it changed). A restore is an update of the record through records.ts
// updateRecord: the same rules, Before::Update and Update workflows, and version check.
import type { Kysely } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import { HISTORY_LIMITS, type Revision, type RevisionPage } from '../../../runtime/api/history';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Accountability } from '../auth/tenancy';
import type { Database } from '../db/schema';
import type { RevisionRow } from '../db/schema-history';
import { badRequest, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { RECORD_MESSAGE, recordTarget, updateRecord, type RecordAnswer, type RecordTarget } from '../records/records';
import { findRecord } from '../records/sql';
import { compileFor } from '../records/view';
import { findRevision, listRevisions, type RevisionScope } from './sql';
import { visibleChanges } from './snapshot';

type Db = Kysely<Database>;

const notFound = () => new HttpError(404, RECORD_MESSAGE.notFound);

/** The record's history as `accountability` may read it: the target, the scope and the edit view. */
async function historyOf(db: Db, accountability: Accountability, ref: string, uuid: string, locale: string | undefined) {
  const target = await recordTarget(db, accountability, ref, ['read'], locale);
  if (!isUuid(uuid)) throw notFound();
  const scope: RevisionScope = { ...target.scope, record: uuid.toLowerCase() };
  const view = compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' });
  return { target, scope, view };
}

function answerOf(row: RevisionRow, older: RevisionRow | undefined, view: ViewSchema): Revision {
  return {
    id: String(row.id),
    version: row.version,
    action: row.action,
    detail: row.detail,
    actor: { kind: row.actor_kind, user: row.actor_uuid, run: row.actor_run },
    at: new Date(row.created_at).toISOString(),
    changes: visibleChanges(row, older, view),
  };
}

function pageQuery(query: unknown): { limit: number; before: string | null } {
  const input = isPlainObject(query) ? query : {};
  const unknown = Object.keys(input).find((key) => key !== 'limit' && key !== 'before');
  if (unknown !== undefined) throw badRequest([{ field: unknown.slice(0, 100), messages: ['unknownField'] }]);
  const limitText = input.limit === undefined || input.limit === '' ? null : String(input.limit);
  const limit = limitText === null ? HISTORY_LIMITS.pageDefault : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_LIMITS.pageMax) throw badRequest([{ field: 'limit', messages: ['invalid'] }]);
  const before = input.before === undefined ? null : String(input.before);
  if (before !== null && !/^[0-9]{1,18}$/.test(before)) throw badRequest([{ field: 'before', messages: ['invalid'] }]);
  return { limit, before };
}

/** GET .../model/{uuid}/revisions: a page of the record's revisions, newest first. */
export async function readRevisions(db: Db, accountability: Accountability, ref: string, uuid: string, query: unknown, locale: string | undefined): Promise<RevisionPage> {
  const { limit, before } = pageQuery(query);
  const { target, scope, view } = await historyOf(db, accountability, ref, uuid, locale);
  // One more than the page: the oldest shown needs the revision before it for its earlier values.
  const rows = await listRevisions(db, scope, limit + 1, before);
  if (rows.length === 0 && before === null && !(await findRecord(db, target.scope, scope.record))) throw notFound();
  const items = rows.slice(0, limit).map((row, at) => answerOf(row, rows[at + 1], view));
  return { items, next: rows.length > limit ? items[items.length - 1]!.id : null };
}

function revisionId(id: string): string {
  if (!/^[0-9]{1,18}$/.test(id)) throw notFound();
  return id;
}

/** GET .../model/{uuid}/revisions/{id}: one revision. */
export async function readRevision(db: Db, accountability: Accountability, ref: string, uuid: string, id: string, locale: string | undefined): Promise<Revision> {
  const { scope, view } = await historyOf(db, accountability, ref, uuid, locale);
  const row = await findRevision(db, scope, revisionId(id));
  if (!row) throw notFound();
  const [older] = await listRevisions(db, scope, 1, row.id);
  return answerOf(row, older, view);
}

/**
 * The data a restore of `revision` writes: each field the caller may see and edit (not hashed, which
 * keeps its stored value) whose value at the revision differs from the stored one.
 */
function restoredData(target: RecordTarget, revision: RevisionRow, stored: Record<string, unknown>): Record<string, unknown> {
  const view = compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' });
  const then = isPlainObject(revision.data) ? revision.data : {};
  const data: Record<string, unknown> = {};
  for (const field of view.fields) {
    if (!field.visible || !field.editable || field.hashed) continue;
    const value = then[field.key] ?? null;
    if (!isDeepStrictEqual(value, stored[field.key] ?? null)) data[field.key] = value;
  }
  return data;
}

/** POST .../model/{uuid}/revisions/{id}/restore {version}: the record as it was after that revision, as a new version. */
export async function restoreRevision(
  db: Db,
  accountability: Accountability,
  ref: string,
  uuid: string,
  id: string,
  body: unknown,
  locale: string | undefined,
): Promise<RecordAnswer> {
  const input = bodyObject(body);
  const unknown = Object.keys(input).find((key) => key !== 'version');
  if (unknown !== undefined) throw badRequest([{ field: unknown.slice(0, 100), messages: ['unknownField'] }]);
  const { target, scope } = await historyOf(db, accountability, ref, uuid, locale);
  const revision = await findRevision(db, scope, revisionId(id));
  const stored = await findRecord(db, target.scope, scope.record);
  if (!revision || !stored) throw notFound();
  const data = restoredData(target, revision, isPlainObject(stored.data) ? stored.data : {});
  // updateRecord checks the caller's right to update, the version, the rules, and runs the workflows.
  return updateRecord(db, accountability, ref, stored.uuid, { version: input.version, data }, locale, { kind: 'restore', revision: revision.id });
}
