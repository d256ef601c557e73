// Adversarial and property tests of the user-code sandbox: escapes are refused, and whatever a
// script does, the host survives and the next script runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox, type ScriptLimits, type ScriptResult } from '../../runtime/script';
import { createScriptPool } from '../../src/server/usercode/sandbox';
import { libraries } from '../unit/script/libraries';

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ libraries });
});
afterAll(() => sandbox.dispose());

const run = (code: string, args: Record<string, unknown> = {}, limits: Partial<ScriptLimits> = { timeoutMs: 150 }) =>
  sandbox.run({ label: 'Script', code, args, limits });

/** The host is alive and the sandbox still runs the next script. */
async function expectHostSurvives(): Promise<void> {
  expect(await run('return Lodash.upperFirst(value) + moment("2026-01-02").format("YYYY")', { value: 'ok' })).toEqual({
    ok: true,
    value: 'Ok2026',
  });
}

/**
 * CPU milliseconds this process spent since `start` (process.cpuUsage()). A script that is stopped at
 * its deadline costs little CPU however busy the machine is; wall time would also count the time other
 * processes had the cores.
 */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function errorOf(result: ScriptResult): string {
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error;
}

describe('sandbox escapes are refused and the host survives', () => {
  it('finds no process through the Function constructor chain', async () => {
    for (const code of [
      "return (function(){}).constructor('return typeof process')()",
      "return this.constructor.constructor('return typeof process')()",
      "return [].constructor.constructor('return typeof require')()",
      "return (async function(){}).constructor.toString().length > 0 && typeof Function('return this')().process",
      "return Object.getPrototypeOf(function*(){}).constructor('return typeof process')().next().value",
    ]) {
      expect(await run(code)).toEqual({ ok: true, value: 'undefined' });
    }
    expect(errorOf(await run("return (function(){}).constructor('return process')()"))).toMatch(/^Script: ReferenceError: .*process/);
    await expectHostSurvives();
  });

  it('finds no ambient capability on globalThis', async () => {
    const names = ['process', 'require', 'module', 'fetch', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'setInterval', 'setImmediate',
      'queueMicrotask', 'importScripts', 'std', 'os', 'Deno', 'Bun', 'global', 'window', 'self', 'document', 'Buffer'];
    // console is the sandbox's own: its methods only append lines to the run's bounded logs.
    const result = await run('return names.filter((n) => n in globalThis || typeof globalThis[n] !== "undefined")', { names });
    expect(result).toEqual({ ok: true, value: [] });
    const all = await run('return Object.getOwnPropertyNames(globalThis)');
    expect(all.ok && (all.value as string[]).filter((n) => names.includes(n))).toEqual([]);
  });

  it('refuses import(): a promise that never settles into a result', async () => {
    expect(errorOf(await run("return import('node:fs')"))).toMatch(/^Script: the result is not JSON: a Promise/);
    expect(await run("import('node:fs').then((fs) => { globalThis.fs = fs }); return typeof fs")).toEqual({ ok: true, value: 'undefined' });
  });

  it('lets Error.prepareStackTrace tampering reach nothing outside', async () => {
    const code = `
      const seen = [];
      Error.prepareStackTrace = (error, frames) => {
        for (const f of frames || []) { try { seen.push(typeof f.getThis?.()?.process, typeof f.getFunction?.()) } catch (e) {} }
        return 'tampered';
      };
      Error.captureStackTrace?.({});
      let stack; try { null.x } catch (e) { stack = String(e.stack) }
      return { seen: seen.filter((t) => t === 'object'), process: typeof process };`;
    expect(await run(code)).toEqual({ ok: true, value: { seen: [], process: 'undefined' } });
    expect(errorOf(await run('Error.prepareStackTrace = () => { throw new Error("from prepare") }; null.x'))).toMatch(/^Script: /);
    await expectHostSurvives();
  });

  // A loaded machine can take longer than the default deadline to reach the stack limit; these runs are
  // about the stack, so the deadline is out of their way.
  const SLOW_MACHINE = { timeoutMs: 20_000 };

  it('ends deep recursion with a stack overflow', async () => {
    expect(errorOf(await run('const f = (n) => f(n + 1) + 1; return f(0)', {}, SLOW_MACHINE))).toMatch(/^Script: stack overflow\n/);
    expect(errorOf(await run('const o = {}; o.toString = function () { return String(this) }; return String(o)', {}, SLOW_MACHINE))).toMatch(/^Script: stack overflow\n/);
    await expectHostSurvives();
  });

  it('ends recursion in QuickJS C code (JSON, parser) that overflows the native stack', async () => {
    expect(errorOf(await run('return JSON.parse("[".repeat(200000) + "]".repeat(200000))', {}, SLOW_MACHINE))).toMatch(/^Script: stack overflow\n/);
    expect(errorOf(await run('let a = []; for (let i = 0; i < 200000; i++) a = [a]; return a', {}, SLOW_MACHINE))).toMatch(/^Script: stack overflow\n/);
    expect(errorOf(await run('return eval("(".repeat(100000) + "1" + ")".repeat(100000))', {}, SLOW_MACHINE))).toMatch(/^Script: stack overflow\n/);
    await expectHostSurvives();
  });

  it('ends memory bombs with out of memory (or the deadline)', async () => {
    for (const code of [
      'return "x".repeat(2 ** 28)',
      'let s = "x"; for (;;) s += s',
      'const a = []; for (;;) a.push(new Array(100000).fill(1))',
      'return new ArrayBuffer(2 ** 30)',
      'return Array.from({ length: 2 ** 30 }, () => 1)',
      'return [...Array(2 ** 32 - 1)]',
    ]) {
      expect(errorOf(await run(code, {}, { timeoutMs: 300, memoryBytes: 8 * 1024 * 1024 }))).toMatch(/^Script: (out of memory|deadline exceeded|RangeError: [^\n]*)\n/);
    }
    await expectHostSurvives();
  });

  it('ends infinite loops at the deadline', async () => {
    for (const code of [
      'for (;;) {}',
      'while (true) { Math.random() }',
      'const f = () => { try { for (;;) {} } finally { for (;;) {} } }; f()',
      'try { for (;;) {} } catch (e) { return "caught the interrupt" }',
      'return /(a+)+b/.test("a".repeat(40))',
      'return [3, 1, 2, 5, 4].sort(() => { for (;;) {} })',
    ]) {
      const started = process.cpuUsage();
      expect(errorOf(await run(code, {}, { timeoutMs: 50 }))).toBe(`Script: deadline exceeded\n${code}`);
      expect(cpuMsSince(started)).toBeLessThan(2000);
    }
    await expectHostSurvives();
  });

  it('ends loops that builtins run in C over huge array-likes', async () => {
    for (const code of [
      'return Array.prototype.indexOf.call({ length: 2 ** 40 }, 1)',
      'return Array.prototype.includes.call({ length: 2 ** 40 }, 1)',
      'return new Array(2 ** 31).join("")',
      'return Array.prototype.reverse.call({ length: 2 ** 40 })',
      'return [].concat(new Array(2 ** 31)).length',
      'return [new Array(2 ** 31)].flat().length',
      'return Array(2 ** 32 - 1)[Symbol.iterator]().drop(2 ** 40).next()',
      'return new Set((function () { return arguments[Symbol.iterator] })().call(Array(2 ** 32 - 1))).size',
      'return Lodash.join({ length: 2 ** 40 }, "")',
    ]) {
      const started = process.cpuUsage();
      expect(errorOf(await run(code, {}, { timeoutMs: 100 }))).toMatch(/^Script: (RangeError: [^\n]*length exceeds|deadline exceeded)/);
      expect(cpuMsSince(started)).toBeLessThan(2000);
    }
    await expectHostSurvives();
  });

  it('runs no job after a script without await, and bounds the jobs of one that awaits by its deadline', async () => {
    const tricks = `
      globalThis.count = 0;
      const spin = () => { count++; Promise.resolve().then(spin) };
      spin();
      Promise.resolve().then(function loop() { return Promise.resolve().then(loop) });
      new FinalizationRegistry(() => { for (;;) {} }).register({}, 1);`;
    expect(await run(`${tricks}\n      return count;`)).toEqual({ ok: true, value: 1 });
    // A script that uses await runs as an async function: its jobs run, within the same deadline.
    const awaiting = `${tricks}\n      (async () => { for (;;) await null })();\n      return count;`;
    expect(errorOf(await run(awaiting, {}, { timeoutMs: 100 }))).toMatch(/^Script: deadline exceeded/);
    expect(errorOf(await run('return (async () => 1)()'))).toMatch(/not JSON: a Promise/);
    await expectHostSurvives();
  });

  it('survives a thrown getter-laden object', async () => {
    const throwing = 'throw { get message() { throw new Error("gotcha") }, get name() { throw 1 }, toString() { throw 2 }, get stack() { throw 3 } }';
    expect(errorOf(await run(throwing))).toBe(`Script: uncaught exception\n${throwing}`);
    const looping = 'throw { get message() { for (;;) {} } }';
    expect(errorOf(await run(looping, {}, { timeoutMs: 50 }))).toBe(`Script: deadline exceeded\n${looping}`);
    const proxy = 'throw new Proxy({}, { get() { throw new Error("trap") }, getPrototypeOf() { for (;;) {} } })';
    expect(errorOf(await run(proxy, {}, { timeoutMs: 50 }))).toMatch(/^Script: (uncaught exception|deadline exceeded)\n/);
    const huge = 'throw new Error("m".repeat(1e6))';
    expect(errorOf(await run(huge)).length).toBeLessThan(1300);
    await expectHostSurvives();
  });

  it('survives a result with throwing or looping getters and toJSON', async () => {
    expect(errorOf(await run('return { get a() { throw new Error("getter") } }'))).toBe('Script: getter\nreturn { get a() { throw new Error("getter") } }');
    expect(errorOf(await run('return { toJSON() { for (;;) {} } }', {}, { timeoutMs: 50 }))).toMatch(/^Script: deadline exceeded/);
    expect(await run('return { toJSON() { return { fine: true } } }')).toEqual({ ok: true, value: { fine: true } });
  });

  it('cannot tamper with the next run: globals, prototypes and libraries are fresh', async () => {
    await run('Object.prototype.x = 1; JSON.stringify = () => "{}"; Lodash.upperFirst = () => "pwned"; globalThis.eval = null; return 1');
    expect(await run('return [({}).x === undefined, Lodash.upperFirst("a"), typeof eval]')).toEqual({ ok: true, value: [true, 'A', 'function'] });
  });

  it('passes the result out with the JSON functions captured before the script ran', async () => {
    expect(await run('JSON.stringify = () => "not json at all"; JSON.parse = null; return [1]')).toEqual({ ok: true, value: [1] });
  });
});

describe('sandbox properties', () => {
  it('returns any JSON arguments unchanged from the identity script', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const result = await sandbox.run({ label: 'identity', code: 'return value', args: { value } });
        expect(result).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
      { numRuns: 150 },
    );
  });

  it('keeps any string intact, lone surrogates included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), async (value) => {
        expect(await sandbox.run({ label: 'identity', code: 'return [value, value.length]', args: { value } })).toEqual({
          ok: true,
          value: [value, value.length],
        });
      }),
      { numRuns: 100 },
    );
  });

  it('prefixes any thrown message with the label and the first 200 characters of the code', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.string({ maxLength: 40 }),
        fc.string({ maxLength: 400 }),
        async (label, message, comment) => {
          const code = `throw new Error(message)\n//${comment.replace(/[\r\n\u2028\u2029]/g, ' ')}`;
          const result = await sandbox.run({ label, code, args: { message } });
          expect(result).toEqual({ ok: false, error: `${label}: ${message}\n${code.slice(0, 200)}` });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never throws and always runs the next script, whatever the code', async () => {
    const fragments = ['for(;;){}', 'return 1', 'throw 1', '(', 'null.x', 'return () => 1', 'return "x".repeat(2**28)', 'return Lodash', 'return moment', 'f=()=>f();f()', 'return value'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...fragments), { maxLength: 3 }), fc.jsonValue(), async (parts, value) => {
        const result = await sandbox.run({ label: 'fuzz', code: parts.join(';'), args: { value }, limits: { timeoutMs: 20 } });
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.error.startsWith('fuzz: ')).toBe(true);
      }),
      { numRuns: 40 },
    );
    await expectHostSurvives();
  });
});

describe('the server pool', () => {
  it('survives a killed worker: the running script fails and the next ones run', async () => {
    const pool = createScriptPool({ size: 2 });
    try {
      expect(await pool.run({ label: 'L', code: 'return 1', args: {} })).toEqual({ ok: true, value: 1 });
      const running = [
        pool.run({ label: 'L', code: 'for (;;) {}', args: {}, limits: { timeoutMs: 5000 } }),
        pool.run({ label: 'L', code: 'for (;;) {}', args: {}, limits: { timeoutMs: 5000 } }),
      ];
      // Both scripts are on a worker (the workers load QuickJS first: seconds on a busy machine).
      await vi.waitFor(() => expect(pool.running).toBe(2), { timeout: 45_000, interval: 20 });
      await Promise.all(pool.workers.map((worker) => worker.terminate()));
      expect(await Promise.all(running)).toEqual([
        { ok: false, error: 'L: the script worker stopped\nfor (;;) {}' },
        { ok: false, error: 'L: the script worker stopped\nfor (;;) {}' },
      ]);
      const after = await Promise.all([1, 2, 3].map((value) => pool.run({ label: 'L', code: 'return value + 1', args: { value } })));
      expect(after).toEqual([2, 3, 4].map((value) => ({ ok: true, value })));
    } finally {
      await pool.close();
    }
    // New workers load QuickJS afresh: on a loaded machine that takes seconds.
  }, 60_000);
});
