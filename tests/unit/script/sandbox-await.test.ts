// A script that uses `await` runs as an async function (docs/user-code.md "The sandbox"): the sandbox
// runs its jobs within the run's deadline and answers what it resolves to; a rejection is the run's
// error; a script without `await` stays synchronous (a returned Promise is still "not JSON").
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../runtime/script/index';
import { usesAwait } from '../../../runtime/script/request';
import { libraries } from './libraries';

const sandbox = createSandbox({ libraries });
afterAll(() => sandbox.dispose());

const run = (code: string, timeoutMs = 300) => sandbox.run({ label: 'F', code, args: { data: { n: 2 } }, limits: { timeoutMs } });

describe('await in a script', () => {
  it('answers what an async script resolves to', async () => {
    expect(await run('const n = await data.n; return n * (await Promise.resolve(21));')).toEqual({ ok: true, value: 42 });
    expect(await run('await null;')).toEqual({ ok: true, value: null });
    expect(await run('const all = await Promise.all([1, Promise.resolve(2)]); return all;')).toEqual({ ok: true, value: [1, 2] });
  });

  it('awaits the synchronous record API and keeps its host errors', async () => {
    const host = (name: string, args: unknown[]) => {
      if (name === 'records.get') throw Object.assign(new Error('notFound'), { status: 404 });
      return { items: [{ uuid: 'u1' }], total: 1, pages: 1, args };
    };
    const listed = await sandbox.run({ label: 'F', code: "const page = await context.records.list({ limit: 1 }, 'shop/orders'); return page.items[0].uuid;", args: {}, host: ['records.list', 'records.get'] }, host);
    expect(listed).toEqual({ ok: true, value: 'u1' });
    const caught = await sandbox.run({ label: 'F', code: "try { await context.records.get('x', 'a/b'); } catch (e) { return [e.message, e.status]; }", args: {}, host: ['records.get'] }, host);
    expect(caught).toEqual({ ok: true, value: ['notFound', 404] });
  });

  it('makes a rejection, a throw after an await and a non-JSON result the run error', async () => {
    expect(await run("await 1; throw new Error('broke');")).toMatchObject({ ok: false, error: expect.stringMatching(/^F: broke/) });
    expect(await run("await Promise.reject(new TypeError('no'));")).toMatchObject({ ok: false, error: expect.stringMatching(/^F: TypeError: no/) });
    expect(await run('await 1; return () => 1;')).toMatchObject({ ok: false, error: expect.stringMatching(/^F: the result is not JSON/) });
  });

  it('ends a promise that never settles, and an endless chain of awaits at the deadline', async () => {
    expect(await run('await new Promise(() => {}); return 1;')).toMatchObject({ ok: false, error: expect.stringMatching(/^F: the function awaited something that never settled/) });
    expect(await run('for (;;) await null;')).toMatchObject({ ok: false, error: expect.stringMatching(/^F: deadline exceeded/) });
    expect(await run('await null; for (;;) {}')).toMatchObject({ ok: false, error: expect.stringMatching(/^F: deadline exceeded/) });
    expect(await run('return 7')).toEqual({ ok: true, value: 7 });
  });

  it('keeps a script without await synchronous', async () => {
    expect(usesAwait('return data')).toBe(false);
    expect(usesAwait('const x = await f()')).toBe(true);
    expect(await run('return Promise.resolve(1)')).toMatchObject({ ok: false, error: expect.stringMatching(/not JSON/) });
  });
});
