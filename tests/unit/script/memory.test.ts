// Memory of user code (docs/user-code.md "Memory"): each run is held to its own limit and every module
// to the cap on its WebAssembly memory, QuickJS's own limit notwithstanding (it counts 8 bytes per
// allocation under Emscripten); a worker whose memory grew is replaced.
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../runtime/script/index';
import { cappedModuleBytes, FREE_HEAP_BYTES } from '../../../runtime/script/memory';
import { createScriptPool } from '../../../src/server/usercode/sandbox';

const MiB = 1024 * 1024;
/** Arrays of 1e5 doubles (800,000 bytes each) until memory runs out; answers how many it got. */
const COUNT = 'let a = []; try { for (;;) a.push(new Array(1e5).fill(1.5)); } catch (e) { const n = a.length; a = null; return [n, String(e.message)]; }';
const BOMB = 'let a = []; for (;;) a.push(new Array(1e5).fill(1.5));';
const ARRAY_BYTES = 800_000;

const sandbox = createSandbox({ memoryCapBytes: 32 * MiB, prewarm: false });
afterAll(() => sandbox.dispose());

describe('the sandbox memory', () => {
  it('a run over its limit ends with out of memory, before its deadline', async () => {
    const result = await sandbox.run({ label: 'Bomb', code: BOMB, args: {}, limits: { memoryBytes: 16 * MiB, timeoutMs: 60_000 } });
    expect(result).toEqual({ ok: false, error: `Bomb: out of memory\n${BOMB}` });
  });

  it("holds each run to its own limit: what a run can hold is its limit, not QuickJS's count", async () => {
    for (const limit of [8 * MiB, 24 * MiB]) {
      const result = await sandbox.run({ label: 'Count', code: COUNT, args: {}, limits: { memoryBytes: limit, timeoutMs: 60_000 } });
      expect(result.ok).toBe(true);
      const [count, message] = (result as { value: [number, string] }).value;
      expect(message).toBe('out of memory');
      expect(count * ARRAY_BYTES).toBeLessThanOrEqual(limit);
      // The run's own objects, the growth of `a` and the arrays' reallocations while filling take the rest.
      expect(count * ARRAY_BYTES).toBeGreaterThan(limit * 0.5);
    }
  }, 60_000);

  it('a limit under the first 16 MiB holds too (the ballast), and a run within it succeeds', async () => {
    const small = await sandbox.run({ label: 'Count', code: COUNT, args: {}, limits: { memoryBytes: FREE_HEAP_BYTES + 2 * MiB } });
    expect((small as { value: [number] }).value[0] * ARRAY_BYTES).toBeLessThanOrEqual(FREE_HEAP_BYTES + 2 * MiB);
    const within = await sandbox.run({ label: 'Fits', code: 'return new Array(1e5).fill(1.5).length + 3', args: {}, limits: { memoryBytes: 8 * MiB } });
    expect(within).toEqual({ ok: true, value: 100_003 });
  });

  it('a run asking more than the cap gets the cap', async () => {
    const result = await sandbox.run({ label: 'Count', code: COUNT, args: {}, limits: { memoryBytes: 256 * MiB, timeoutMs: 60_000 } });
    const [count] = (result as { value: [number] }).value;
    expect(count * ARRAY_BYTES).toBeLessThanOrEqual(32 * MiB);
    expect(count * ARRAY_BYTES).toBeGreaterThan(16 * MiB);
    expect(sandbox.grew).toBe(true);
  }, 60_000);

  it('a module reaches at most its first 16 MiB plus the cap past the free 4 MiB', () => {
    expect(cappedModuleBytes(64 * MiB)).toBe(76 * MiB);
    expect(cappedModuleBytes(FREE_HEAP_BYTES)).toBe(16 * MiB);
  });
});

describe('the pool', () => {
  const pool = createScriptPool({ size: 1, memoryBytes: 16 * MiB });
  afterAll(() => pool.close());

  it('replaces a worker whose memory grew, and keeps one that did not; run limits are cut to its cap', async () => {
    expect(await pool.run({ label: 'L', code: 'return 1', args: {} })).toEqual({ ok: true, value: 1 });
    const first = pool.workers.map((worker) => worker.threadId);
    expect(await pool.run({ label: 'L', code: 'return Lodash.sum([1, 2])', args: {} })).toEqual({ ok: true, value: 3 });
    expect(pool.workers.map((worker) => worker.threadId)).toEqual(first);
    const bomb = await pool.run({ label: 'L', code: COUNT, args: {}, limits: { memoryBytes: 256 * MiB, timeoutMs: 60_000 } });
    expect((bomb as { value: [number] }).value[0] * ARRAY_BYTES).toBeLessThanOrEqual(16 * MiB);
    expect(pool.workers.map((worker) => worker.threadId)).not.toEqual(first);
    expect(await pool.run({ label: 'L', code: 'return 2', args: {} })).toEqual({ ok: true, value: 2 });
  }, 60_000);
});
