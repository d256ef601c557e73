// A script worker: runs the same runtime/script sandbox off the main event loop.
// Started by src/server/usercode/sandbox.ts with workerData { libraries, signal, hostPort, memoryCapBytes }.
// Its QuickJS memory is capped (runtime/script/memory.ts); once it grew past its first size the
// result says `recycle` and the pool replaces this thread, which gives that memory back at once.
//
// Host calls (the record API of functions, actions, routes and sparks) are synchronous inside
// QuickJS but answered by the main thread asynchronously: the worker posts the call, blocks on
// Atomics.wait until the main thread has put the answer on `hostPort` and flipped `signal`, then
// takes the answer with receiveMessageOnPort. Only this worker's thread blocks; the server goes on.
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import {
  createSandbox,
  resolveLimits,
  type HostFunction,
  type SandboxLibraries,
  type ScriptRequest,
  type ScriptResult,
} from '../../../runtime/script/index';

export type WorkerRequest = { id: number; request: ScriptRequest; host: boolean };
export type HostAnswer = { seq: number; ok: true; value: unknown } | { seq: number; ok: false; error: { message: string; status?: number; errors?: unknown } };
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: ScriptResult; recycle: boolean }
  | { type: 'host'; id: number; seq: number; name: string; args: unknown[] };

const port = parentPort;
if (!port) throw new Error('sandbox.worker.ts must run in a worker thread');

const { libraries, signal: signalBuffer, hostPort, memoryCapBytes } = workerData as {
  libraries: SandboxLibraries;
  signal: SharedArrayBuffer;
  hostPort: MessagePort;
  memoryCapBytes: number;
};
const signal = new Int32Array(signalBuffer);
const sandbox = createSandbox({ libraries, memoryCapBytes });
let seq = 0;

class HostCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errors?: unknown,
  ) {
    super(message);
  }
}

/** A host function for run `id` that blocks this thread until the main thread answers, or the deadline passes. */
function blockingHost(id: number, deadline: number): HostFunction {
  return (name, args) => {
    const mine = ++seq;
    // An answer that came after its call gave up is stale: drop it before asking again.
    while (receiveMessageOnPort(hostPort)) {
      /* drained */
    }
    Atomics.store(signal, 0, 0);
    port!.postMessage({ type: 'host', id, seq: mine, name, args } satisfies WorkerMessage);
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(signal, 0, 0, left) === 'timed-out') throw new HostCallError('deadline exceeded');
      Atomics.store(signal, 0, 0);
      for (let received = receiveMessageOnPort(hostPort); received; received = receiveMessageOnPort(hostPort)) {
        const answer = received.message as HostAnswer;
        if (answer.seq !== mine) continue;
        if (answer.ok) return answer.value;
        throw new HostCallError(answer.error.message, answer.error.status, answer.error.errors);
      }
    }
  };
}

port.on('message', (message: WorkerRequest) => {
  const deadline = Date.now() + resolveLimits(message.request?.limits).timeoutMs;
  const host = message.host ? blockingHost(message.id, deadline) : undefined;
  void sandbox.run(message.request, host).then((result) => {
    port.postMessage({ type: 'result', id: message.id, result, recycle: sandbox.grew } satisfies WorkerMessage);
  });
});

// Load QuickJS and prepare the first context before taking work.
void sandbox.run({ label: 'warm-up', code: 'return Lodash.VERSION', args: {} }).then(() => {
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
});
