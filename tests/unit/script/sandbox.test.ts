import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, formatScriptError, resolveLimits, SCRIPT_LIMITS, type Sandbox } from '../../../runtime/script';
import { needs } from '../../../runtime/script/sandbox';
import { libraries } from './libraries';

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ libraries });
});
afterAll(() => sandbox.dispose());

const run = (code: string, args: Record<string, unknown> = {}, timeoutMs = 300) =>
  sandbox.run({ label: 'Mutator get', code, args, limits: { timeoutMs } });

describe('the script sandbox', () => {
  it('has the contract limits', () => {
    expect(SCRIPT_LIMITS).toEqual({ memoryBytes: 32 * 1024 * 1024, timeoutMs: 1000, stackBytes: 256 * 1024, outputBytes: 1024 * 1024, logBytes: 64 * 1024 });
    expect(resolveLimits({ stackBytes: 10 * 1024 * 1024 }).stackBytes).toBe(256 * 1024);
    expect(resolveLimits({ timeoutMs: Number.NaN }).timeoutMs).toBe(1000);
  });

  it('passes value, parent and context in as parameters and returns the result', async () => {
    const result = await run('return { value: value + 1, parent: parent.title, context: context.page }', {
      value: 41,
      parent: { title: 'Hello' },
      context: { page: 'model_edit' },
    });
    expect(result).toEqual({ ok: true, value: { value: 42, parent: 'Hello', context: 'model_edit' } });
  });

  it('gives the script Lodash (lodash 4) and moment (dayjs)', async () => {
    expect(await run('return Lodash.upperFirst(value)', { value: 'luma' })).toEqual({ ok: true, value: 'Luma' });
    expect(await run("return moment('2026-01-02').add(1, 'day').format('YYYY-MM-DD')")).toEqual({ ok: true, value: '2026-01-03' });
    expect(await run('return [Lodash.VERSION.split(".")[0], typeof moment.extend, Lodash.sortBy([3, 1, 2])]')).toEqual({
      ok: true,
      value: ['4', 'function', [1, 2, 3]],
    });
  });

  it('leaves no library global behind (only the parameters)', async () => {
    expect(await run('return [typeof _, typeof dayjs, typeof module, typeof exports]')).toEqual({
      ok: true,
      value: ['undefined', 'undefined', 'undefined', 'undefined'],
    });
  });

  it('has a working Date', async () => {
    const result = await run('return [typeof Date.now(), new Date(0).toISOString()]');
    expect(result).toEqual({ ok: true, value: ['number', '1970-01-01T00:00:00.000Z'] });
  });

  it('returns undefined as null', async () => {
    expect(await run('value.trim()', { value: ' a ' })).toEqual({ ok: true, value: null });
    expect(await run('return undefined')).toEqual({ ok: true, value: null });
  });

  it('passes dates and dayjs objects out through their toJSON', async () => {
    expect(await run('return new Date(Date.UTC(2026, 0, 2))')).toEqual({ ok: true, value: '2026-01-02T00:00:00.000Z' });
    const result = await run("return moment('2026-01-02T00:00:00Z')");
    expect(result).toEqual({ ok: true, value: '2026-01-02T00:00:00.000Z' });
  });

  it.each([
    ['a function', 'return () => 1'],
    ['a nested function', 'return { f: function () {} }'],
    ['a symbol', 'return [Symbol("s")]'],
    ['a bigint', 'return { n: 1n }'],
    ['NaN', 'return NaN'],
    ['Infinity', 'return { x: Infinity }'],
    ['a Map', 'return new Map([[1, 2]])'],
    ['a class instance', 'class A { constructor() { this.a = 1 } } return new A()'],
    ['a Promise', 'return Promise.resolve(1)'],
    ['a cycle', 'const a = {}; a.self = a; return a'],
  ])('refuses a result that is not JSON: %s', async (_what, code) => {
    const result = await run(code);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Mutator get: .*(not JSON|circular)/);
  });

  it('prefixes errors with the label and quotes the first 200 characters of the code', async () => {
    const code = `throw new Error('boom');\n// ${'x'.repeat(300)}`;
    const result = await run(code);
    expect(result).toEqual({ ok: false, error: `Mutator get: boom\n${code.slice(0, 200)}` });
    expect(formatScriptError('L', 'm', 'c'.repeat(500))).toBe(`L: m\n${'c'.repeat(200)}`);
  });

  it('names the error type when it is not a plain Error', async () => {
    expect(await run('null.x')).toEqual({ ok: false, error: "Mutator get: TypeError: cannot read property 'x' of null\nnull.x" });
    expect(await run('throw "just a string"')).toEqual({ ok: false, error: 'Mutator get: just a string\nthrow "just a string"' });
  });

  it('reports a syntax error with its line in the code', async () => {
    const code = 'const a = 1;\nreturn a +;';
    const result = await run(code);
    expect(result).toEqual({ ok: false, error: `Mutator get: SyntaxError: unexpected token in expression: ';' (line 2)\n${code}` });
  });

  it('reports a timeout as deadline exceeded', async () => {
    const result = await run('for (;;) {}', {}, 50);
    expect(result).toEqual({ ok: false, error: 'Mutator get: deadline exceeded\nfor (;;) {}' });
  });

  it('reports running out of memory', async () => {
    const result = await run('return "x".repeat(1 << 28)');
    expect(result).toEqual({ ok: false, error: 'Mutator get: out of memory\nreturn "x".repeat(1 << 28)' });
  });

  it('reports a stack overflow', async () => {
    const code = 'function f(n) { return f(n + 1) + 1 } return f(0)';
    expect(await run(code)).toEqual({ ok: false, error: `Mutator get: stack overflow\n${code}` });
  });

  it('refuses arguments that are not identifiers or not JSON', async () => {
    const bad = await sandbox.run({ label: 'L', code: 'return 1', args: { 'not-a-name': 1 } });
    expect(bad).toEqual({ ok: false, error: 'L: invalid argument name "not-a-name"\nreturn 1' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const notJson = await sandbox.run({ label: 'L', code: 'return 1', args: { value: cyclic } });
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.error).toMatch(/^L: the arguments are not JSON/);
  });

  it('runs every script in a fresh context: nothing leaks from one run to the next', async () => {
    await run('globalThis.leak = 1; Object.prototype.polluted = true; Array.prototype.push = null; Lodash.leak = 1; return 1');
    expect(await run('return [typeof leak, ({}).polluted, typeof [].push, typeof Lodash.leak]')).toEqual({
      ok: true,
      value: ['undefined', null, 'function', 'undefined'],
    });
  });

  it('skips evaluating a library only when the script cannot reach it', () => {
    expect(needs('return value.trim()')).toEqual({ lodash: false, dayjs: false });
    expect(needs('return Lodash.trim(value)')).toEqual({ lodash: true, dayjs: false });
    expect(needs('return moment()')).toEqual({ lodash: false, dayjs: true });
    expect(needs('return L\\u006fdash')).toEqual({ lodash: true, dayjs: true });
    expect(needs('return arguments[3]')).toEqual({ lodash: true, dayjs: true });
    expect(needs('return eval("Lod" + "ash")')).toEqual({ lodash: true, dayjs: true });
  });

  it('still reaches the libraries through arguments, eval and escapes', async () => {
    expect(await run('return typeof arguments[0].upperFirst', {})).toEqual({ ok: true, value: 'function' });
    expect(await run('return typeof eval("Lod" + "ash").upperFirst')).toEqual({ ok: true, value: 'function' });
    expect(await run('return typeof L\\u006fdash.upperFirst')).toEqual({ ok: true, value: 'function' });
  });

  it('answers an error after dispose, without throwing', async () => {
    const own = createSandbox({ libraries, prewarm: false });
    expect(await own.run({ label: 'L', code: 'return 1', args: {} })).toEqual({ ok: true, value: 1 });
    own.dispose();
    expect(await own.run({ label: 'L', code: 'return 1', args: {} })).toEqual({ ok: false, error: 'L: the sandbox is disposed\nreturn 1' });
  });
});
