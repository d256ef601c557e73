// luma-sdk.d.ts (served at GET /types/luma-sdk.d.ts): the common types, one interface per script
// kind naming what its scripts see, and, for one kind (?kind=), that kind's names as globals.
// Globals of different kinds cannot share one file (value, context and record differ), so the
// editor loads the file of the kind it edits (docs/user-code.md).
import { LODASH_DTS, MOMENT_DTS, RECORDS_DTS } from './common';
import { SCRIPT_KINDS, type ScriptKind, type ScriptName } from './kinds';

export { SCRIPT_KINDS, SCRIPT_KIND_NAMES, isScriptKind, scriptArgs, type ScriptArgName, type ScriptKind, type ScriptKindSpec, type ScriptName } from './kinds';

const HEADER = `// Luma SDK: the names every Luma script sees (docs/user-code.md).
// A script is the body of a function whose parameters are its kind's names plus Lodash and moment.
// Use with lib es2020 and no DOM; ?kind=<kind> adds that kind's names as globals.
`;

function docComment(text: string, indent = ''): string {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
}

function scopeInterface(kind: ScriptKind): string {
  const spec = SCRIPT_KINDS[kind];
  const members = spec.names.map((n: ScriptName) => `${docComment(n.doc, '  ')}  readonly ${n.name}: ${n.type};\n`).join('');
  return `${docComment(`${spec.title} (kind "${kind}").`)}interface ${spec.scope} {\n${members}}\n`;
}

function globalsOf(kind: ScriptKind): string {
  const spec = SCRIPT_KINDS[kind];
  const names = spec.names.map((n: ScriptName) => `${docComment(n.doc)}declare const ${n.name}: ${spec.scope}['${n.name}'];\n`).join('');
  const console = spec.server ? `${docComment('Captured into the logs of the run.')}declare const console: LumaConsole;\n` : '';
  return `// ---- ${spec.title}: the names of kind "${kind}" ----\n${names}${console}`;
}

/** The d.ts text: every kind's scope interface, and with a kind its names as globals. */
export function sdkTypes(kind?: ScriptKind): string {
  const scopes = (Object.keys(SCRIPT_KINDS) as ScriptKind[]).map(scopeInterface).join('\n');
  return [HEADER, RECORDS_DTS, LODASH_DTS, MOMENT_DTS, '// ---- The script kinds ----\n' + scopes, kind ? globalsOf(kind) : ''].join('\n');
}
