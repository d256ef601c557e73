// A fresh QuickJS runtime and context per run, with the harness and the libraries a script can reach
// evaluated into it (used by sandbox.ts).
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { CappedModule } from './memory';
import { describeHandle, hostMessage } from './values';
import { HARNESS_SOURCE, libraryExpression } from './harness';
import { SCRIPT_LIMITS, type SandboxLibraries } from './types';

/** Budget for evaluating the (trusted) libraries into a fresh context. */
const LIBRARY_TIMEOUT_MS = 5000;

export type Needs = { lodash: boolean; dayjs: boolean };
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

export type Prepared = {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  run: QuickJSHandle;
  lodash: QuickJSHandle;
  dayjs: QuickJSHandle;
};

export class ScriptFailure extends Error {}

/** Host-side exception from inside the wasm module (not a QuickJS exception): the module is unusable. */
export class ModuleFailure extends Error {}

export function release(p: Prepared): void {
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

/** A runtime and context under the library budget. Throws ModuleFailure. */
function newRuntimeAndContext(quickjs: QuickJSWASMModule, capped: CappedModule | null): { runtime: QuickJSRuntime; context: QuickJSContext } {
  try {
    const runtime = quickjs.newRuntime();
    runtime.setMemoryLimit(SCRIPT_LIMITS.memoryBytes);
    capped?.limit(SCRIPT_LIMITS.memoryBytes);
    runtime.setMaxStackSize(SCRIPT_LIMITS.stackBytes);
    const deadline = Date.now() + LIBRARY_TIMEOUT_MS;
    runtime.setInterruptHandler(() => Date.now() > deadline);
    return { runtime, context: runtime.newContext() };
  } catch (error) {
    throw new ModuleFailure(hostMessage(error));
  }
}

/** Evaluates one trusted source and keeps its value in `handles`. Throws ScriptFailure or ModuleFailure. */
function evaluate(context: QuickJSContext, handles: QuickJSHandle[], what: string, source: string): QuickJSHandle {
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
}

/** A fresh runtime and context with the harness and the libraries evaluated. Throws ScriptFailure or ModuleFailure. */
export function prepare(quickjs: QuickJSWASMModule, libraries: SandboxLibraries, capped: CappedModule | null, need: Needs = ALL): Prepared {
  const { runtime, context } = newRuntimeAndContext(quickjs, capped);
  const handles: QuickJSHandle[] = [];
  try {
    const run = evaluate(context, handles, 'harness', HARNESS_SOURCE);
    const lodash = libraries.lodash && need.lodash ? evaluate(context, handles, 'lodash', libraryExpression(libraries.lodash)) : context.undefined;
    const dayjs = libraries.dayjs && need.dayjs ? evaluate(context, handles, 'dayjs', libraryExpression(libraries.dayjs)) : context.undefined;
    return { runtime, context, run, lodash, dayjs };
  } catch (error) {
    if (!(error instanceof ModuleFailure)) {
      release({ runtime, context, run: handles[0] ?? context.undefined, lodash: handles[1] ?? context.undefined, dayjs: handles[2] ?? context.undefined });
    }
    throw error;
  }
}
