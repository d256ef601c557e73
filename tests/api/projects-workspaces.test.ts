// Projects and workspaces (docs/iam.md "Projects and workspaces"): POST /v1/project by any signed-in
// person, PUT /v1/project/{uuid} by its admins, transfer by the owner, leave; and the workspaces of
// the current project (list, create with dev and live, get, rename) for its admins.
import { beforeAll, expect, it } from 'vitest';
import { addMember, adminProject, createMember, createProject, createRole, createUser, grantRole } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner, signedInPerson, withCookie } from './iam-fixtures';

describeApi(`projects and workspaces (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);

  beforeAll(async () => {
    adminCookie = await login(app());
  }, SETUP_TIMEOUT_MS);

  it('POST /v1/project: a person with no project creates one, owns it, is its admin, and it has Main with dev and live', async () => {
    const person = await signedInPerson(server(), 'founder@luma.test');
    const as = withCookie(app, () => person.cookie);
    expect((await as.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });

    // Keys the call does not take (an owner, an account) are refused, never dropped in silence: nothing is created.
    const hostile = await as.post('/v1/project', { name: '  Acme  ', owner_uuid: crypto.randomUUID(), account: { plan: 'free' } });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'owner_uuid', messages: ['unknownField'] }] });
    expect((await as.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });
    const response = await as.post('/v1/project', { name: '  Acme  ' });
    expect(response.statusCode).toBe(200);
    const project = response.json();
    expect(project).toEqual({
      uuid: expect.any(String),
      name: 'Acme',
      workspaces: [{ uuid: expect.any(String), project_uuid: project.uuid, name: 'Main', environments: ['dev', 'live'] }],
      users: [{ user_uuid: person.uuid }],
      account: { owner_uuid: person.uuid },
    });
    expect((await as.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: project.uuid, IsAdmin: true });
    const roles = await db().selectFrom('roles').select(['name', 'is_admin', 'level', 'permissions']).where('project_uuid', '=', project.uuid).execute();
    expect(roles).toEqual([{ name: 'Administrator', is_admin: true, level: 100, permissions: [] }]);
    const members = await db().selectFrom('project_users').select(['user_uuid', 'is_owner', 'status']).where('project_uuid', '=', project.uuid).execute();
    expect(members).toEqual([{ user_uuid: person.uuid, is_owner: true, status: 'active' }]);
    // A second project: both are listed, the first stays the default.
    const second = (await as.post('/v1/project', { name: 'Acme Two' })).json();
    expect((await as.get('/v1/project/list')).json().map((item: { uuid: string }) => item.uuid)).toEqual([project.uuid, second.uuid]);
    expect((await as.get('/v1/project/info', { 'x-project-uuid': second.uuid })).json().name).toBe('Acme Two');
  });

  it('POST /v1/project validates the name (2..100) and refuses API users', async () => {
    for (const [payload, message] of [
      [{}, 'identityField.requiredField'],
      [{ name: 'x' }, 'cantBeLessThenChars'],
      [{ name: 'x'.repeat(101) }, 'cantBeMoreThenChars'],
      [{ name: 7 }, 'invalid'],
    ] as const) {
      const response = await admin.post('/v1/project', payload);
      expect(response.statusCode).toBe(417);
      expect(response.json().errors).toMatchObject([{ field: 'name', messages: [message] }]);
    }
    expect((await admin.post('/v1/project', [1])).statusCode).toBe(400);
    const robot = (await admin.post('/v1/iam/api-users', { name: 'Robot', role_uuids: [] })).json();
    const byRobot = await app().inject({ method: 'POST', url: '/api/v1/project', payload: { name: 'Robot project' }, headers: { authorization: `Bearer ${robot.secret.token}` } });
    expect(byRobot.statusCode).toBe(403);
    expect(await db().selectFrom('projects').select('uuid').where('name', '=', 'Robot project').execute()).toEqual([]);
  });

  it('PUT /v1/project/{uuid} renames for admins of that project; others, strangers and unknown ids get 403', async () => {
    const { projectUuid } = await adminProject(db());
    await createMember(db(), 'plain@luma.test', 'plain password');
    const renamed = await admin.put(`/v1/project/${projectUuid}`, { name: 'Luma HQ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ uuid: projectUuid, name: 'Luma HQ' });
    expect((await admin.put(`/v1/project/${projectUuid}`, { name: 'L' })).statusCode).toBe(417);

    const plainCookie = await login(app(), 'plain@luma.test', 'plain password');
    const plain = withCookie(app, () => plainCookie);
    const outsider = await projectOwner(server(), 'outsider@luma.test', 'Outside');
    for (const response of [
      await plain.put(`/v1/project/${projectUuid}`, { name: 'Mine now' }),
      await admin.put(`/v1/project/${outsider.projectUuid}`, { name: 'Mine now' }),
      await admin.put(`/v1/project/${crypto.randomUUID()}`, { name: 'Mine now' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
    expect((await admin.put('/v1/project/not-a-uuid', { name: 'Bad' })).statusCode).toBe(400);
    expect((await db().selectFrom('projects').select('name').where('uuid', '=', outsider.projectUuid).executeTakeFirstOrThrow()).name).toBe('Outside');
    expect((await db().selectFrom('projects').select('name').where('uuid', '=', projectUuid).executeTakeFirstOrThrow()).name).toBe('Luma HQ');
    // Back to the seed's name, which the fixtures look the project up by.
    expect((await admin.put(`/v1/project/${projectUuid}`, { name: 'Luma' })).statusCode).toBe(200);
  });

  it('a suspended admin cannot rename the project', async () => {
    const owner = await projectOwner(server(), 'suspended-owner@luma.test', 'Suspense');
    const admin2 = await signedInPerson(server(), 'suspended-admin@luma.test');
    await addMember(db(), owner.projectUuid, admin2.uuid);
    await grantRole(db(), admin2.uuid, owner.adminRoleUuid);
    const as = withCookie(app, () => admin2.cookie);
    expect((await as.put(`/v1/project/${owner.projectUuid}`, { name: 'Renamed' })).statusCode).toBe(200);
    await db().updateTable('project_users').set({ status: 'inactive' }).where('user_uuid', '=', admin2.uuid).execute();
    expect((await as.put(`/v1/project/${owner.projectUuid}`, { name: 'Again' })).statusCode).toBe(403);
  });

  it('POST /v1/project/{uuid}/transfer: owner only; the new owner must be an active person member', async () => {
    const owner = await projectOwner(server(), 'owner@luma.test', 'Transferable');
    const as = withCookie(app, () => owner.cookie);
    const heir = await signedInPerson(server(), 'heir@luma.test');
    const coAdmin = await signedInPerson(server(), 'coadmin@luma.test');
    const suspended = await createUser(db(), 'suspended@luma.test', 'suspended password');
    const stranger = await createUser(db(), 'stranger@luma.test', 'stranger password');
    const editor = await createRole(db(), owner.projectUuid, { name: 'Editor' });
    await addMember(db(), owner.projectUuid, heir.uuid);
    await grantRole(db(), heir.uuid, editor);
    await addMember(db(), owner.projectUuid, coAdmin.uuid);
    await grantRole(db(), coAdmin.uuid, owner.adminRoleUuid);
    await addMember(db(), owner.projectUuid, suspended);
    await db().updateTable('project_users').set({ status: 'inactive' }).where('user_uuid', '=', suspended).execute();
    const robot = (await as.post('/v1/iam/api-users', { name: 'Robot', role_uuids: [] })).json().user.uuid;

    // Another admin (not the owner): 403 ownerOnly. A stranger to the project: 403 forbidden.
    const byAdmin = await withCookie(app, () => coAdmin.cookie).post(`/v1/project/${owner.projectUuid}/transfer`, { user_uuid: coAdmin.uuid });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('ownerOnly');
    const byStranger = await admin.post(`/v1/project/${owner.projectUuid}/transfer`, { user_uuid: heir.uuid });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe('forbidden');

    for (const [user_uuid, message] of [
      [stranger, 'notAMember'],
      [suspended, 'notAMember'],
      [robot, 'notAMember'],
      [owner.uuid, 'notAMember'],
      [crypto.randomUUID(), 'notAMember'],
      ['nope', 'invalid'],
      [undefined, 'identityField.requiredField'],
    ] as const) {
      const response = await as.post(`/v1/project/${owner.projectUuid}/transfer`, { user_uuid });
      expect(response.statusCode, String(user_uuid)).toBe(417);
      expect(response.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'user_uuid', messages: [message] }] });
    }

    const response = await as.post(`/v1/project/${owner.projectUuid}/transfer`, { user_uuid: heir.uuid });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uuid: owner.projectUuid, account: { owner_uuid: heir.uuid } });
    expect(response.json().users).not.toContainEqual({ user_uuid: owner.uuid });
    const members = await db().selectFrom('project_users').select(['user_uuid', 'is_owner']).where('project_uuid', '=', owner.projectUuid).execute();
    expect(members.find((member) => member.user_uuid === heir.uuid)).toEqual({ user_uuid: heir.uuid, is_owner: true });
    expect(members.filter((member) => member.is_owner)).toHaveLength(1);
    expect(members.some((member) => member.user_uuid === owner.uuid)).toBe(false);
    const ownerRoles = await db()
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.uuid', 'user_roles.role_uuid')
      .select('roles.uuid')
      .where('user_roles.user_uuid', '=', owner.uuid)
      .where('roles.project_uuid', '=', owner.projectUuid)
      .execute();
    expect(ownerRoles).toEqual([]);
    // The new owner is an admin at once; the previous owner is out.
    const heirAs = withCookie(app, () => heir.cookie);
    expect((await heirAs.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: owner.projectUuid, IsAdmin: true });
    expect((await as.get('/v1/project/info', { 'x-project-uuid': owner.projectUuid })).statusCode).toBe(403);
    expect((await as.post(`/v1/project/${owner.projectUuid}/transfer`, { user_uuid: owner.uuid })).statusCode).toBe(403);
    expect((await heirAs.get('/v1/iam/users')).json().find((member: { uuid: string }) => member.uuid === heir.uuid).roles).toEqual([
      { uuid: owner.adminRoleUuid, name: 'Administrator' },
      { uuid: editor, name: 'Editor' },
    ]);
  });

  it('POST /v1/project/{uuid}/leave: members leave; the owner names the new owner; the last admin stays', async () => {
    const owner = await projectOwner(server(), 'leaving-owner@luma.test', 'Leavable');
    const member = await signedInPerson(server(), 'leaving-member@luma.test');
    await addMember(db(), owner.projectUuid, member.uuid);
    const memberAs = withCookie(app, () => member.cookie);
    const ownerAs = withCookie(app, () => owner.cookie);

    expect((await memberAs.post(`/v1/project/${owner.projectUuid}/leave`, {})).json()).toEqual({});
    expect(await db().selectFrom('project_users').select('user_uuid').where('project_uuid', '=', owner.projectUuid).where('user_uuid', '=', member.uuid).execute()).toEqual([]);
    expect((await memberAs.post(`/v1/project/${owner.projectUuid}/leave`)).statusCode).toBe(403);

    await addMember(db(), owner.projectUuid, member.uuid);
    const alone = await ownerAs.post(`/v1/project/${owner.projectUuid}/leave`, {});
    expect(alone.statusCode).toBe(417);
    expect(alone.json().errors).toEqual([{ field: 'new_owner_uuid', messages: ['identityField.requiredField'] }]);
    const left = await ownerAs.post(`/v1/project/${owner.projectUuid}/leave`, { new_owner_uuid: member.uuid });
    expect(left.statusCode).toBe(200);
    expect((await db().selectFrom('projects').select('owner_uuid').where('uuid', '=', owner.projectUuid).executeTakeFirstOrThrow()).owner_uuid).toBe(member.uuid);
    expect((await ownerAs.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });
    expect((await memberAs.get('/v1/user/claims', { 'x-project-uuid': owner.projectUuid })).json().IsAdmin).toBe(true);

    // A project whose owner holds no admin role: its only admin cannot leave (409 lastAdmin).
    const guarded = await createProject(db(), 'Guarded');
    const guardOwner = await createUser(db(), 'guard-owner@luma.test', 'guard owner password');
    const onlyAdmin = await signedInPerson(server(), 'guard-admin@luma.test');
    const adminRole = await createRole(db(), guarded.projectUuid, { name: 'Admin', isAdmin: true });
    await addMember(db(), guarded.projectUuid, guardOwner, true);
    await addMember(db(), guarded.projectUuid, onlyAdmin.uuid);
    await grantRole(db(), onlyAdmin.uuid, adminRole);
    const refused = await withCookie(app, () => onlyAdmin.cookie).post(`/v1/project/${guarded.projectUuid}/leave`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('lastAdmin');
    expect((await admin.post(`/v1/project/${guarded.projectUuid}/leave`, {})).statusCode).toBe(403);
  });

  it('workspaces: list, create (with dev and live), get and rename in the current project', async () => {
    const { projectUuid, workspaceUuid } = await adminProject(db());
    const list = await admin.get('/v1/workspace/list');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ uuid: workspaceUuid, project_uuid: projectUuid, name: 'Main', environments: ['dev', 'live'], created_at: expect.any(String) }]);

    // A project_uuid in the body is refused (the workspace goes into the caller's project), and nothing is created.
    const hostile = await admin.post('/v1/workspace', { name: ' Staging ', project_uuid: crypto.randomUUID() });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'project_uuid', messages: ['unknownField'] }] });
    expect((await admin.get('/v1/workspace/list')).json()).toHaveLength(1);
    const created = await admin.post('/v1/workspace', { name: ' Staging ' });
    expect(created.statusCode).toBe(200);
    const staging = created.json();
    expect(staging).toEqual({ uuid: expect.any(String), project_uuid: projectUuid, name: 'Staging', environments: ['dev', 'live'], created_at: expect.any(String) });
    expect((await admin.get(`/v1/workspace/${staging.uuid}`)).json()).toEqual(staging);
    expect((await admin.get('/v1/workspace/list')).json().map((item: { name: string }) => item.name)).toEqual(['Main', 'Staging']);
    // The new workspace is usable as a tenant at once.
    expect((await admin.get('/v1/user/model', { 'x-workspace-uuid': staging.uuid })).json().workspace_uuid).toBe(staging.uuid);

    const renamed = await admin.put(`/v1/workspace/${staging.uuid}`, { name: 'Pre-production' });
    expect(renamed.json()).toEqual({ ...staging, name: 'Pre-production' });
    for (const payload of [{}, { name: 'P' }, { name: 'P'.repeat(101) }]) {
      expect((await admin.post('/v1/workspace', payload)).statusCode).toBe(417);
      expect((await admin.put(`/v1/workspace/${staging.uuid}`, payload)).statusCode).toBe(417);
    }
    expect((await admin.post('/v1/workspace', 'text', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await admin.get(`/v1/workspace/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/v1/workspace/nope')).statusCode).toBe(400);
  });

  it('workspaces of another project are not found; members who are not admins get 403', async () => {
    const other = await projectOwner(server(), 'workspace-stranger@luma.test', 'Stranger');
    expect((await admin.get(`/v1/workspace/${other.workspaceUuid}`)).statusCode).toBe(404);
    expect((await admin.put(`/v1/workspace/${other.workspaceUuid}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await db().selectFrom('workspaces').select('name').where('uuid', '=', other.workspaceUuid).executeTakeFirstOrThrow()).name).toBe('Main');

    const { workspaceUuid } = await adminProject(db());
    await createMember(db(), 'ws-member@luma.test', 'ws member password');
    const cookie = await login(app(), 'ws-member@luma.test', 'ws member password');
    const as = withCookie(app, () => cookie);
    for (const response of [
      await as.get('/v1/workspace/list'),
      await as.post('/v1/workspace', { name: 'Mine' }),
      await as.get(`/v1/workspace/${workspaceUuid}`),
      await as.put(`/v1/workspace/${workspaceUuid}`, { name: 'Mine' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
  });
});
