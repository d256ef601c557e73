import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptPool, type ScriptPool } from '../../../src/server/usercode/sandbox';

let pool: ScriptPool;
beforeAll(() => {
  pool = createScriptPool({ size: 2, graceMs: 50 });
});
afterAll(() => pool.close());

describe('the server script pool (worker threads)', () => {
  it('runs scripts in worker threads with Lodash and moment', async () => {
    expect(await pool.run({ label: 'L', code: 'return Lodash.upperFirst(value)', args: { value: 'luma' } })).toEqual({ ok: true, value: 'Luma' });
    expect(await pool.run({ label: 'L', code: "return moment('2026-01-02').add(1, 'day').format('YYYY-MM-DD')", args: {} })).toEqual({
      ok: true,
      value: '2026-01-03',
    });
  }, 20_000);

  it('runs many scripts across the workers, in order of their answers', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.run({ label: 'L', code: 'return value * 2', args: { value: i } })));
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => ({ ok: true, value: i * 2 })));
  }, 20_000);

  it('answers script errors as the sandbox does', async () => {
    expect(await pool.run({ label: 'Formatter', code: 'for (;;) {}', args: {}, limits: { timeoutMs: 20 } })).toEqual({
      ok: false,
      error: 'Formatter: deadline exceeded\nfor (;;) {}',
    });
  }, 20_000);

  it('replaces a worker that does not answer by the deadline plus grace (a hang inside C code)', async () => {
    // normalize() of 2M characters runs in C for about 350 ms, where the interrupt handler never runs
    // (4M no longer fits the worker's capped memory and fails at once)
    const code = 'return "a".repeat(2 ** 21).normalize("NFKD").length';
    const before = pool.workers.map((w) => w.threadId);
    const result = await pool.run({ label: 'L', code, args: {}, limits: { timeoutMs: 1 } });
    expect(result).toEqual({ ok: false, error: `L: deadline exceeded\n${code}` });
    expect(pool.workers.map((w) => w.threadId)).not.toEqual(before);
    expect(await pool.run({ label: 'L', code: 'return 7', args: {} })).toEqual({ ok: true, value: 7 });
  }, 20_000);

  it('answers an error after close', async () => {
    const own = createScriptPool({ size: 1 });
    await own.close();
    expect(await own.run({ label: 'L', code: 'return 1', args: {} })).toEqual({ ok: false, error: 'L: the script pool is closed\nreturn 1' });
  });
});
