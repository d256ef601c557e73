// The rows of an import file (docs/lists.md "Import"): CSV (RFC 4180, optional BOM, a header row),
// streamed through csv-parse one record at a time; or JSON (an array of objects), read whole up to
// IMPORT_LIMITS.jsonBytes (JSON has no record boundary a line parser could stream on). A file that is
// neither (binary, not UTF-8, malformed) is a 400, never a 500.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
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

/** Chunks of `source`, refused at the first NUL byte or invalid UTF-8 (a binary file is not a CSV). */
async function* textChunks(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const check = (chunk: Buffer) => {
    if (chunk.includes(0)) throw fileNotValid();
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw fileNotValid();
    }
  };
  check(first);
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    check(chunk);
    yield chunk;
  }
  try {
    decoder.decode();
  } catch {
    throw fileNotValid();
  }
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

function csvProblem(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof CsvError || (error as { code?: unknown })?.code?.toString().startsWith('CSV_')) {
    const lines = (error as { lines?: unknown }).lines;
    return fileNotValid(typeof lines === 'number' ? { line: lines } : null);
  }
  return error;
}

/**
 * The parser's records, as many as are ready at a time (at most `max`): read() until it has none,
 * then one wait for more, the end or the error. The parser's error is thrown by the next call.
 */
function recordReader(parser: ReturnType<typeof parse>): (max: number) => Promise<string[][] | null> {
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  parser.on('readable', notify);
  parser.on('end', () => {
    ended = true;
    notify();
  });
  parser.on('error', (error: unknown) => {
    failure ??= error;
    notify();
  });
  // Destroyed without an error or an end (it should not be): the rows loop must not wait for ever.
  parser.on('close', () => {
    if (!ended) failure ??= new Error('the import file ended early');
    notify();
  });
  return async (max) => {
    for (;;) {
      if (failure !== null) throw failure;
      const records: string[][] = [];
      let record: string[] | null;
      while (records.length < max && (record = parser.read() as string[] | null) !== null) records.push(record);
      if (records.length > 0) return records;
      if (ended) return null;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
}

async function csvSource(chunks: AsyncGenerator<Buffer>): Promise<ImportSource> {
  const parser = parse({ bom: true, max_record_size: IMPORT_LIMITS.recordBytes });
  const read = recordReader(parser);
  const piped = pipeline(Readable.from(chunks), parser);
  // The rows loop reports the error; this only keeps it from being unhandled.
  piped.catch(() => undefined);
  // The header alone first: the records after it wait in the parser for the rows loop.
  let header: string[][] | null;
  try {
    header = await read(1);
  } catch (error) {
    throw csvProblem(error);
  }
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
      let records: string[][] | null;
      try {
        records = await read(ROWS_PER_STEP);
      } catch (error) {
        throw csvProblem(error);
      }
      if (!records) break;
      // Every record has the header's length (csv-parse refuses any other), so a column's cell is at its index.
      const out: ImportRow[] = new Array(records.length);
      for (let index = 0; index < records.length; index += 1) {
        n += 1;
        out[index] = { n, cells: records[index]! };
      }
      yield out;
    }
    await piped.catch((error: unknown) => {
      throw csvProblem(error);
    });
  }
  return { format: 'csv', columns, rows: rows() };
}

async function jsonSource(chunks: AsyncGenerator<Buffer>): Promise<ImportSource> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > IMPORT_LIMITS.jsonBytes) throw new HttpError(413, IMPORT_MESSAGE.fileTooLarge, [{ field: 'file', messages: [IMPORT_MESSAGE.fileTooLarge], values: [{ max: IMPORT_LIMITS.jsonBytes }] }]);
    parts.push(chunk);
  }
  let buffer = Buffer.concat(parts);
  if (buffer.subarray(0, 3).equals(BOM)) buffer = buffer.subarray(3);
  let parsed: unknown;
  try {
    parsed = JSON.parse(buffer.toString('utf8'));
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
  const chunks = textChunks(first, iterator);
  return formatOf(first, filename, mimetype) === 'json' ? jsonSource(chunks) : csvSource(chunks);
}
