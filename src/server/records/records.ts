// The record calls (docs/records.md "Record API"): create, read, update and soft delete of one
// component's records in the request's environment. Every rule comes from the compiled ViewSchema
// (runtime/compile) and runtime/validation; this module orders the checks (those without the
// database in write-check.ts), keeps hashes and writes with optimistic concurrency.
import type { Kysely } from 'kysely';
import { PASSWORD_TOKEN } from '../../../runtime/validation/index';
import type { ComponentSettings } from '../../../schemas/index';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { findRecord, insertRecord, purgeRecordsDeletedBefore, softDeleteRecord, updateRecordVersioned, type RecordScope } from './sql';
import type { ComponentRow, Database, RecordRow } from '../db/schema';
import { nowDate } from '../platform/clock';
import { badRequest, fieldsNotValid, forbidden, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { mayOnComponent, resolveComponent } from '../components/model';
import { hashPassword } from '../auth/passwords';
import { relatedObjects, relationProblems, type RelationMemo } from './relations';
import { RECORD_META_KEYS, REF_OBJ_SUFFIX, shapeRecord, type RecordAnswer } from './shape';
import { uniqueViolationField } from './indexes';
import { dateCollisions } from './dates';
import { mediaProblems } from './media-values';
import { addError, checkLocally, isEmpty, RECORD_MESSAGE, type LocalCheck, type PreparedWrite, type WriteOutcome } from './write-check';
import { fieldKinds } from './field-kinds';
import { LIST_MESSAGE } from './list';
import { compileFor, envSettings, viewerOf, type Viewer } from './view';
import { requireProject, type Accountability } from '../auth/tenancy';
import { hooks } from '../platform/hooks';
import type { RecordWrite } from './hook-events';
import { filterUpdate, inWrite, NEW_RECORD, withoutHashes } from './write-hooks';

type Db = Kysely<Database>;

export { RECORD_META_KEYS, REF_OBJ_SUFFIX, shapeRecord, type RecordAnswer };
export { addError, checkLocally, RECORD_MESSAGE, type PreparedWrite, type WriteOutcome } from './write-check';

/** What a password field shows on the model edit page; sent back on update, it keeps the stored hash. */
export { PASSWORD_TOKEN };

/** Days a soft-deleted record is kept before the housekeeping removes it. */
export const DELETED_RECORD_RETENTION_DAYS = 30;

const recordNotFound = () => new HttpError(404, RECORD_MESSAGE.notFound);
const versionConflict = () => new HttpError(409, RECORD_MESSAGE.recordVersionConflict);
const invalidAt = (field: string) => fieldsNotValid([{ field, messages: [RECORD_MESSAGE.invalidInput], values: [null] }]);

/** The component, the caller's right to `verbs` on it (any of them), and the environment's settings. */
export interface RecordTarget {
  row: ComponentRow;
  settings: ComponentSettings;
  scope: RecordScope;
  viewer: Viewer;
}

export async function recordTarget(db: Db, accountability: Accountability, ref: string, verbs: string[], locale: string | undefined): Promise<RecordTarget> {
  const projectUuid = requireProject(accountability);
  const row = await resolveComponent(db, projectUuid, ref);
  // Reading answers the list's key (spec section 6: 'no permissions to read'), one record or many.
  if (!verbs.some((verb) => mayOnComponent(accountability, verb, row))) throw forbidden(verbs.includes('read') ? LIST_MESSAGE.noPermissionsToRead : undefined);
  const settings = await envSettings(db, row, accountability.env);
  return { row, settings, scope: { projectUuid, componentUuid: row.uuid, env: accountability.env }, viewer: viewerOf(accountability, locale) };
}

/** shapeRecord plus `{key}_RefObj` beside each relation field the viewer may see. */
export async function answerRecord(db: Db, accountability: Accountability, target: RecordTarget, row: RecordRow): Promise<RecordAnswer> {
  const view = compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' });
  const answer = shapeRecord(row, view);
  Object.assign(answer, await relatedObjects(db, accountability, target, view, answer));
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The write of `input` (a record's data) over `stored` (null on create), checked in this order:
 * unknown keys (417 invalidInput), fields the caller may not see or edit (403 fieldNotEditable),
 * the runtime's field rules on the coerced values (417), relation values (417 invalidSelection).
 * Nothing is written until every check passes. The refusal is answered, not thrown, so a caller
 * checking many records (the import) can collect every record's errors.
 */
export async function checkWrite(
  db: Db,
  accountability: Accountability,
  target: RecordTarget,
  view: ViewSchema,
  input: Record<string, unknown>,
  stored: RecordRow | null,
): Promise<WriteOutcome> {
  const local = checkLocally(view, input, stored);
  return 'outcome' in local ? local.outcome : finishWrite(db, accountability, target, view, stored, local);
}

/**
 * checkWrite's checks that read the database (relations, dates, media) and the password hashes, after
 * checkLocally left them to do. The import calls it for its rows that need it (checkLocally first, once).
 */
export async function finishWrite(
  db: Db,
  accountability: Accountability,
  target: RecordTarget,
  view: ViewSchema,
  stored: RecordRow | null,
  local: LocalCheck,
  /** The relations an import's rows share (import.ts); a single write looks its own up. */
  relationMemo?: RelationMemo,
): Promise<WriteOutcome> {
  const { storedData, next, errors, failed, plain, changed } = local;
  const kinds = fieldKinds(view); // the checks that read the database, only for a view with such fields
  if (kinds.relation) {
    const relationFields = view.fields.filter((field) => field.relation && changed.has(field.key) && !failed.has(field.key));
    for (const key of await relationProblems(db, accountability, target, relationFields, next, relationMemo)) addError(errors, key, RECORD_MESSAGE.invalidSelection);
  }
  // Date ranges sharing a day and date-times taking a minute another record holds (records-dates.ts).
  if (kinds.dates) {
    for (const key of await dateCollisions(db, target.scope, view, next, stored ? { uuid: stored.uuid, data: storedData } : null, failed)) {
      addError(errors, key, RECORD_MESSAGE.invalidDates);
    }
  }
  // Image, file and carousel values point into this project's libraries or out over http(s) (records-media.ts).
  if (kinds.media) {
    for (const problem of await mediaProblems(db, target.scope.projectUuid, view, next, stored ? storedData : null, failed)) addError(errors, problem.field, problem.message);
  }
  if (errors.length > 0) return { ok: false, status: 417, errors };

  for (const [key, value] of plain) next[key] = isEmpty(value) ? null : await hashPassword(typeof value === 'string' ? value : JSON.stringify(value));
  // Only the view's fields and the keys an older version stored: nothing else reaches the row.
  return { ok: true, write: { data: next, changed } };
}

/** checkWrite, throwing its refusal (the single-record calls). */
async function prepareWrite(
  db: Db,
  accountability: Accountability,
  target: RecordTarget,
  view: ViewSchema,
  input: Record<string, unknown>,
  stored: RecordRow | null,
): Promise<PreparedWrite> {
  const outcome = await checkWrite(db, accountability, target, view, input, stored);
  if (outcome.ok) return outcome.write;
  if (outcome.status === 403) throw new HttpError(403, RECORD_MESSAGE.fieldNotEditable, outcome.errors);
  throw fieldsNotValid(outcome.errors);
}

/** A write refused by a unique index: 417 'unique' at the field; any other error is rethrown. */
async function answerUniqueViolation(db: Db, target: RecordTarget, view: ViewSchema, error: unknown): Promise<never> {
  const field = await uniqueViolationField(db, target, view, error);
  if (field === undefined) throw error;
  throw fieldsNotValid([{ field: field ?? 'data', messages: [RECORD_MESSAGE.unique], values: [null] }]);
}

function dataOf(body: Record<string, unknown>): Record<string, unknown> {
  if (!isPlainObject(body.data)) throw invalidAt('data');
  return body.data;
}

export async function createRecord(db: Db, accountability: Accountability, ref: string, body: unknown, locale: string | undefined): Promise<RecordAnswer> {
  const input = bodyObject(body);
  const found = await recordTarget(db, accountability, ref, ['create'], locale);
  const data = dataOf(input);
  const view = compileFor(found.row, found.settings, { ...found.viewer, page: 'model_create' });
  const write: RecordWrite = { target: found, accountability };
  const row = await inWrite(
    db,
    async (tx) => {
      // The filters (Before::Create) may change what is written, or refuse it; the record's own rules judge the result.
      const draft = await hooks.emitFilter('records.create', { data, record: NEW_RECORD }, write, { db: tx });
      const prepared = await prepareWrite(tx, accountability, found, view, draft.data, null);
      const row = await insertRecord(tx, found.scope, prepared.data, accountability.user.uuid);
      // What commits with the record: its event (docs/event-bus.md "Outbox"), its Create runs.
      await hooks.emitFilter('records.create.written', { row, view }, write, { db: tx });
      return row;
    },
    (row) => hooks.emitAction('records.create', { write, row }, { db }),
  ).catch((error: unknown) => answerUniqueViolation(db, found, view, error));
  return answerRecord(db, accountability, found, row);
}

export async function getRecord(db: Db, accountability: Accountability, ref: string, uuid: string, locale: string | undefined): Promise<RecordAnswer> {
  const found = await recordTarget(db, accountability, ref, ['read'], locale);
  const row = isUuid(uuid) ? await findRecord(db, found.scope, uuid.toLowerCase()) : undefined;
  if (!row) throw recordNotFound();
  return answerRecord(db, accountability, found, row);
}

export async function updateRecord(
  db: Db,
  accountability: Accountability,
  ref: string,
  uuid: string,
  body: unknown,
  locale: string | undefined,
  /** A restore of a revision (history/restore.ts): told to the hooks with the write. */
  origin?: RecordWrite['origin'],
): Promise<RecordAnswer> {
  const input = bodyObject(body);
  const found = await recordTarget(db, accountability, ref, ['update', 'edit'], locale);
  const stored = isUuid(uuid) ? await findRecord(db, found.scope, uuid.toLowerCase()) : undefined;
  if (!stored) throw recordNotFound();
  const version = input.version;
  // The version is the request's own part (not a field of the record): without it the request is malformed.
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) throw badRequest([{ field: 'version', messages: ['invalid'] }]);
  const data = dataOf(input);
  // Stale before any work: nothing is checked or hashed for a write that cannot win.
  if (version !== stored.version) throw versionConflict();

  const view = compileFor(found.row, found.settings, { ...found.viewer, page: 'model_edit' });
  const write: RecordWrite = { target: found, accountability, ...(origin ? { origin } : {}) };
  const row = await inWrite(
    db,
    async (tx) => {
      const written = await filterUpdate(tx, write, view, stored, data);
      const prepared = await prepareWrite(tx, accountability, found, view, written, stored);
      const row = await updateRecordVersioned(tx, found.scope, stored.uuid, version, prepared.data, accountability.user.uuid);
      if (row) await hooks.emitFilter('records.update.written', { row, view, previous: stored }, write, { db: tx });
      return row;
    },
    async (row) => {
      if (row) await hooks.emitAction('records.update', { write, row }, { db });
    },
  ).catch((error: unknown) => answerUniqueViolation(db, found, view, error));
  if (!row) {
    // Another writer got there first (or deleted it): nothing was changed.
    if (!(await findRecord(db, found.scope, stored.uuid))) throw recordNotFound();
    throw versionConflict();
  }
  return answerRecord(db, accountability, found, row);
}

export async function deleteRecord(db: Db, accountability: Accountability, ref: string, uuid: string): Promise<Record<string, never>> {
  const found = await recordTarget(db, accountability, ref, ['delete'], undefined);
  const write: RecordWrite = { target: found, accountability };
  const deleted = await inWrite(
    db,
    async (tx) => {
      const stored = isUuid(uuid) ? await findRecord(tx, found.scope, uuid.toLowerCase()) : undefined;
      if (!stored) return null;
      const view = compileFor(found.row, found.settings, { ...found.viewer, page: 'model_edit' });
      const data = withoutHashes(view, isPlainObject(stored.data) ? stored.data : {});
      // The filters (Before::Delete) may refuse the removal; what they change in the data is not written.
      await hooks.emitFilter('records.delete', { data, record: { uuid: stored.uuid, version: stored.version } }, write, { db: tx });
      if (!(await softDeleteRecord(tx, found.scope, stored.uuid, accountability.user.uuid))) return null;
      await hooks.emitFilter('records.delete.written', { uuid: stored.uuid, data }, write, { db: tx });
      return stored.uuid;
    },
    async (removed) => {
      if (removed) await hooks.emitAction('records.delete', { write, uuid: removed }, { db });
    },
  );
  if (!deleted) throw recordNotFound();
  return {};
}

/** Removes records deleted more than DELETED_RECORD_RETENTION_DAYS ago (the hourly housekeeping). */
export function purgeDeletedRecords(db: Db, now: Date = nowDate()): Promise<number> {
  return purgeRecordsDeletedBefore(db, new Date(now.getTime() - DELETED_RECORD_RETENTION_DAYS * 24 * 60 * 60_000));
}
