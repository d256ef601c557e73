// Host capabilities and console capture of the sandbox (docs/user-code.md "The sandbox").
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, MAX_LOG_MESSAGE_CHARS } from '../../../runtime/script/index';
import { libraries } from './libraries';

const sandbox = createSandbox({ libraries });
afterAll(() => sandbox.dispose());

describe('sandbox host capabilities', () => {
  it('places each capability at its dotted path inside context, beside what context already holds', async () => {
    const calls: unknown[] = [];
    const result = await sandbox.run(
      { label: 'F', code: 'return [context.records.list({ filter: "a" }), context.records.get("u1"), context.n]', args: { context: { n: 2 } }, host: ['records.list', 'records.get'] },
      (name, args) => {
        calls.push([name, args]);
        return name === 'records.list' ? { items: [], total: 0, pages: 0 } : { uuid: args[0] };
      },
    );
    expect(result).toEqual({ ok: true, value: [{ items: [], total: 0, pages: 0 }, { uuid: 'u1' }, 2] });
    expect(calls).toEqual([
      ['records.list', [{ filter: 'a' }]],
      ['records.get', ['u1']],
    ]);
  });

  it('creates context when the run lends capabilities and passes none', async () => {
    const result = await sandbox.run({ label: 'F', code: 'return typeof context.records.create', args: {}, host: ['records.create'] }, () => null);
    expect(result).toEqual({ ok: true, value: 'function' });
  });

  it('throws a host error into the script with its message, status and field errors', async () => {
    const result = await sandbox.run(
      { label: 'F', code: 'try { context.records.create({}) } catch (e) { return [e instanceof Error, e.message, e.status, e.errors] }', args: {}, host: ['records.create'] },
      () => {
        throw Object.assign(new Error('fieldsNotValid'), { status: 417, errors: [{ field: 'title', messages: ['required'] }] });
      },
    );
    expect(result).toEqual({ ok: true, value: [true, 'fieldsNotValid', 417, [{ field: 'title', messages: ['required'] }]] });
  });

  it('refuses a capability the run was not lent, and every capability when no host answers', async () => {
    const notLent = await sandbox.run({ label: 'F', code: 'return context.records.list()', args: {}, host: ['records.get'] }, () => 1);
    expect(notLent.ok).toBe(false);
    const noHost = await sandbox.run({ label: 'F', code: 'return context.records.get("x")', args: {}, host: ['records.get'] });
    expect(noHost).toMatchObject({ ok: false, error: expect.stringContaining('records.get is not available here') });
  });

  it('refuses capability names that are not dotted identifiers or that name a prototype', async () => {
    for (const name of ['a..b', '__proto__.x', 'records.constructor', 'a-b', '']) {
      const result = await sandbox.run({ label: 'F', code: 'return 1', args: {}, host: [name] }, () => 1);
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('invalid host capability') });
    }
  });

  it('passes undefined arguments as null and arguments that are not JSON as a TypeError', async () => {
    const seen: unknown[] = [];
    const ok = await sandbox.run({ label: 'F', code: 'return context.f(undefined, 2)', args: {}, host: ['f'] }, (_n, args) => (seen.push(args), 'x'));
    expect(ok).toEqual({ ok: true, value: 'x' });
    expect(seen).toEqual([[null, 2]]);
    const bad = await sandbox.run({ label: 'F', code: 'try { context.f(1n) } catch (e) { return e.name + ": " + e.message }', args: {}, host: ['f'] }, () => 'x');
    expect(bad).toEqual({ ok: true, value: 'TypeError: f: the arguments are not JSON' });
  });

  it('counts time spent in the host against the deadline', async () => {
    const result = await sandbox.run({ label: 'F', code: 'context.slow(); for (;;) {}', args: {}, host: ['slow'], limits: { timeoutMs: 30 } }, () => {
      const until = Date.now() + 40;
      while (Date.now() < until) {
        /* the host is busy past the deadline */
      }
      return null;
    });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('deadline exceeded') });
  });
});

describe('sandbox console capture', () => {
  it('answers console output in order, with its level, when asked', async () => {
    const result = await sandbox.run({ label: 'F', code: 'console.log("a", 1, { b: [2] }); console.warn("w"); console.error(undefined, null); return 3', args: {}, logs: true });
    expect(result).toEqual({
      ok: true,
      value: 3,
      logs: [
        { level: 'log', message: 'a 1 {"b":[2]}' },
        { level: 'warn', message: 'w' },
        { level: 'error', message: 'undefined null' },
      ],
    });
  });

  it('keeps the logs of a failed run', async () => {
    const result = await sandbox.run({ label: 'F', code: 'console.info("before"); throw new Error("boom")', args: {}, logs: true });
    expect(result).toEqual({ ok: false, error: 'F: boom\nconsole.info("before"); throw new Error("boom")', logs: [{ level: 'info', message: 'before' }] });
  });

  it('has console without answering logs when not asked', async () => {
    expect(await sandbox.run({ label: 'F', code: 'console.log("x"); return 1', args: {} })).toEqual({ ok: true, value: 1 });
  });

  it('bounds the logs: one line says how much was dropped', async () => {
    const result = await sandbox.run({ label: 'F', code: 'for (let i = 0; i < 100; i++) console.log("x".repeat(100)); return 1', args: {}, logs: true, limits: { logBytes: 1000 } });
    expect(result.ok).toBe(true);
    const logs = result.logs!;
    expect(logs.slice(0, -1).reduce((n, l) => n + l.message.length, 0)).toBeLessThanOrEqual(1000);
    expect(logs.at(-1)).toEqual({ level: 'warn', message: '9000 characters of console output dropped (limit 1000)' });
  });

  it('cuts one huge console line before it leaves the sandbox', async () => {
    const result = await sandbox.run({ label: 'F', code: 'console.log("y".repeat(1e6)); return 1', args: {}, logs: true, limits: { logBytes: 1024 * 1024 } });
    expect(result.logs?.[0]?.message.length).toBe(MAX_LOG_MESSAGE_CHARS);
  });
});

describe('sandbox output limit', () => {
  it('refuses a result larger than outputBytes rather than cutting it', async () => {
    const result = await sandbox.run({ label: 'F', code: 'return "z".repeat(5000)', args: {}, limits: { outputBytes: 2000 } });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('the result is larger than 2000 characters') });
    expect(await sandbox.run({ label: 'F', code: 'return "z".repeat(1000)', args: {}, limits: { outputBytes: 2000 } })).toMatchObject({ ok: true });
  });
});
