// The import wizard's pure parts: the preview of a file's first rows (read from its first chunk
// only, so a large file never freezes the page), the mapping prefill, and the 417 answer as rows.
import { parse } from 'csv-parse/browser/esm/sync';
import type { FieldError } from '../../../../../runtime/api/contract';
import { columnMatchKey } from '../../../../../runtime/api/import';
import type { ViewSchema } from '../../../../../schemas/viewSchema.schema';

export const PREVIEW_ROWS = 10;
/** The first chunk read for the preview; doubled (up to the cap) when 10 rows do not fit. */
const FIRST_CHUNK = 64 * 1024;
const MAX_CHUNK = 4 * 1024 * 1024;

export type ImportFormat = 'csv' | 'json';

export interface Preview {
  format: ImportFormat;
  columns: string[];
  /** Up to PREVIEW_ROWS rows, cells as text, in column order. */
  rows: string[][];
}

export class PreviewError extends Error {}

async function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export function formatOf(name: string, type: string, head: string): ImportFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json') || type.includes('json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return head.replace(/^\uFEFF/, '').trimStart().startsWith('[') ? 'json' : 'csv';
}

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** CSV: header plus up to 10 records of `text` (a prefix of the file; `complete` when it is all of it). */
export function previewCsv(text: string, complete: boolean): Preview | null {
  // A prefix may end inside a record: parse only up to the last line end, and ask for 11 records.
  const body = complete ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  let records: string[][];
  try {
    records = parse(body, { bom: true, to: PREVIEW_ROWS + 1 }) as string[][];
  } catch (error) {
    // An unclosed quote at the end of a prefix: more text is needed.
    if (!complete) return null;
    throw new PreviewError(error instanceof Error ? error.message : String(error));
  }
  if (!complete && records.length < PREVIEW_ROWS + 1) return null;
  const [header, ...rows] = records;
  if (!header) throw new PreviewError('empty');
  return { format: 'csv', columns: header.map((column) => column.trim()), rows: rows.slice(0, PREVIEW_ROWS) };
}

/** JSON: the first 10 objects of the top-level array, found by a scan of `text` (no full parse). */
export function previewJson(text: string, complete: boolean): Preview | null {
  const source = text.replace(/^\uFEFF/, '');
  const start = source.search(/\S/);
  if (start < 0 || source[start] !== '[') {
    if (!complete && start < 0) return null;
    throw new PreviewError('not an array');
  }
  const objects: Record<string, unknown>[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let itemStart = -1;
  let ended = false;
  for (let i = start + 1; i < source.length && objects.length < PREVIEW_ROWS; i += 1) {
    const char = source[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (depth === 0) itemStart = i;
      depth += 1;
    } else if (char === '}' || char === ']') {
      if (depth === 0) {
        ended = true; // the array's end
        break;
      }
      depth -= 1;
      if (depth === 0) {
        let item: unknown;
        try {
          item = JSON.parse(source.slice(itemStart, i + 1));
        } catch (error) {
          throw new PreviewError(error instanceof Error ? error.message : String(error));
        }
        if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new PreviewError('not an object');
        objects.push(item as Record<string, unknown>);
      }
    }
  }
  // A prefix that has not shown 10 objects nor the array's end: more text is needed.
  if (!complete && objects.length < PREVIEW_ROWS && !ended) return null;
  const columns: string[] = [];
  for (const object of objects) for (const key of Object.keys(object)) if (!columns.includes(key)) columns.push(key);
  return { format: 'json', columns, rows: objects.map((object) => columns.map((column) => cellText(object[column]))) };
}

/** The preview of a picked file, reading as little of it as needed. */
export async function readPreview(file: Blob & { name?: string }): Promise<Preview> {
  let size = FIRST_CHUNK;
  for (;;) {
    const complete = size >= file.size;
    const text = await readText(complete ? file : file.slice(0, size));
    if (text.includes('\u0000')) throw new PreviewError('binary');
    const format = formatOf(file.name ?? '', file.type ?? '', text.slice(0, 64));
    const preview = format === 'json' ? previewJson(text, complete) : previewCsv(text, complete);
    if (preview) return preview;
    if (complete || size >= MAX_CHUNK) throw new PreviewError('too long');
    size *= 2;
  }
}

/**
 * Prefill: a column goes to the field whose key or label (the label falls back to the field's name,
 * from which the key is derived) it names, ignoring case, accents, spaces, '_' and '-'; each field once.
 */
export function prefillMapping(columns: string[], view: ViewSchema): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  const candidates = [
    ...view.fields.filter((field) => field.visible && field.editable).map((field) => ({ key: field.key, names: [field.key, field.label].map(columnMatchKey) })),
    { key: 'uuid', names: ['uuid'] },
  ];
  for (const column of columns) {
    const wanted = columnMatchKey(column);
    const found = wanted === '' ? undefined : candidates.find((candidate) => !used.has(candidate.key) && candidate.names.includes(wanted));
    mapping[column] = found ? found.key : '';
    if (found) used.add(found.key);
  }
  return mapping;
}

/** The columns the mapping leaves out of the import, in file order. */
export function unmappedColumns(columns: readonly string[], mapping: Record<string, string>): string[] {
  return columns.filter((column) => !mapping[column]);
}

/** Carries a mapping over to a new file's columns (the fixed file): kept where the column still exists. */
export function carryMapping(previous: Record<string, string>, columns: string[], view: ViewSchema): Record<string, string> {
  const fresh = prefillMapping(columns, view);
  for (const column of columns) if (Object.prototype.hasOwnProperty.call(previous, column)) fresh[column] = previous[column]!;
  return fresh;
}

export interface BadRow {
  /** The data row number, or null for an error not tied to a row. */
  row: number | null;
  fields: { key: string; messages: { key: string; values: Record<string, string | number> | undefined }[] }[];
}

/** The 417 errors ('row.{n}.{key}') grouped by row, in row order. */
export function badRows(errors: readonly FieldError[]): BadRow[] {
  const byRow = new Map<number | null, BadRow>();
  for (const error of errors) {
    const match = /^row\.(\d+)\.(.+)$/.exec(error.field);
    const row = match ? Number(match[1]) : null;
    const key = match ? match[2]! : error.field;
    let entry = byRow.get(row);
    if (!entry) {
      entry = { row, fields: [] };
      byRow.set(row, entry);
    }
    entry.fields.push({ key, messages: error.messages.map((message, index) => ({ key: message, values: error.values?.[index] ?? undefined })) });
  }
  return [...byRow.values()].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}
