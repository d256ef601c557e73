import { expect, it } from 'vitest';
import { addMember, adminProject, createMember, createProject, createUser } from './fixtures';
import { ADMIN_EMAIL, DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`project (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const get = (url: string, headers: Record<string, string> = {}) => server().app.inject({ url, headers: { cookie, ...headers } });

  it('GET /v1/project/info answers the current project with workspaces, environments, users and account', async () => {
    cookie = await login(server().app);
    const { projectUuid, workspaceUuid, adminUuid } = await adminProject(server().database.db);
    const response = await get('/api/v1/project/info');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: projectUuid,
      name: 'Luma',
      workspaces: [{ uuid: workspaceUuid, project_uuid: projectUuid, name: 'Main', environments: ['dev', 'live'] }],
      users: [{ user_uuid: adminUuid }],
      account: { owner_uuid: adminUuid },
    });
  });

  it('GET /v1/project/{uuid} answers a member project, 400 for a bad uuid, 403 otherwise', async () => {
    const db = server().database.db;
    const { projectUuid } = await adminProject(db);
    expect((await get(`/api/v1/project/${projectUuid}`)).json().uuid).toBe(projectUuid);
    const bad = await get('/api/v1/project/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'badRequest' });
    const { projectUuid: foreign } = await createProject(db, 'Foreign');
    expect((await get(`/api/v1/project/${foreign}`)).statusCode).toBe(403);
    expect((await get('/api/v1/project/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });

  it('GET /v1/project/list answers the caller\'s projects only', async () => {
    const db = server().database.db;
    const { projectUuid, adminUuid } = await adminProject(db);
    const { projectUuid: second } = await createProject(db, 'Second');
    await addMember(db, second, adminUuid);
    const response = await get('/api/v1/project/list');
    expect(response.statusCode).toBe(200);
    const names = response.json().map((project: { uuid: string; name: string }) => project.uuid);
    expect(names).toEqual([projectUuid, second]);
    // Switching project by header.
    const info = await get('/api/v1/project/info', { 'x-project-uuid': second });
    expect(info.json()).toMatchObject({ uuid: second, name: 'Second', account: { owner_uuid: null } });
  });

  it('GET /v1/project/users answers members with owner flag and roles', async () => {
    const db = server().database.db;
    const { adminUuid } = await adminProject(db);
    const member = await createMember(db, 'member@luma.test', 'member-password');
    await createUser(db, 'outsider@luma.test', 'outsider-password');
    const users = (await get('/api/v1/project/users')).json();
    expect(users).toEqual([
      { user_uuid: adminUuid, name: 'Administrator', email: ADMIN_EMAIL, status: 'active', is_owner: true, roles: [{ uuid: expect.any(String), name: 'Administrator' }] },
      { user_uuid: member.userUuid, name: 'Test User', email: 'member@luma.test', status: 'active', is_owner: false, roles: [{ uuid: member.roleUuid, name: 'Role of member@luma.test' }] },
    ]);
  });
});
