// Project config's writer (PUT /v1/config/, admins; migration 0034 keeps who wrote it) read back by
// POST /v1/config/get and GET /v1/config/, hostile input on both writers ('__proto__' paths and keys,
// NUL bytes, a forged project_uuid of another project), and GET /v1/system/resources.
import { beforeAll, expect, it } from 'vitest';
import { addMember, adminProject, createMember, createProject, insertComponentRow } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`config writer and resources (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let projectUuid = '';
  let adminUuid = '';
  const inject = (cookie: () => string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: cookie(), ...headers } });
  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers?: Record<string, string>) => inject(() => admin, method, url, payload, headers);
  const asMember = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => inject(() => member, method, url, payload);

  beforeAll(async () => {
    admin = await login(server().app);
    ({ projectUuid, adminUuid } = await adminProject(db()));
    await createMember(db(), 'config-member@luma.test', 'member password 1');
    member = await login(server().app, 'config-member@luma.test', 'member password 1');
  }, SETUP_TIMEOUT_MS);

  it('an admin writes a project entry; members read it; a second write replaces it and records the writer', async () => {
    expect((await asMember('POST', '/v1/config/get', { path: 'onboarding' })).statusCode).toBe(404);
    const written = await asAdmin('PUT', '/v1/config/', { path: 'onboarding', data: { paused: true }, project_uuid: projectUuid });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ path: 'onboarding', data: { paused: true }, project_uuid: projectUuid });
    expect((await asMember('POST', '/v1/config/get', { path: 'onboarding' })).json().data).toEqual({ paused: true });
    await asAdmin('PUT', '/v1/config', { path: 'onboarding', data: { paused: false }, project_uuid: projectUuid });
    expect((await asMember('GET', '/v1/config/')).json()).toEqual([{ path: 'onboarding', data: { paused: false }, project_uuid: projectUuid }]);
    const rows = await db().selectFrom('config').selectAll().where('project_uuid', '=', projectUuid).where('path', '=', 'onboarding').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_uuid: null, updated_by: adminUuid });
    // A user's own entry of the same path is another row, and not a project entry.
    await asMember('PUT', '/v1/config/user', { path: 'onboarding', data: 'mine', project_uuid: projectUuid });
    expect((await asMember('POST', '/v1/config/get', { path: 'onboarding' })).json().data).toEqual({ paused: false });
  });

  it('a member may not write project config (403); nothing changes', async () => {
    const refused = await asMember('PUT', '/v1/config/', { path: 'onboarding', data: { paused: true }, project_uuid: projectUuid });
    expect(refused.statusCode).toBe(403);
    expect((await asMember('POST', '/v1/config/get', { path: 'onboarding' })).json().data).toEqual({ paused: false });
  });

  it("a forged project_uuid of another project is 403 on both writers, and the other project's config is untouched", async () => {
    const { projectUuid: other } = await createProject(db(), 'Config other');
    for (const url of ['/v1/config/', '/v1/config/user']) {
      const forged = await asAdmin('PUT', url, { path: 'onboarding', data: { paused: true }, project_uuid: other });
      expect(forged.statusCode, url).toBe(403);
      // The header naming a project the caller is not a member of is refused before the body is read.
      const header = await asAdmin('PUT', url, { path: 'onboarding', data: 1, project_uuid: other }, { 'x-project-uuid': other });
      expect(header.statusCode, url).toBe(403);
    }
    expect(await db().selectFrom('config').select('path').where('project_uuid', '=', other).execute()).toEqual([]);
    // A member of both projects writes the other one only with its header.
    await addMember(db(), other, adminUuid);
    expect((await asAdmin('PUT', '/v1/config/user', { path: 'x', data: 1, project_uuid: other }, { 'x-project-uuid': other })).statusCode).toBe(200);
  });

  it("'__proto__' is a path and a key like any other: stored, read back, no prototype touched", async () => {
    const proto = await asAdmin('PUT', '/v1/config/', { path: '__proto__', data: { polluted: true }, project_uuid: projectUuid });
    expect(proto.statusCode).toBe(200);
    expect((await asAdmin('POST', '/v1/config/get', { path: '__proto__' })).json()).toEqual({ path: '__proto__', data: { polluted: true }, project_uuid: projectUuid });
    const raw = '{"path":"nested","project_uuid":"' + projectUuid + '","data":{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}}';
    const nested = await server().app.inject({ method: 'PUT', url: '/api/v1/config/user', payload: raw, headers: { cookie: admin, 'content-type': 'application/json' } });
    expect(nested.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const path of ['__proto__/x', 'constructor.prototype', '../etc', 'a\u0000b', '%00']) {
      const response = await asAdmin('PUT', '/v1/config/', { path, data: 1, project_uuid: projectUuid });
      expect(response.statusCode, path).toBeLessThan(500);
    }
    expect((await asAdmin('POST', '/v1/config/get', { path: 'a\u0000b' })).statusCode).toBe(400);
  });

  it('NUL bytes in data are refused (400), never a 500, on both writers', async () => {
    for (const url of ['/v1/config/', '/v1/config/user']) {
      for (const data of ['a\u0000b', { key: '\u0000' }, { ['k\u0000']: 1 }, ['\u0000']]) {
        const response = await asAdmin('PUT', url, { path: 'nul', data, project_uuid: projectUuid });
        expect(response.statusCode, `${url} ${JSON.stringify(data)}`).toBe(400);
      }
    }
    expect((await asAdmin('POST', '/v1/config/get', { path: 'nul' })).statusCode).toBe(404);
  });

  it('GET /v1/system/resources answers what the project holds and its limits (admins only)', async () => {
    await insertComponentRow(db(), projectUuid, { name: 'resource_books' });
    const response = await asAdmin('GET', '/v1/system/resources');
    expect(response.statusCode, response.body).toBe(200);
    const resources = response.json();
    expect(resources).toMatchObject({ project_uuid: projectUuid, sparks: { count: 0, limit: 25 }, public_apps: { count: 0, limit: 5 }, media: { libraries: 0, files: 0, bytes: 0 }, api_users: 0 });
    expect(resources.components).toBeGreaterThanOrEqual(1);
    expect(resources.users).toBe(2);
    expect((await asMember('GET', '/v1/system/resources')).statusCode).toBe(403);
    const { projectUuid: lonely } = await createProject(db(), 'Resources other');
    expect((await asAdmin('GET', '/v1/system/resources', undefined, { 'x-project-uuid': lonely })).statusCode).toBe(403);
  });
});
