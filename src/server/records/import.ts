// Record import (docs/lists.md "Import"): the rows of a CSV or JSON file (import-source.ts), mapped
// to fields by field_map (import-map.ts), coerced per field type, checked one by one with the record
// API's own write check (records.checkWrite: model_create for new rows, model_edit for rows that
// match an existing record on primary_key), and written in batches inside ONE transaction, in file
// order. The file is read as it arrives: while one batch is being written (COPY on PostgreSQL, a
// multi-row INSERT on PGlite), the next is read and checked, so the database and the checks work at
// the same time; once any row is bad, nothing more is written, the remaining rows are still checked
// (every bad row is answered), and the transaction rolls back: 417 fieldsNotValid with errors at
// `row.{n}.{key}`.
import type { Kysely } from 'kysely';
import type { FieldError } from '../../../runtime/api/contract';
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import { findRecordsByKey } from './sql';
import type { Database, RecordRow } from '../db/schema';
import { fieldsNotValid, forbidden, HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { mayOnComponent } from '../components/model';
import { buildRecordBatchSliced, takenValues, updateRecordBatch, writeRecordBatch, type RecordBatch, type RecordUpdate } from './import-sql';
import { keepStatistics } from './partitions-sql';
import { nowDate } from '../platform/clock';
import { IMPORT_MESSAGE, openImportSource, type ImportFormat } from './import-source';
import { addError, checkLocally, finishWrite, RECORD_MESSAGE, recordTarget, type RecordTarget } from './records';
import { filterUpdate, NEW_RECORD } from './write-hooks';
import type { RecordWrite } from './hook-events';
import { hooks } from '../platform/hooks';
import { uniqueIndexName } from './indexes';
import { newRelationMemo } from './relations';
import { compileFor } from './view';
import type { Accountability } from '../auth/tenancy';
import type { FieldMapEntry, ImportResult } from '../../../runtime/api/import';
import { checkPrimaryKey, keyText, parseFieldMap, UUID_KEY } from './import-map';
import { FIRST_BATCH_ROWS, ImportRows, nextBatchSize, type Pending } from './import-rows';
import { offloadable, runOffloaded } from './import-offload';

export { IMPORT_LIMITS, IMPORT_MESSAGE } from './import-source';

type Db = Kysely<Database>;

export type { FieldMapEntry, ImportResult } from '../../../runtime/api/import';

/** What the multipart request carries besides the file. */
export interface ImportOptions {
  primaryKey?: string;
  fieldMap?: string;
}

export interface ImportFile {
  stream: AsyncIterable<Buffer>;
  filename?: string;
  mimetype?: string;
}

/** The component, the caller's right to create there, and the two compiled views. */
export interface ImportTarget {
  accountability: Accountability;
  target: RecordTarget;
  createView: ViewSchema;
  editView: ViewSchema;
}

/** Checked before the file is read: `create {ref}` (admins pass). */
export async function importTarget(db: Db, accountability: Accountability, ref: string, locale: string | undefined): Promise<ImportTarget> {
  const target = await recordTarget(db, accountability, ref, ['create'], locale);
  return {
    accountability,
    target,
    createView: compileFor(target.row, target.settings, { ...target.viewer, page: 'model_create' }),
    editView: compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' }),
  };
}

// ---------------------------------------------------------------------------------------------
// The import

interface Checked {
  n: number;
  data: Record<string, unknown>;
  stored: RecordRow | null;
}

/** A checked batch and its new records, built to send. */
interface Built {
  rows: Checked[];
  creates: RecordBatch;
}

/** Rows checked between two turns of the event loop. */
const CHECK_SLICE = 250;

class ImportRun extends ImportRows {
  /** Records this import updated (told to the hooks once every row is written). */
  readonly updatedUuids: string[] = [];
  created = 0;
  updated = 0;
  private readonly keysSeen = new Map<string, number>();
  private readonly uniqueSeen = new Map<string, Map<string, number>>();
  private readonly uniqueKeys: string[];
  /** Foreign components and related records found once for the whole file, not once a row. */
  private readonly relations = newRelationMemo();

  constructor(
    private readonly db: Db,
    /** The import as its hooks see it: one write, the same at every row. */
    readonly recordWrite: RecordWrite,
    private readonly it: ImportTarget,
    map: FieldMapEntry[],
    columns: string[],
    format: ImportFormat,
    primaryKey: string | null,
    keyField: ViewField | null,
    /** The created_at of every record the import creates (seq keeps the file's order). */
    readonly createdAt: Date,
  ) {
    super(it.createView, map, columns, format, primaryKey, keyField);
    this.uniqueKeys = it.createView.fields.filter((field) => field.unique && !field.hashed).map((field) => field.key);
    for (const key of this.uniqueKeys) this.uniqueSeen.set(key, new Map());
  }

  /** Checks one batch; answers the rows to write (empty once any row anywhere is bad). */
  async check(batch: Pending[]): Promise<Checked[]> {
    const { db, it } = this;
    const scope = it.target.scope;
    // The records the keys name.
    const existing = new Map<string, RecordRow[]>();
    if (this.primaryKey) {
      const keyColumn = this.primaryKey;
      const texts = [...new Set(batch.map((row) => row.key).filter((key): key is string => key !== null && (keyColumn !== UUID_KEY || isUuid(key))))];
      for (const record of await findRecordsByKey(db, scope, keyColumn, texts)) {
        const text = keyColumn === UUID_KEY ? record.uuid.toLowerCase() : keyText((record.data as Record<string, unknown>)[keyColumn]);
        if (text === null) continue;
        const list = existing.get(text) ?? [];
        list.push(record);
        existing.set(text, list);
      }
    }

    const checked: Checked[] = [];
    for (const [index, row] of batch.entries()) {
      // The previous batch's write goes on meanwhile: its socket I/O needs the event loop now and then.
      if (index % CHECK_SLICE === CHECK_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      let stored: RecordRow | null = null;
      if (row.key !== null && this.primaryKey) {
        const keyName = this.primaryKey;
        const first = this.keysSeen.get(row.key);
        if (first !== undefined) {
          this.rowError(row.n, keyName, IMPORT_MESSAGE.duplicateKey, { row: first });
          continue;
        }
        this.keysSeen.set(row.key, row.n);
        const matches = existing.get(row.key) ?? [];
        if (matches.length > 1) {
          this.rowError(row.n, keyName, IMPORT_MESSAGE.ambiguousKey);
          continue;
        }
        stored = matches[0] ?? null;
        if (keyName === UUID_KEY && !stored && !isUuid(row.key)) {
          this.rowError(row.n, UUID_KEY, RECORD_MESSAGE.invalidInput);
          continue;
        }
      }
      const view = stored ? it.editView : it.createView;
      let data: Record<string, unknown>;
      // The filters (Before::Create / Before::Update) row by row, inside the import's transaction: a refusal is this row's error.
      try {
        data = stored
          ? await filterUpdate(db, this.recordWrite, view, stored, row.data)
          : (await hooks.emitFilter('records.create', { data: row.data, record: NEW_RECORD }, this.recordWrite, { db })).data;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 417) throw error;
        for (const entry of error.errors ?? []) entry.messages.forEach((message) => this.rowError(row.n, entry.field, message));
        continue;
      }
      // Without an await when the view has no field the database must check (relations, dates, media) and no password is set.
      const local = checkLocally(view, data, stored);
      const outcome = 'outcome' in local ? local.outcome : await finishWrite(db, it.accountability, it.target, view, stored, local, this.relations);
      const written = this.outcome(row.n, outcome);
      if (written !== null) checked.push({ n: row.n, data: written, stored });
    }

    await this.checkUnique(checked);
    return this.errors.length > 0 ? [] : checked;
  }

  /** Unique fields: taken by an earlier row of the file, or by another live record. */
  private async checkUnique(rows: Checked[]): Promise<void> {
    for (const key of this.uniqueKeys) {
      const seen = this.uniqueSeen.get(key)!;
      const claims: { row: Checked; text: string }[] = [];
      for (const row of rows) {
        const text = keyText(row.data[key]);
        if (text === null) continue;
        const first = seen.get(text);
        if (first !== undefined) {
          this.rowError(row.n, key, RECORD_MESSAGE.unique);
          continue;
        }
        seen.set(text, row.n);
        claims.push({ row, text });
      }
      if (claims.length === 0) continue;
      const taken = await takenValues(this.db, this.it.target.scope, key, [...new Set(claims.map((claim) => claim.text))]);
      const holders = new Map<string, Set<string>>();
      for (const { uuid, value } of taken) holders.set(value, (holders.get(value) ?? new Set()).add(uuid));
      for (const { row, text } of claims) {
        const others = [...(holders.get(text) ?? [])].filter((uuid) => uuid !== row.stored?.uuid);
        // Records this file wrote in earlier batches hold values already in `seen`: these are others.
        if (others.length > 0) this.rowError(row.n, key, RECORD_MESSAGE.unique);
      }
    }
  }

  /** A checked batch's new records made ready to send (ids, COPY text or JSON): done before the previous batch's write ends. */
  async build(rows: Checked[]): Promise<Built> {
    const creates: Record<string, unknown>[] = [];
    for (const row of rows) if (row.stored === null) creates.push(row.data);
    return { rows, creates: await buildRecordBatchSliced(this.db, this.it.target.scope, this.it.accountability.user.uuid, creates, this.createdAt) };
  }

  async write({ rows, creates }: Built): Promise<void> {
    const { db, it } = this;
    const userUuid = it.accountability.user.uuid;
    const updates: RecordUpdate[] = rows.filter((row) => row.stored !== null).map((row) => ({ uuid: row.stored!.uuid, version: row.stored!.version, data: row.data }));
    try {
      this.created += await writeRecordBatch(db, it.target.scope, userUuid, creates, this.createdAt);
      const changed = await updateRecordBatch(db, it.target.scope, userUuid, updates);
      // A matched record changed or was deleted since it was read: nothing of the import stays.
      if (changed !== updates.length) throw new HttpError(409, RECORD_MESSAGE.recordVersionConflict);
      this.updated += changed;
      for (const update of updates) this.updatedUuids.push(update.uuid);
    } catch (error) {
      throw this.uniqueViolation(error, rows);
    }
  }

  /** A unique index refusal (a concurrent writer): 417 'unique' at the row whose value it names, when it can be told. */
  private uniqueViolation(error: unknown, rows: Checked[]): unknown {
    if ((error as { code?: unknown })?.code !== '23505') return error;
    const { componentUuid, env } = this.it.target.scope;
    const constraint = (error as { constraint?: unknown }).constraint;
    const key = this.uniqueKeys.find((candidate) => uniqueIndexName(componentUuid.toLowerCase(), env, candidate) === constraint);
    if (!key) return fieldsNotValid([{ field: 'data', messages: [RECORD_MESSAGE.unique], values: [null] }]);
    const detail = String((error as { detail?: unknown }).detail ?? '');
    const value = /\)=\((.*)\) already exists/s.exec(detail)?.[1];
    const row = value === undefined ? undefined : rows.find((candidate) => keyText(candidate.data[key]) === value);
    return fieldsNotValid([{ field: row ? `row.${row.n}.${key}` : key, messages: [RECORD_MESSAGE.unique], values: [null] }]);
  }
}

/** What an import did, once every row is read: its errors, or its summary told to the hooks in its transaction. */
interface ImportSummary {
  created: number;
  updated: number;
  total: number;
  createdAt: Date;
  updatedUuids: string[];
  errors: FieldError[];
  refused: boolean;
}

async function finishImport(trx: Db, it: ImportTarget, write: RecordWrite, done: ImportSummary): Promise<ImportResult> {
  if (done.errors.length > 0) {
    if (done.refused) throw new HttpError(403, RECORD_MESSAGE.fieldNotEditable, done.errors);
    throw fieldsNotValid(done.errors);
  }
  // What commits with the rows: the import's summary event (docs/event-bus.md), the Create and Update runs.
  const { created, updated, total, createdAt, updatedUuids } = done;
  const views = { create: it.createView, edit: it.editView };
  await hooks.emitFilter('records.import.written', { created, updated, total, createdAt, updatedUuids, views }, write, { db: trx });
  return { created, updated, total };
}

/**
 * The import: options checked against the file's columns and the caller's view (400), then every
 * row checked and, while none is bad, written batch by batch in one transaction. On PGlite, for a
 * view whose checks need no database, the rows are read and checked in the import worker thread
 * while this thread writes (import-offload.ts); the answer is the same.
 */
export async function runImport(db: Db, it: ImportTarget, options: ImportOptions, file: ImportFile): Promise<ImportResult> {
  const primaryKey = options.primaryKey?.trim() ? options.primaryKey.trim() : null;
  if (primaryKey && !['update', 'edit'].some((verb) => mayOnComponent(it.accountability, verb, it.target.row))) throw forbidden();
  const write: RecordWrite = { target: it.target, accountability: it.accountability };
  const result = (await offloadable(db, it.createView, primaryKey, write))
    ? await db.transaction().execute(async (trx) => {
        const createdAt = nowDate();
        const job = { view: it.createView, fieldMap: options.fieldMap, filename: file.filename, mimetype: file.mimetype };
        const done = await runOffloaded(trx, job, file.stream, it.target.scope, it.accountability.user.uuid, createdAt);
        return finishImport(trx, it, write, { ...done, updated: 0, createdAt, updatedUuids: [] });
      })
    : await importHere(db, it, options, file, primaryKey, write);
  await hooks.emitAction('records.import', { write, ...result }, { db });
  return result;
}

/** The import on this thread: the next batch read and checked while one is written. */
async function importHere(db: Db, it: ImportTarget, options: ImportOptions, file: ImportFile, primaryKey: string | null, write: RecordWrite): Promise<ImportResult> {
  const source = await openImportSource(file.stream, file.filename, file.mimetype);
  const map = parseFieldMap(options.fieldMap, source.columns, it.createView);
  const keyField = primaryKey ? checkPrimaryKey(primaryKey, map, it.createView) : null;
  return db.transaction().execute(async (trx) => {
    const run = new ImportRun(trx, write, it, map, source.columns, source.format, primaryKey, keyField, nowDate());
    // At most one batch is being written while the next is read and checked.
    let writing: Promise<void> = Promise.resolve();
    let batch: Pending[] = [];
    // The first batch is small, so the database starts writing while the rest of the file is read.
    let size = FIRST_BATCH_ROWS;
    const flush = async () => {
      size = nextBatchSize(size);
      const rows = await run.check(batch);
      batch = [];
      // Built while the previous batch is still being written: the database then waits only for the send.
      const built = rows.length === 0 ? null : await run.build(rows);
      await writing;
      if (built === null) return;
      writing = run.write(built);
      // Awaited by the next flush or at the end; never unhandled meanwhile.
      writing.catch(() => undefined);
    };
    try {
      for await (const rows of source.rows) {
        for (const row of rows) {
          run.total += 1;
          batch.push(run.pending(row));
          if (batch.length >= size) await flush();
        }
      }
      if (batch.length > 0) await flush();
      await writing;
    } catch (error) {
      // A failed write is the answer (it also fails the lookups queued behind it), as when each batch
      // was written before the next was read; and nothing is left running when the transaction rolls back.
      await writing;
      throw error;
    }
    return finishImport(trx, it, write, run);
  });
}

/**
 * After the answer (routes-import.ts): a large import moves the planner's statistics, and PGlite has
 * no autovacuum to notice. Run once the caller has its answer, as PostgreSQL's autovacuum would run
 * a moment after the commit; housekeeping's schedule catches a refresh a stopped process never ran.
 */
export async function keepImportStatistics(db: Db, it: ImportTarget, result: ImportResult): Promise<boolean> {
  return keepStatistics(db, it.target.row.uuid, result.created + result.updated);
}
