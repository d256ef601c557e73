// Component routes (issue 15 item 4; docs/user-code.md "Routes"): paths are forced to lower case on
// save (a duplicate in another case is 'routeExists'), and /api/v1/route/{ref}/{path} runs the route's
// code for GET, POST, PUT, PATCH and DELETE with request ({method, path, query, body}) and context
// (records acting for the caller): GET needs 'read', the others 'update' or 'edit'. Unknown routes
// and another project's components are 404; escape attempts end as clear errors while the server
// keeps answering.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, createProject, insertComponentRow, once, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { ESCAPES } from './user-code-fixtures';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describeApi(`component routes (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let notes = '';
  let foreign = '';

  const call = (method: Method, path: string, options: { who?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
    app().inject({
      method,
      url: `/api/v1/route/${path}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: { cookie: options.who ? cookies[options.who]! : admin, 'x-project-env': 'dev', ...options.headers },
    });

  const routes: Record<string, { code: string }> = {
    Echo: { code: 'return request' },
    'notes/create': { code: 'const made = context.records.create({ title: request.body.title }); return { status: 201, body: { uuid: made.uuid, title: made.title } }' },
    'notes/count': { code: 'return context.records.list().total' },
    text: { code: "return 'plain'" },
    nothing: { code: 'return undefined' },
    teapot: { code: "return { status: 418, body: { short: 'and stout' } }" },
    'not/a/reply': { code: 'return { status: 1, body: 2 }' },
    broken: { code: "throw new TypeError('bad ' + request.query.x)" },
    ...Object.fromEntries(Object.entries(ESCAPES).map(([name, [code]]) => [`x/${name.toLowerCase()}`, { code }])),
  };

  /** The routes saved on shop/notes: by the first case, which checks the save, or by the case that runs alone. */
  const routesSaved = once(async () => {
    const model = (await api.settings('shop/notes', 'v1')).json();
    return api.save('shop/notes', 'v1', { ...model, settings: { ...model.settings, routes } });
  });

  // A component with routes, members holding single verbs, another project.
  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(api, 'notes', [f.text('title', { required: true })], { scope: 'shop' });
    await createMember(db(), 'reader@luma.test', 'reader password', ['read shop/notes']);
    await createMember(db(), 'writer@luma.test', 'writer password', ['update shop/notes', 'read shop/notes', 'create shop/notes']);
    await createMember(db(), 'editor@luma.test', 'editor password', ['edit shop/notes']);
    await createMember(db(), 'nobody@luma.test', 'nobody password', ['settings shop/notes']);
    for (const who of ['reader', 'writer', 'editor', 'nobody']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
    const other = await createProject(db(), 'Other');
    foreign = await insertComponentRow(db(), other.projectUuid, { name: 'notes', settings: { ...(await api.settings('shop/notes', 'v1')).json().settings, routes: { echo: { code: 'return 1' } } } });
  }, SETUP_TIMEOUT_MS);

  it('saving settings lowers route paths; a duplicate in another case is routeExists', async () => {
    const model = (await api.settings('shop/notes', 'v1')).json();
    const duplicate = await api.save('shop/notes', 'v1', { ...model, settings: { ...model.settings, routes: { orders: { code: '' }, Orders: { code: '' } } } });
    expect(duplicate.statusCode).toBe(417);
    expect(duplicate.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'routes.Orders', messages: ['routeExists'] }] });
    const spaced = await api.save('shop/notes', 'v1', { ...model, settings: { ...model.settings, routes: { 'has space': { code: '' } } } });
    expect(spaced.statusCode).toBe(417);
    expect(JSON.stringify(spaced.json().errors)).toContain('routePathRule');
    const saved = await routesSaved();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Object.keys(saved.json().settings.routes)).toContain('echo');
    expect(Object.keys(saved.json().settings.routes)).not.toContain('Echo');
  });

  it('GET, POST, PUT, PATCH and DELETE reach the code with method, path, query and body', async () => {
    await routesSaved();
    const got = await call('GET', `${notes}/echo?x=1&tag=a&tag=b`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toMatch(/application\/json/);
    expect(got.json()).toEqual({ method: 'GET', path: 'echo', query: { x: '1', tag: ['a', 'b'] }, body: null });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(method, `shop/notes/ECHO?y=2`, { payload: { n: 1, list: [true] } });
      expect(response.statusCode, `${method} ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ method, path: 'echo', query: { y: '2' }, body: { n: 1, list: [true] } });
    }
  });

  it('the value is the answer as JSON, or {status, body} when the code returns exactly that', async () => {
    await routesSaved();
    const created = await call('POST', 'shop/notes/notes/create', { payload: { title: 'From a route' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ title: 'From a route' });
    expect((await records.get('shop/notes', created.json().uuid)).json()).toMatchObject({ title: 'From a route' });
    expect((await call('GET', 'shop/notes/notes/count')).json()).toBe(1);
    const text = await call('GET', 'shop/notes/text');
    expect([text.statusCode, text.body]).toEqual([200, '"plain"']);
    expect((await call('GET', 'shop/notes/nothing')).body).toBe('null');
    const teapot = await call('GET', 'shop/notes/teapot');
    expect([teapot.statusCode, teapot.json()]).toEqual([418, { short: 'and stout' }]);
    expect((await call('GET', 'shop/notes/not/a/reply')).json()).toEqual({ status: 1, body: 2 });
  });

  it('a failing route answers its evaluation error', async () => {
    await routesSaved();
    const response = await call('GET', 'shop/notes/broken?x=input');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'routeEvaluationError',
      errors: [{ field: 'route', messages: ['routeEvaluationError'], values: [{ path: 'broken', message: 'TypeError: bad input' }] }],
    });
  });

  it("the caller's permissions: GET needs read, the other methods update or edit; records through context keep them", async () => {
    await routesSaved();
    expect((await call('GET', 'shop/notes/echo', { who: 'reader' })).statusCode).toBe(200);
    expect((await call('POST', 'shop/notes/echo', { who: 'reader', payload: {} })).statusCode).toBe(403);
    expect((await call('GET', 'shop/notes/echo', { who: 'nobody' })).statusCode).toBe(403);
    expect((await call('DELETE', 'shop/notes/echo', { who: 'editor' })).statusCode).toBe(200);
    // The editor may call POST, but context.records.create needs 'create': refused inside the code.
    const refused = await call('POST', 'shop/notes/notes/create', { who: 'editor', payload: { title: 'No' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].values[0].message).toMatch(/forbidden/);
    expect((await call('POST', 'shop/notes/notes/create', { who: 'writer', payload: { title: 'Yes' } })).statusCode).toBe(201);
    expect((await app().inject({ method: 'GET', url: '/api/v1/route/shop/notes/echo', headers: { 'x-project-env': 'dev' } })).statusCode).toBe(401);
  });

  it('unknown routes, components and forged ids are 404', async () => {
    await routesSaved();
    expect((await call('GET', 'shop/notes/missing')).statusCode).toBe(404);
    expect((await call('GET', 'shop/notes')).statusCode).toBe(404);
    expect((await call('GET', 'shop/other/echo')).statusCode).toBe(404);
    expect((await call('GET', `${foreign}/echo`)).statusCode).toBe(404);
    // The live environment has no version of this component.
    expect((await call('GET', 'shop/notes/echo', { headers: { 'x-project-env': 'live' } })).statusCode).toBe(404);
  });

  it('escape attempts end as evaluation errors while the server answers other requests', async () => {
    await routesSaved();
    for (const [name, [, expected]] of Object.entries(ESCAPES)) {
      let settled = false;
      const attempt = call('GET', `shop/notes/x/${name.toLowerCase()}`).finally(() => (settled = true));
      const meanwhile = await call('GET', 'shop/notes/echo');
      expect(meanwhile.statusCode).toBe(200);
      if (name === 'infiniteLoop') expect(settled).toBe(false);
      const response = await attempt;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe('routeEvaluationError');
      expect(response.json().errors[0].values[0].message, name).toMatch(expected);
    }
  }, 60_000);

  it('calls per minute per project (script-rate): past the limit 429 tooManyAttempts before any code runs', async () => {
    await routesSaved();
    // A minute no other test has used, so the count starts at zero.
    const clock = useManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000 + 1_000);
    const limited = await server().appWith({ LUMA_SCRIPT_CALLS_PER_MINUTE: '2' });
    const cookie = await login(limited);
    const get = () => limited.inject({ method: 'GET', url: '/api/v1/route/shop/notes/notes/count', headers: { cookie, 'x-project-env': 'dev' } });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(60_000);
    expect((await get()).statusCode).toBe(200);
  });
});
