// Server-side user code: a small pool of worker threads, each running the runtime/script sandbox,
// so scripts run off the event loop. A worker that dies, or does not answer within the script's
// deadline plus a grace period (a hang inside QuickJS's C code, where the interrupt handler never
// runs), is terminated and replaced; the script gets an error and the next one runs.
// Memory (docs/user-code.md "Memory"): each worker's QuickJS memory holds at most `memoryBytes` of
// heap, each run at most its own limit ('out of memory' past it); a worker whose memory grew is
// replaced after its run, and its own JS heap is bounded by resourceLimits.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { workerEntry } from '../platform/worker-entry';
import {
  formatScriptError,
  hostErrorOf,
  resolveLimits,
  SCRIPT_LIMIT_BOUNDS,
  type AsyncHostFunction,
  type SandboxLibraries,
  type ScriptRequest,
  type ScriptResult,
} from '../../../runtime/script/index';
import { defaultScriptWorkers } from '../platform/config';
import type { HostAnswer, WorkerMessage, WorkerRequest } from './sandbox.worker';

export type { AsyncHostFunction, ScriptLog, ScriptRequest, ScriptResult } from '../../../runtime/script/index';

export type ScriptPoolOptions = {
  /** Worker threads; default min(4, max(2, cores - 1)) (LUMA_SCRIPT_WORKERS). */
  size?: number;
  /** Added to a script's timeoutMs before its worker is terminated. Default 2000 ms. */
  graceMs?: number;
  /** The most QuickJS heap of one worker, so of any run (larger run limits are cut to it). Default 256 MiB. */
  memoryBytes?: number;
};

/** Each worker's own JavaScript heap (host answers of up to 16M characters pass through it). */
export const WORKER_JS_HEAP_MB = 128;



export interface ScriptPool {
  /** `host` answers the script's `request.host` calls (the script's thread waits for each answer). */
  run(request: ScriptRequest, host?: AsyncHostFunction): Promise<ScriptResult>;
  /** Terminates the workers; queued and running scripts end with an error. */
  close(): Promise<void>;
  readonly size: number;
  /** The current worker threads (for diagnostics and tests). */
  readonly workers: readonly Worker[];
  /** Scripts handed to a ready worker and not yet answered (tests wait on this instead of sleeping). */
  readonly running: number;
}

const require = createRequire(import.meta.url);

let librarySources: SandboxLibraries | null = null;
function libraries(): SandboxLibraries {
  librarySources ??= {
    lodash: readFileSync(require.resolve('lodash/lodash.min.js'), 'utf8'),
    dayjs: readFileSync(require.resolve('dayjs/dayjs.min.js'), 'utf8'),
  };
  return librarySources;
}

// The worker's entry: sandbox.worker.js beside the compiled server, the .ts file through tsx from the sources.
const sandboxEntry = workerEntry(import.meta.url, 'sandbox.worker');

/** Consecutive workers that died before becoming ready, after which queued scripts fail. */
const MAX_START_FAILURES = 3;

type Task = {
  request: ScriptRequest;
  host?: AsyncHostFunction;
  resolve: (result: ScriptResult) => void;
};

type Slot = {
  worker: Worker;
  /** Host answers go here; `signal[0]` flips to 1 when one is waiting. */
  hostPort: MessagePort;
  signal: Int32Array;
  ready: boolean;
  task: (Task & { id: number; timer: ReturnType<typeof setTimeout> }) | null;
  gone: boolean;
};

function failure(request: ScriptRequest, message: string): ScriptResult {
  const label = typeof request?.label === 'string' ? request.label : 'script';
  const code = typeof request?.code === 'string' ? request.code : '';
  return { ok: false, error: formatScriptError(label, message, code) };
}

/** A pool's state: what the functions that spawn, feed and retire its workers share. */
interface Pool {
  readonly size: number;
  readonly graceMs: number;
  readonly memoryCapBytes: number;
  readonly slots: Slot[];
  readonly queue: Task[];
  nextId: number;
  closed: boolean;
  /** Workers in a row that died before becoming ready. */
  startFailures: number;
  lastStartError: string;
}

function spawn(pool: Pool): Slot {
  const signalBuffer = new SharedArrayBuffer(4);
  const channel = new MessageChannel();
  const worker = new Worker(sandboxEntry.entry, {
    eval: sandboxEntry.eval,
    execArgv: [],
    workerData: { libraries: libraries(), signal: signalBuffer, hostPort: channel.port2, memoryCapBytes: pool.memoryCapBytes },
    transferList: [channel.port2],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_JS_HEAP_MB },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  channel.port1.unref();
  const slot: Slot = { worker, hostPort: channel.port1, signal: new Int32Array(signalBuffer), ready: false, task: null, gone: false };
  worker.on('message', (message: WorkerMessage) => onWorkerMessage(pool, slot, message));
  worker.on('error', (error) => {
    pool.lastStartError = error instanceof Error ? error.message : String(error);
    const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    retire(pool, slot, outOfMemory ? 'out of memory' : 'the script worker failed');
  });
  worker.on('exit', () => retire(pool, slot, 'the script worker stopped'));
  return slot;
}

/** A worker is ready, calls the host, or answers its script. */
function onWorkerMessage(pool: Pool, slot: Slot, message: WorkerMessage): void {
  if (message.type === 'ready') {
    slot.ready = true;
    pool.startFailures = 0;
    dispatch(pool);
    return;
  }
  if (message.type === 'host') {
    answerHost(slot, message);
    return;
  }
  const task = slot.task;
  if (!task || task.id !== message.id) return;
  clearTimeout(task.timer);
  slot.task = null;
  slot.worker.unref();
  task.resolve(message.result);
  // Its memory grew and never shrinks: a new thread takes its place (the old one's memory goes with it).
  if (message.recycle) retire(pool, slot, '');
  else dispatch(pool);
}

function answerHost(slot: Slot, call: Extract<WorkerMessage, { type: 'host' }>): void {
  const task = slot.task;
  const reply = (answer: HostAnswer) => {
    if (slot.gone) return;
    try {
      slot.hostPort.postMessage(answer);
    } catch (error) {
      slot.hostPort.postMessage({ seq: answer.seq, ok: false, error: { message: `the answer is not JSON (${error instanceof Error ? error.message : String(error)})` } } satisfies HostAnswer);
    }
    Atomics.store(slot.signal, 0, 1);
    Atomics.notify(slot.signal, 0);
  };
  if (!task || task.id !== call.id || !task.host) {
    reply({ seq: call.seq, ok: false, error: { message: `${call.name} is not available here` } });
    return;
  }
  const host = task.host;
  void Promise.resolve()
    .then(() => host(call.name, call.args))
    .then(
      (value) => reply({ seq: call.seq, ok: true, value }),
      (error: unknown) => reply({ seq: call.seq, ok: false, error: hostErrorOf(error) }),
    );
}

/** Ends a slot's worker; its script (if any) is answered with `message`. */
function endSlot(slot: Slot, message: string): void {
  slot.gone = true;
  slot.hostPort.close();
  const task = slot.task;
  slot.task = null;
  if (task) {
    clearTimeout(task.timer);
    task.resolve(failure(task.request, message));
  }
}

function retire(pool: Pool, slot: Slot, message: string): void {
  if (slot.gone) return;
  if (!slot.ready) pool.startFailures++;
  endSlot(slot, message);
  void slot.worker.terminate().catch(() => undefined);
  const index = pool.slots.indexOf(slot);
  if (index >= 0) pool.slots.splice(index, 1);
  if (pool.closed) return;
  if (pool.startFailures >= MAX_START_FAILURES) {
    // Workers cannot start (a broken install): fail what waits rather than respawn forever.
    for (const waiting of pool.queue.splice(0)) {
      waiting.resolve(failure(waiting.request, `the script workers cannot start${pool.lastStartError ? ` (${pool.lastStartError})` : ''}`));
    }
    return;
  }
  pool.slots.push(spawn(pool));
  dispatch(pool);
}

/** Hands queued scripts to the ready, idle workers. */
function dispatch(pool: Pool): void {
  if (pool.closed) return;
  for (const slot of pool.slots) {
    if (pool.queue.length === 0) return;
    if (!slot.ready || slot.task || slot.gone) continue;
    startTask(pool, slot, pool.queue.shift()!);
  }
}

/** Posts one script to an idle worker, with the deadline after which the worker is terminated. */
function startTask(pool: Pool, slot: Slot, task: Task): void {
  const id = pool.nextId++;
  const hardMs = resolveLimits(task.request.limits).timeoutMs + pool.graceMs;
  const timer = setTimeout(() => {
    if (slot.task?.id === id) retire(pool, slot, 'deadline exceeded');
  }, hardMs);
  slot.task = { ...task, id, timer };
  slot.worker.ref();
  try {
    slot.worker.postMessage({ id, request: task.request, host: task.host !== undefined } satisfies WorkerRequest);
  } catch (error) {
    // not cloneable (functions, symbols in args): the sandbox would refuse it anyway
    clearTimeout(timer);
    slot.task = null;
    slot.worker.unref();
    task.resolve(failure(task.request, `the arguments are not JSON (${error instanceof Error ? error.message : String(error)})`));
  }
}

async function closePool(pool: Pool): Promise<void> {
  if (pool.closed) return;
  pool.closed = true;
  for (const waiting of pool.queue.splice(0)) waiting.resolve(failure(waiting.request, 'the script pool is closed'));
  await Promise.all(
    pool.slots.splice(0).map(async (slot) => {
      endSlot(slot, 'the script pool is closed');
      await slot.worker.terminate().catch(() => undefined);
    }),
  );
}

export function createScriptPool(options: ScriptPoolOptions = {}): ScriptPool {
  const { min, max } = SCRIPT_LIMIT_BOUNDS.memoryBytes;
  const pool: Pool = {
    size: Math.max(1, Math.floor(options.size ?? defaultScriptWorkers())),
    graceMs: options.graceMs ?? 2000,
    memoryCapBytes: Math.min(max, Math.max(min, Math.floor(options.memoryBytes ?? max))),
    slots: [],
    queue: [],
    nextId: 1,
    closed: false,
    startFailures: 0,
    lastStartError: '',
  };
  for (let i = 0; i < pool.size; i++) pool.slots.push(spawn(pool));

  return {
    size: pool.size,
    get workers() {
      return pool.slots.map((slot) => slot.worker);
    },
    get running() {
      return pool.slots.filter((slot) => slot.task !== null).length;
    },
    run(request, host) {
      if (pool.closed) return Promise.resolve(failure(request, 'the script pool is closed'));
      return new Promise<ScriptResult>((resolve) => {
        pool.queue.push({ request, host, resolve });
        if (pool.slots.length === 0) {
          pool.startFailures = 0;
          for (let i = 0; i < pool.size; i++) pool.slots.push(spawn(pool));
        }
        dispatch(pool);
      });
    },
    close: () => closePool(pool),
  };
}

let defaultPool: ScriptPool | null = null;
let defaultOptions: ScriptPoolOptions = {};

/**
 * The shared pool's settings (LUMA_SCRIPT_WORKERS, LUMA_SCRIPT_MEMORY_MB), set at start. Other
 * settings than the running pool's close it (its scripts end with an error) and the next script
 * starts a pool with them.
 */
export function configureScriptPool(options: Pick<ScriptPoolOptions, 'size' | 'memoryBytes'>): void {
  const next = { size: options.size, memoryBytes: options.memoryBytes };
  if (next.size === defaultOptions.size && next.memoryBytes === defaultOptions.memoryBytes) return;
  defaultOptions = next;
  void closeScriptPool();
}

/** Runs a script on the server's shared pool (created on first use; its idle workers never keep the process alive). */
export function runScript(request: ScriptRequest, host?: AsyncHostFunction): Promise<ScriptResult> {
  defaultPool ??= createScriptPool(defaultOptions);
  return defaultPool.run(request, host);
}

/** Scripts the shared pool is running now (tests wait on this instead of sleeping). */
export function runningScripts(): number {
  return defaultPool?.running ?? 0;
}

/** Closes the shared pool (on shutdown). */
export async function closeScriptPool(): Promise<void> {
  const pool = defaultPool;
  defaultPool = null;
  await pool?.close();
}
