// User code (mutators, templates) runs only in the browser sandbox (./sandbox.ts, QuickJS),
// loaded on first use so screens without scripts never download it.
import type { ScriptRequest, ScriptResult } from '../../runtime/script/types';

export type { ScriptRequest, ScriptResult };
export type RunScript = (request: ScriptRequest) => Promise<ScriptResult>;

const loadSandbox = () => import('./sandbox');

export const lazySandbox: RunScript = async (request) => {
  try {
    return await (await loadSandbox()).runScript(request);
  } catch (error) {
    return { ok: false, error: `${request.label}: ${error instanceof Error ? error.message : String(error)}` };
  }
};

/** A form whose fields carry scripts starts loading the sandbox when it opens. */
export function preloadSandbox(): void {
  void loadSandbox()
    .then((sandbox) => sandbox.preloadSandbox())
    .catch(() => undefined);
}
