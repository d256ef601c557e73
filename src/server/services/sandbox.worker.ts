// A script worker: runs the same runtime/script sandbox off the main event loop.
// Started by src/server/services/sandbox.ts with workerData { libraries }.
import { parentPort, workerData } from 'node:worker_threads';
import { createSandbox, type SandboxLibraries, type ScriptRequest } from '../../../runtime/script/index';

export type WorkerRequest = { id: number; request: ScriptRequest };
export type WorkerMessage = { type: 'ready' } | { type: 'result'; id: number; result: import('../../../runtime/script/index').ScriptResult };

const port = parentPort;
if (!port) throw new Error('sandbox.worker.ts must run in a worker thread');

const { libraries } = workerData as { libraries: SandboxLibraries };
const sandbox = createSandbox({ libraries });

port.on('message', (message: WorkerRequest) => {
  void sandbox.run(message.request).then((result) => {
    port.postMessage({ type: 'result', id: message.id, result } satisfies WorkerMessage);
  });
});

// Load QuickJS and prepare the first context before taking work.
void sandbox.run({ label: 'warm-up', code: 'return Lodash.VERSION', args: {} }).then(() => {
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
});
