// How a script is checked against luma-sdk.d.ts, shared by the editor's TypeScript worker and the
// tests: a script is JavaScript (the sandbox runs it as is) checked with checkJs. A script is the body
// of a function, so its file wraps it in one (SCRIPT_PREFIX, SCRIPT_SUFFIX): TypeScript refuses a
// top-level return and then skips checking a JavaScript file altogether. Positions are shifted back
// by the prefix's length. Every script file is its own module (moduleDetection force), so two
// editors of one kind open at once do not collide, while the d.ts stays global.
import type * as TS from 'typescript';
import type * as VFS from '@typescript/vfs';

/**
 * Put before a script in its file; on the script's first line, so line numbers stay the same. Async,
 * because a script may use \`await\` (the sandbox runs a script that does as an async function and
 * answers what it resolves to; runtime/script/request.ts).
 */
export const SCRIPT_PREFIX = 'export default async function script() {';
export const SCRIPT_SUFFIX = '\n}\n';

/** The file text of a script. */
export function scriptFileText(code: string): string {
  return SCRIPT_PREFIX + code + SCRIPT_SUFFIX;
}

/** A diagnostic at a position of the script itself. */
export interface ScriptDiagnostic {
  from: number;
  to: number;
  code: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

/** The TypeScript lib files a script sees: ES2020, no DOM (the sandbox has none). */
export const SDK_LIB_FILES = [
  'lib.es5.d.ts',
  'lib.es2015.core.d.ts',
  'lib.es2015.collection.d.ts',
  'lib.es2015.iterable.d.ts',
  'lib.es2015.generator.d.ts',
  'lib.es2015.promise.d.ts',
  'lib.es2015.proxy.d.ts',
  'lib.es2015.reflect.d.ts',
  'lib.es2015.symbol.d.ts',
  'lib.es2015.symbol.wellknown.d.ts',
  'lib.es2016.array.include.d.ts',
  'lib.es2017.object.d.ts',
  'lib.es2017.string.d.ts',
  'lib.es2017.date.d.ts',
  'lib.es2018.promise.d.ts',
  'lib.es2018.regexp.d.ts',
  'lib.es2019.array.d.ts',
  'lib.es2019.object.d.ts',
  'lib.es2019.string.d.ts',
  'lib.es2020.string.d.ts',
  'lib.es2020.symbol.wellknown.d.ts',
  'lib.decorators.d.ts',
  'lib.decorators.legacy.d.ts',
] as const;

/** The path of the SDK types inside a checking environment. */
export const SDK_TYPES_PATH = '/luma-sdk.d.ts';

export function sdkCompilerOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2020,
    // The lib files are given as root files (SDK_LIB_FILES), so no default lib is looked up.
    noLib: true,
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: false,
    moduleDetection: ts.ModuleDetectionKind.Force,
    module: ts.ModuleKind.ESNext,
    types: [],
  };
}

/**
 * A TypeScript environment holding the lib files (name -> text, as SDK_LIB_FILES names them) and
 * the SDK types; scripts are added to it as files ending in .js.
 */
export function createCheckEnvironment(ts: typeof TS, vfs: typeof VFS, libs: ReadonlyMap<string, string>, sdkText: string): VFS.VirtualTypeScriptEnvironment {
  const files = new Map<string, string>();
  for (const name of SDK_LIB_FILES) {
    const text = libs.get(name);
    if (text === undefined) throw new Error(`createCheckEnvironment: lib file ${name} missing`);
    files.set(`/${name}`, text);
  }
  files.set(SDK_TYPES_PATH, sdkText);
  const system = vfs.createSystem(files);
  return vfs.createVirtualTypeScriptEnvironment(system, [...files.keys()], ts, sdkCompilerOptions(ts));
}

/** Adds or replaces the file of a script. */
export function putScript(env: VFS.VirtualTypeScriptEnvironment, path: string, code: string): void {
  if (env.getSourceFile(path)) env.updateFile(path, scriptFileText(code));
  else env.createFile(path, scriptFileText(code));
}

/** The diagnostics of a script's file, at positions of the script (a range in the wrapper is clamped to it). */
export function scriptDiagnostics(ts: typeof TS, env: VFS.VirtualTypeScriptEnvironment, path: string): ScriptDiagnostic[] {
  const file = env.getSourceFile(path);
  if (!file) return [];
  const length = file.text.length - SCRIPT_PREFIX.length - SCRIPT_SUFFIX.length;
  const clamp = (n: number) => Math.min(Math.max(n - SCRIPT_PREFIX.length, 0), length);
  const service = env.languageService;
  return [...service.getSyntacticDiagnostics(path), ...service.getSemanticDiagnostics(path)].map((d) => {
    const start = d.start ?? SCRIPT_PREFIX.length;
    return {
      from: clamp(start),
      to: clamp(start + (d.length ?? 0)),
      code: d.code,
      severity: d.category === ts.DiagnosticCategory.Error ? 'error' : d.category === ts.DiagnosticCategory.Warning ? 'warning' : 'info',
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    };
  });
}
