// Scout's API call log (runtime/api/apiLog.ts, scout/api-log.ts): calls are logged off the request
// path with the right fields; bodies only when enabled, secrets redacted at any depth; query secrets
// stripped; a disabled log writes nothing; retention purge on the manual clock; filters and paging;
// admins only; another project's call is a 404. Both databases.
import { beforeAll, expect, it } from 'vitest';
import { REDACTED } from '../../runtime/api/apiLog';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, componentApi, componentWithFields, createMember, createProject, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useManualClock, useServer } from './harness';

describeApi(`scout API call log (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let project = '';
  let admin = '';
  let adminUuid = '';
  let member = '';

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie = admin, payload?: unknown) =>
    app().inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const logged = (requestUuid: string) =>
    until(`the call ${requestUuid} to be logged`, 10_000, async () => (await db().selectFrom('api_calls').selectAll().where('request_uuid', '=', requestUuid).executeTakeFirst()) ?? undefined);
  const settings = (body: object) => call('PUT', '/api/v1/system/api-log/settings', admin, body);

  beforeAll(async () => {
    const owned = await adminProject(db());
    project = owned.projectUuid;
    adminUuid = owned.adminUuid;
    admin = await login(app());
    await createMember(db(), 'plain@luma.test', 'plain password', []);
    member = await login(app(), 'plain@luma.test', 'plain password');
  }, SETUP_TIMEOUT_MS);

  it('logs a call with method, path, status, duration, caller and request id; not the log\'s own reads', async () => {
    const response = await call('GET', '/api/v1/user/claims?x=1&access_token=abc&Password=p&sig=1&signature=s');
    expect(response.statusCode).toBe(200);
    const requestUuid = String(response.headers['x-request-uuid']);
    const row = await logged(requestUuid);
    expect(row).toMatchObject({ project_uuid: project, method: 'GET', path: '/api/v1/user/claims?x=1&sig=1', status: 200, caller_uuid: adminUuid, caller_kind: 'user', request_body: null, response_body: null });
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    const list = await call('GET', '/api/v1/system/api-log?limit=200');
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((candidate: { request_uuid: string }) => candidate.request_uuid === requestUuid);
    expect(item).toMatchObject({ uuid: row.uuid, method: 'GET', status: 200, caller_kind: 'user' });
    const one = await call('GET', `/api/v1/system/api-log/${row.uuid}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ uuid: row.uuid, request_uuid: requestUuid, request_body: null, response_body: null });
    // The list and detail reads themselves are not logged.
    const marker = await call('GET', '/api/v1/user/claims');
    await logged(String(marker.headers['x-request-uuid']));
    expect(await db().selectFrom('api_calls').select('uuid').where('path', 'like', '/api/v1/system/api-log%').where('method', '=', 'GET').execute()).toEqual([]);
  });

  it('keeps bodies only when enabled, with secrets redacted in nested objects and arrays', async () => {
    const secretBody = { enabled: true, password: 'hunter2', nested: { token: 't0k', list: [{ s3_secret: 'abc', keep: 'visible' }, { Authorization: 'Bearer x' }] } };
    const off = await settings(secretBody);
    expect(off.statusCode).toBe(400);
    expect((await logged(String(off.headers['x-request-uuid']))).request_body).toBeNull();

    expect((await settings({ bodies: true })).statusCode).toBe(200);
    // A field a component hashes is redacted whatever its name.
    await componentWithFields(componentApi(app, () => admin, 'dev'), 'vault', [f.text('label', { required: true }), f.password('pin')]);
    const pin = await settings({ pin: '4321', label: 'kept' });
    const pinRow = await logged(String(pin.headers['x-request-uuid']));
    expect(JSON.parse(pinRow.request_body!)).toEqual({ pin: REDACTED, label: 'kept' });
    const on = await settings(secretBody);
    expect(on.statusCode).toBe(400);
    const row = await logged(String(on.headers['x-request-uuid']));
    const kept = JSON.parse(row.request_body!);
    expect(kept).toEqual({ enabled: true, password: REDACTED, nested: { token: REDACTED, list: [{ s3_secret: REDACTED, keep: 'visible' }, { Authorization: REDACTED }] } });
    expect(row.request_body).not.toContain('hunter2');
    expect(row.response_body).toContain('"status"');
    const big = await call('POST', '/api/v1/system/api-log/settings', admin, { text: 'x'.repeat(40_000) });
    const bigRow = await logged(String(big.headers['x-request-uuid']));
    expect(bigRow.request_body!.length).toBeLessThan(17 * 1024);
    expect((await settings({ bodies: false })).statusCode).toBe(200);
  });

  it('writes nothing while disabled', async () => {
    expect((await settings({ enabled: false })).statusCode).toBe(200);
    const quiet = await call('GET', '/api/v1/user/claims');
    // The flush reads the settings: write out what is buffered before turning the log on again.
    await app().apiLog.flush();
    expect((await settings({ enabled: true })).statusCode).toBe(200);
    const marker = await call('GET', '/api/v1/user/claims');
    await logged(String(marker.headers['x-request-uuid']));
    expect(await db().selectFrom('api_calls').select('uuid').where('request_uuid', '=', String(quiet.headers['x-request-uuid'])).execute()).toEqual([]);
  });

  it('filters by method, status class, path prefix, caller and time, and pages without repeats', async () => {
    const stamps: string[] = [];
    for (let index = 0; index < 7; index += 1) stamps.push(String((await call('GET', `/api/v1/user/claims?n=${index}`)).headers['x-request-uuid']));
    await logged(stamps[6]!);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call('GET', `/api/v1/system/api-log?path=${encodeURIComponent('/api/v1/user/claims?n=')}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((item: { request_uuid: string }) => item.request_uuid));
      cursor = body.next;
    } while (cursor);
    // Calls flushed in one batch (or made in one millisecond) share created_at; seq keeps the order they were
    // made in, so the pages list the calls this client made one after another newest first, and asc the other way.
    expect(seen).toEqual([...stamps].reverse());
    const asc = (await call('GET', `/api/v1/system/api-log?path=${encodeURIComponent('/api/v1/user/claims?n=')}&order=asc&limit=200`)).json();
    expect(asc.items.map((item: { request_uuid: string }) => item.request_uuid)).toEqual(stamps);
    const ascPaged: string[] = [];
    cursor = null;
    do {
      const body: { items: { request_uuid: string }[]; next: string | null } = (await call('GET', `/api/v1/system/api-log?path=${encodeURIComponent('/api/v1/user/claims?n=')}&order=asc&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      ascPaged.push(...body.items.map((item: { request_uuid: string }) => item.request_uuid));
      cursor = body.next;
    } while (cursor);
    expect(ascPaged).toEqual(stamps);
    const errors = (await call('GET', '/api/v1/system/api-log?status=4xx&method=put&limit=200')).json().items;
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((item: { status: number; method: string }) => item.status >= 400 && item.status < 500 && item.method === 'PUT')).toBe(true);
    expect((await call('GET', `/api/v1/system/api-log?caller=${crypto.randomUUID()}`)).json().items).toEqual([]);
    expect((await call('GET', `/api/v1/system/api-log?caller=${adminUuid}&limit=1`)).json().items).toHaveLength(1);
    expect((await call('GET', `/api/v1/system/api-log?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().items).toEqual([]);
    expect((await call('GET', `/api/v1/system/api-log?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&limit=1`)).json().items).toHaveLength(1);
    for (const bad of ['status=6xx', 'method=TRACE', 'limit=0', 'cursor=nope', `cursor=1_${crypto.randomUUID()}`, 'from=yesterday', 'caller=x', 'order=up']) {
      const response = await call('GET', `/api/v1/system/api-log?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('names the caller: a user\'s name (else e-mail), an API user\'s name, and null for a caller that is gone', async () => {
    const admin_ = await db().selectFrom('users').select(['name', 'email']).where('uuid', '=', adminUuid).executeTakeFirstOrThrow();
    const mine = await call('GET', '/api/v1/user/claims?who=1');
    const row = await logged(String(mine.headers['x-request-uuid']));
    const listed = (await call('GET', `/api/v1/system/api-log?path=${encodeURIComponent('/api/v1/user/claims?who=1')}`)).json().items;
    expect(listed).toEqual([expect.objectContaining({ uuid: row.uuid, caller_uuid: adminUuid, caller_name: admin_.name || admin_.email })]);
    const robot = crypto.randomUUID();
    await db().insertInto('users').values({ uuid: robot, name: 'Nightly importer', email: '', password_hash: null, kind: 'api' }).execute();
    const gone = crypto.randomUUID();
    const inserted = [robot, gone, null].map((caller, index) => ({
      uuid: crypto.randomUUID(),
      project_uuid: project,
      method: 'POST',
      path: `/api/who/${index}`,
      status: 201,
      duration_ms: 1,
      caller_uuid: caller,
      caller_kind: caller === robot ? ('api' as const) : caller ? ('user' as const) : null,
      request_uuid: `who-${index}`,
      request_body: null,
      response_body: null,
    }));
    await db().insertInto('api_calls').values(inserted).execute();
    const names = (await call('GET', `/api/v1/system/api-log?path=${encodeURIComponent('/api/who/')}&order=asc`)).json().items.map((item: { caller_uuid: string | null; caller_name: string | null }) => [item.caller_uuid, item.caller_name]);
    expect(names).toEqual([[robot, 'Nightly importer'], [gone, null], [null, null]]);
    expect((await call('GET', `/api/v1/system/api-log/${inserted[0]!.uuid}`)).json()).toMatchObject({ caller_uuid: robot, caller_kind: 'api', caller_name: 'Nightly importer' });
    expect((await call('GET', `/api/v1/system/api-log/${inserted[1]!.uuid}`)).json()).toMatchObject({ caller_uuid: gone, caller_name: null });
  });

  it('is for admins only, and another project\'s call is a 404', async () => {
    for (const url of ['/api/v1/system/api-log', '/api/v1/system/api-log/settings', `/api/v1/system/api-log/${crypto.randomUUID()}`]) {
      expect((await call('GET', url, member)).statusCode, url).toBe(403);
    }
    expect((await call('PUT', '/api/v1/system/api-log/settings', member, { bodies: true })).statusCode).toBe(403);
    const other = await createProject(db(), 'Elsewhere');
    const foreign = crypto.randomUUID();
    await db().insertInto('api_calls').values({ uuid: foreign, project_uuid: other.projectUuid, method: 'GET', path: '/api/x', status: 200, duration_ms: 1, caller_uuid: null, caller_kind: null, request_uuid: 'r', request_body: null, response_body: null }).execute();
    expect((await call('GET', `/api/v1/system/api-log/${foreign}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/system/api-log/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/system/api-log?limit=200')).json().items.some((item: { uuid: string }) => item.uuid === foreign)).toBe(false);
    expect((await settings({ retention_days: 0 })).statusCode).toBe(400);
    expect((await settings({ retention_days: 91 })).statusCode).toBe(400);
  });

  it('housekeeping purges calls past the project\'s retention', async () => {
    const clock = useManualClock();
    expect((await settings({ retention_days: 2 })).statusCode).toBe(200);
    const old = await call('GET', '/api/v1/user/claims');
    const oldRow = await logged(String(old.headers['x-request-uuid']));
    clock.advance(36 * 3600 * 1000);
    admin = await login(app());
    const recent = await call('GET', '/api/v1/user/claims');
    const recentRow = await logged(String(recent.headers['x-request-uuid']));
    clock.advance(13 * 3600 * 1000);
    await app().apiLog.flush();
    expect(await runHousekeeping(db(), server().config, (error) => { throw error; }, new Date(clock.now()))).toEqual([]);
    const left = new Set((await db().selectFrom('api_calls').select('uuid').where('uuid', 'in', [oldRow.uuid, recentRow.uuid]).execute()).map((row) => row.uuid));
    expect(left.has(oldRow.uuid)).toBe(false);
    expect(left.has(recentRow.uuid)).toBe(true);
  });
});
