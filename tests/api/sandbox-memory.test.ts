// User code is bounded in memory (docs/user-code.md "Memory", docs/security.md "User code"): the pool's
// workers all running memory bombs keep the server's resident memory under workers × their cap plus a
// fixed margin, each bomb ends with 'out of memory' (not at its deadline), other requests answer
// meanwhile, and the memory falls back once the bombs have ended.
import { expect, it, vi } from 'vitest';
import { cappedModuleBytes } from '../../runtime/script/memory';
import { runningScripts } from '../../src/server/usercode/sandbox';
import { componentApi, componentWithFields, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';
import { withCookie } from './iam-fixtures';

const MiB = 1024 * 1024;
const WORKERS = 2;
const CAP_MB = 64;
/** What the process may take besides the workers' QuickJS memory (their threads, V8, the tests' own work). */
const MARGIN = 300 * MiB;
const BOMB = 'let a = []; for (;;) a.push(new Array(1e5).fill(1.5));';

describeApi(`user code memory (${DB_KIND})`, () => {
  // Setting up a scratch database on a busy machine can take over the minute of the default hook timeout.
  vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
  // A deadline far past what a bomb needs to reach its limit: 'out of memory' must come first.
  const server = useServer({ LUMA_SCRIPT_WORKERS: String(WORKERS), LUMA_SCRIPT_MEMORY_MB: String(CAP_MB), LUMA_FUNCTION_TIMEOUT_MS: '60000' });
  const app = () => server().app;
  let admin = '';
  let component = '';
  const api = componentApi(app, () => admin, 'dev');
  const call = (name: string) => withCookie(app, () => admin).post(`/v3/system/component/${component}/function/${name}`, {}, { 'x-project-env': 'dev' });

  it('the pool has the configured workers and cap', () => {
    expect(server().config.scriptWorkers).toBe(WORKERS);
    expect(server().config.scriptMemoryBytes).toBe(CAP_MB * MiB);
  });

  it('workers all running memory bombs stay under workers × cap + margin, each ends out of memory, others answer, memory falls back', async () => {
    admin = await login(app());
    component = await componentWithFields(api, 'fn_bombs', [f.text('title')]);
    const model = (await api.settings(component, 'v1')).json();
    model.settings.functions = [
      { name: 'bomb', expr: BOMB },
      { name: 'small', expr: 'return Lodash.sum([1, 2, 3]);' },
    ];
    expect((await api.save(component, 'v1', model)).statusCode).toBe(200);
    // Every worker started and warm before the baseline.
    for (const answer of await Promise.all(Array.from({ length: WORKERS }, () => call('small')))) expect(answer.json()).toEqual({ output: 6 });
    const baseline = process.memoryUsage().rss;
    const bound = baseline + WORKERS * cappedModuleBytes(CAP_MB * MiB) + MARGIN;
    let peak = 0;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      // Twice as many bombs as workers: the replaced workers take the second round.
      const bombs = Array.from({ length: 2 * WORKERS }, () => call('bomb'));
      await vi.waitFor(() => expect(runningScripts()).toBe(WORKERS), { timeout: 60_000, interval: 20 });
      // The event loop is free: other requests answer while every worker runs a bomb.
      expect((await api.list()).statusCode).toBe(200);
      for (const answer of await Promise.all(bombs)) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ message: 'functionFailed' });
        expect(answer.json().errors[0].messages[0]).toContain('out of memory');
      }
    } finally {
      clearInterval(sample);
    }
    expect(peak).toBeGreaterThan(baseline);
    expect(peak, `peak ${peak / MiB} MiB, baseline ${baseline / MiB} MiB`).toBeLessThanOrEqual(bound);
    // Workers whose memory grew are replaced: the process gives the bombs' memory back.
    await vi.waitFor(() => expect(process.memoryUsage().rss).toBeLessThanOrEqual(baseline + 150 * MiB), { timeout: 60_000, interval: 100 });
    expect((await call('small')).json()).toEqual({ output: 6 });
  });
});
