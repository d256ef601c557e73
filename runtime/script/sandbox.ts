// The user-code sandbox: QuickJS (quickjs-emscripten) with a fresh runtime and context per run.
// Framework-free: no Node or DOM imports; the library sources are passed in by the host.
import { newQuickJSWASMModule, RELEASE_SYNC } from 'quickjs-emscripten';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import { formatScriptError } from './format';
import { newCappedModule, type CappedModule } from './memory';
import { describeHandle, hostMessage, jsonDepth } from './values';
import { HARNESS_SOURCE, libraryExpression } from './harness';
import {
  SCRIPT_LIMITS,
  SCRIPT_LIMIT_BOUNDS,
  type HostError,
  type HostFunction,
  type Sandbox,
  type ScriptLog,
  type SandboxOptions,
  type ScriptLimits,
  type ScriptRequest,
  type ScriptResult,
} from './types';

/** Budget for evaluating the (trusted) libraries into a fresh context. */
const LIBRARY_TIMEOUT_MS = 5000;

/**
 * Idle time after a run before the next context is prepared: a burst of scripts does not wait
 * behind preparations it does not need (a script that does not mention Lodash or moment skips them).
 */
const PREWARM_DELAY_MS = 50;

/** Arguments nested deeper than this are refused before they reach QuickJS's recursive JSON.parse. */
export const MAX_ARGS_DEPTH = 1000;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const HOST_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const RESERVED_PATH_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

/** A host answer larger than this (JSON characters) reaches the script as an error, not as a string in its heap. */
export const MAX_HOST_ANSWER_CHARS = 16 * 1024 * 1024;

/** What a thrown host error tells the script: its message, and status and errors when it has them. */
export function hostErrorOf(error: unknown): HostError {
  if (error instanceof Error) {
    const out: HostError = { message: error.message.slice(0, 1000) };
    const { status, errors } = error as Error & { status?: unknown; errors?: unknown };
    if (typeof status === 'number') out.status = status;
    if (errors !== undefined) {
      try {
        out.errors = JSON.parse(JSON.stringify(errors)) as unknown;
      } catch {
        /* not JSON: left out */
      }
    }
    return out;
  }
  return { message: String(error).slice(0, 1000) };
}
const RESERVED_ARGS = new Set(['Lodash', 'moment', 'arguments', 'eval']);

export function resolveLimits(limits: Partial<ScriptLimits> | undefined): ScriptLimits {
  const pick = (key: keyof ScriptLimits): number => {
    const asked = limits?.[key];
    const value = typeof asked === 'number' && Number.isFinite(asked) ? asked : SCRIPT_LIMITS[key];
    const { min, max } = SCRIPT_LIMIT_BOUNDS[key];
    return Math.floor(Math.min(max, Math.max(min, value)));
  };
  return {
    memoryBytes: pick('memoryBytes'),
    timeoutMs: pick('timeoutMs'),
    stackBytes: pick('stackBytes'),
    outputBytes: pick('outputBytes'),
    logBytes: pick('logBytes'),
  };
}

type Needs = { lodash: boolean; dayjs: boolean };
const ALL: Needs = { lodash: true, dayjs: true };

/**
 * Which libraries a script can reach. The parameters `Lodash` and `moment` are reachable only by
 * name (possibly spelt with \\u escapes), through `arguments`, or through a direct `eval`; a script
 * that mentions none of these cannot observe whether the library was evaluated, so it is skipped.
 */
export function needs(code: string): Needs {
  const dynamic = /\\u|arguments|eval/.test(code);
  return { lodash: dynamic || code.includes('Lodash'), dayjs: dynamic || code.includes('moment') };
}

type Prepared = {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  run: QuickJSHandle;
  lodash: QuickJSHandle;
  dayjs: QuickJSHandle;
};

class ScriptFailure extends Error {}

/** Host-side exception from inside the wasm module (not a QuickJS exception): the module is unusable. */
class ModuleFailure extends Error {}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const libraries = options.libraries ?? {};
  const prewarm = options.prewarm ?? true;
  const capBytes = options.memoryCapBytes;
  let modulePromise: Promise<QuickJSWASMModule> | null = null;
  let module: QuickJSWASMModule | null = null;
  /** The memory of `module` when capped (memory.ts). */
  let capped: CappedModule | null = null;
  let grew = false;
  let prepared: Prepared | null = null;
  let prewarmTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  let queue: Promise<unknown> = Promise.resolve();

  // A module of our own (not the shared getQuickJS singleton), so a broken one can be replaced.
  function loadModule(): Promise<QuickJSWASMModule> {
    if (module) return Promise.resolve(module);
    const load = capBytes === undefined ? newQuickJSWASMModule(RELEASE_SYNC).then((loaded) => ({ module: loaded, capped: null })) : newCappedModule(capBytes).then((loaded) => ({ module: loaded.module, capped: loaded }));
    modulePromise ??= load.then(
      (loaded) => {
        module = loaded.module;
        capped = loaded.capped;
        return loaded.module;
      },
      (error: unknown) => {
        modulePromise = null;
        throw error;
      },
    );
    return modulePromise;
  }

  function discardModule(): void {
    // Nothing in a module that threw from inside wasm is trusted, not even its dispose().
    module = null;
    modulePromise = null;
    capped = null;
    prepared = null;
  }

  function release(p: Prepared): void {
    for (const handle of [p.run, p.lodash, p.dayjs]) {
      try {
        if (handle.alive) handle.dispose();
      } catch {
        /* disposed with its context */
      }
    }
    try {
      p.context.dispose();
    } catch {
      /* the runtime goes too */
    }
    try {
      p.runtime.dispose();
    } catch {
      /* nothing else to do */
    }
  }

  /** A fresh runtime and context with the harness and the libraries evaluated. Throws ScriptFailure or ModuleFailure. */
  function prepare(quickjs: QuickJSWASMModule, need: Needs = ALL): Prepared {
    let runtime: QuickJSRuntime;
    let context: QuickJSContext;
    try {
      runtime = quickjs.newRuntime();
      runtime.setMemoryLimit(SCRIPT_LIMITS.memoryBytes);
      capped?.limit(SCRIPT_LIMITS.memoryBytes);
      runtime.setMaxStackSize(SCRIPT_LIMITS.stackBytes);
      const deadline = Date.now() + LIBRARY_TIMEOUT_MS;
      runtime.setInterruptHandler(() => Date.now() > deadline);
      context = runtime.newContext();
    } catch (error) {
      throw new ModuleFailure(hostMessage(error));
    }
    const handles: QuickJSHandle[] = [];
    const evaluate = (what: string, source: string): QuickJSHandle => {
      let result;
      try {
        result = context.evalCode(source, `${what}.js`);
      } catch (error) {
        throw new ModuleFailure(hostMessage(error));
      }
      if (result.error) {
        const message = describeHandle(context, result.error);
        result.error.dispose();
        throw new ScriptFailure(`could not load ${what}: ${message}`);
      }
      handles.push(result.value);
      return result.value;
    };
    try {
      const run = evaluate('harness', HARNESS_SOURCE);
      const lodash = libraries.lodash && need.lodash ? evaluate('lodash', libraryExpression(libraries.lodash)) : context.undefined;
      const dayjs = libraries.dayjs && need.dayjs ? evaluate('dayjs', libraryExpression(libraries.dayjs)) : context.undefined;
      return { runtime, context, run, lodash, dayjs };
    } catch (error) {
      if (!(error instanceof ModuleFailure)) {
        release({ runtime, context, run: handles[0] ?? context.undefined, lodash: handles[1] ?? context.undefined, dayjs: handles[2] ?? context.undefined });
      }
      throw error;
    }
  }

  function schedulePrewarm(): void {
    if (!prewarm || disposed || prepared || prewarmTimer || typeof setTimeout !== 'function') return;
    prewarmTimer = setTimeout(() => {
      prewarmTimer = null;
      if (disposed || prepared || !module) return;
      try {
        prepared = prepare(module);
      } catch (error) {
        if (error instanceof ModuleFailure) discardModule();
      }
    }, PREWARM_DELAY_MS);
  }

  function execute(
    quickjs: QuickJSWASMModule,
    request: ScriptRequest,
    limits: ScriptLimits,
    argsJson: string,
    wrapper: string,
    hostNames: string[],
    contextIndex: number,
    host: HostFunction | undefined,
  ): ScriptResult {
    const logs: ScriptLog[] = [];
    let logChars = 0;
    let logDropped = 0;
    const withLogs = (result: ScriptResult): ScriptResult => {
      if (!request.logs) return result;
      const kept = logDropped > 0 ? [...logs, { level: 'warn' as const, message: `${logDropped} characters of console output dropped (limit ${limits.logBytes})` }] : logs;
      return { ...result, logs: kept };
    };
    const fail = (message: string): ScriptResult => withLogs({ ok: false, error: formatScriptError(request.label, message, request.code) });
    let p: Prepared;
    try {
      p = prepared ?? prepare(quickjs, needs(request.code));
      prepared = null;
    } catch (error) {
      if (error instanceof ModuleFailure) {
        discardModule();
        return fail(error.message);
      }
      return fail(error instanceof Error ? error.message : String(error));
    }
    let interrupted = false;
    const memory = capped;
    try {
      const { runtime, context } = p;
      // QuickJS's own limit bounds single allocations only; the capped memory bounds their sum (memory.ts).
      runtime.setMemoryLimit(limits.memoryBytes);
      memory?.limit(limits.memoryBytes);
      runtime.setMaxStackSize(limits.stackBytes);
      const deadline = Date.now() + limits.timeoutMs;
      runtime.setInterruptHandler(() => {
        if (Date.now() <= deadline) return false;
        interrupted = true;
        return true;
      });
      const allowed = new Set(hostNames);
      const logFn = context.newFunction('log', (levelHandle, textHandle) => {
        const level = context.getString(levelHandle) as ScriptLog['level'];
        const message = context.getString(textHandle);
        if (logChars + message.length <= limits.logBytes) {
          logs.push({ level, message });
          logChars += message.length;
        } else logDropped += message.length;
      });
      const hostFn = context.newFunction('host', (nameHandle, argsHandle) => {
        const name = context.getString(nameHandle);
        const answer = (text: string) => context.newString(text);
        const refuse = (error: HostError) => answer('E' + JSON.stringify(error));
        if (!allowed.has(name) || !host) return refuse({ message: `${name} is not available here` });
        let callArgs: unknown;
        try {
          callArgs = JSON.parse(context.getString(argsHandle)) as unknown;
        } catch {
          return refuse({ message: `${name}: the arguments are not JSON` });
        }
        try {
          const value = host(name, Array.isArray(callArgs) ? callArgs : []);
          const json = value === undefined ? '' : JSON.stringify(value);
          if (json.length > MAX_HOST_ANSWER_CHARS) return refuse({ message: `${name}: the answer is larger than ${MAX_HOST_ANSWER_CHARS} characters` });
          return answer('R' + json);
        } catch (error) {
          return refuse(hostErrorOf(error));
        }
      });
      const source = context.newString(wrapper);
      const args = context.newString(argsJson);
      const names = context.newString(JSON.stringify(hostNames));
      const index = context.newNumber(contextIndex);
      const result = context.callFunction(p.run, context.undefined, source, args, p.lodash, p.dayjs, names, index, hostFn, logFn);
      for (const handle of [source, args, names, index, hostFn, logFn]) handle.dispose();
      if (result.error) {
        // The harness catches everything catchable: what reaches here is the interrupt, or a
        // failure inside the harness itself (out of memory while describing an error).
        const described = interrupted ? 'deadline exceeded' : describeHandle(context, result.error);
        const message = memory?.refused && described === 'uncaught exception' ? 'out of memory' : described;
        result.error.dispose();
        return fail(message);
      }
      const out = context.typeof(result.value) === 'string' ? context.getString(result.value) : null;
      result.value.dispose();
      if (out === null || out.length === 0) return fail('the result is not JSON');
      if (out[0] === 'E') return fail(out.slice(1));
      if (out.length - 1 > limits.outputBytes) return fail(`the result is larger than ${limits.outputBytes} characters`);
      try {
        return withLogs({ ok: true, value: JSON.parse(out.slice(1)) as unknown });
      } catch {
        return fail('the result is not JSON');
      }
    } catch (error) {
      // A host exception thrown from inside wasm (the native stack overflowing in QuickJS's
      // recursive JSON or parser code, or an abort): this module cannot be trusted again.
      discardModule();
      return fail(interrupted ? 'deadline exceeded' : memory?.refused ? 'out of memory' : hostMessage(error));
    } finally {
      if (module === quickjs) release(p);
      // Memory never shrinks: a module that grew serves no other run, so each run starts at its first size.
      if (memory?.grown) {
        grew = true;
        if (module === quickjs) discardModule();
      }
    }
  }

  async function runOne(request: ScriptRequest, host: HostFunction | undefined): Promise<ScriptResult> {
    const label = typeof request?.label === 'string' ? request.label : 'script';
    const code = typeof request?.code === 'string' ? request.code : '';
    const fail = (message: string): ScriptResult => ({ ok: false, error: formatScriptError(label, message, code) });
    if (disposed) return fail('the sandbox is disposed');
    if (typeof request?.code !== 'string') return fail('the code is not a string');
    const given = request.args ?? {};
    if (typeof given !== 'object' || Array.isArray(given)) return fail('the arguments are not an object');
    const hostNames = Array.isArray(request.host) ? request.host : [];
    for (const name of hostNames) {
      if (typeof name !== 'string' || !HOST_NAME.test(name) || name.split('.').some((part) => RESERVED_PATH_PARTS.has(part))) {
        return fail(`invalid host capability ${JSON.stringify(name)}`);
      }
    }
    // Host capabilities live in `context`: a run that lends some always has one.
    const args: Record<string, unknown> = hostNames.length > 0 && !('context' in given) ? { ...given, context: {} } : given;
    const names = Object.keys(args);
    for (const name of names) {
      if (!IDENTIFIER.test(name) || RESERVED_ARGS.has(name)) return fail(`invalid argument name ${JSON.stringify(name)}`);
    }
    let argsJson: string;
    try {
      argsJson = JSON.stringify(names.map((name) => args[name]));
    } catch (error) {
      return fail(`the arguments are not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (jsonDepth(argsJson) > MAX_ARGS_DEPTH + 1) return fail(`the arguments are nested deeper than ${MAX_ARGS_DEPTH}`);
    const wrapper = `(function (${[...names, 'Lodash', 'moment'].join(', ')}) {\n${code}\n})`;
    const limits = resolveLimits(request.limits);
    if (capBytes !== undefined) limits.memoryBytes = Math.min(limits.memoryBytes, capBytes);
    let quickjs: QuickJSWASMModule;
    try {
      quickjs = await loadModule();
    } catch (error) {
      return fail(`could not load QuickJS (${error instanceof Error ? error.message : String(error)})`);
    }
    if (disposed) return fail('the sandbox is disposed');
    try {
      return execute(quickjs, { label, code, args, logs: request.logs === true }, limits, argsJson, wrapper, hostNames, names.indexOf('context'), host);
    } finally {
      schedulePrewarm();
    }
  }

  return {
    get grew() {
      return grew;
    },
    run(request, host) {
      const next = queue.then(() => runOne(request, host));
      queue = next.catch(() => undefined);
      return next;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (prewarmTimer) clearTimeout(prewarmTimer);
      prewarmTimer = null;
      if (prepared) release(prepared);
      prepared = null;
      module = null;
      modulePromise = null;
      capped = null;
    },
  };
}
