// User code in the browser (formatters, mutators, templates): the runtime/script sandbox, loaded
// on the first script. QuickJS, its wasm and the lodash and dayjs sources are separate lazy chunks,
// so nothing of it is in the bundle of a page that runs no script.
//
// Scripts run on the main thread: the deadline (interrupt handler), memory and stack limits apply,
// but a single script can hold the thread until its deadline (1 s by default).
import { formatScriptError } from '../../runtime/script/format';
import type { Sandbox, ScriptRequest, ScriptResult } from '../../runtime/script';

export type { ScriptRequest, ScriptResult } from '../../runtime/script';

let sandbox: Promise<Sandbox> | null = null;

function loadSandbox(): Promise<Sandbox> {
  sandbox ??= Promise.all([
    import('../../runtime/script'),
    import('lodash/lodash.min.js?raw'),
    import('dayjs/dayjs.min.js?raw'),
  ]).then(
    // No prewarming here: preparing the next context after each run would cost the main thread
    // ~15 ms for nothing when no script follows. A script that does not mention Lodash or moment
    // does not pay for evaluating them.
    ([script, lodash, dayjs]) => script.createSandbox({ libraries: { lodash: lodash.default, dayjs: dayjs.default }, prewarm: false }),
    (error: unknown) => {
      sandbox = null; // a failed chunk load (offline, new deploy) is retried on the next script
      throw error;
    },
  );
  return sandbox;
}

/** Runs user code in the sandbox; never rejects. */
export async function runScript(request: ScriptRequest): Promise<ScriptResult> {
  let loaded: Sandbox;
  try {
    loaded = await loadSandbox();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: formatScriptError(request.label, `the script runtime could not load (${message})`, request.code) };
  }
  return loaded.run(request);
}

/** Starts loading the sandbox ahead of a first script (e.g. when a form with mutators opens). */
export function preloadSandbox(): void {
  void loadSandbox().catch(() => undefined);
}
