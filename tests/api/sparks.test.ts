// Sparks (docs/user-code.md "Sparks") against a real database, the script pool and pg-boss: the entity
// and its name rules, immutable releases, deploy to dev and live, invocation over HTTP (session and API
// user bearer) running the release of the caller's environment, logs kept and purged by the clock, the
// project limit, forged ids, a workflow spark node (and a dry run that does not invoke), and sandbox
// escape attempts answered while the server keeps serving.
import { beforeAll, expect, it, vi } from 'vitest';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, componentApi, componentWithFields, createProject, createRole, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useManualClock, useServer } from './harness';
import { withCookie } from './iam-fixtures';

const DAY = 86_400_000;

describeApi(`sparks (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 120_000 });
  const server = useServer({ LUMA_SPARK_LIMIT: '20', LUMA_SPARK_DEADLINE_SECONDS: '3', LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method, url: `/api/spark${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev', ...headers } });
  const invoke = (name: string, data: unknown, env: 'dev' | 'live' = 'dev', headers: Record<string, string> = {}) =>
    call('POST', `/invoke/${name}`, { data, include_logs: true }, { 'x-project-env': env, ...headers });
  let notes = '';

  /** A spark with `code` released as v1 and deployed to dev. */
  const deployed = async (name: string, code: string) => {
    const created = await call('POST', '/spark', { name, code });
    expect(created.statusCode, created.body).toBe(200);
    const id: string = created.json().uuid;
    expect((await call('PUT', `/spark/release/${id}/1`, { note: 'first' })).statusCode).toBe(200);
    expect((await call('PUT', `/spark/deploy/${id}/dev`, { version: 1 })).statusCode).toBe(200);
    return id;
  };

  // A notes component.
  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(components, 'notes', [recordFields.text('title')]);
  }, SETUP_TIMEOUT_MS);

  it('creates, reads, renames and lists sparks under the name rules; a taken name is 409', async () => {
    const created = await call('POST', '/spark', { name: 'greet', description: 'Says hello', code: 'return `hello ${data.name}`;' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'greet', description: 'Says hello', code: 'return `hello ${data.name}`;', dev_version: null, live_version: null, latest_version: null, releases: [], last_invoked_at: null });
    const id = created.json().uuid;
    for (const name of ['', 'x', 'Greet', '1abc', 'has space', 'a'.repeat(65), 'dot.name', 42]) {
      const refused = await call('POST', '/spark', { name });
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(417);
      expect(refused.json().errors[0].field).toBe('name');
    }
    const taken = await call('POST', '/spark', { name: 'greet' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'sparkExists']);
    const other = (await call('POST', '/spark', { name: 'other_one' })).json().uuid;
    expect((await call('PATCH', `/spark/${other}`, { name: 'greet' })).json().message).toBe('sparkExists');
    const renamed = await call('PATCH', `/spark/${other}`, { name: 'renamed-one', code: 'return 1' });
    expect(renamed.json()).toMatchObject({ name: 'renamed-one', code: 'return 1' });
    expect((await call('GET', `/spark/${id}`)).json().name).toBe('greet');
    expect((await call('GET', '/spark')).json().map((spark: { name: string }) => spark.name)).toEqual(['greet', 'renamed-one']);
    expect((await call('GET', '/spark/names')).json()).toEqual(['greet', 'renamed-one']);
    expect((await call('DELETE', `/spark/${other}`)).statusCode).toBe(200);
    expect((await call('GET', `/spark/${other}`)).statusCode).toBe(404);
  });

  it('releases are immutable snapshots; dev and live each run their own release', async () => {
    const id = (await call('GET', '/spark')).json().find((spark: { name: string }) => spark.name === 'greet').uuid;
    // Nothing deployed yet: the caller learns that, not a crash.
    expect((await invoke('greet', { name: 'Ana' })).json().message).toBe('sparkNotDeployed');
    const first = await call('PUT', `/spark/release/${id}/1`, { note: 'first' });
    expect(first.json()).toMatchObject({ latest_version: 1, releases: [{ version: 1, note: 'first' }] });
    for (const version of ['1', '0', 'x', '-2']) expect((await call('PUT', `/spark/release/${id}/${version}`, {})).statusCode).toBeGreaterThanOrEqual(409);
    expect((await call('PUT', `/spark/release/${id}/1`, {})).json().message).toBe('sparkReleaseExists');
    // The draft changes; release 1 does not.
    await call('PATCH', `/spark/${id}`, { code: "console.log('v2 for', data.name); return `hi ${data.name}`;" });
    expect((await call('PUT', `/spark/release/${id}/2`, { note: 'second' })).json().releases.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect((await call('PUT', `/spark/deploy/${id}/dev`, { version: 3 })).json().message).toBe('sparkReleaseNotFound');
    expect((await call('PUT', `/spark/deploy/${id}/staging`, { version: 1 })).statusCode).toBe(417);
    expect((await call('PUT', `/spark/deploy/${id}/live`, { version: 1 })).json()).toMatchObject({ live_version: 1, dev_version: null });
    expect((await call('PUT', `/spark/deploy/${id}/dev`, { version: 2 })).json()).toMatchObject({ live_version: 1, dev_version: 2 });

    const dev = await invoke('greet', { name: 'Ana' }, 'dev');
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json()).toEqual({ data: 'hi Ana', logs: [{ level: 'log', message: 'v2 for Ana' }] });
    expect((await invoke('greet', { name: 'Ana' }, 'live')).json()).toEqual({ data: 'hello Ana', logs: [] });
    // A spark deployed to live cannot be removed until it is withdrawn.
    expect((await call('DELETE', `/spark/${id}`)).json().message).toBe('sparkRemovalBlockedByLive');
    expect((await call('PUT', `/spark/deploy/${id}/live`, { version: null })).json().live_version).toBeNull();
    expect((await invoke('greet', {}, 'live')).json().message).toBe('sparkNotDeployed');
    expect((await invoke('nobody', {})).statusCode).toBe(404);
  });

  it('logs every invocation with its console output, newest first; housekeeping removes them after the configured days', async () => {
    const clock = useManualClock();
    const start = clock.now();
    const id = await deployed('logger', "console.log('got', data); if (data === 'boom') throw new Error('it broke'); return data;");
    expect((await invoke('logger', 'one')).json().data).toBe('one');
    clock.advance(1000);
    const failed = await invoke('logger', 'boom');
    expect(failed.statusCode).toBe(417);
    expect(failed.json()).toMatchObject({ message: 'sparkRunFailed', errors: [{ field: 'logger', messages: [expect.stringContaining('it broke')] }] });
    const page = (await call('GET', `/spark/logs/${id}`)).json();
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.items).toMatchObject([
      { status: 'error', env: 'dev', version: 1, source: 'http', logs: [{ level: 'log', message: 'got boom' }], error: expect.stringContaining('it broke') },
      { status: 'ok', env: 'dev', version: 1, source: 'http', logs: [{ level: 'log', message: 'got one' }], error: null },
    ]);
    expect(page.items[0].duration_ms).toBeGreaterThanOrEqual(0);
    expect(page.items[0].caller_uuid).toBe((await adminProject(db())).adminUuid);
    expect((await call('GET', '/spark')).json().find((spark: { name: string }) => spark.name === 'logger').last_invoked_at).not.toBeNull();

    // Housekeeping at a later date also ends the admin's idle session: the rows are counted directly.
    const count = async () => (await db().selectFrom('spark_logs').select('uuid').where('spark_uuid', '=', id).execute()).length;
    expect(await runHousekeeping(db(), server().config, () => undefined, new Date(start + 6 * DAY))).toEqual([]);
    expect(await count()).toBe(2);
    await runHousekeeping(db(), server().config, () => undefined, new Date(start + 7 * DAY + 500));
    expect(await count()).toBe(1);
    await runHousekeeping(db(), { ...server().config, sparkLogDays: 1 }, () => undefined, new Date(start + 2 * DAY));
    expect(await count()).toBe(0);
    admin = await login(app());
  });

  it("answers the limit message past the project's limit", async () => {
    const { n } = await db().selectFrom('sparks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (let i = Number(n); i < 20; i++) expect((await call('POST', '/spark', { name: `filler_${i}` })).statusCode).toBe(200);
    const refused = await call('POST', '/spark', { name: 'one_too_many' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'sparkLimitReached']);
    for (let i = Number(n); i < 20; i++) {
      const id = (await call('GET', '/spark')).json().find((spark: { name: string }) => spark.name === `filler_${i}`).uuid;
      expect((await call('DELETE', `/spark/${id}`)).statusCode).toBe(200);
    }
  });

  it("another project's spark is 404 by id and unknown by name; a member who is not admin manages nothing", async () => {
    const other = await createProject(db(), 'Elsewhere');
    const foreign = crypto.randomUUID();
    await db().insertInto('sparks').values({ uuid: foreign, project_uuid: other.projectUuid, name: 'secret', code: 'return 42' }).execute();
    await db().insertInto('spark_releases').values({ spark_uuid: foreign, version: 1, code: 'return 42', created_by: null }).execute();
    await db().updateTable('sparks').set({ dev_version: 1 }).where('uuid', '=', foreign).execute();
    for (const [method, url, body] of [
      ['GET', `/spark/${foreign}`],
      ['PATCH', `/spark/${foreign}`, { code: 'return 0' }],
      ['DELETE', `/spark/${foreign}`],
      ['PUT', `/spark/release/${foreign}/2`, {}],
      ['PUT', `/spark/deploy/${foreign}/dev`, { version: 1 }],
      ['GET', `/spark/logs/${foreign}`],
      ['GET', '/spark/not-a-uuid'],
    ] as [Method, string, unknown?][]) {
      expect((await call(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await invoke('secret', null)).statusCode).toBe(404);
    expect((await call('GET', '/spark/names')).json()).not.toContain('secret');
    const stored = await db().selectFrom('sparks').select('code').where('uuid', '=', foreign).executeTakeFirstOrThrow();
    expect(stored.code).toBe('return 42');
  });

  it("an API user's bearer invokes a spark; its permissions, not the admin's, apply to context.records", async () => {
    const { projectUuid } = await adminProject(db());
    const reader = await createRole(db(), projectUuid, { name: 'Spark reader', permissions: [`read ${notes}`] });
    const api = withCookie(app, () => admin);
    const created = (await api.post('/v1/iam/api-users', { name: 'Spark robot', role_uuids: [reader] })).json();
    const token: string = created.secret.token;
    expect((await records.create(notes, { title: 'seen' })).statusCode).toBe(200);
    await deployed('list_notes', `const list = context.records.list({}, '${notes}'); return { user: context.user.uuid, env: context.environment, titles: list.items.map((r) => r.title) };`);
    await deployed('write_note', `return context.records.create({ title: data }, '${notes}').uuid;`);
    const bearer = { cookie: '', authorization: `Bearer ${token}` };
    const listed = await invoke('list_notes', null, 'dev', bearer);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual({ user: created.user.uuid, env: 'dev', titles: ['seen'] });
    const refused = await invoke('write_note', 'not allowed', 'dev', bearer);
    expect(refused.statusCode).toBe(417);
    expect(refused.json().errors[0].messages[0]).toMatch(/forbidden/);
    // The admin may write: the same spark succeeds for it.
    expect((await invoke('write_note', 'allowed')).statusCode).toBe(200);
    // An API user is no admin: it cannot manage sparks.
    expect((await call('GET', '/spark', undefined, bearer)).statusCode).toBe(403);
    expect((await call('GET', '/spark/names', undefined, bearer)).json()).toContain('list_notes');
    expect((await app().inject({ method: 'POST', url: '/api/spark/invoke/list_notes', payload: {} })).statusCode).toBe(401);
  });

  it('a workflow spark node invokes the spark with the expression as input; a dry run does not invoke it', async () => {
    const id = await deployed('note_from_flow', `console.log('flow', data.title); return context.records.create({ title: 'from spark: ' + data.title }, '${notes}').uuid;`);
    const orders = await componentWithFields(components, 'orders', [recordFields.text('title')]);
    const wf = (method: Method, url: string, payload?: unknown) => app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
    const base = { x: 0, y: 0, width: 120, height: 60, paused: false, parallel: false };
    const event = { ...base, id: 10_000_001, name: 'created', type: 'event', action: 'Create', data: {}, connections: [{ id: 'c1', source: { id: 10_000_001, position: 'bottom' }, destination: { id: 10_000_002, position: 'top' }, type: 'pass', name: 'pass' }] };
    const spark = { ...base, id: 10_000_002, name: 'call', type: 'operation', action: 'spark', data: { spark_name: 'note_from_flow', expression: 'return { title: data.title }' }, connections: [] };
    const logs = async () => (await call('GET', `/spark/logs/${id}`)).json();

    const dry = await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes: [event, spark], model_collection: { title: 'Dry' } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().nodes.find((n: { id: number }) => n.id === 10_000_002).State.Results).toEqual({ would: 'invoke', spark: 'note_from_flow', env: 'dev', version: 1, data: { title: 'Dry' } });
    expect((await logs()).total).toBe(0);

    const workflow = (await wf('POST', '/workflows', { component_uuid: orders, name: 'Spark on create' })).json().uuid;
    expect((await wf('PUT', `/workflows/${workflow}/version/v1`, { nodes: [event, spark] })).statusCode).toBe(200);
    expect((await records.create(orders, { title: 'Order 7' })).statusCode).toBe(200);
    const page = await until('the spark to run from the workflow', 60_000, async () => {
      const answer = await logs();
      return answer.total > 0 ? answer : undefined;
    });
    expect(page.items[0]).toMatchObject({ status: 'ok', source: 'workflow', env: 'dev', logs: [{ level: 'log', message: 'flow Order 7' }] });
    const written = await until('the record the spark wrote', 30_000, async () => {
      const rows = await db().selectFrom('records').select('data').where('component_uuid', '=', notes).execute();
      return rows.find((row) => (row.data as { title?: string }).title === 'from spark: Order 7');
    });
    expect(written).toBeDefined();
  });

  it('calls per minute per project are counted in the database: past the limit 429 before the spark runs', async () => {
    const id = await deployed('counted', "console.log('ran'); return 1;");
    const limited = await server().appWith({ LUMA_SCRIPT_CALLS_PER_MINUTE: '3' });
    // A fresh one-minute window of the server clock, so earlier calls of this file do not count.
    const clock = useManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000);
    const send = () => limited.inject({ method: 'POST', url: '/api/spark/invoke/counted', payload: { data: null }, headers: { cookie: admin, 'x-project-env': 'dev' } });
    for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'tooManyAttempts']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused call ran nothing: three log rows, not four.
    expect((await db().selectFrom('spark_logs').select('uuid').where('spark_uuid', '=', id).execute()).length).toBe(3);
    clock.advance(60_000);
    expect((await send()).statusCode).toBe(200);
  });

  it('sandbox escape attempts end with clear errors while the server answers other requests', async () => {
    const attempts: [string, string][] = [
      ['esc_constructor', "return this.constructor.constructor('return process')().env;"],
      ['esc_function', "return Function('return process.mainModule.require(\"fs\")')();"],
      ['esc_import', "return import('node:fs').then((fs) => fs.readFileSync('/etc/passwd', 'utf8'));"],
      ['esc_stack', 'Error.prepareStackTrace = (e, frames) => frames; const frames = new Error().stack; return frames[0].getThis().process.env;'],
      ['esc_memory', "let s = 'x'; while (true) s += s;"],
      ['esc_recursion', 'function f(n) { return f(n + 1) + 1; } return f(0);'],
    ];
    for (const [name, code] of attempts) {
      await deployed(name, code);
      const reply = await invoke(name, null);
      expect(reply.statusCode, `${name}: ${reply.body}`).toBe(417);
      expect(reply.json().message).toBe('sparkRunFailed');
      expect(reply.json().errors[0].messages[0], name).toMatch(new RegExp(`^Spark ${name}`));
    }
    await deployed('esc_loop', 'while (true) {}');
    await deployed('quick', 'return data * 2;');
    let loopDone = false;
    const loop = invoke('esc_loop', null).then((reply) => {
      loopDone = true;
      return reply;
    });
    // While the loop runs in its worker, the event loop serves other calls and another spark runs.
    const quick = await invoke('quick', 21);
    expect(quick.json().data).toBe(42);
    expect((await call('GET', '/spark/names')).statusCode).toBe(200);
    expect(loopDone).toBe(false);
    const looped = await loop;
    expect(looped.statusCode).toBe(417);
    expect(looped.json().errors[0].messages[0]).toMatch(/deadline|interrupted|timeout/i);
    expect((await invoke('quick', 2)).json().data).toBe(4);
  });
});
