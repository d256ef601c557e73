import { beforeAll, expect, it } from 'vitest';
import { insertProjectConfig } from '../../src/server/projects/config-sql';
import { addMember, adminProject, createMember, createProject } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`config (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  let projectUuid = '';
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method, url, payload: payload as object | undefined, headers: { cookie, ...headers } });

  // A project-level entry, and an entry of the admin's own.
  beforeAll(async () => {
    cookie = await login(server().app);
    projectUuid = (await adminProject(server().database.db)).projectUuid;
    await insertProjectConfig(server().database.db, projectUuid, 'app/theme', { primary: '#123456' });
    expect((await inject('PUT', '/api/v1/config/user', { path: 'mine', data: 1, project_uuid: projectUuid })).statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);

  it('POST /v1/config/get answers a project-level entry, 404 when absent, 400 for a bad path', async () => {
    const found = await inject('POST', '/api/v1/config/get', { path: 'app/theme' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ path: 'app/theme', data: { primary: '#123456' }, project_uuid: projectUuid });
    const missing = await inject('POST', '/api/v1/config/get', { path: 'nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, message: 'notFound' });
    expect((await inject('POST', '/api/v1/config/get', { path: 'bad path!' })).statusCode).toBe(400);
    expect((await inject('POST', '/api/v1/config/get', {})).statusCode).toBe(400);
  });

  it('GET /v1/config/ lists project-level entries only, of the current project', async () => {
    const db = server().database.db;
    await insertProjectConfig(db, projectUuid, 'app/menu', ['a', 'b']);
    const { projectUuid: other } = await createProject(db, 'Other');
    await insertProjectConfig(db, other, 'app/secret', 1);
    await inject('PUT', '/api/v1/config/user', { path: 'mine', data: 1, project_uuid: projectUuid });
    const response = await inject('GET', '/api/v1/config/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { path: 'app/menu', data: ['a', 'b'], project_uuid: projectUuid },
      { path: 'app/theme', data: { primary: '#123456' }, project_uuid: projectUuid },
    ]);
    expect((await inject('GET', '/api/v1/config')).json()).toHaveLength(2);
  });

  it('PUT /v1/config/user upserts the caller\'s own entry; GET /v1/config/user lists or answers one', async () => {
    const first = await inject('PUT', '/api/v1/config/user', { path: 'ui:list/orders.columns', data: { hidden: ['a'] }, project_uuid: projectUuid });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ path: 'ui:list/orders.columns', data: { hidden: ['a'] }, project_uuid: projectUuid });
    const second = await inject('PUT', '/api/v1/config/user', { path: 'ui:list/orders.columns', data: [1, 'two', null], project_uuid: projectUuid });
    expect(second.json().data).toEqual([1, 'two', null]);
    const scalars = await inject('PUT', '/api/v1/config/user', { path: 'flag', data: false, project_uuid: projectUuid });
    expect(scalars.json().data).toBe(false);

    const one = await inject('GET', `/api/v1/config/user?path=${encodeURIComponent('ui:list/orders.columns')}`);
    expect(one.json()).toEqual({ path: 'ui:list/orders.columns', data: [1, 'two', null], project_uuid: projectUuid });
    const list = (await inject('GET', '/api/v1/config/user')).json();
    expect(list.map((entry: { path: string }) => entry.path)).toEqual(['flag', 'mine', 'ui:list/orders.columns']);
    expect((await inject('GET', '/api/v1/config/user?path=absent')).statusCode).toBe(404);
    expect((await inject('GET', '/api/v1/config/user?path=%20bad')).statusCode).toBe(400);
    const rows = await server().database.db.selectFrom('config').selectAll().where('path', '=', 'ui:list/orders.columns').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps each user\'s entries apart', async () => {
    // The admin's own entry, which the member's must leave alone.
    await inject('PUT', '/api/v1/config/user', { path: 'flag', data: false, project_uuid: projectUuid });
    await createMember(server().database.db, 'member@luma.test', 'member-password');
    const memberCookie = await login(server().app, 'member@luma.test', 'member-password');
    expect((await inject('GET', '/api/v1/config/user', undefined, { cookie: memberCookie })).json()).toEqual([]);
    await inject('PUT', '/api/v1/config/user', { path: 'flag', data: 'member', project_uuid: projectUuid }, { cookie: memberCookie });
    expect((await inject('GET', '/api/v1/config/user?path=flag')).json().data).toBe(false);
  });

  it('refuses another project_uuid (403) and invalid paths, data and bodies (400)', async () => {
    const db = server().database.db;
    const { adminUuid } = await adminProject(db);
    const { projectUuid: second } = await createProject(db, 'Second');
    await addMember(db, second, adminUuid);
    expect((await inject('PUT', '/api/v1/config/user', { path: 'x', data: 1, project_uuid: second })).statusCode).toBe(403);
    // With the header switched to that project, it is the caller's project.
    expect((await inject('PUT', '/api/v1/config/user', { path: 'x', data: 1, project_uuid: second }, { 'x-project-uuid': second })).statusCode).toBe(200);

    const bad = [
      { path: '', data: 1, project_uuid: projectUuid },
      { path: 'a'.repeat(201), data: 1, project_uuid: projectUuid },
      { path: 'spaces not allowed', data: 1, project_uuid: projectUuid },
      { path: 'x', project_uuid: projectUuid },
      { path: 'x', data: 1, project_uuid: 'nope' },
      { path: 42, data: 1, project_uuid: projectUuid },
    ];
    for (const payload of bad) {
      const response = await inject('PUT', '/api/v1/config/user', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, message: 'badRequest', errors: [expect.objectContaining({ field: expect.any(String) })] });
    }
    expect((await inject('PUT', '/api/v1/config/user', 'text', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    const unsupported = await inject('PUT', '/api/v1/config/user', '<x/>', { 'content-type': 'application/xml' });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toMatchObject({ status: 415, message: 'unsupportedMediaType' });
    const malformed = await server().app.inject({ method: 'PUT', url: '/api/v1/config/user', payload: '{"path":', headers: { cookie, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('limits data to 256 KiB', async () => {
    const big = 'x'.repeat(256 * 1024);
    const response = await inject('PUT', '/api/v1/config/user', { path: 'big', data: big, project_uuid: projectUuid });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, message: 'payloadTooLarge' });
    const fits = await inject('PUT', '/api/v1/config/user', { path: 'big', data: 'x'.repeat(200 * 1024), project_uuid: projectUuid });
    expect(fits.statusCode).toBe(200);
  });
});
