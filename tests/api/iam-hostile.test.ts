// Hostile use of IAM: every endpoint family called with another project's ids (nothing crosses,
// and the other project's data is unchanged), non-admins on every /v1/iam call, smuggled fields
// in invite-accept bodies, invites accepted twice at once, replayed, forged or expired, transfer by
// a non-owner, banning ending sessions at once, and a role change applying on the next request.
import { beforeAll, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { adminProject, componentApi, componentWithFields, createMember, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, sessionCookie, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner, recordingMailer, signedInPerson, tokenOf, withCookie } from './iam-fixtures';

/** Every row of project B that IAM could touch, for a before/after comparison. */
async function snapshot(db: Kysely<Database>, projectUuid: string) {
  const users = (await db.selectFrom('project_users').select('user_uuid').where('project_uuid', '=', projectUuid).execute()).map((row) => row.user_uuid);
  return {
    project: await db.selectFrom('projects').selectAll().where('uuid', '=', projectUuid).execute(),
    members: await db.selectFrom('project_users').selectAll().where('project_uuid', '=', projectUuid).orderBy('user_uuid').execute(),
    roles: await db.selectFrom('roles').selectAll().where('project_uuid', '=', projectUuid).orderBy('uuid').execute(),
    grants: users.length ? await db.selectFrom('user_roles').selectAll().where('user_uuid', 'in', users).orderBy('user_uuid').orderBy('role_uuid').execute() : [],
    users: users.length ? await db.selectFrom('users').selectAll().where('uuid', 'in', users).orderBy('uuid').execute() : [],
    secrets: users.length ? await db.selectFrom('api_secrets').selectAll().where('user_uuid', 'in', users).orderBy('uuid').execute() : [],
    invites: await db.selectFrom('invites').selectAll().where('project_uuid', '=', projectUuid).orderBy('uuid').execute(),
    workspaces: await db.selectFrom('workspaces').selectAll().where('project_uuid', '=', projectUuid).orderBy('uuid').execute(),
  };
}

describeApi(`iam: hostile callers (${DB_KIND})`, () => {
  const mailer = recordingMailer();
  const server = useServer({}, { mailer });
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);
  const accept = (token: string, payload: unknown = {}, cookie?: string) =>
    app().inject({ method: 'POST', url: `/api/v1/auth/invite/${token}/accept`, payload: payload as object, headers: cookie ? { cookie } : {} });

  // Project B, made through the API by another person, with one of everything.
  let bob: Awaited<ReturnType<typeof projectOwner>>;
  const b = { member: '', role: '', invite: '', inviteToken: '', apiUser: '', secret: '', component: '' };
  let ownApiUser = '';

  // Project A (the seed) and project B of another user, each with roles, members, invites and API users.
  beforeAll(async () => {
    adminCookie = await login(app());
    bob = await projectOwner(server(), 'bob@luma.test', "Bob's project");
    const asBob = withCookie(app, () => bob.cookie);
    b.role = (await asBob.post('/v1/iam/roles', { name: 'Bob editors', level: 10, permissions: ['use luma-media'] })).json().uuid;
    const invited = (await asBob.post('/v1/iam/invites', { email: 'carol@luma.test', role_uuids: [b.role] })).json();
    b.invite = invited.uuid;
    b.inviteToken = tokenOf(invited.link);
    const dave = await asBob.post('/v1/iam/invites', { email: 'dave@luma.test', role_uuids: [b.role] });
    const joined = await accept(tokenOf(dave.json().link), { name: 'Dave', password: 'dave password', password_confirmation: 'dave password' });
    expect(joined.statusCode).toBe(200);
    b.member = (await db().selectFrom('users').select('uuid').where('email', '=', 'dave@luma.test').executeTakeFirstOrThrow()).uuid;
    const robot = (await asBob.post('/v1/iam/api-users', { name: 'Bob robot', role_uuids: [b.role] })).json();
    b.apiUser = robot.user.uuid;
    b.secret = robot.secret.uuid;
    b.component = await componentWithFields(componentApi(app, () => bob.cookie, 'dev'), 'ledger', [f.text('entry')], { scope: 'bob' });
    ownApiUser = (await admin.post('/v1/iam/api-users', { name: 'Own robot', role_uuids: [] })).json().user.uuid;
  }, SETUP_TIMEOUT_MS);

  it("project A's admin reaches nothing of project B through any endpoint family, and B is unchanged", async () => {
    const before = await snapshot(db(), bob.projectUuid);
    const { projectUuid: a } = await adminProject(db());
    const attempts: [string, () => ReturnType<typeof admin.get>, number[]][] = [
      ['member get', () => admin.get(`/v1/iam/users/${b.member}`), [404]],
      ['owner get', () => admin.get(`/v1/iam/users/${bob.uuid}`), [404]],
      ['member put', () => admin.put(`/v1/iam/users/${b.member}`, { status: 'banned', role_uuids: [] }), [404]],
      ['owner put', () => admin.put(`/v1/iam/users/${bob.uuid}`, { status: 'banned' }), [404]],
      ['member delete', () => admin.del(`/v1/iam/users/${b.member}`), [404]],
      ['api user delete', () => admin.del(`/v1/iam/users/${b.apiUser}`), [404]],
      ['role get', () => admin.get(`/v1/iam/roles/${b.role}`), [404]],
      ['role put', () => admin.put(`/v1/iam/roles/${b.role}`, { name: 'Hijacked', is_admin: true }), [404]],
      ['admin role put', () => admin.put(`/v1/iam/roles/${bob.adminRoleUuid}`, { is_admin: false }), [404]],
      ['role delete', () => admin.del(`/v1/iam/roles/${b.role}`), [404]],
      ['invite delete', () => admin.del(`/v1/iam/invites/${b.invite}`), [404]],
      ['api user get', () => admin.get(`/v1/iam/api-users/${b.apiUser}`), [404]],
      ['secret create', () => admin.post(`/v1/iam/api-users/${b.apiUser}/secrets`), [404]],
      ['secret revoke', () => admin.post(`/v1/iam/api-users/${b.apiUser}/secrets/${b.secret}/revoke`), [404]],
      ['secret revoke via own API user', () => admin.post(`/v1/iam/api-users/${ownApiUser}/secrets/${b.secret}/revoke`), [404]],
      ['member roles of B', () => admin.put(`/v1/iam/users/${ownApiUser}`, { role_uuids: [b.role] }), [417]],
      ['invite with roles of B', () => admin.post('/v1/iam/invites', { email: 'eve@luma.test', role_uuids: [b.role] }), [417]],
      ['API user with roles of B', () => admin.post('/v1/iam/api-users', { name: 'Eve robot', role_uuids: [bob.adminRoleUuid] }), [417]],
      ["role with B's component permission", () => admin.post('/v1/iam/roles', { name: 'Eve', permissions: ['read bob/ledger'] }), [417]],
      ['project get', () => admin.get(`/v1/project/${bob.projectUuid}`), [403]],
      ['project put', () => admin.put(`/v1/project/${bob.projectUuid}`, { name: 'Hijacked' }), [403]],
      ['project transfer', () => admin.post(`/v1/project/${bob.projectUuid}/transfer`, { user_uuid: b.member }), [403]],
      ['project leave', () => admin.post(`/v1/project/${bob.projectUuid}/leave`, { new_owner_uuid: b.member }), [403]],
      ['workspace get', () => admin.get(`/v1/workspace/${bob.workspaceUuid}`), [404]],
      ['workspace put', () => admin.put(`/v1/workspace/${bob.workspaceUuid}`, { name: 'Hijacked' }), [404]],
      ['tenant header', () => admin.get('/v1/iam/users', { 'x-project-uuid': bob.projectUuid }), [403]],
      ['tenant header write', () => admin.post('/v1/iam/roles', { name: 'Planted', is_admin: true }, { 'x-project-uuid': bob.projectUuid }), [403]],
      ['workspace header', () => admin.post('/v1/workspace', { name: 'Planted' }, { 'x-workspace-uuid': bob.workspaceUuid }), [403]],
      ['component of B', () => admin.get(`/v3/system/component/settings/${b.component}`, { 'x-project-env': 'dev' }), [403, 404]],
    ];
    for (const [name, attempt, statuses] of attempts) {
      const response = await attempt();
      expect(statuses, `${name}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
    }
    // Lists answer project A's things only.
    const lists = JSON.stringify([
      (await admin.get('/v1/iam/users')).json(),
      (await admin.get('/v1/iam/roles')).json(),
      (await admin.get('/v1/iam/invites')).json(),
      (await admin.get('/v1/iam/permissions')).json(),
      (await admin.get('/v1/user/api-user')).json(),
      (await admin.get('/v1/workspace/list')).json(),
    ]);
    for (const id of [bob.uuid, b.member, b.role, b.invite, b.apiUser, b.component, bob.workspaceUuid, 'bob/ledger', 'carol@luma.test']) expect(lists).not.toContain(id);
    expect(await snapshot(db(), bob.projectUuid)).toEqual(before);
    expect(a).not.toBe(bob.projectUuid);
  });

  it("project B's owner cannot reach project A either", async () => {
    const { projectUuid, adminUuid } = await adminProject(db());
    const asBob = withCookie(app, () => bob.cookie);
    const before = await snapshot(db(), projectUuid);
    for (const response of [
      await asBob.get(`/v1/iam/users/${adminUuid}`),
      await asBob.put(`/v1/iam/users/${adminUuid}`, { status: 'banned' }),
      await asBob.del(`/v1/iam/users/${ownApiUser}`),
      await asBob.get(`/v1/iam/api-users/${ownApiUser}`),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await asBob.put(`/v1/project/${projectUuid}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await asBob.get('/v1/iam/users', { 'x-project-uuid': projectUuid })).statusCode).toBe(403);
    expect(await snapshot(db(), projectUuid)).toEqual(before);
  });

  it('every /v1/iam call answers 403 forbidden to members who are not admins, before reading the body', async () => {
    const { adminUuid } = await adminProject(db());
    const role = (await admin.get('/v1/iam/roles')).json()[0].uuid;
    const invite = (await admin.post('/v1/iam/invites', { email: 'frank@luma.test', role_uuids: [] })).json().uuid;
    await createMember(db(), 'mallory@luma.test', 'mallory password');
    const cookie = await login(app(), 'mallory@luma.test', 'mallory password');
    const as = withCookie(app, () => cookie);
    const secret = (await admin.get(`/v1/iam/api-users/${ownApiUser}`)).json().secrets[0].uuid;
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/iam/users'],
      ['GET', `/v1/iam/users/${adminUuid}`],
      ['PUT', `/v1/iam/users/${adminUuid}`, { status: 'banned' }],
      ['DELETE', `/v1/iam/users/${adminUuid}`],
      ['GET', '/v1/iam/invites'],
      ['POST', '/v1/iam/invites', { email: 'friend@luma.test', role_uuids: [role] }],
      ['DELETE', `/v1/iam/invites/${invite}`],
      ['GET', '/v1/iam/roles'],
      ['POST', '/v1/iam/roles', { name: 'Mallory admins', is_admin: true }],
      ['GET', `/v1/iam/roles/${role}`],
      ['PUT', `/v1/iam/roles/${role}`, { is_admin: false }],
      ['DELETE', `/v1/iam/roles/${role}`],
      ['GET', '/v1/iam/permissions'],
      ['POST', '/v1/iam/api-users', { name: 'Mallory robot', role_uuids: [role] }],
      ['GET', `/v1/iam/api-users/${ownApiUser}`],
      ['POST', `/v1/iam/api-users/${ownApiUser}/secrets`],
      ['POST', `/v1/iam/api-users/${ownApiUser}/secrets/${secret}/revoke`],
      ['GET', '/v1/user/api-user'],
      ['GET', '/v1/iam/users/not-a-uuid'],
      ['PUT', `/v1/iam/roles/${role}`, 'not json at all'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await as.send(method as 'GET', url, payload, typeof payload === 'string' ? { 'content-type': 'application/json' } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
    // A person with no project at all, and a signed-out caller.
    const loner = await signedInPerson(server(), 'loner@luma.test');
    expect((await withCookie(app, () => loner.cookie).get('/v1/iam/users')).statusCode).toBe(403);
    expect((await app().inject({ url: '/api/v1/iam/users' })).statusCode).toBe(401);
    expect(mailer.sent.some((mail) => mail.to === 'friend@luma.test')).toBe(false);
    expect((await admin.get(`/v1/iam/roles/${role}`)).json().is_admin).toBe(true);
  });

  it('fields smuggled into an invite-accept body are refused (is_admin, roles, status, kind, email, project): 400, the invite unused', async () => {
    const { projectUuid } = await adminProject(db());
    const adminRole = (await admin.get('/v1/iam/roles')).json().find((role: { is_admin: boolean }) => role.is_admin).uuid;
    const invited = (await admin.post('/v1/iam/invites', { email: 'grace@luma.test', role_uuids: [] })).json();
    const smuggled = await accept(tokenOf(invited.link), {
      name: 'Grace',
      password: 'grace password',
      password_confirmation: 'grace password',
      is_admin: true,
      roles: [adminRole],
      role_uuids: [adminRole, b.role],
      status: 'banned',
      kind: 'api',
      email: 'attacker@luma.test',
      project_uuid: bob.projectUuid,
      is_owner: true,
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'is_admin', messages: ['unknownField'] }] });
    expect(await db().selectFrom('users').select('uuid').where('email', '=', 'grace@luma.test').execute()).toEqual([]);
    const response = await accept(tokenOf(invited.link), { name: 'Grace', password: 'grace password', password_confirmation: 'grace password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ project_uuid: projectUuid });
    const user = await db().selectFrom('users').selectAll().where('email', '=', 'grace@luma.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ kind: 'person', status: 'active', name: 'Grace' });
    expect(user.uuid).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await db().selectFrom('users').select('uuid').where('email', '=', 'attacker@luma.test').execute()).toEqual([]);
    expect(await db().selectFrom('project_users').select(['project_uuid', 'status', 'is_owner']).where('user_uuid', '=', user.uuid).execute()).toEqual([
      { project_uuid: projectUuid, status: 'active', is_owner: false },
    ]);
    expect(await db().selectFrom('user_roles').select('role_uuid').where('user_uuid', '=', user.uuid).execute()).toEqual([]);
    const cookie = sessionCookie(response)!;
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie } })).json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: false, NoAccess: 'noRoles' });
    expect((await app().inject({ url: '/api/v1/iam/users', headers: { cookie } })).statusCode).toBe(403);

    // The same for an existing account accepting while signed in.
    const heidi = await signedInPerson(server(), 'heidi@luma.test');
    const second = (await admin.post('/v1/iam/invites', { email: 'heidi@luma.test', role_uuids: [] })).json();
    const refused = await accept(tokenOf(second.link), { is_admin: true, role_uuids: [adminRole], status: 'banned', name: 'Renamed', password: 'new password!', password_confirmation: 'new password!' }, heidi.cookie);
    expect(refused.statusCode).toBe(400);
    expect(await db().selectFrom('project_users').select('user_uuid').where('user_uuid', '=', heidi.uuid).where('project_uuid', '=', projectUuid).execute()).toEqual([]);
    const accepted = await accept(tokenOf(second.link), { name: 'Renamed', password: 'new password!', password_confirmation: 'new password!' }, heidi.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(await db().selectFrom('user_roles').select('role_uuid').where('user_uuid', '=', heidi.uuid).execute()).toEqual([]);
    expect((await db().selectFrom('users').select('name').where('uuid', '=', heidi.uuid).executeTakeFirstOrThrow()).name).toBe('Test User');
    await login(app(), 'heidi@luma.test', heidi.password);
  });

  it('an invite accepted twice at once makes one account and one membership', async () => {
    const { projectUuid } = await adminProject(db());
    const invited = (await admin.post('/v1/iam/invites', { email: 'ivan@luma.test', role_uuids: [] })).json();
    const token = tokenOf(invited.link);
    const body = { name: 'Ivan', password: 'ivan password', password_confirmation: 'ivan password' };
    const responses = await Promise.all([accept(token, body), accept(token, body), accept(token, body)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect([401, 404]).toContain(response.statusCode);
      expect(['inviteInvalid', 'loginRequired']).toContain(response.json().message);
      expect(sessionCookie(response)).toBeUndefined();
    }
    const users = await db().selectFrom('users').select('uuid').where('email', '=', 'ivan@luma.test').execute();
    expect(users).toHaveLength(1);
    expect(await db().selectFrom('project_users').select('project_uuid').where('user_uuid', '=', users[0]!.uuid).execute()).toEqual([{ project_uuid: projectUuid }]);

    // An existing account accepting twice at once with the same session.
    const judy = await signedInPerson(server(), 'judy@luma.test');
    const second = (await admin.post('/v1/iam/invites', { email: 'judy@luma.test', role_uuids: [] })).json();
    const both = await Promise.all([accept(tokenOf(second.link), {}, judy.cookie), accept(tokenOf(second.link), {}, judy.cookie)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 404]);
    expect(await db().selectFrom('project_users').select('project_uuid').where('user_uuid', '=', judy.uuid).execute()).toEqual([{ project_uuid: projectUuid }]);
  });

  it('replayed, forged and expired invites answer 404 inviteInvalid', async () => {
    const invited = (await admin.post('/v1/iam/invites', { email: 'ken@luma.test', role_uuids: [] })).json();
    const token = tokenOf(invited.link);
    const body = { name: 'Ken', password: 'ken password', password_confirmation: 'ken password' };
    expect((await accept(token, body)).statusCode).toBe(200);
    const forged = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    const expiring = (await admin.post('/v1/iam/invites', { email: 'leo@luma.test', role_uuids: [] })).json();
    await db().updateTable('invites').set({ expires_at: new Date(Date.now() - 1) }).where('uuid', '=', expiring.uuid).execute();
    for (const bad of [token, forged, tokenOf(expiring.link), b.invite, '..%2F..%2Fv1%2Fiam%2Fusers']) {
      const response = await accept(bad, { name: 'Replay', password: 'replay password', password_confirmation: 'replay password' });
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().message).toBe('inviteInvalid');
    }
    expect(await db().selectFrom('users').select('uuid').where('email', '=', 'leo@luma.test').execute()).toEqual([]);
    // B's open invite is still open (its uuid is not its token).
    expect((await app().inject({ url: `/api/v1/auth/invite/${b.inviteToken}` })).statusCode).toBe(200);
  });

  it('transfer by a member who is not the owner answers 403 ownerOnly', async () => {
    const { projectUuid, adminUuid } = await adminProject(db());
    const daveCookie = await login(app(), 'dave@luma.test', 'dave password');
    const response = await withCookie(app, () => daveCookie).post(`/v1/project/${bob.projectUuid}/transfer`, { user_uuid: b.member });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('ownerOnly');
    const byAdmin = await createMember(db(), 'nina@luma.test', 'nina password');
    const ninaCookie = await login(app(), 'nina@luma.test', 'nina password');
    const byMember = await withCookie(app, () => ninaCookie).post(`/v1/project/${projectUuid}/transfer`, { user_uuid: byAdmin.userUuid });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('ownerOnly');
    expect((await db().selectFrom('projects').select('owner_uuid').where('uuid', '=', projectUuid).executeTakeFirstOrThrow()).owner_uuid).toBe(adminUuid);
    expect((await db().selectFrom('projects').select('owner_uuid').where('uuid', '=', bob.projectUuid).executeTakeFirstOrThrow()).owner_uuid).toBe(bob.uuid);
  });

  it("banning ends the member's sessions at once: their next request in the project fails", async () => {
    const oscar = await createMember(db(), 'oscar@luma.test', 'oscar password', []);
    const cookies = [await login(app(), 'oscar@luma.test', 'oscar password'), await login(app(), 'oscar@luma.test', 'oscar password')];
    for (const cookie of cookies) expect((await app().inject({ url: '/api/v1/project/info', headers: { cookie } })).statusCode).toBe(200);
    expect((await admin.put(`/v1/iam/users/${oscar.userUuid}`, { status: 'banned' })).statusCode).toBe(200);
    for (const cookie of cookies) {
      const response = await app().inject({ url: '/api/v1/project/info', headers: { cookie, 'x-project-uuid': oscar.projectUuid } });
      expect([401, 403]).toContain(response.statusCode);
    }
    // Signing in again does not let them act in the project.
    const again = await login(app(), 'oscar@luma.test', 'oscar password');
    expect((await app().inject({ url: '/api/v1/project/info', headers: { cookie: again, 'x-project-uuid': oscar.projectUuid } })).statusCode).toBe(403);
    // A banned API user's secrets stop at the next request.
    const robot = (await admin.post('/v1/iam/api-users', { name: 'Banned robot', role_uuids: [] })).json();
    const asRobot = () => app().inject({ url: '/api/v1/user/claims', headers: { authorization: `Bearer ${robot.secret.token}` } });
    expect((await asRobot()).statusCode).toBe(200);
    expect((await admin.put(`/v1/iam/users/${robot.user.uuid}`, { status: 'inactive' })).statusCode).toBe(200);
    expect([401, 403]).toContain((await asRobot()).statusCode);
  });

  it("a role's permission change applies on the caller's next request", async () => {
    await componentWithFields(componentApi(app, () => adminCookie, 'dev'), 'payroll', [f.text('name')], { scope: 'hr' });
    const peggy = await createMember(db(), 'peggy@luma.test', 'peggy password', []);
    const cookie = await login(app(), 'peggy@luma.test', 'peggy password');
    const list = () => app().inject({ url: '/api/v3/system/component/hr/payroll/models', headers: { cookie, 'x-project-env': 'dev' } });
    expect((await list()).statusCode).toBe(403);
    expect((await admin.put(`/v1/iam/roles/${peggy.roleUuid}`, { permissions: ['read hr/payroll'] })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await admin.put(`/v1/iam/users/${peggy.userUuid}`, { role_uuids: [] })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });
});
