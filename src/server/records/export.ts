// Export (docs/lists.md "Export"): GET .../models/export?format=csv|json with the list parameters
// and no cap. The whole filtered result is streamed in keyset batches of EXPORT_BATCH_SIZE by
// (created_at, uuid), so memory stays flat whatever the size. Only the visible, non-hashed fields.
// CSV: a header row of keys, RFC 4180 quoting, CRLF line ends, and cells that start with = + - @,
// tab or CR prefixed with ' (formula injection); numbers are written as they are.
import type { Kysely } from 'kysely';
import { EXPORT_PARAMETERS } from '../../../runtime/query/index';
import { recordBatch, type Cursor, type RecordFilter } from './list-sql';
import type { Database, RecordRow } from '../db/schema';
import { badRequest } from '../platform/errors';
import { asInputError, listTarget, parseOrThrow, type ListTarget } from './list';
import { RECORD_META_KEYS, shapeRecord } from './shape';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const EXPORT_BATCH_SIZE = 1000;
export type ExportFormat = 'csv' | 'json';

export interface ExportResult {
  filename: string;
  contentType: string;
  body: AsyncIterable<string>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-escaped text, quoted when it holds a quote, comma, CR or LF. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else {
    text = typeof value === 'string' ? value : JSON.stringify(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A file name part: the component's name with anything unusual replaced. */
function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return cleaned === '' ? 'export' : cleaned.slice(0, 100);
}

export async function exportRecords(db: Db, accountability: Accountability, ref: string, params: unknown, locale: string | undefined): Promise<ExportResult> {
  const query = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const format = query.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw badRequest([{ field: 'format', messages: ['invalid'] }]);
  const target = await listTarget(db, accountability, ref, ['read'], locale);
  const rest = { ...query };
  delete rest.format;
  const parsed = parseOrThrow(rest, target.view, { uncapped: true, parameters: EXPORT_PARAMETERS });
  const filter: RecordFilter = { search: parsed.search, disabled: parsed.disabled, date: parsed.date, adv: parsed.adv };
  // The first batch before the answer starts: a query the database refuses is still a 400.
  const first = await recordBatch(db, target.scope, filter, null, EXPORT_BATCH_SIZE).catch(asInputError);
  return {
    filename: `${safeName(target.row.name)}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    body: format === 'csv' ? csvLines(db, target, filter, first) : jsonChunks(db, target, filter, first),
  };
}

async function* batches(db: Db, target: ListTarget, filter: RecordFilter, first: RecordRow[]): AsyncGenerator<RecordRow[]> {
  let batch = first;
  while (batch.length > 0) {
    yield batch;
    if (batch.length < EXPORT_BATCH_SIZE) return;
    const last = batch[batch.length - 1]!;
    const cursor: Cursor = { createdAt: last.created_at, uuid: last.uuid };
    batch = await recordBatch(db, target.scope, filter, cursor, EXPORT_BATCH_SIZE);
  }
}

/** The CSV columns: uuid, the visible non-hashed fields, then the timestamps. */
function csvColumns(target: ListTarget): string[] {
  const meta = new Set<string>(RECORD_META_KEYS);
  const fields = target.view.fields.filter((field) => field.visible && !field.hashed && !meta.has(field.key)).map((field) => field.key);
  return ['uuid', ...fields, 'created_at', 'updated_at', 'disabled_at'];
}

async function* csvLines(db: Db, target: ListTarget, filter: RecordFilter, first: RecordRow[]): AsyncGenerator<string> {
  const columns = csvColumns(target);
  yield csvRow(columns);
  for await (const batch of batches(db, target, filter, first)) {
    let chunk = '';
    for (const row of batch) {
      const record = shapeRecord(row, target.view) as Record<string, unknown>;
      chunk += csvRow(columns.map((column) => record[column]));
    }
    yield chunk;
  }
}

async function* jsonChunks(db: Db, target: ListTarget, filter: RecordFilter, first: RecordRow[]): AsyncGenerator<string> {
  yield '[';
  let separator = '\n';
  for await (const batch of batches(db, target, filter, first)) {
    let chunk = '';
    for (const row of batch) {
      chunk += `${separator}${JSON.stringify(shapeRecord(row, target.view))}`;
      separator = ',\n';
    }
    yield chunk;
  }
  yield '\n]\n';
}
