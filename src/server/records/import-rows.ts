// An import's rows as record data (docs/lists.md "Import"): each file row mapped to its fields and
// coerced (import-map.ts), the errors at `row.{n}.{key}`, the batches' sizes, and the write check's
// outcome per row. Nothing here reads the database, so the same code runs on the server's thread
// (import.ts) and in the import worker thread (import.worker.ts) for views that need no database check.
import type { FieldError } from '../../../runtime/api/contract';
import type { FieldMapEntry } from '../../../runtime/api/import';
import { coerceValue, RECORD_MESSAGE as RULE_MESSAGE } from '../../../runtime/validation/index';
import type { ViewField, ViewSchema } from '../../../schemas/viewSchema.schema';
import { toJson } from '../db/json';
import { uuidv7 } from '../db/uuid7';
import { coercionLoses, importCellValue, keyText, UUID_KEY } from './import-map';
import type { ImportFormat, ImportRow } from './import-source';
import { addError, checkLocally, type WriteOutcome } from './write-check';

/** A file row as record data. */
export interface Pending {
  n: number;
  data: Record<string, unknown>;
  /** The primary key's text, or null (every row creates). */
  key: string | null;
}

/** The first batch's rows: the database waits for no more than these before its first write. */
export const FIRST_BATCH_ROWS = 500;
/**
 * Each batch up to IMPORT_BATCH_ROWS is this many times the one before (500, 1,500, 4,500, 5,000):
 * a row takes the checks about a third of the time COPY takes to write it, so the next batch is
 * checked before the database is done with this one. A 5,000-row second batch left the database
 * idle for about 40 ms while it was checked (a 500-row write takes about 30).
 */
const BATCH_GROWTH = 3;
/** Rows per statement: far below PostgreSQL's 65535 bound parameters (3 per update row). */
export const IMPORT_BATCH_ROWS = 5000;

/** The size of the batch after one of `size` rows. */
export const nextBatchSize = (size: number) => Math.min(IMPORT_BATCH_ROWS, size * BATCH_GROWTH);

/** The PGlite batch's parameter, a JSON array of [uuid (v7), data] pairs, built as one string (no array of pairs to stringify again). */
export function embeddedJson(rows: Record<string, unknown>[]): string {
  let json = '[';
  for (let index = 0; index < rows.length; index += 1) json += `${index === 0 ? '' : ','}["${uuidv7()}",${toJson(rows[index])}]`;
  return `${json}]`;
}

export class ImportRows {
  readonly errors: FieldError[] = [];
  /** 403 fieldNotEditable rather than 417, when a row writes a field the caller may not. */
  refused = false;
  total = 0;
  private readonly plan: { from: string; index: number; to: string; field: ViewField | null }[];

  constructor(
    view: ViewSchema,
    map: FieldMapEntry[],
    /** The file's columns (the CSV header): a CSV row's cells are read by their index. */
    columns: string[],
    private readonly format: ImportFormat,
    protected readonly primaryKey: string | null,
    private readonly keyField: ViewField | null,
  ) {
    const fields = new Map(view.fields.map((field) => [field.key, field]));
    // Each mapped column once: its cell's index in a CSV record (-1: a column without a name, never read), its field (null: the uuid).
    this.plan = map.map(({ from, to }) => ({ from, index: from === '' ? -1 : columns.indexOf(from), to, field: to === UUID_KEY ? null : fields.get(to)! }));
  }

  rowError(n: number, key: string, message: string, values: Record<string, string | number> | null = null): void {
    addError(this.errors, `row.${n}.${key}`, message, values);
  }

  /** A file row as record data plus its key text. */
  pending(row: ImportRow): Pending {
    const data: Record<string, unknown> = {};
    let key: string | null = null;
    const { cells, values } = row;
    for (const { from, index, to, field } of this.plan) {
      const raw = cells ? (index < 0 ? undefined : cells[index]) : values![from];
      if (field === null) {
        const text = raw === undefined || raw === null ? '' : String(raw).trim();
        if (this.primaryKey === UUID_KEY && text !== '') key = text.toLowerCase();
        continue;
      }
      const value = importCellValue(field, raw, this.format);
      data[to] = value;
      // Coercion must not lose a cell: text that does not read as its field's type is a bad row,
      // not a silent null (the record API's coercion turns non-numeric text into null).
      if (value !== null && coercionLoses(field, value)) this.rowError(row.n, to, field.renderer.endsWith('/number') ? RULE_MESSAGE.invalidNumber : RULE_MESSAGE.invalidInput);
    }
    if (this.keyField) key = keyText(coerceValue(this.keyField, data[this.keyField.key]));
    if (key === '') key = null;
    return { n: row.n, data, key };
  }

  /** A row's write check outcome: the data to write, or null once its errors are noted. */
  outcome(n: number, outcome: WriteOutcome): Record<string, unknown> | null {
    if (outcome.ok) return outcome.write.data;
    if (outcome.status === 403) this.refused = true;
    for (const error of outcome.errors) {
      error.messages.forEach((message, index) => this.rowError(n, error.field, message, error.values?.[index] ?? null));
    }
    return null;
  }

  /**
   * A batch of new records checked without the database (import.worker.ts: a view with no relation,
   * date or media field, no password, no unique field, no primary key, and no Before::Create filter
   * that acts): what ImportRun.check does for such a view. Answers the data to write (empty once any
   * row anywhere is bad).
   */
  checkLocal(view: ViewSchema, batch: Pending[]): Record<string, unknown>[] {
    const checked: Record<string, unknown>[] = [];
    for (const row of batch) {
      const local = checkLocally(view, row.data, null);
      if (!('outcome' in local)) throw new Error('the import worker was given a view whose checks read the database');
      const data = this.outcome(row.n, local.outcome);
      if (data !== null) checked.push(data);
    }
    return this.errors.length > 0 ? [] : checked;
  }
}
