// The import off the server's thread (docs/lists.md "Import"), on PGlite: PGlite computes on the
// server's own thread, so while the import reads and checks rows there PGlite waits, and the other
// way round. For a view whose checks need no database (no relation, date or media field, no
// password, no unique field, no primary key, no Before::Create filter that acts on this component)
// the import worker thread (import.worker.ts) reads the file, maps and checks the rows and builds
// each batch's JSON parameter while this thread has PGlite write the batch before. The worker runs
// the same code in the same batches, so the answer is the same as on this thread. PostgreSQL keeps
// the import on its thread: there the database is another process already, and a worker would
// compete with it for the same cores (docs/benchmarks.md).
import type { Kysely } from 'kysely';
import { Worker } from 'node:worker_threads';
import type { FieldError } from '../../../runtime/api/contract';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { isEmbedded } from '../db/dialect-pglite';
import type { Database } from '../db/schema';
import { now } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { hooks } from '../platform/hooks';
import { workerEntry } from '../platform/worker-entry';
import { fieldKinds } from './field-kinds';
import type { RecordWrite } from './hook-events';
import { writeRecordBatch } from './import-sql';
import type { RecordScope } from './sql';

type Db = Kysely<Database>;

/** What the worker needs of an import (all of it structured-cloneable). */
export interface ImportJob {
  view: ViewSchema;
  fieldMap: string | undefined;
  filename: string | undefined;
  mimetype: string | undefined;
  /** This thread's clock at the start (the worker's write check reads the same time). */
  now: number;
}

export type ToWorker =
  | { type: 'job'; job: ImportJob }
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  /** A posted batch is written: the worker may post one more. */
  | { type: 'written' };

export type FromWorker =
  | { type: 'read'; bytes: number }
  | { type: 'batch'; json: string; count: number }
  | { type: 'done'; total: number; errors: FieldError[]; refused: boolean }
  | { type: 'refusal'; status: number; message: string; errors?: FieldError[]; headers?: Record<string, string> }
  | { type: 'fail'; message: string };

/** Bytes of the file handed to the worker and not yet taken by its reader (the upload waits beyond). */
const BYTES_AHEAD = 4 * 1024 * 1024;
/** An idle worker is ended after this long (the next import starts another: about a second under tsx, less compiled). */
const IDLE_MS = 10 * 60_000;

let enabled = true;
let runs = 0;
/** Imports this process ran in the worker (tests tell the two paths apart by it). */
export const importsOffThread = () => runs;
/** The worker on or off (tests and the bench run one file through both paths). */
export function setImportWorker(on: boolean): void {
  enabled = on;
}

/**
 * Whether this import can run in the worker: PGlite, no primary key, and a view whose checks read
 * nothing (checkLocally answers every row) and no unique field; the Before::Create filters are asked
 * whether any acts on this write (a filter that cannot tell counts as acting).
 */
export async function offloadable(db: Db, view: ViewSchema, primaryKey: string | null, write: RecordWrite): Promise<boolean> {
  if (!enabled || primaryKey !== null || !isEmbedded(db)) return false;
  const kinds = fieldKinds(view);
  if (kinds.relation || kinds.dates || kinds.media) return false;
  if (view.fields.some((field) => field.unique || field.hashed)) return false;
  return hooks.filtersIdle('records.create', write, { db });
}

// ---------------------------------------------------------------------------------------------
// The worker: one kept idle for the next import

const entry = workerEntry(import.meta.url, 'import.worker');
let idle: { worker: Worker; timer: ReturnType<typeof setTimeout> } | null = null;

function takeWorker(): Worker {
  if (idle) {
    clearTimeout(idle.timer);
    const { worker } = idle;
    idle = null;
    return worker;
  }
  const worker = new Worker(entry.entry, { eval: entry.eval, execArgv: [], stdout: false, stderr: false });
  // A kept worker that fails is simply gone (an import under way hears it through its own listeners).
  worker.on('error', () => undefined).on('exit', () => {
    if (idle?.worker === worker) {
      clearTimeout(idle.timer);
      idle = null;
    }
  });
  return worker;
}

function keepWorker(worker: Worker): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, timer };
}

/** The worker's messages in order, with its failure or exit as a last one. */
function messages(worker: Worker): { next(): Promise<FromWorker>; stop(): void } {
  const queue: FromWorker[] = [];
  let wake: (() => void) | null = null;
  const push = (message: FromWorker) => {
    queue.push(message);
    wake?.();
    wake = null;
  };
  const onMessage = (message: FromWorker) => push(message);
  const onError = (error: Error) => push({ type: 'fail', message: `the import worker failed: ${error.message}` });
  const onExit = () => push({ type: 'fail', message: 'the import worker stopped' });
  worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  return {
    async next() {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return queue.shift()!;
    },
    stop() {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    },
  };
}

export interface OffloadedImport {
  created: number;
  total: number;
  errors: FieldError[];
  refused: boolean;
}

/**
 * The import in the worker, written batch by batch into `trx` (the import's transaction) in the
 * order the worker posts them, at most one write at a time. A refusal of the file (400, 413) or
 * an error of the upload is thrown as on this thread, once the write under way has ended.
 */
export async function runOffloaded(
  trx: Db,
  job: Omit<ImportJob, 'now'>,
  stream: AsyncIterable<Buffer>,
  scope: RecordScope,
  userUuid: string,
  createdAt: Date,
): Promise<OffloadedImport> {
  runs += 1;
  const worker = takeWorker();
  worker.ref();
  const inbox = messages(worker);
  let healthy = false;
  // The upload's bytes, handed on while the worker has taken all but BYTES_AHEAD of them.
  let ahead = 0;
  // An object: the sender's loop sets it and this loop calls it.
  const flow: { taken: (() => void) | null } = { taken: null };
  let stopped = false;
  let uploadError: { error: unknown } | null = null;
  const send = async () => {
    for await (const chunk of stream) {
      if (stopped) return;
      const bytes = new Uint8Array(chunk.length);
      bytes.set(chunk);
      ahead += bytes.length;
      worker.postMessage({ type: 'chunk', bytes } satisfies ToWorker, [bytes.buffer]);
      while (ahead > BYTES_AHEAD && !stopped) await new Promise<void>((resolve) => (flow.taken = resolve));
    }
    worker.postMessage({ type: 'end' } satisfies ToWorker);
  };
  worker.postMessage({ type: 'job', job: { ...job, now: now() } } satisfies ToWorker);
  const sending = send().catch((error: unknown) => {
    uploadError = { error };
  });

  let created = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      const message = await Promise.race([inbox.next(), sending.then(() => (uploadError ? null : new Promise<never>(() => undefined)))]);
      if (message === null) {
        await writing;
        throw (uploadError as { error: unknown } | null)!.error;
      }
      if (message.type === 'read') {
        ahead -= message.bytes;
        if (ahead <= BYTES_AHEAD) {
          flow.taken?.();
          flow.taken = null;
        }
        continue;
      }
      if (message.type === 'batch') {
        await writing;
        writing = writeRecordBatch(trx, scope, userUuid, { count: message.count, json: message.json }, createdAt).then((rows) => {
          created += rows;
          worker.postMessage({ type: 'written' } satisfies ToWorker);
        });
        // Awaited by the next batch or at the end; never unhandled meanwhile.
        writing.catch(() => undefined);
        continue;
      }
      // The last message: the write under way ends first (its failure is the answer, as on this thread).
      await writing;
      if (message.type === 'refusal') throw new HttpError(message.status, message.message, message.errors, message.headers);
      if (message.type === 'fail') throw new Error(message.message);
      healthy = true;
      return { created, total: message.total, errors: message.errors, refused: message.refused };
    }
  } finally {
    stopped = true;
    flow.taken?.();
    inbox.stop();
    // A worker that ended its import cleanly is kept; one stopped half-way (its reader waits for bytes) is not.
    if (healthy) keepWorker(worker);
    else void worker.terminate();
  }
}
