// Global functions (docs/user-code.md "Global functions"): admin-only management, names unique per
// project, the API user's rights (never the admin caller's), public calls without a session, signed
// calls and revoked keys, the rate limit per function and client address, forged ids of another
// project, and sandbox escapes through the public entry point while the server keeps answering.
import { createHmac } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, createMember, createProject, once, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { caller, withCookie } from './iam-fixtures';

const sign = (key: string, keyId: string, body: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},k=${keyId},s=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;

describeApi(`global functions (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 60_000 });
  const server = useServer({ LUMA_FUNCTION_TIMEOUT_MS: '1500', LUMA_PUBLIC_FUNCTION_CALLS_PER_MINUTE: '1000' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let projectUuid = '';
  let items = '';
  let readerUser = '';
  const as = () => withCookie(app, () => admin);
  const anonymous = caller(app, () => ({}));
  const publicCall = (name: string, body: unknown, headers: Record<string, string> = {}, project = () => projectUuid) =>
    anonymous.post(`/v1/public/function/${project()}/${name}`, body, headers);

  /** The functions 'listing' (reads with the API user) and the public 'echo', each made by the first case that needs it. */
  const listingFn = once(() =>
    as().post('/v1/system/function', { name: 'listing', code: `return context.records.list({}, "${items}").total;`, api_user_uuid: readerUser, description: 'counts' }),
  );
  const echoFn = once(() => as().post('/v1/system/function', { name: 'echo', code: 'return { got: data, user: context.user };', public: true }));

  // A component with a record, an API user that may read it, a plain member.
  beforeAll(async () => {
    admin = await login(app());
    const api = componentApi(app, () => admin, 'live');
    items = await componentWithFields(api, 'gf_items', [f.text('title', { required: true })], { live: true });
    expect((await recordApi(app, () => admin, 'live').create(items, { title: 'One' })).statusCode).toBe(200);
    const role = (await as().post('/v1/iam/roles', { name: 'Items reader', level: 5, permissions: [`read ${items}`] })).json();
    const created = await as().post('/v1/iam/api-users', { name: 'Reader bot', role_uuids: [role.uuid] });
    expect(created.statusCode).toBe(200);
    readerUser = created.json().user.uuid;
    const m = await createMember(db(), 'plain@luma.test', 'plain password', [`read ${items}`]);
    projectUuid = m.projectUuid;
    member = await login(app(), 'plain@luma.test', 'plain password');
  }, SETUP_TIMEOUT_MS);

  it('management is for admins; names are checked and unique per project (409 functionExists)', async () => {
    expect((await withCookie(app, () => member).get('/v1/system/function')).statusCode).toBe(403);
    expect((await withCookie(app, () => member).post('/v1/system/function', { name: 'x1' })).statusCode).toBe(403);
    expect((await as().get('/v1/system/function')).json()).toEqual([]);
    expect((await as().post('/v1/system/function', {})).json()).toMatchObject({ status: 417, errors: [{ field: 'name', messages: ['fieldRequired'] }] });
    expect((await as().post('/v1/system/function', { name: '1bad name' })).json().errors[0].messages).toEqual(['invalidInput']);
    expect((await as().post('/v1/system/function', { name: 'ok', public: 'yes' })).json().errors[0]).toEqual({ field: 'public', messages: ['invalidInput'] });
    // Only an API user of the project can be a function's principal (never a person, so never an admin).
    const { adminUuid } = await db().selectFrom('projects').select('owner_uuid as adminUuid').where('uuid', '=', projectUuid).executeTakeFirstOrThrow();
    expect((await as().post('/v1/system/function', { name: 'ok', api_user_uuid: adminUuid })).json().errors[0]).toEqual({ field: 'api_user_uuid', messages: ['invalidInput'] });
    const made = await listingFn();
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ name: 'listing', public: false, signed: false, api_user_uuid: readerUser, api_user_name: 'Reader bot', keys: [], public_path: `/v1/public/function/${projectUuid}/listing` });
    expect((await as().post('/v1/system/function', { name: 'listing' })).json()).toMatchObject({ status: 409, message: 'functionExists' });
    const second = (await as().post('/v1/system/function', { name: 'other' })).json();
    expect((await as().send('PATCH', `/v1/system/function/${second.uuid}`, { name: 'listing' })).statusCode).toBe(409);
    expect((await as().send('PATCH', `/v1/system/function/${second.uuid}`, { description: 'changed' })).json().description).toBe('changed');
    expect((await as().get(`/v1/system/function/${second.uuid}`)).json().name).toBe('other');
    expect((await as().del(`/v1/system/function/${second.uuid}`)).json()).toEqual({});
    expect((await as().get(`/v1/system/function/${second.uuid}`)).statusCode).toBe(404);
    expect((await as().get('/v1/system/function')).json().map((fn: { name: string }) => fn.name)).toEqual(['listing']);
  });

  it("a run acts with the API user's rights, never the admin caller's; without an API user there is no record API", async () => {
    await listingFn();
    const listing = (await as().get('/v1/system/function')).json()[0];
    const run = (id: string, body: unknown = {}) => as().post(`/v1/system/function/${id}/run`, body, { 'x-project-env': 'live' });
    expect((await run(listing.uuid)).json()).toEqual({ output: 1 });
    // The API user may read, not create: creating fails inside the script although the caller is an admin.
    const create = await run(listing.uuid, { options: { expression: `return context.records.create({ title: "x" }, "${items}");`, include_logs: true } });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors[0].messages[0]).toContain('forbidden');
    const who = await run(listing.uuid, { data: 7, options: { expression: 'console.log("as", context.user.uuid); return { data, fn: context.function.name };', include_logs: true } });
    expect(who.json()).toEqual({ output: { data: 7, fn: 'listing' }, logs: [{ level: 'log', message: `as ${readerUser}` }] });
    const bare = (await as().post('/v1/system/function', { name: 'bare', code: 'return typeof context.records;' })).json();
    expect((await run(bare.uuid)).json()).toEqual({ output: 'undefined' });
    expect((await withCookie(app, () => member).post(`/v1/system/function/${bare.uuid}/run`, {})).statusCode).toBe(403);
  });

  it('a public function answers without a session; a function that is not public is 404 there', async () => {
    const echo = (await echoFn()).json();
    const answer = await publicCall('echo', { data: { a: 1 } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ output: { got: { a: 1 }, user: null } });
    // A plain JSON body (what a webhook or curl sends) is the data itself; only the bare {data} wrapper is unwrapped.
    const plain = await publicCall('echo', { name: 'Ann', data: { note: 'kept' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ output: { got: { name: 'Ann', data: { note: 'kept' } }, user: null } });
    expect((await publicCall('echo', [1, 2])).json()).toEqual({ output: { got: [1, 2], user: null } });
    expect((await publicCall('echo', undefined)).json()).toEqual({ output: { got: null, user: null } });
    expect((await publicCall('listing', {})).statusCode).toBe(404);
    expect((await publicCall('nothing', {})).statusCode).toBe(404);
    expect((await publicCall('echo', {}, {}, () => 'not-a-uuid')).statusCode).toBe(404);
    // A public function with an API user reads with that user's rights.
    expect((await as().send('PATCH', `/v1/system/function/${echo.uuid}`, { code: `return context.records.list({}, "${items}").total;`, api_user_uuid: readerUser })).statusCode).toBe(200);
    expect((await publicCall('echo', {}, { 'x-project-env': 'live' })).json()).toEqual({ output: 1 });
  });

  it('a function may await the record API: a public call with a plain JSON body runs it (issue 29 item 15)', async () => {
    const code = [
      `const page = await context.records.list({ filter: data.title, filterOn: 'title' }, "${items}");`,
      `const one = await context.records.get(page.items[0].uuid, "${items}");`,
      `try { await context.records.create({ title: 'no' }, "${items}"); } catch (e) { return { total: page.total, title: one.title, refused: e.message, fn: context.function.name }; }`,
    ].join('\n');
    const made = await as().post('/v1/system/function', { name: 'awaiting', code, public: true, api_user_uuid: readerUser });
    expect(made.statusCode, made.body).toBe(200);
    const answer = await publicCall('awaiting', { title: 'One' }, { 'x-project-env': 'live' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ output: { total: 1, title: 'One', refused: 'forbidden', fn: 'awaiting' } });
    // An admin run of the same code, and a rejection after an await, are the usual answer and 400 functionFailed.
    const run = (expression: string) => as().post(`/v1/system/function/${made.json().uuid}/run`, { data: { title: 'One' }, options: { expression } }, { 'x-project-env': 'live' });
    expect((await run(code)).json()).toEqual({ output: { total: 1, title: 'One', refused: 'forbidden', fn: 'awaiting' } });
    const failed = await run(`await context.records.get('00000000-0000-4000-8000-000000000000', "${items}");`);
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ message: 'functionFailed', errors: [{ field: 'function' }] });
  });

  it('a signed function needs a signature with one of its keys; a revoked key stops at once', async () => {
    const fn = (await as().post('/v1/system/function', { name: 'signed', code: 'return data;', public: true, signed: true })).json();
    const body = JSON.stringify({ data: 'hello' });
    const post = (headers: Record<string, string>) =>
      app().inject({ method: 'POST', url: `/api/v1/public/function/${projectUuid}/signed`, payload: body, headers: { 'content-type': 'application/json', ...headers } });
    expect((await post({})).json()).toMatchObject({ status: 401, message: 'signatureRequired' });
    const key = (await as().post(`/v1/system/function/${fn.uuid}/key`)).json();
    expect(key.key).toMatch(/^lumafk_/);
    expect(key.hint).toBe(key.key.slice(-4));
    // The key is answered once: the function shows its hint only.
    expect(JSON.stringify((await as().get(`/v1/system/function/${fn.uuid}`)).json())).not.toContain(key.key);
    expect((await post({ 'x-luma-signature': sign(key.key, key.uuid, body) })).json()).toEqual({ output: 'hello' });
    expect((await post({ 'x-luma-signature': sign(key.key, key.uuid, body.replace('hello', 'HELLO')) })).statusCode).toBe(401);
    expect((await post({ 'x-luma-signature': sign('wrong', key.uuid, body) })).statusCode).toBe(401);
    expect((await post({ 'x-luma-signature': sign(key.key, key.uuid, body, Math.floor(Date.now() / 1000) - 3600) })).statusCode).toBe(401);
    expect((await post({ 'x-luma-signature': 'garbage' })).statusCode).toBe(401);
    expect((await as().get(`/v1/system/function/${fn.uuid}`)).json().keys[0].last_used_at).not.toBeNull();
    expect((await withCookie(app, () => member).del(`/v1/system/function/signature/${fn.uuid}/${key.uuid}`)).statusCode).toBe(403);
    expect((await as().del(`/v1/system/function/signature/${fn.uuid}/${key.uuid}`)).json()).toEqual({});
    expect((await post({ 'x-luma-signature': sign(key.key, key.uuid, body) })).statusCode).toBe(401);
    expect((await as().del(`/v1/system/function/signature/${fn.uuid}/${key.uuid}`)).statusCode).toBe(404);
  });

  it("another project's function is 404 to this admin, by id and through its key", async () => {
    const other = await createProject(db(), 'Other functions');
    const foreign = crypto.randomUUID();
    await db().insertInto('global_functions').values({ uuid: foreign, project_uuid: other.projectUuid, name: 'secret', code: 'return 1;', public: false }).execute();
    for (const call of [
      as().get(`/v1/system/function/${foreign}`),
      as().send('PATCH', `/v1/system/function/${foreign}`, { name: 'mine' }),
      as().del(`/v1/system/function/${foreign}`),
      as().post(`/v1/system/function/${foreign}/run`, {}),
      as().post(`/v1/system/function/${foreign}/key`),
      as().del(`/v1/system/function/signature/${foreign}/${crypto.randomUUID()}`),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    expect((await db().selectFrom('global_functions').select('name').where('uuid', '=', foreign).executeTakeFirstOrThrow()).name).toBe('secret');
  });

  it('sandbox escapes through a public function are clear errors while the server keeps answering', async () => {
    const fn = (await as().post('/v1/system/function', { name: 'escape', code: 'return 1;', public: true })).json();
    const escapes: [string, RegExp][] = [
      ["return this.constructor.constructor('return process')();", /'process' is not defined/],
      ["return Function('return globalThis.process')().pid;", /undefined|not defined/],
      ['return import("node:child_process");', /not JSON/],
      ['Error.prepareStackTrace = () => process; return new Error("x").stack.includes("node:");', /./],
      ['while (true) {}', /deadline/],
      ['let s = "x"; const keep = []; while (true) { s = s + s; keep.push(s); }', /memory/i],
      ['const f = () => f(); return f();', /stack overflow/],
    ];
    for (const [code, message] of escapes) {
      expect((await as().send('PATCH', `/v1/system/function/${fn.uuid}`, { code })).statusCode).toBe(200);
      let finished = false;
      const pending = publicCall('escape', {}).then((response) => {
        finished = true;
        return response;
      });
      expect((await as().get('/v1/system/function')).statusCode).toBe(200);
      if (code === 'while (true) {}') expect(finished).toBe(false);
      const response = await pending;
      if (code.includes('prepareStackTrace')) {
        expect(response.json()).toEqual({ output: false });
        continue;
      }
      expect(response.statusCode, code).toBe(400);
      expect(response.json().errors[0].messages[0], code).toMatch(message);
    }
  });

  it('public calls are limited per function and client address, counted in the database (429)', async () => {
    await echoFn();
    useManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 20 * 60_000 + 1_000);
    const limited = await server().appWith({ LUMA_PUBLIC_FUNCTION_CALLS_PER_MINUTE: '2' });
    const call = (address: string) => limited.inject({ method: 'POST', url: `/api/v1/public/function/${projectUuid}/echo`, payload: {}, remoteAddress: address });
    expect((await call('10.0.0.1')).statusCode).toBe(200);
    expect((await call('10.0.0.1')).statusCode).toBe(200);
    const refused = await call('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('tooManyAttempts');
    expect((await call('10.0.0.2')).statusCode).toBe(200);
  });
});
