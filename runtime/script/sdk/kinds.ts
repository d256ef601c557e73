// Every script context of Luma (docs/user-code.md): the names a script of each kind sees, with
// their types (type names of common.ts) and what each is for. Every script is the body of a function
// whose parameters are these names plus Lodash and moment. This table is the one source of the
// per-kind declarations of luma-sdk.d.ts and of the arguments the server passes (scriptArgs, used by
// src/server/usercode/run.ts); the editor's kind prop is one of its keys.

export interface ScriptName {
  name: string;
  /** A TypeScript type expression over the types of common.ts. */
  type: string;
  doc: string;
}

export interface ScriptKindSpec {
  /** The interface that lists this kind's names in the full file (no ?kind=). */
  scope: string;
  title: string;
  /** Runs on the server: console is captured into the logs, and context.records (but in workflows) and context.events are there. */
  server: boolean;
  names: ScriptName[];
}

// `as const` keeps each name a literal, so ScriptArgName knows every kind's names.
const fieldValue = (doc: string) => ({ name: 'value', type: 'any', doc }) as const satisfies ScriptName;
const parent = { name: 'parent', type: 'LumaFields', doc: "The record's field values." } as const satisfies ScriptName;
const fieldContext = { name: 'context', type: 'LumaFieldContext', doc: "The field's context entries, and env." } as const satisfies ScriptName;
const data = (doc: string) => ({ name: 'data', type: 'any', doc }) as const satisfies ScriptName;

export const SCRIPT_KINDS = {
  mutator: {
    scope: 'LumaMutatorScope',
    title: 'Mutator (get and set) of a field',
    server: false,
    names: [fieldValue('The value read (get) or written (set).'), parent, fieldContext],
  },
  template: {
    scope: 'LumaTemplateScope',
    title: 'Template of a field',
    server: false,
    names: [fieldValue("The field's value."), parent, fieldContext],
  },
  formatter: {
    scope: 'LumaFormatterScope',
    title: 'Formatter of a list column',
    server: false,
    names: [fieldValue("The cell's value."), { name: 'row', type: 'LumaRecord', doc: 'The record of the row.' }],
  },
  'external-select': {
    scope: 'LumaExternalSelectScope',
    title: 'Expression of an external select',
    server: false,
    names: [
      fieldContext,
      { name: 'keyword', type: 'string', doc: 'What the user typed.' },
      { name: 'page', type: 'number', doc: 'The page asked for, from 1.' },
    ],
  },
  'action-condition': {
    scope: 'LumaActionConditionScope',
    title: 'Display condition of an action',
    server: false,
    names: [
      { name: 'record', type: 'LumaRecord', doc: 'The record the action would run on.' },
      { name: 'context', type: 'LumaBrowserContext', doc: 'Non-secret global variables, and the user.' },
    ],
  },
  action: {
    scope: 'LumaActionScope',
    title: 'Code of an action',
    server: true,
    names: [
      { name: 'record', type: 'LumaRecord', doc: 'The record the action runs on.' },
      { name: 'fields', type: 'LumaFields', doc: "The action form's values." },
      { name: 'context', type: 'LumaComponentContext', doc: 'Global variables, the record API and custom events of the component, the user.' },
    ],
  },
  function: {
    scope: 'LumaFunctionScope',
    title: 'Function of a component',
    server: true,
    names: [data('The input the caller sent.'), { name: 'context', type: 'LumaFunctionContext', doc: "Global variables, the record API and custom events of the component, its config, the user." }],
  },
  'global-function': {
    scope: 'LumaGlobalFunctionScope',
    title: 'Global function',
    server: true,
    names: [
      data('The input: the JSON body of a public call (unwrapped when it is exactly {"data": ...}), the data of an admin run.'),
      { name: 'context', type: 'LumaGlobalFunctionContext', doc: 'Global variables, the function, its API user, and with one the record API (pass a ref) and custom events.' },
    ],
  },
  spark: {
    scope: 'LumaSparkScope',
    title: 'Spark',
    server: true,
    names: [data('The input of the invocation.'), { name: 'context', type: 'LumaServerContext', doc: 'Global variables, the record API (pass a ref), custom events.' }],
  },
  route: {
    scope: 'LumaRouteScope',
    title: 'Route of a component',
    server: true,
    names: [
      { name: 'request', type: 'LumaRequest', doc: 'The HTTP request: method, path, query, body.' },
      { name: 'context', type: 'LumaComponentContext', doc: 'Global variables, the record API and custom events of the component, the user.' },
    ],
  },
  workflow: {
    scope: 'LumaWorkflowScope',
    title: 'Workflow expression',
    server: true,
    names: [
      data("The run's data."),
      { name: 'record', type: 'LumaRecord', doc: 'The record that started the run, if any.' },
      { name: 'event', type: 'any', doc: 'The event that started the run.' },
      { name: 'env', type: "'dev' | 'live'", doc: 'The environment the run is in.' },
      { name: 'State', type: '{ readonly Results: Record<string, any> }', doc: 'The results of the nodes run so far, by node.' },
      { name: 'item', type: 'any', doc: 'The current item of a loop.' },
      { name: 'context', type: 'LumaWorkflowContext', doc: 'Global variables and custom events (records are written by component nodes).' },
    ],
  },
} as const satisfies Record<string, ScriptKindSpec>;

export type ScriptKind = keyof typeof SCRIPT_KINDS;

export const SCRIPT_KIND_NAMES = Object.keys(SCRIPT_KINDS) as ScriptKind[];

export function isScriptKind(value: unknown): value is ScriptKind {
  return typeof value === 'string' && Object.hasOwn(SCRIPT_KINDS, value);
}

/** The parameter names of a kind's scripts (what the table lists for it). */
export type ScriptArgName<K extends ScriptKind> = (typeof SCRIPT_KINDS)[K]['names'][number]['name'];

/**
 * A run's arguments for a script of `kind`: one key per name of the table, in its order (the order of
 * the script's parameters); a name not given is null. Keys the table does not list are left out.
 */
export function scriptArgs<K extends ScriptKind>(kind: K, given: { readonly [N in ScriptArgName<K>]?: unknown }): Record<string, unknown> {
  const values = given as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const { name } of SCRIPT_KINDS[kind].names as readonly ScriptName[]) args[name] = values[name] ?? null;
  return args;
}
