// GET/PUT/DELETE /v1/iam/users (docs/iam.md "Members"): the member list, statuses and roles,
// the rules cannotChangeSelf, cannotChangeOwner and lastAdmin, role uuids of this project only,
// and suspending or banning ending the member's sessions in the project at once.
import { beforeAll, expect, it } from 'vitest';
import { findUserByUuid } from '../../src/server/auth/users-sql';
import { removeMember, updateMember } from '../../src/server/iam/members';
import type { Accountability } from '../../src/server/auth/tenancy';
import { addMember, adminProject, createMember, createProject, createRole, createUser, grantRole } from './fixtures';
import { ADMIN_EMAIL, DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';

describeApi(`iam members (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);
  let projectUuid = '';
  let adminUuid = '';
  let adminRole = '';
  let member: Awaited<ReturnType<typeof createMember>>;
  let memberCookie = '';
  let editorRole = '';

  beforeAll(async () => {
    adminCookie = await login(app());
    ({ projectUuid, adminUuid } = await adminProject(db()));
    adminRole = (await db().selectFrom('roles').select('uuid').where('project_uuid', '=', projectUuid).where('is_admin', '=', true).executeTakeFirstOrThrow()).uuid;
    member = await createMember(db(), 'member@luma.test', 'member password');
    memberCookie = await login(app(), 'member@luma.test', 'member password');
    editorRole = await createRole(db(), projectUuid, { name: 'Editor', level: 20 });
  }, SETUP_TIMEOUT_MS);

  it('GET /v1/iam/users lists the members with kind, status, owner flag, roles and times', async () => {
    const response = await admin.get('/v1/iam/users');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        uuid: adminUuid,
        kind: 'person',
        name: 'Administrator',
        email: ADMIN_EMAIL,
        status: 'active',
        is_owner: true,
        roles: [{ uuid: adminRole, name: 'Administrator' }],
        login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        uuid: member.userUuid,
        kind: 'person',
        name: 'Test User',
        email: 'member@luma.test',
        status: 'active',
        is_owner: false,
        roles: [{ uuid: member.roleUuid, name: 'Role of member@luma.test' }],
        login_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect(response.body).not.toMatch(/argon2|password_hash|totp/);
  });

  it('GET /v1/iam/users/{uuid}: a member; 404 for a stranger, 400 for a malformed uuid', async () => {
    expect((await admin.get(`/v1/iam/users/${member.userUuid}`)).json()).toMatchObject({ uuid: member.userUuid, email: 'member@luma.test' });
    const stranger = await createUser(db(), 'stranger@luma.test', 'stranger password');
    const missing = await admin.get(`/v1/iam/users/${stranger}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('notFound');
    const bad = await admin.get('/v1/iam/users/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /v1/iam/users/{uuid} replaces the roles with roles of this project', async () => {
    const response = await admin.put(`/v1/iam/users/${member.userUuid}`, { role_uuids: [editorRole, member.roleUuid, editorRole] });
    expect(response.statusCode).toBe(200);
    expect(response.json().roles).toEqual([
      { uuid: editorRole, name: 'Editor' },
      { uuid: member.roleUuid, name: 'Role of member@luma.test' },
    ]);
    const only = await admin.put(`/v1/iam/users/${member.userUuid}`, { role_uuids: [editorRole] });
    expect(only.json().roles).toEqual([{ uuid: editorRole, name: 'Editor' }]);
    // The caller's next request has the new roles.
    const permissions = await app().inject({ url: '/api/v1/user/role/permissions', headers: { cookie: memberCookie } });
    expect(permissions.json().roles).toEqual([editorRole]);
  });

  it('role uuids of another project, unknown or malformed answer 417 fieldsNotValid and change nothing', async () => {
    const other = await createProject(db(), 'Other');
    const foreignRole = await createRole(db(), other.projectUuid, { name: 'Foreign' });
    const before = (await admin.get(`/v1/iam/users/${member.userUuid}`)).json().roles;
    for (const role_uuids of [[foreignRole], [editorRole, foreignRole], [crypto.randomUUID()], ['nope'], 'nope', [1]]) {
      const response = await admin.put(`/v1/iam/users/${member.userUuid}`, { role_uuids });
      expect(response.statusCode).toBe(417);
      expect(response.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'role_uuids', messages: ['invalid'] }] });
    }
    expect((await admin.get(`/v1/iam/users/${member.userUuid}`)).json().roles).toEqual(before);
  });

  it('a bad status is 417, a body that is not an object 400', async () => {
    const bad = await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'deleted' });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().errors).toEqual([{ field: 'status', messages: ['invalid'] }]);
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, [1, 2])).statusCode).toBe(400);
    expect((await admin.put(`/v1/iam/users/${crypto.randomUUID()}`, { status: 'active' })).statusCode).toBe(404);
  });

  it('nobody changes or removes themselves here (403 cannotChangeSelf)', async () => {
    for (const response of [
      await admin.put(`/v1/iam/users/${adminUuid}`, { status: 'inactive' }),
      await admin.put(`/v1/iam/users/${adminUuid}`, { role_uuids: [] }),
      await admin.put(`/v1/iam/users/${adminUuid.toUpperCase()}`, { status: 'banned' }),
      await admin.del(`/v1/iam/users/${adminUuid}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('cannotChangeSelf');
    }
  });

  it("the owner's status, roles and membership cannot be changed (403 cannotChangeOwner)", async () => {
    const second = await createUser(db(), 'second-admin@luma.test', 'second admin password');
    await addMember(db(), projectUuid, second);
    await grantRole(db(), second, adminRole);
    const secondCookie = await login(app(), 'second-admin@luma.test', 'second admin password');
    const secondAdmin = withCookie(app, () => secondCookie);
    for (const response of [
      await secondAdmin.put(`/v1/iam/users/${adminUuid}`, { status: 'banned' }),
      await secondAdmin.put(`/v1/iam/users/${adminUuid}`, { role_uuids: [editorRole] }),
      await secondAdmin.del(`/v1/iam/users/${adminUuid}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('cannotChangeOwner');
    }
    // Re-sending the owner's current values changes nothing and is fine.
    const same = await secondAdmin.put(`/v1/iam/users/${adminUuid}`, { status: 'active', role_uuids: [adminRole] });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ is_owner: true, status: 'active', roles: [{ uuid: adminRole }] });
    // The admin removes the second admin again.
    expect((await admin.del(`/v1/iam/users/${second}`)).statusCode).toBe(200);
  });

  it('suspending or banning ends the member\'s sessions in this project at once, in the same write', async () => {
    const other = await createProject(db(), 'Elsewhere');
    await addMember(db(), other.projectUuid, member.userUuid);
    const elsewhere = crypto.randomUUID().replace(/-/g, '');
    await db()
      .insertInto('sessions')
      .values({ id_hash: elsewhere, user_uuid: member.userUuid, project_uuid: other.projectUuid, expires_at: new Date(Date.now() + 3_600_000), ip: null, user_agent: null })
      .execute();
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie: memberCookie } })).statusCode).toBe(200);

    const banned = await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'banned' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json().status).toBe('banned');
    const sessions = await db().selectFrom('sessions').select(['id_hash', 'project_uuid']).where('user_uuid', '=', member.userUuid).execute();
    expect(sessions).toEqual([{ id_hash: elsewhere, project_uuid: other.projectUuid }]);
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie: memberCookie } })).statusCode).toBe(401);

    // Back to active: the member signs in again; suspending ends that session too.
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'active' })).json().status).toBe('active');
    memberCookie = await login(app(), 'member@luma.test', 'member password');
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'inactive' })).json().status).toBe('inactive');
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie: memberCookie } })).statusCode).toBe(401);
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'pending' })).json().status).toBe('pending');
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, { status: 'active' })).json().status).toBe('active');
    // The user account itself is untouched: only the membership has a status.
    expect((await findUserByUuid(db(), member.userUuid))!.status).toBe('active');
  });

  it('a project keeps an active admin: removing, demoting, suspending or banning the last one is 409 lastAdmin', async () => {
    // Through the API the caller is an admin too, so the guard is met by a caller whose admin
    // grant is not an active membership (a stale accountability).
    const project = await createProject(db(), 'Guarded');
    const owner = await createUser(db(), 'guarded-owner@luma.test', 'guarded owner password');
    const onlyAdmin = await createUser(db(), 'guarded-admin@luma.test', 'guarded admin password');
    await addMember(db(), project.projectUuid, owner, true);
    await addMember(db(), project.projectUuid, onlyAdmin);
    const role = await createRole(db(), project.projectUuid, { name: 'Admin', isAdmin: true });
    const plain = await createRole(db(), project.projectUuid, { name: 'Plain' });
    await grantRole(db(), onlyAdmin, role);
    const stale: Accountability = {
      user: (await findUserByUuid(db(), owner))!,
      project_uuid: project.projectUuid,
      workspace_uuid: project.workspaceUuid,
      env: 'live',
      roles: [],
      is_admin: true,
      permissions: [],
    };
    for (const attempt of [
      () => updateMember(db(), stale, onlyAdmin, { status: 'inactive' }),
      () => updateMember(db(), stale, onlyAdmin, { status: 'banned' }),
      () => updateMember(db(), stale, onlyAdmin, { role_uuids: [plain] }),
      () => removeMember(db(), stale, onlyAdmin),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 409, message: 'lastAdmin' });
    }
    const rows = await db().selectFrom('project_users').select(['user_uuid', 'status']).where('project_uuid', '=', project.projectUuid).orderBy('created_at').execute();
    expect(rows).toEqual([
      { user_uuid: owner, status: 'active' },
      { user_uuid: onlyAdmin, status: 'active' },
    ]);
    // With a second active admin, the first may go.
    const another = await createUser(db(), 'guarded-another@luma.test', 'guarded another password');
    await addMember(db(), project.projectUuid, another);
    await grantRole(db(), another, role);
    expect(await updateMember(db(), stale, onlyAdmin, { status: 'inactive' })).toMatchObject({ status: 'inactive' });
  });

  it('DELETE /v1/iam/users/{uuid} removes the membership and its roles; the account stays', async () => {
    const leaver = await createMember(db(), 'leaver@luma.test', 'leaver password');
    const response = await admin.del(`/v1/iam/users/${leaver.userUuid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await admin.get(`/v1/iam/users/${leaver.userUuid}`)).statusCode).toBe(404);
    expect(await db().selectFrom('user_roles').select('role_uuid').where('user_uuid', '=', leaver.userUuid).execute()).toEqual([]);
    expect(await findUserByUuid(db(), leaver.userUuid)).toBeDefined();
    expect((await admin.del(`/v1/iam/users/${leaver.userUuid}`)).statusCode).toBe(404);
  });

  it('members who are not admins get 403 forbidden', async () => {
    const cookie = await login(app(), 'member@luma.test', 'member password');
    const as = withCookie(app, () => cookie);
    for (const response of [
      await as.get('/v1/iam/users'),
      await as.get(`/v1/iam/users/${adminUuid}`),
      await as.put(`/v1/iam/users/${adminUuid}`, { status: 'banned' }),
      await as.del(`/v1/iam/users/${adminUuid}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
  });
});
