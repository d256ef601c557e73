// The code editor's TypeScript language service, in a Web Worker (loaded only when a script editor
// opens: see tsClient.ts). One checking environment per script kind, made on first use from the
// served /types/luma-sdk.d.ts?kind=<kind> and the bundled ES2020 lib files; each editor is one file
// /<kind>/<n>.js in it. Scripts are wrapped into a function body (runtime/script/sdk/check.ts), so
// every position crossing this boundary is shifted by SCRIPT_PREFIX.length.
import * as Comlink from 'comlink';
import * as vfs from '@typescript/vfs';
import { getAutocompletion, getHover } from '@valtown/codemirror-ts/worker';
import ts from 'typescript';
import { sdkTypesUrl } from '../../../../../runtime/api/sdkTypesPath';
import { createCheckEnvironment, putScript, SCRIPT_PREFIX, scriptDiagnostics } from '../../../../../runtime/script/sdk/check';
import { isScriptKind } from '../../../../../runtime/script/sdk/kinds';
import { LIB_FILES } from './libFiles';
import type { ScriptCompletion, ScriptHover, ScriptLint, ScriptService } from './protocol';

const libs = new Map(Object.entries(LIB_FILES));
const environments = new Map<string, Promise<vfs.VirtualTypeScriptEnvironment>>();

function environmentOf(path: string): Promise<vfs.VirtualTypeScriptEnvironment> {
  const kind = path.split('/')[1] ?? '';
  if (!isScriptKind(kind)) return Promise.reject(new Error(`unknown script kind in ${path}`));
  let found = environments.get(kind);
  if (!found) {
    found = fetch(new URL(sdkTypesUrl(kind), self.location.origin)).then(async (response) => {
      if (!response.ok) throw new Error(`${sdkTypesUrl(kind)}: ${response.status}`);
      return createCheckEnvironment(ts, vfs, libs, await response.text());
    });
    // A failed load is tried again by the next call, not remembered.
    found.catch(() => environments.delete(kind));
    environments.set(kind, found);
  }
  return found;
}

const shift = SCRIPT_PREFIX.length;

const service: ScriptService = {
  async update(path, code) {
    putScript(await environmentOf(path), path, code);
  },
  async lint(path): Promise<ScriptLint[]> {
    const env = await environmentOf(path);
    return scriptDiagnostics(ts, env, path).map(({ from, to, severity, message, code }) => ({ from, to, severity, message, source: `ts(${code})` }));
  },
  async complete(path, pos, explicit): Promise<ScriptCompletion | null> {
    const env = await environmentOf(path);
    const result = await getAutocompletion({ env, path, context: { pos: pos + shift, explicit } });
    if (!result) return null;
    return {
      from: result.from - shift,
      options: result.options.map(({ label, type, boost }) => ({ label, type, boost })),
    };
  },
  async hover(path, pos): Promise<ScriptHover | null> {
    const env = await environmentOf(path);
    const found = getHover({ env, path, pos: pos + shift });
    if (!found?.quickInfo) return null;
    const text = ts.displayPartsToString(found.quickInfo.displayParts);
    const doc = ts.displayPartsToString(found.quickInfo.documentation);
    return { from: Math.max(found.start - shift, 0), to: Math.max(found.end - shift, 0), text, doc };
  },
  async forget(path) {
    const env = await environmentOf(path);
    // An emptied file weighs nothing and leaves no stale names (vfs has no delete).
    putScript(env, path, '');
  },
};

Comlink.expose(service);
