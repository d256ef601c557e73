// The import worker thread (import-offload.ts starts it; docs/lists.md "Import"): for an import whose
// view needs no database check, it reads the file's bytes as the server's thread hands them on,
// maps and checks each row, and builds each batch's JSON parameter, while the server's thread has
// PGlite write the batch before (PGlite computes on that thread). The same code as the server's own
// path (import-source.ts, import-map.ts, import-rows.ts), in the same batches, so every answer,
// error and row number is the same. One import at a time; the thread is kept for the next.
import { parentPort } from 'node:worker_threads';
import { setClock } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { parseFieldMap } from './import-map';
import { FIRST_BATCH_ROWS, ImportRows, embeddedJson, nextBatchSize, type Pending } from './import-rows';
import { openImportSource } from './import-source';
import type { ToWorker, FromWorker, ImportJob } from './import-offload';

/** Batches posted and not yet written: one being written, one ready for it. */
const AHEAD = 2;

/** The file's bytes as the server's thread posts them, as an async iterable with the credit it gives back. */
class Bytes implements AsyncIterable<Buffer> {
  private readonly queue: (Buffer | null)[] = [];
  private wake: (() => void) | null = null;
  push(chunk: Buffer | null): void {
    this.queue.push(chunk);
    this.wake?.();
    this.wake = null;
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    for (;;) {
      while (this.queue.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
      const chunk = this.queue.shift()!;
      if (chunk === null) return;
      // Taken: the server's thread may send as much again.
      post({ type: 'read', bytes: chunk.length });
      yield chunk;
    }
  }
}

let bytes: Bytes | null = null;
let unwritten = 0;
let written: (() => void) | null = null;

const post = (message: FromWorker) => parentPort!.postMessage(message);

async function run(job: ImportJob, input: Bytes): Promise<void> {
  // The server's clock (a test's, or the system's), as its own write check reads it.
  const offset = job.now - Date.now();
  setClock(offset === 0 ? null : { now: () => Date.now() + offset });
  const source = await openImportSource(input, job.filename, job.mimetype);
  const map = parseFieldMap(job.fieldMap, source.columns, job.view);
  const rows = new ImportRows(job.view, map, source.columns, source.format, null, null);
  let batch: Pending[] = [];
  let size = FIRST_BATCH_ROWS;
  const flush = async () => {
    size = nextBatchSize(size);
    const checked = rows.checkLocal(job.view, batch);
    batch = [];
    if (checked.length === 0) return;
    const json = embeddedJson(checked);
    while (unwritten >= AHEAD) await new Promise<void>((resolve) => (written = resolve));
    unwritten += 1;
    post({ type: 'batch', json, count: checked.length });
  };
  for await (const part of source.rows) {
    for (const row of part) {
      rows.total += 1;
      batch.push(rows.pending(row));
      if (batch.length >= size) await flush();
    }
  }
  if (batch.length > 0) await flush();
  post({ type: 'done', total: rows.total, errors: rows.errors, refused: rows.refused });
}

parentPort!.on('message', (message: ToWorker) => {
  if (message.type === 'job') {
    bytes = new Bytes();
    unwritten = 0;
    run(message.job, bytes).catch((error: unknown) => {
      if (error instanceof HttpError) post({ type: 'refusal', status: error.status, message: error.message, errors: error.errors, headers: error.headers });
      else post({ type: 'fail', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
  } else if (message.type === 'chunk') {
    bytes?.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  } else if (message.type === 'end') {
    bytes?.push(null);
  } else if (message.type === 'written') {
    unwritten -= 1;
    written?.();
    written = null;
  }
});
