// Host calls across the worker boundary: the script's thread waits, the main thread answers
// asynchronously (src/server/usercode/sandbox.worker.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptPool, type ScriptPool } from '../../../src/server/usercode/sandbox';

let pool: ScriptPool;
beforeAll(() => {
  pool = createScriptPool({ size: 2, graceMs: 200 });
});
afterAll(() => pool.close());

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('host calls from the server script pool', () => {
  it('answers synchronous calls inside the script from an asynchronous host, in order', async () => {
    const seen: string[] = [];
    const result = await pool.run(
      { label: 'F', code: 'const a = context.records.get("a"); const b = context.records.get("b"); console.log(a.uuid + b.uuid); return [a, b]', args: {}, host: ['records.get'], logs: true },
      async (name, args) => {
        await tick();
        seen.push(`${name}:${String(args[0])}`);
        return { uuid: args[0] };
      },
    );
    expect(result).toEqual({ ok: true, value: [{ uuid: 'a' }, { uuid: 'b' }], logs: [{ level: 'log', message: 'ab' }] });
    expect(seen).toEqual(['records.get:a', 'records.get:b']);
  }, 20_000);

  it('rejects with the error, status and field errors of the host', async () => {
    const result = await pool.run(
      { label: 'F', code: 'try { context.records.create({}) } catch (e) { return [e.message, e.status, e.errors] }', args: {}, host: ['records.create'] },
      async () => {
        throw Object.assign(new Error('fieldsNotValid'), { status: 417, errors: [{ field: 'title', messages: ['required'] }] });
      },
    );
    expect(result).toEqual({ ok: true, value: ['fieldsNotValid', 417, [{ field: 'title', messages: ['required'] }]] });
  }, 20_000);

  it('keeps the event loop free while a script waits: the host may run another script meanwhile', async () => {
    const result = await pool.run({ label: 'F', code: 'return context.inner(20) + 1', args: {}, host: ['inner'] }, async (_name, args) => {
      const inner = await pool.run({ label: 'G', code: 'return value * 2', args: { value: args[0] } });
      return inner.ok ? inner.value : null;
    });
    expect(result).toEqual({ ok: true, value: 41 });
  }, 20_000);

  it('ends a script whose host never answers at its deadline, and the worker serves the next script', async () => {
    const result = await pool.run({ label: 'F', code: 'return context.never()', args: {}, host: ['never'], limits: { timeoutMs: 100 } }, () => new Promise(() => undefined));
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('deadline exceeded') });
    const next = await Promise.all([0, 1, 2, 3].map((i) => pool.run({ label: 'F', code: 'return context.echo(value)', args: { value: i }, host: ['echo'] }, async (_n, a) => a[0])));
    expect(next).toEqual([0, 1, 2, 3].map((i) => ({ ok: true, value: i })));
  }, 20_000);

  it('drops a late answer to a call that gave up: the next call gets its own answer', async () => {
    let release: (value: unknown) => void = () => undefined;
    const first = await pool.run({ label: 'F', code: 'try { context.slow() } catch (e) { return e.message }', args: {}, host: ['slow'], limits: { timeoutMs: 80 } }, () => new Promise((resolve) => (release = resolve)));
    // the call gave up at the deadline (the script may or may not be interrupted before it returns)
    expect(JSON.stringify(first)).toContain('deadline exceeded');
    release('stale');
    await tick();
    const results = await Promise.all([1, 2].map(() => pool.run({ label: 'F', code: 'return context.fresh()', args: {}, host: ['fresh'] }, async () => 'fresh')));
    expect(results).toEqual([
      { ok: true, value: 'fresh' },
      { ok: true, value: 'fresh' },
    ]);
  }, 20_000);
});
