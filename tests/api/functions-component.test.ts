// Component functions (docs/user-code.md "Component functions"): POST /v3/system/component/{id}/function/{name}
// answers the output and, when asked, the console lines; context carries config, env, the caller and the
// component; context.records acts with the caller's rights; expression and config are for settings
// holders in dev only; the rate limit is counted in the database; sandbox escapes are clear errors
// while the server keeps answering.
import { beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, createMember, createProject, insertComponentRow, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { withCookie } from './iam-fixtures';

describeApi(`component functions (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 60_000 });
  // A short deadline so that the infinite loop ends quickly; the rate limit is tested on its own apps.
  const server = useServer({ LUMA_FUNCTION_TIMEOUT_MS: '1500' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  let orders = '';
  let foreign = '';

  const call = (who: string, ref: string, name: string, body: unknown = {}, env = 'dev', target = app) =>
    withCookie(target, () => cookies[who] ?? admin).post(`/v3/system/component/${ref}/function/${encodeURIComponent(name)}`, body, { 'x-project-env': env });

  // A component with saved functions and a config, members with single verbs, another project.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(api, 'fn_orders', [f.text('title', { required: true })]);
    const model = (await api.settings(orders, 'v1')).json();
    model.settings.config = { currency: 'EUR' };
    model.settings.functions = [
      { name: 'echo', expr: "console.log('got', data); console.warn({ n: 1 }); return { data, config: context.config, user: context.user.email, component: context.component.name, env: context.env };" },
      { name: 'count', expr: 'return context.records.list().total;' },
      { name: 'make', expr: 'return context.records.create({ title: data.title }).title;' },
      { name: 'fails', expr: "console.log('before'); throw new Error('broken on purpose');" },
    ];
    expect((await api.save(orders, 'v1', model)).statusCode).toBe(200);
    await createMember(db(), 'runner@luma.test', 'runner password', [`run ${orders}`]);
    await createMember(db(), 'reader-runner@luma.test', 'reader-runner password', [`run ${orders}`, `read ${orders}`]);
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${orders}`]);
    await createMember(db(), 'designer@luma.test', 'designer password', [`settings ${orders}`]);
    for (const who of ['runner', 'reader-runner', 'reader', 'designer']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
    const other = await createProject(db(), 'Other');
    foreign = await insertComponentRow(db(), other.projectUuid, { name: 'foreign', settings: model.settings });
  }, SETUP_TIMEOUT_MS);

  it('answers the output; the logs only when include_logs is asked', async () => {
    const plain = await call('admin', orders, 'echo', { data: { a: 1 } });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ output: { data: { a: 1 }, config: { currency: 'EUR' }, user: 'admin@luma.test', component: 'fn_orders', env: {} } });
    const logged = await call('admin', orders, 'echo', { data: 'x', options: { include_logs: true } });
    expect(logged.statusCode).toBe(200);
    expect(logged.json().logs).toEqual([
      { level: 'log', message: 'got x' },
      { level: 'warn', message: '{"n":1}' },
    ]);
  });

  it('a failing function is a 400 functionFailed with the message, and the logs when asked', async () => {
    const failed = await call('admin', orders, 'fails', { options: { include_logs: true } });
    expect(failed.statusCode).toBe(400);
    const body = failed.json();
    expect(body.message).toBe('functionFailed');
    expect(body.errors[0].field).toBe('function');
    expect(body.errors[0].messages[0]).toContain('broken on purpose');
    expect(body.errors[1]).toEqual({ field: 'logs', messages: ['[log] before'] });
    expect((await call('admin', orders, 'fails')).json().errors).toHaveLength(1);
  });

  it("the function list is the caller's environment's: an unknown name is 404, a component not live is componentWrongEnvironment", async () => {
    expect((await call('admin', orders, 'nope')).json()).toMatchObject({ status: 404, message: 'functionNotFound' });
    expect((await call('admin', orders, 'echo', {}, 'live')).json()).toMatchObject({ status: 404, message: 'componentWrongEnvironment' });
  });

  it("running needs 'run' or 'settings'; the records API has the caller's rights (no read: the error inside the script, in the reply)", async () => {
    expect((await call('reader', orders, 'echo')).statusCode).toBe(403);
    const denied = await call('runner', orders, 'count');
    expect(denied.statusCode).toBe(400);
    expect(denied.json().errors[0].messages[0]).toContain('noPermissionsToRead');
    const made = await call('admin', orders, 'make', { data: { title: 'From a function' } });
    expect(made.json()).toEqual({ output: 'From a function' });
    expect((await call('reader-runner', orders, 'count')).json()).toEqual({ output: 1 });
    // No create right: the record service refuses inside the script.
    const refused = await call('reader-runner', orders, 'make', { data: { title: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].messages[0]).toContain('forbidden');
    expect((await call('designer', orders, 'echo')).statusCode).toBe(200);
  });

  it("expression and config run unsaved code: settings holders in dev only", async () => {
    const body = { data: 2, options: { expression: 'return data * context.config.k;', config: { k: 21 } } };
    expect((await call('designer', orders, 'anything', body)).json()).toEqual({ output: 42 });
    expect((await call('admin', orders, 'echo', body)).json()).toEqual({ output: 42 });
    expect((await call('runner', orders, 'echo', body)).statusCode).toBe(403);
    expect((await call('runner', orders, 'echo', { options: { config: { k: 1 } } })).statusCode).toBe(403);
    expect((await call('admin', orders, 'echo', body, 'live')).statusCode).toBe(403);
    expect((await call('admin', orders, 'echo', { options: { expression: 5 } })).statusCode).toBe(400);
    expect((await call('admin', orders, 'echo', { options: { include_logs: 'yes' } })).statusCode).toBe(400);
  });

  it('the output and log limits hold: 1 MiB of output, 64 KiB of console output', async () => {
    const big = await call('admin', orders, 'x', { options: { expression: "return 'x'.repeat(1024 * 1024 + 1);" } });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0].messages[0]).toContain('larger than 1048576');
    expect((await call('admin', orders, 'x', { options: { expression: "return 'x'.repeat(1024 * 1024 - 2);" } })).statusCode).toBe(200);
    const chatty = await call('admin', orders, 'x', { options: { expression: "for (let i = 0; i < 2000; i++) console.log('y'.repeat(100)); return 1;", include_logs: true } });
    expect(chatty.statusCode).toBe(200);
    const logs: { message: string }[] = chatty.json().logs;
    expect(logs.reduce((sum, line) => sum + line.message.length, 0)).toBeLessThanOrEqual(64 * 1024 + 200);
    expect(logs.at(-1)!.message).toMatch(/dropped \(limit 65536\)/);
  });

  it("another project's component id is 404, never its function", async () => {
    expect((await call('admin', foreign, 'echo')).json()).toMatchObject({ status: 404, message: 'notFound' });
    expect((await call('admin', 'not-a-component', 'echo')).statusCode).toBe(404);
  });

  it('sandbox escapes are clear errors, while the server keeps answering other requests', async () => {
    const run = (expression: string) => call('admin', orders, 'escape', { options: { expression } });
    const escapes: [string, RegExp][] = [
      ["return this.constructor.constructor('return process')();", /'process' is not defined/],
      ["return Function('return process')().env;", /'process' is not defined/],
      ["return Function('return require')()('fs');", /'require' is not defined/],
      // import() answers a Promise (no module loader exists): refused as not JSON.
      ['return import("node:fs");', /not JSON/],
      // QuickJS has no prepareStackTrace hook: the stack stays a string of the sandbox's own frames.
      ['Error.prepareStackTrace = (e, s) => s[0].getFileName(); return new Error("x").stack;', /./],
      ['while (true) {}', /deadline|interrupted/i],
      ['let s = "x"; const keep = []; while (true) { s = s + s; keep.push(s); }', /memory/i],
      ['function f(n) { return f(n + 1) + 1; } return f(0);', /stack|recursion/i],
    ];
    for (const [expression, message] of escapes) {
      let finished = false;
      const pending = run(expression).then((response) => {
        finished = true;
        return response;
      });
      // A normal request answers while the script runs (the sandbox is off the event loop).
      const other = await withCookie(app, () => admin).get('/v1/user/model');
      expect(other.statusCode).toBe(200);
      if (expression.startsWith('while (true) {}')) expect(finished).toBe(false);
      const response = await pending;
      if (response.statusCode === 200) {
        // prepareStackTrace has no effect in QuickJS: the stack is a string of the script's own frames.
        const output = JSON.stringify(response.json().output);
        expect(output, expression).not.toMatch(/node:|\/work\/|sandbox\.worker|process/);
        expect(expression).toContain('prepareStackTrace');
      } else {
        expect(response.statusCode, expression).toBe(400);
        expect(response.json().message).toBe('functionFailed');
        expect(response.json().errors[0].messages[0], expression).toMatch(message);
      }
    }
    expect((await call('admin', orders, 'echo', { data: 1 })).statusCode).toBe(200);
  });

  it('calls per minute per project are counted in the database: two instances see one count (429 tooManyAttempts)', async () => {
    // A minute no other test has used, so the count starts at zero.
    const clock = useManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000 + 1_000);
    const one = await server().appWith({ LUMA_SCRIPT_CALLS_PER_MINUTE: '3', LUMA_FUNCTION_TIMEOUT_MS: '1500' });
    const two = await server().appWith({ LUMA_SCRIPT_CALLS_PER_MINUTE: '3', LUMA_FUNCTION_TIMEOUT_MS: '1500' });
    const admin1 = await login(one);
    cookies.admin1 = admin1;
    const viaOne = () => call('admin1', orders, 'echo', {}, 'dev', () => one);
    const viaTwo = () => call('admin1', orders, 'echo', {}, 'dev', () => two);
    expect((await viaOne()).statusCode).toBe(200);
    expect((await viaTwo()).statusCode).toBe(200);
    expect((await viaOne()).statusCode).toBe(200);
    const limited = await viaTwo();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('tooManyAttempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const counted = await db().selectFrom('script_calls').select(['scope', 'count']).where('scope', 'like', '%function.component').where('window_start', '=', new Date(Math.floor(clock.now() / 60_000) * 60_000)).execute();
    expect(counted).toEqual([{ scope: expect.stringContaining('function.component'), count: 4 }]);
    clock.advance(60_000);
    expect((await viaOne()).statusCode).toBe(200);
  });
});
