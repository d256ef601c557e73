// The rows of an import file (docs/lists.md "Import"): CSV (RFC 4180, optional BOM, a header row),
// read as it arrives by csv-reader.ts (what csv-parse read and refused, at the same lines); or JSON
// (an array of objects), read whole up to IMPORT_LIMITS.jsonBytes (JSON has no record boundary a
// line parser could stream on). A file that is neither (binary, not UTF-8, malformed) is a 400, never a 500.
import { CsvReader } from './csv-reader';
import { HttpError, badRequest } from '../platform/errors';
import { isPlainObject } from '../platform/validate';

export const IMPORT_LIMITS = {
  /** The whole upload (multipart file part). */
  fileBytes: 256 * 1024 * 1024,
  /** A JSON file is parsed whole, so it is capped far lower. */
  jsonBytes: 32 * 1024 * 1024,
  /** One CSV record (all its cells). */
  recordBytes: 1024 * 1024,
  /** The text fields (primary_key, field_map). */
  fieldBytes: 1024 * 1024,
} as const;

export const IMPORT_MESSAGE = {
  fileNotValid: 'importFileNotValid',
  fileEmpty: 'importFileEmpty',
  fileTooLarge: 'payloadTooLarge',
  unknownField: 'importUnknownField',
  unknownColumn: 'importUnknownColumn',
  duplicateColumn: 'importDuplicateColumn',
  duplicateTarget: 'importDuplicateTarget',
  primaryKeyNotMapped: 'importPrimaryKeyNotMapped',
  duplicateKey: 'importDuplicateKey',
  ambiguousKey: 'importAmbiguousKey',
  required: 'identityField.requiredField',
  invalidInput: 'invalidInput',
} as const;

export type ImportFormat = 'csv' | 'json';

export interface ImportRow {
  /** The data row's number, from 1. */
  n: number;
  /** JSON: the cells by column name, any JSON value. */
  values?: Record<string, unknown>;
  /** CSV: the record's cells as parsed, in the header's order (no object per row; the import reads them by index). */
  cells?: string[];
}

export interface ImportSource {
  format: ImportFormat;
  /** The column names: the CSV header, or every key any JSON object has. */
  columns: string[];
  /** The rows in file order, a run of them at a time (up to ROWS_PER_STEP: one await per run, not per row). */
  rows: AsyncIterable<ImportRow[]>;
}

/** Rows handed on per step: a 100,000-row import takes a few hundred awaits instead of 200,000. */
export const ROWS_PER_STEP = 500;

export const fileNotValid = (values: Record<string, string | number> | null = null) =>
  badRequest([{ field: 'file', messages: [IMPORT_MESSAGE.fileNotValid], values: [values] }]);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The file's text as it arrives, refused at the first NUL byte or invalid UTF-8 (a binary file is not
 * a CSV). The decoder drops a leading BOM. `counted` hears each chunk's size in bytes first.
 */
async function* textChunks(first: Buffer, rest: AsyncIterator<Buffer>, counted?: (bytes: number) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk: Buffer) => {
    if (chunk.includes(0)) throw fileNotValid();
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw fileNotValid();
    }
    counted?.(chunk.length);
    return text;
  };
  yield decode(first);
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    yield decode(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value));
  }
  let tail: string;
  try {
    tail = decoder.decode();
  } catch {
    throw fileNotValid();
  }
  if (tail !== '') yield tail;
}

function formatOf(first: Buffer, filename: string | undefined, mimetype: string | undefined): ImportFormat {
  const name = (filename ?? '').toLowerCase();
  if (name.endsWith('.json') || (mimetype ?? '').includes('json')) return 'json';
  if (name.endsWith('.csv')) return 'csv';
  const text = first.subarray(first.subarray(0, 3).equals(BOM) ? 3 : 0, 64).toString('utf8').trimStart();
  return text.startsWith('[') ? 'json' : 'csv';
}

/** First chunk that is not empty; undefined for an empty file. */
async function firstChunk(iterator: AsyncIterator<Buffer>): Promise<Buffer | undefined> {
  for (;;) {
    const next = await iterator.next();
    if (next.done) return undefined;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    if (chunk.length > 0) return chunk;
  }
}

/**
 * The reader's records, at most `max` at a time: those of the text read so far, then the next
 * chunk's. A refusal is thrown once the records before it are taken (as csv-parse pushed them).
 */
function recordReader(chunks: AsyncGenerator<string>): (max: number) => Promise<string[][] | null> {
  const reader = new CsvReader(IMPORT_LIMITS.recordBytes);
  let ready: string[][] = [];
  let taken = 0;
  let ended = false;
  return async (max) => {
    while (taken >= ready.length) {
      if (reader.error) throw fileNotValid({ line: reader.error.line });
      if (ended) return null;
      const next = await chunks.next();
      if (next.done) ended = true;
      ready = next.done ? reader.end() : reader.push(next.value);
      taken = 0;
    }
    const records = taken === 0 && ready.length <= max ? ready : ready.slice(taken, taken + max);
    taken += records.length;
    return records;
  };
}

async function csvSource(chunks: AsyncGenerator<string>): Promise<ImportSource> {
  const read = recordReader(chunks);
  // The header alone first: the records after it wait in the reader for the rows loop.
  const header = await read(1);
  if (!header) throw badRequest([{ field: 'file', messages: [IMPORT_MESSAGE.fileEmpty], values: [null] }]);
  const columns = header[0]!.map((name) => name.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (column !== '' && seen.has(column)) throw badRequest([{ field: 'file', messages: [IMPORT_MESSAGE.duplicateColumn], values: [{ column }] }]);
    seen.add(column);
  }
  async function* rows(): AsyncGenerator<ImportRow[]> {
    let n = 0;
    for (;;) {
      const records = await read(ROWS_PER_STEP);
      if (!records) break;
      // Every record has the header's length (the reader refuses any other), so a column's cell is at its index.
      const out: ImportRow[] = new Array(records.length);
      for (let index = 0; index < records.length; index += 1) {
        n += 1;
        out[index] = { n, cells: records[index]! };
      }
      yield out;
    }
  }
  return { format: 'csv', columns, rows: rows() };
}

/** The bytes a JSON file may have: 413 past them. */
function jsonLimit(): (bytes: number) => void {
  let size = 0;
  return (bytes) => {
    size += bytes;
    if (size > IMPORT_LIMITS.jsonBytes) throw new HttpError(413, IMPORT_MESSAGE.fileTooLarge, [{ field: 'file', messages: [IMPORT_MESSAGE.fileTooLarge], values: [{ max: IMPORT_LIMITS.jsonBytes }] }]);
  };
}

async function jsonSource(chunks: AsyncGenerator<string>): Promise<ImportSource> {
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  let parsed: unknown;
  try {
    // The decoder dropped a leading BOM.
    parsed = JSON.parse(parts.join(''));
  } catch {
    throw fileNotValid();
  }
  if (!Array.isArray(parsed)) throw fileNotValid();
  const columns = new Set<string>();
  parsed.forEach((item, index) => {
    if (!isPlainObject(item)) throw fileNotValid({ row: index + 1 });
    for (const key of Object.keys(item)) columns.add(key);
  });
  const items = parsed as Record<string, unknown>[];
  async function* rows(): AsyncGenerator<ImportRow[]> {
    for (let start = 0; start < items.length; start += ROWS_PER_STEP) {
      yield items.slice(start, start + ROWS_PER_STEP).map((values, index) => ({ n: start + index + 1, values }));
    }
  }
  return { format: 'json', columns: [...columns], rows: rows() };
}

/** The rows of an uploaded file (the multipart file stream). */
export async function openImportSource(stream: AsyncIterable<Buffer>, filename?: string, mimetype?: string): Promise<ImportSource> {
  const iterator = stream[Symbol.asyncIterator]();
  const first = await firstChunk(iterator);
  if (!first) throw badRequest([{ field: 'file', messages: [IMPORT_MESSAGE.fileEmpty], values: [null] }]);
  return formatOf(first, filename, mimetype) === 'json' ? jsonSource(textChunks(first, iterator, jsonLimit())) : csvSource(textChunks(first, iterator));
}
