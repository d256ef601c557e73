// luma-sdk.d.ts compiled with the real TypeScript, as the editor's worker uses it: a correct script
// of every kind type-checks; misuses (a wrong record API method, a name of another kind, a wrong
// argument, console in a browser script) are errors at the right place.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as vfs from '@typescript/vfs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCheckEnvironment, putScript, SCRIPT_PREFIX, scriptDiagnostics, SDK_LIB_FILES, SDK_TYPES_PATH } from '../../../runtime/script/sdk/check';
import { isScriptKind, SCRIPT_KIND_NAMES, SCRIPT_KINDS, sdkTypes, type ScriptKind } from '../../../runtime/script/sdk';

const require = createRequire(import.meta.url);
const libDir = dirname(require.resolve('typescript/lib/lib.es5.d.ts'));
const libs = new Map(SDK_LIB_FILES.map((name) => [name, readFileSync(join(libDir, name), 'utf8')]));

let fileNo = 0;
/** The diagnostics of `code` as a script of `kind`, as "code: text at 'source'" strings. */
function check(kind: ScriptKind | undefined, code: string): string[] {
  const env = createCheckEnvironment(ts, vfs, libs, sdkTypes(kind));
  const path = `/script-${fileNo++}.js`;
  putScript(env, path, code);
  return scriptDiagnostics(ts, env, path).map((d) => `${d.code}: ${d.message} at '${code.slice(d.from, d.to)}'`);
}

/** What the editor's hover says of the first `word` in `code` as a script of `kind`. */
function typeAt(kind: ScriptKind, code: string, word: string): string {
  const env = createCheckEnvironment(ts, vfs, libs, sdkTypes(kind));
  const path = `/script-${fileNo++}.js`;
  putScript(env, path, code);
  const info = env.languageService.getQuickInfoAtPosition(path, SCRIPT_PREFIX.length + code.indexOf(word));
  return ts.displayPartsToString(info?.displayParts ?? []);
}

const correct: Record<ScriptKind, string> = {
  mutator: `const trimmed = Lodash.trim(String(value ?? ''));\nif (parent.status === 'x' && context.env.PREFIX) return context.env.PREFIX + trimmed;\nreturn moment(value).isValid() ? moment(value).format('YYYY-MM-DD') : trimmed;`,
  template: "return `${parent.first_name} ${value} ${context.locale ?? ''}`;",
  formatter: `return row.uuid + ':' + Lodash.get(row, 'address.city', '-') + String(value).toUpperCase();`,
  'external-select': `return { items: [keyword.trim(), String(page + 1), context.env.API_URL], more: false };`,
  'action-condition': `return record.disabled_at === null && context.env.MODE === 'on' && context.user?.email.endsWith('@x.io');`,
  action: `const r = context.records.get(record.uuid);\nconsole.log('acting', fields.note);\nreturn context.records.update(r.uuid, { note: fields.note }, r.__version__);`,
  function: `const page = context.records.list({ limit: 5, sortBy: 'created_at', sortDesc: 1, $adv: { status: { $in: ['a', 'b'] } } });\nconsole.info(page.total, context.config.title, context.user?.uuid);\nreturn page.items.map((item) => item.uuid).concat(data.extra ?? []);`,
  'global-function': `const made = context.records.create({ title: data.title }, 'shop/orders');\nreturn { uuid: made.uuid, secret: context.env.TOKEN.length };`,
  spark: `const list = context.records.list(undefined, 'shop/orders');\nconsole.warn(list.pages);\nreturn Lodash.sumBy(list.items, 'total') + moment().add(1, 'day').unix();`,
  route: `if (request.method !== 'GET') return { status: 405 };\nreturn context.records.list({ filter: request.query.q, filterOn: 'title' }).items;`,
  workflow: `if (env === 'live') console.error(event);\nreturn State.Results.fetch ?? item ?? data.count + (record ? record.__version__ : 0) + context.env.SHOP.length;`,
};

describe('luma-sdk.d.ts', () => {
  it('names every kind of the contract, each with a scope interface', () => {
    expect(SCRIPT_KIND_NAMES).toEqual(['mutator', 'template', 'formatter', 'external-select', 'action-condition', 'action', 'function', 'global-function', 'spark', 'route', 'workflow']);
    const text = sdkTypes();
    for (const kind of SCRIPT_KIND_NAMES) expect(text).toContain(`interface ${SCRIPT_KINDS[kind].scope} {`);
    expect(isScriptKind('mutator')).toBe(true);
    expect(isScriptKind('toString')).toBe(false);
  });

  it('parses and checks on its own, with and without a kind', () => {
    for (const kind of [undefined, ...SCRIPT_KIND_NAMES]) {
      const env = createCheckEnvironment(ts, vfs, libs, sdkTypes(kind));
      const service = env.languageService;
      const found = [...service.getSyntacticDiagnostics(SDK_TYPES_PATH), ...service.getSemanticDiagnostics(SDK_TYPES_PATH)];
      expect(found.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), String(kind)).toEqual([]);
      expect(check(kind, 'return;'), String(kind)).toEqual([]);
    }
  });

  it.each(SCRIPT_KIND_NAMES)('a correct %s script type-checks', (kind) => {
    expect(check(kind, correct[kind])).toEqual([]);
  });

  it('a misused record API is an error where it is written', () => {
    const found = check('function', 'return context.records.lst();');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^2551: Property 'lst' does not exist on type 'LumaRecords'. Did you mean 'list'\?/);
    expect(found[0]).toMatch(/at 'lst'$/);
    // update needs the version; a global function must name the component.
    expect(check('action', "return context.records.update(record.uuid, {});")[0]).toMatch(/^2554: Expected 3-4 arguments, but got 2/);
    expect(check('global-function', "return context.records.get('u');")[0]).toMatch(/^2554: Expected 2 arguments, but got 1/);
    expect(check('route', 'return context.records.list({ limt: 5 });')[0]).toMatch(/^2561: Object literal may only specify known properties, but 'limt' does not exist in type 'LumaListParams'. Did you mean to write 'limit'\?/);
    expect(check('spark', "return context.records.list({ sortDesc: 2 }, 'a/b');")[0]).toMatch(/^2322: Type '2' is not assignable to type 'boolean \| 1 \| -1'/);
  });

  it("a name of another kind, or the server's console in the browser, is an error", () => {
    expect(check('mutator', 'return row;')[0]).toMatch(/^2304: Cannot find name 'row'/);
    expect(check('formatter', 'return parent;')[0]).toMatch(/^255[12]: Cannot find name 'parent'/);
    expect(check('mutator', 'console.log(value);')[0]).toMatch(/^2584: Cannot find name 'console'/);
    expect(check('function', 'return context.records.list().items[0].uuid.toFixed();')[0]).toMatch(/^2551: Property 'toFixed' does not exist on type 'string'/);
    expect(check('workflow', "if (env === 'prod') return 1;")[0]).toMatch(/^2367: This comparison appears to be unintentional/);
    // a workflow expression is lent no record API (component nodes write records)
    expect(check('workflow', "return context.records.get('u', 'a/b');")[0]).toMatch(/^2339: Property 'records' does not exist on type 'LumaWorkflowContext'/);
    expect(check('mutator', 'moment(value).fromNow();')[0]).toMatch(/^2339: Property 'fromNow' does not exist on type 'LumaDate'/);
  });

  it('context.events is declared for the server kinds that are lent it, and for no browser script', () => {
    // The kinds whose runs get the events.publish capability (script-host.ts, workflows/custom-events.ts).
    const lent: ScriptKind[] = ['action', 'function', 'global-function', 'spark', 'route', 'workflow'];
    expect(SCRIPT_KIND_NAMES.filter((kind) => SCRIPT_KINDS[kind].server)).toEqual(lent);
    const publish = "const sent = context.events.publish('shipped', { n: 1, tags: ['a'] });\nreturn sent.topic.toUpperCase();";
    for (const kind of SCRIPT_KIND_NAMES) {
      // What the editor shows on `events`: the declared LumaEvents, or nothing of it (a field's
      // context entries are the project's own, typed any; other browser contexts have no such name).
      const declared = typeAt(kind, publish, 'events');
      if (lent.includes(kind)) {
        // optional where it may be absent (a global function without an API user)
        expect(declared, kind).toMatch(/\.events\??: LumaEvents$/);
        expect(check(kind, publish), kind).toEqual([]);
      } else {
        expect(declared, kind).toMatch(/^(\(index\) LumaFieldContext\[string\]: any|any)$/);
      }
    }
    expect(check('action-condition', publish)[0]).toMatch(/^2339: Property 'events' does not exist on type 'LumaBrowserContext'/);
    expect(check('formatter', publish)[0]).toMatch(/^2304: Cannot find name 'context'/);
    expect(check('global-function', "return context.events.publish('bare').topic;")).toEqual([]);
    // the name is a string, the payload an object, the answer a topic
    expect(check('spark', 'context.events.publish(42, {});')[0]).toMatch(/^2345: Argument of type 'number' is not assignable to parameter of type 'string'/);
    expect(check('workflow', "context.events.publish('x', 'text');")[0]).toMatch(/^2345: Argument of type 'string' is not assignable to parameter of type 'Record<string, any>'/);
    expect(check('route', "return context.events.publish('x').uuid;")[0]).toMatch(/^2339: Property 'uuid' does not exist on type '\{ readonly topic: string; \}'/);
    expect(check('action', "return context.events.send('x');")[0]).toMatch(/^2339: Property 'send' does not exist on type 'LumaEvents'/);
  });

  it('a global function sees its own context, and awaiting the record API is not flagged (issue 29 item 15)', () => {
    const awaited = "const page = await context.records.list({ limit: 5 }, 'shop/orders');\nconst made = await context.records.create({ title: data.name }, 'shop/orders');\nreturn { n: page.total, uuid: made.uuid, fn: context.function.name, as: context.user?.email };";
    expect(check('global-function', awaited)).toEqual([]);
    expect(typeAt('global-function', awaited, 'records')).toMatch(/LumaGlobalFunctionContext\.records\?: LumaRecordsByRef$/);
    // what a global function does not have, or misuses, is flagged where it is written
    expect(check('global-function', 'return context.config.title;')[0]).toMatch(/^2339: Property 'config' does not exist on type 'LumaGlobalFunctionContext'.* at 'config'$/);
    expect(check('global-function', "return context.function.uuid.toFixed(1);")[0]).toMatch(/^2551: Property 'toFixed' does not exist on type 'string'/);
    expect(check('global-function', "return (await context.records.list({ limt: 1 }, 'a/b')).total;")[0]).toMatch(/^2561: .*'limt'/);
    // every kind may await (the sandbox runs a script that awaits as an async function)
    for (const kind of SCRIPT_KIND_NAMES) expect(check(kind, 'const x = await Promise.resolve(1); return x;'), kind).toEqual([]);
  });

  it('every lodash 4 method is allowed; the typed ones are checked', () => {
    expect(check('mutator', "return Lodash.zipObject(['a'], [1]);")).toEqual([]);
    expect(check('mutator', "return Lodash.get(value);")[0]).toMatch(/^2554: Expected 2-3 arguments, but got 1/);
  });

  it('a script is JavaScript: TypeScript syntax is flagged, and top-level return is allowed', () => {
    expect(check('mutator', 'const n: number = 1; return n;')[0]).toMatch(/^8010: Type annotations can only be used in TypeScript files/);
    expect(check('mutator', 'return value;')).toEqual([]);
    // An unclosed brace is reported inside the script, not past its end.
    const unclosed = check('mutator', 'if (value) {');
    expect(unclosed.length).toBeGreaterThan(0);
  });

  it('two scripts of one kind in one environment do not collide on their top-level names', () => {
    const env = createCheckEnvironment(ts, vfs, libs, sdkTypes('mutator'));
    putScript(env, '/get.js', 'const x = value; return x;');
    putScript(env, '/set.js', 'const x = parent; return x;');
    expect(scriptDiagnostics(ts, env, '/get.js')).toEqual([]);
    expect(scriptDiagnostics(ts, env, '/set.js')).toEqual([]);
    putScript(env, '/set.js', 'return x;');
    expect(scriptDiagnostics(ts, env, '/set.js').map((d) => d.code)).toEqual([2304]);
  });
});
