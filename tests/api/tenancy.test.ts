import { beforeAll, expect, it } from 'vitest';
import { addWorkspace, adminProject, createMember, createProject, createRole, createUser, addMember, grantRole, setRolePermissions } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const GETS = [
  '/api/v1/user/claims',
  '/api/v1/user/role/permissions',
  '/api/v1/user/role/list',
  '/api/v1/user/permissions/list',
  '/api/v1/user/model',
  '/api/v1/project/list',
  '/api/v1/project/info',
  '/api/v1/project/users',
  '/api/v1/project/00000000-0000-4000-8000-000000000000',
  '/api/v1/config/',
  '/api/v1/config/user',
];

describeApi(`tenancy (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const get = (url: string, headers: Record<string, string> = {}) => server().app.inject({ url, headers: { cookie, ...headers } });

  beforeAll(async () => {
    cookie = await login(server().app);
  }, SETUP_TIMEOUT_MS);

  it('answers 401 on every endpoint without a session', async () => {
    const { app } = server();
    const requests = [
      ...GETS.map((url) => ({ method: 'GET' as const, url })),
      { method: 'POST' as const, url: '/api/v1/user/profile/edit', payload: {} },
      { method: 'POST' as const, url: '/api/v1/config/get', payload: { path: 'x' } },
      { method: 'PUT' as const, url: '/api/v1/config/user', payload: {} },
      { method: 'GET' as const, url: '/api/media/anything' },
    ];
    for (const request of requests) {
      // Hosts without routes yet ask who calls too, before answering 404 JSON.
      const response = await app.inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json()).toEqual({ status: 401, message: 'unauthorized', request_uuid: response.headers['x-request-uuid'] });
    }
  });

  it('answers 401 before parsing a malformed body', async () => {
    const response = await server().app.inject({ method: 'POST', url: '/api/v1/user/profile/edit', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(401);
  });

  it('uses the session project, its first workspace and env live by default', async () => {
    const { projectUuid, workspaceUuid } = await adminProject(server().database.db);
    const model = (await get('/api/v1/user/model')).json();
    expect(model).toMatchObject({ project_uuid: projectUuid, workspace_uuid: workspaceUuid, is_admin: true });
    expect((await get('/api/v1/user/claims')).json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: true });
  });

  it('answers 400 for a malformed X-Project-Uuid or X-Workspace-Uuid', async () => {
    const cases: Record<string, string>[] = [{ 'x-project-uuid': 'not-a-uuid' }, { 'x-project-uuid': "1' or 1=1" }, { 'x-workspace-uuid': '1234' }];
    for (const headers of cases) {
      const response = await get('/api/v1/user/claims', headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, message: 'badRequest' });
    }
  });

  it('answers 403 for a project the caller is not a member of, and for a missing one alike', async () => {
    const db = server().database.db;
    const strangerUuid = await createUser(db, 'stranger@luma.test', 'stranger-password');
    const { projectUuid: foreignProject } = await createProject(db, 'Foreign', strangerUuid);
    await addMember(db, foreignProject, strangerUuid, true);
    const foreign = await get('/api/v1/user/claims', { 'x-project-uuid': foreignProject });
    const missing = await get('/api/v1/user/claims', { 'x-project-uuid': '00000000-0000-4000-8000-000000000000' });
    for (const response of [foreign, missing]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, message: 'forbidden' });
    }
    expect((await get(`/api/v1/project/${foreignProject}`)).statusCode).toBe(403);
    // The stranger sees their own project and not ours.
    const strangerCookie = await login(server().app, 'stranger@luma.test', 'stranger-password');
    const claims = await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie: strangerCookie } });
    expect(claims.json()).toEqual({ ProjectUUID: foreignProject, IsAdmin: false, NoAccess: 'noRoles' });
    const { projectUuid } = await adminProject(db);
    const ours = await server().app.inject({ url: '/api/v1/project/info', headers: { cookie: strangerCookie, 'x-project-uuid': projectUuid } });
    expect(ours.statusCode).toBe(403);
  });

  it('answers 403 for a workspace of another project and accepts one of this project', async () => {
    const db = server().database.db;
    const { projectUuid } = await adminProject(db);
    const { workspaceUuid: foreignWorkspace } = await createProject(db, 'Other');
    expect((await get('/api/v1/user/claims', { 'x-workspace-uuid': foreignWorkspace })).statusCode).toBe(403);
    const second = await addWorkspace(db, projectUuid, 'Second');
    const model = (await get('/api/v1/user/model', { 'x-workspace-uuid': second.toUpperCase() })).json();
    expect(model.workspace_uuid).toBe(second);
  });

  it('accepts X-Project-Env dev and live, and answers 400 invalidEnvironment otherwise', async () => {
    expect((await get('/api/v1/user/claims', { 'x-project-env': 'dev' })).statusCode).toBe(200);
    expect((await get('/api/v1/user/claims', { 'x-project-env': 'live' })).statusCode).toBe(200);
    const response = await get('/api/v1/user/claims', { 'x-project-env': 'staging' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, message: 'invalidEnvironment' });
  });

  it('recomputes roles on every request: a changed role takes effect on the next one', async () => {
    const db = server().database.db;
    const member = await createMember(db, 'member@luma.test', 'member-password', ['read orders']);
    const memberCookie = await login(server().app, 'member@luma.test', 'member-password');
    const permissions = () => server().app.inject({ url: '/api/v1/user/role/permissions', headers: { cookie: memberCookie } });
    expect((await permissions()).json()).toEqual({ is_admin: false, permissions: ['read orders'], roles: [member.roleUuid] });

    await setRolePermissions(db, member.roleUuid, ['read orders', 'update orders']);
    expect((await permissions()).json()).toEqual({ is_admin: false, permissions: ['read orders', 'update orders'], roles: [member.roleUuid] });

    // A second role: the union of both; a workspace-scoped role only in its workspace.
    const second = await createRole(db, member.projectUuid, { name: 'Media', permissions: ['use luma-media', 'read orders'] });
    await grantRole(db, member.userUuid, second);
    const other = await addWorkspace(db, member.projectUuid, 'Scoped');
    const scoped = await createRole(db, member.projectUuid, { name: 'Scoped', permissions: ['delete orders'] });
    await grantRole(db, member.userUuid, scoped, other);
    expect((await permissions()).json().permissions).toEqual(['read orders', 'update orders', 'use luma-media']);
    const inScoped = await server().app.inject({ url: '/api/v1/user/role/permissions', headers: { cookie: memberCookie, 'x-workspace-uuid': other } });
    expect(inScoped.json().permissions).toContain('delete orders');
    expect(inScoped.json().roles).toEqual(expect.arrayContaining([member.roleUuid, second, scoped]));

    const admin = await createRole(db, member.projectUuid, { name: 'Promoted', isAdmin: true, level: 90 });
    await grantRole(db, member.userUuid, admin);
    expect((await permissions()).json().is_admin).toBe(true);
    const claims = await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie: memberCookie } });
    expect(claims.json().IsAdmin).toBe(true);
  });
});
