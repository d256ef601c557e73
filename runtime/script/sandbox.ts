// The user-code sandbox: QuickJS (quickjs-emscripten) with a fresh runtime and context per run.
// Framework-free: no Node or DOM imports; the library sources are passed in by the host.
// A run: the request is checked (request.ts), a fresh context is had (context.ts, prepared ahead
// when the sandbox is idle), the harness calls the script with its arguments, the host function and
// the console (bridge.ts), and its answer is read back here.
// One explicit variant (release, sync), browser and server alike: the quickjs-emscripten wrapper
// imports all four, and the browser build then emitted four wasm files where one is used.
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { formatScriptError } from './format';
import { newCappedModule, type CappedModule } from './memory';
import { describeHandle, hostMessage } from './values';
import { ModuleFailure, needs, prepare, release, type Prepared } from './context';
import { newHostFunction, RunLog } from './bridge';
import { planRun, type PlannedRun } from './request';
import type { HostFunction, Sandbox, SandboxLibraries, SandboxOptions, ScriptLimits, ScriptRequest, ScriptResult } from './types';

export { needs } from './context';
export { hostErrorOf, MAX_HOST_ANSWER_CHARS } from './bridge';
export { MAX_ARGS_DEPTH, resolveLimits } from './request';

/**
 * Idle time after a run before the next context is prepared: a burst of scripts does not wait
 * behind preparations it does not need (a script that does not mention Lodash or moment skips them).
 */
const PREWARM_DELAY_MS = 50;

/** One sandbox: the module it runs on (replaced when it breaks or grows), the context prepared for the next run, its queue. */
type SandboxState = {
  readonly libraries: SandboxLibraries;
  readonly prewarm: boolean;
  readonly capBytes: number | undefined;
  modulePromise: Promise<QuickJSWASMModule> | null;
  module: QuickJSWASMModule | null;
  /** The memory of `module` when capped (memory.ts). */
  capped: CappedModule | null;
  grew: boolean;
  prepared: Prepared | null;
  prewarmTimer: ReturnType<typeof setTimeout> | null;
  disposed: boolean;
  queue: Promise<unknown>;
};

// A module of our own (not the shared getQuickJS singleton), so a broken one can be replaced.
function loadModule(state: SandboxState): Promise<QuickJSWASMModule> {
  if (state.module) return Promise.resolve(state.module);
  const load = state.capBytes === undefined ? newQuickJSWASMModuleFromVariant(RELEASE_SYNC).then((loaded) => ({ module: loaded, capped: null })) : newCappedModule(state.capBytes).then((loaded) => ({ module: loaded.module, capped: loaded }));
  state.modulePromise ??= load.then(
    (loaded) => {
      state.module = loaded.module;
      state.capped = loaded.capped;
      return loaded.module;
    },
    (error: unknown) => {
      state.modulePromise = null;
      throw error;
    },
  );
  return state.modulePromise;
}

function discardModule(state: SandboxState): void {
  // Nothing in a module that threw from inside wasm is trusted, not even its dispose().
  state.module = null;
  state.modulePromise = null;
  state.capped = null;
  state.prepared = null;
}

function schedulePrewarm(state: SandboxState): void {
  if (!state.prewarm || state.disposed || state.prepared || state.prewarmTimer || typeof setTimeout !== 'function') return;
  state.prewarmTimer = setTimeout(() => {
    state.prewarmTimer = null;
    if (state.disposed || state.prepared || !state.module) return;
    try {
      state.prepared = prepare(state.module, state.libraries, state.capped);
    } catch (error) {
      if (error instanceof ModuleFailure) discardModule(state);
    }
  }, PREWARM_DELAY_MS);
}

/** The context prepared ahead, or a fresh one for `code`; a string saying why none could be had. */
function takePrepared(state: SandboxState, quickjs: QuickJSWASMModule, code: string): Prepared | string {
  try {
    const p = state.prepared ?? prepare(quickjs, state.libraries, state.capped, needs(code));
    state.prepared = null;
    return p;
  } catch (error) {
    if (error instanceof ModuleFailure) discardModule(state);
    return error instanceof Error ? error.message : String(error);
  }
}

/** Holds the runtime to the run's limits; `watch.interrupted` becomes true when the deadline stops it. */
function applyLimits(runtime: QuickJSRuntime, memory: CappedModule | null, limits: ScriptLimits, watch: { interrupted: boolean }): void {
  // QuickJS's own limit bounds single allocations only; the capped memory bounds their sum (memory.ts).
  runtime.setMemoryLimit(limits.memoryBytes);
  memory?.limit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const deadline = Date.now() + limits.timeoutMs;
  runtime.setInterruptHandler(() => {
    if (Date.now() <= deadline) return false;
    watch.interrupted = true;
    return true;
  });
}

/** Calls the harness with the script's wrapper, its arguments, the libraries, the host function and the console. */
function callHarness(p: Prepared, run: PlannedRun, host: HostFunction | undefined, log: RunLog) {
  const { context } = p;
  const logFn = log.newFunction(context);
  const hostFn = newHostFunction(context, run.hostNames, host);
  const source = context.newString(run.wrapper);
  const args = context.newString(run.argsJson);
  const names = context.newString(JSON.stringify(run.hostNames));
  const index = context.newNumber(run.contextIndex);
  const result = context.callFunction(p.run, context.undefined, source, args, p.lodash, p.dayjs, names, index, hostFn, logFn);
  for (const handle of [source, args, names, index, hostFn, logFn]) handle.dispose();
  return result;
}

/**
 * An async script (the harness answered 'P'): runs the pending jobs (the script's continuations after
 * each await, under the same interrupt handler and memory), then asks the harness to settle. Answers
 * the harness's 'R' or 'E' string handle, or the QuickJS error of a job or of settle.
 */
function settleAsync(p: Prepared, first: QuickJSHandle) {
  const { context } = p;
  const text = context.typeof(first) === 'string' ? context.getString(first) : null;
  if (text !== 'P') return { value: first };
  first.dispose();
  const jobs = p.runtime.executePendingJobs();
  if (jobs.error) return { error: jobs.error };
  const settle = context.getProp(p.run, 'settle');
  try {
    return context.callFunction(settle, context.undefined);
  } finally {
    settle.dispose();
  }
}

/** The harness's answer: 'R' and the result's JSON, or 'E' and the error's message. */
function readOutput(context: QuickJSContext, value: QuickJSHandle, outputBytes: number): { value: unknown } | { error: string } {
  const out = context.typeof(value) === 'string' ? context.getString(value) : null;
  value.dispose();
  if (out === null || out.length === 0) return { error: 'the result is not JSON' };
  if (out[0] === 'E') return { error: out.slice(1) };
  if (out.length - 1 > outputBytes) return { error: `the result is larger than ${outputBytes} characters` };
  try {
    return { value: JSON.parse(out.slice(1)) as unknown };
  } catch {
    return { error: 'the result is not JSON' };
  }
}

function execute(state: SandboxState, quickjs: QuickJSWASMModule, run: PlannedRun, host: HostFunction | undefined): ScriptResult {
  const log = new RunLog(run.limits.logBytes);
  const report = (result: ScriptResult): ScriptResult => (run.request.logs ? { ...result, logs: log.entries() } : result);
  const fail = (message: string): ScriptResult => report({ ok: false, error: formatScriptError(run.request.label, message, run.request.code) });
  const p = takePrepared(state, quickjs, run.request.code);
  if (typeof p === 'string') return fail(p);
  const watch = { interrupted: false };
  const memory = state.capped;
  try {
    applyLimits(p.runtime, memory, run.limits, watch);
    const called = callHarness(p, run, host, log);
    const result = called.error ? called : settleAsync(p, called.value);
    if (watch.interrupted && !result.error) {
      // The deadline stopped a job of an async script without failing the job loop: its promise is
      // left pending, which is the deadline, not a promise that could never settle.
      result.value.dispose();
      return fail('deadline exceeded');
    }
    if (result.error) {
      // The harness catches everything catchable: what reaches here is the interrupt, or a
      // failure inside the harness itself (out of memory while describing an error).
      const described = watch.interrupted ? 'deadline exceeded' : describeHandle(p.context, result.error);
      const message = memory?.refused && described === 'uncaught exception' ? 'out of memory' : described;
      result.error.dispose();
      return fail(message);
    }
    const out = readOutput(p.context, result.value, run.limits.outputBytes);
    return 'error' in out ? fail(out.error) : report({ ok: true, value: out.value });
  } catch (error) {
    // A host exception thrown from inside wasm (the native stack overflowing in QuickJS's
    // recursive JSON or parser code, or an abort): this module cannot be trusted again.
    discardModule(state);
    return fail(watch.interrupted ? 'deadline exceeded' : memory?.refused ? 'out of memory' : hostMessage(error));
  } finally {
    if (state.module === quickjs) release(p);
    // Memory never shrinks: a module that grew serves no other run, so each run starts at its first size.
    if (memory?.grown) {
      state.grew = true;
      if (state.module === quickjs) discardModule(state);
    }
  }
}

async function runOne(state: SandboxState, request: ScriptRequest, host: HostFunction | undefined): Promise<ScriptResult> {
  const label = typeof request?.label === 'string' ? request.label : 'script';
  const code = typeof request?.code === 'string' ? request.code : '';
  const fail = (message: string): ScriptResult => ({ ok: false, error: formatScriptError(label, message, code) });
  if (state.disposed) return fail('the sandbox is disposed');
  if (typeof request?.code !== 'string') return fail('the code is not a string');
  const run = planRun(request, label, state.capBytes);
  if (typeof run === 'string') return fail(run);
  let quickjs: QuickJSWASMModule;
  try {
    quickjs = await loadModule(state);
  } catch (error) {
    return fail(`could not load QuickJS (${error instanceof Error ? error.message : String(error)})`);
  }
  if (state.disposed) return fail('the sandbox is disposed');
  try {
    return execute(state, quickjs, run, host);
  } finally {
    schedulePrewarm(state);
  }
}

function dispose(state: SandboxState): void {
  if (state.disposed) return;
  state.disposed = true;
  if (state.prewarmTimer) clearTimeout(state.prewarmTimer);
  state.prewarmTimer = null;
  if (state.prepared) release(state.prepared);
  state.prepared = null;
  state.module = null;
  state.modulePromise = null;
  state.capped = null;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const state: SandboxState = {
    libraries: options.libraries ?? {},
    prewarm: options.prewarm ?? true,
    capBytes: options.memoryCapBytes,
    modulePromise: null,
    module: null,
    capped: null,
    grew: false,
    prepared: null,
    prewarmTimer: null,
    disposed: false,
    queue: Promise.resolve(),
  };
  return {
    get grew() {
      return state.grew;
    },
    run(request, host) {
      const next = state.queue.then(() => runOne(state, request, host));
      state.queue = next.catch(() => undefined);
      return next;
    },
    dispose() {
      dispose(state);
    },
  };
}
