// GET/POST /v1/iam/roles, GET/PUT/DELETE /v1/iam/roles/{uuid} and GET /v1/iam/permissions:
// names unique per project (case-insensitively), levels 0..1000, only assignable permissions, the
// last-admin rule, and a permission change taking effect on the member's next request.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, createProject, createRole, createUser, addMember, grantRole, once, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';

const MEDIA = ['use luma-media', 'upload luma-media', 'create_dir luma-media', 'delete_dir luma-media', 'download luma-media', 'delete luma-media'];

describeApi(`iam roles (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);
  let projectUuid = '';
  let adminRole = '';
  /** The component shop/orders, made by the first case that needs it: the permissions case lists none before it. */
  const shopOrders = once(() => componentWithFields(componentApi(app, () => adminCookie), 'orders', [f.text('title')], { scope: 'shop' }));

  beforeAll(async () => {
    adminCookie = await login(app());
    ({ projectUuid } = await adminProject(db()));
    adminRole = (await db().selectFrom('roles').select('uuid').where('project_uuid', '=', projectUuid).where('is_admin', '=', true).executeTakeFirstOrThrow()).uuid;
  }, SETUP_TIMEOUT_MS);

  it('GET /v1/iam/roles lists every role of the project, admin roles included, with member counts', async () => {
    const response = await admin.get('/v1/iam/roles');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ uuid: adminRole, name: 'Administrator', is_admin: true, level: 100, permissions: [], users: 1 }]);
  });

  it('GET /v1/iam/permissions lists media and component permissions of this project', async () => {
    expect((await admin.get('/v1/iam/permissions')).json()).toEqual(MEDIA);
    await shopOrders();
    const other = await createProject(db(), 'Other');
    await db()
      .insertInto('components')
      .values({ uuid: crypto.randomUUID(), project_uuid: other.projectUuid, scope: 'shop', name: 'secrets', label: '{}' })
      .execute();
    const permissions: string[] = (await admin.get('/v1/iam/permissions')).json();
    expect(permissions).toEqual([...MEDIA, 'read shop/orders', 'create shop/orders', 'update shop/orders', 'delete shop/orders', 'see shop/orders', 'settings shop/orders', 'run shop/orders']);
  });

  it('POST /v1/iam/roles creates a role; permissions are matched case-insensitively and stored as listed', async () => {
    await shopOrders();
    const response = await admin.post('/v1/iam/roles', {
      name: '  Editors ',
      is_admin: false,
      level: 20,
      permissions: ['READ Shop/Orders', 'read shop/orders', ' update  shop/orders ', 'use luma-media'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uuid: expect.any(String),
      name: 'Editors',
      is_admin: false,
      level: 20,
      permissions: ['read shop/orders', 'update shop/orders', 'use luma-media'],
      users: 0,
    });
    const uuid = response.json().uuid;
    expect((await admin.get(`/v1/iam/roles/${uuid}`)).json()).toEqual(response.json());
    const row = await db().selectFrom('roles').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ project_uuid: projectUuid, permissions: ['read shop/orders', 'update shop/orders', 'use luma-media'] });
    // Omitted fields take defaults.
    expect((await admin.post('/v1/iam/roles', { name: 'Viewers' })).json()).toMatchObject({ name: 'Viewers', is_admin: false, level: 0, permissions: [] });
  });

  it('names are 2..100 characters and unique per project, case-insensitively (417 nameTaken)', async () => {
    expect((await admin.post('/v1/iam/roles', { name: 'Reviewers' })).statusCode).toBe(200);
    const cases: [unknown, string][] = [
      [undefined, 'identityField.requiredField'],
      ['', 'identityField.requiredField'],
      ['   ', 'identityField.requiredField'],
      ['x', 'cantBeLessThenChars'],
      ['y'.repeat(101), 'cantBeMoreThenChars'],
      [42, 'invalid'],
      ['Two\nlines', 'invalid'],
      ['administrator', 'nameTaken'],
      ['REVIEWERS', 'nameTaken'],
    ];
    for (const [name, message] of cases) {
      const response = await admin.post('/v1/iam/roles', { name, is_admin: false, level: 1, permissions: [] });
      expect(response.statusCode, String(name)).toBe(417);
      expect(response.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'name', messages: [message] }] });
    }
    expect((await admin.post('/v1/iam/roles', { name: 'z'.repeat(100) })).statusCode).toBe(200);
    // The same name in another project is fine: uniqueness is per project.
    const other = await createProject(db(), 'Names');
    await createRole(db(), other.projectUuid, { name: 'Auditors' });
    expect((await admin.post('/v1/iam/roles', { name: 'Auditors' })).statusCode).toBe(200);
  });

  it('level is an integer 0..1000; is_admin a boolean; permissions assignable strings (417 otherwise)', async () => {
    for (const level of [-1, 1001, 1.5, '5', null]) {
      const response = await admin.post('/v1/iam/roles', { name: `Level ${String(level)}`, level });
      expect(response.statusCode).toBe(417);
      expect(response.json().errors).toEqual([{ field: 'level', messages: ['invalid'], values: [{ min: 0, max: 1000 }] }]);
    }
    for (const level of [0, 1000]) expect((await admin.post('/v1/iam/roles', { name: `Level ${level}`, level })).statusCode).toBe(200);
    const notBoolean = await admin.post('/v1/iam/roles', { name: 'Flag', is_admin: 'yes' });
    expect(notBoolean.json().errors).toEqual([{ field: 'is_admin', messages: ['invalid'] }]);
    for (const permissions of [['read nothing'], ['read shop/orders', 'fly shop/orders'], 'read shop/orders', [1], ['read shop/secrets'], ['read', 'shop/orders']]) {
      const response = await admin.post('/v1/iam/roles', { name: 'Perms', permissions });
      expect(response.statusCode).toBe(417);
      expect(response.json().errors[0]).toMatchObject({ field: 'permissions', messages: ['invalid'] });
    }
    expect((await admin.post('/v1/iam/roles', [1])).statusCode).toBe(400);
    expect(await db().selectFrom('roles').select('uuid').where('name', 'in', ['Flag', 'Perms']).execute()).toEqual([]);
  });

  it('PUT /v1/iam/roles/{uuid} changes a role; omitted fields keep their values', async () => {
    await shopOrders();
    const created = (await admin.post('/v1/iam/roles', { name: 'Writers', level: 5, permissions: ['create shop/orders'] })).json();
    const renamed = await admin.put(`/v1/iam/roles/${created.uuid}`, { name: 'writers', level: 6 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created, name: 'writers', level: 6 });
    expect((await admin.post('/v1/iam/roles', { name: 'Approvers' })).statusCode).toBe(200);
    const taken = await admin.put(`/v1/iam/roles/${created.uuid}`, { name: 'Approvers' });
    expect(taken.statusCode).toBe(417);
    expect(taken.json().errors).toEqual([{ field: 'name', messages: ['nameTaken'] }]);
    const cleared = await admin.put(`/v1/iam/roles/${created.uuid}`, { name: 'Writers', is_admin: false, level: 5, permissions: [] });
    expect(cleared.json()).toMatchObject({ name: 'Writers', permissions: [] });
    expect((await admin.put(`/v1/iam/roles/${crypto.randomUUID()}`, { name: 'Ghost' })).statusCode).toBe(404);
    expect((await admin.put('/v1/iam/roles/nope', { name: 'Ghost' })).statusCode).toBe(400);
  });

  it('the last admin role held by an active member cannot be demoted or deleted (409 lastAdmin)', async () => {
    const demote = await admin.put(`/v1/iam/roles/${adminRole}`, { is_admin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('lastAdmin');
    const remove = await admin.del(`/v1/iam/roles/${adminRole}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('lastAdmin');

    // Another admin role held only by a suspended member does not count.
    const sleeper = await createUser(db(), 'sleeper@luma.test', 'sleeper password');
    await addMember(db(), projectUuid, sleeper);
    const sleeping = (await admin.post('/v1/iam/roles', { name: 'Sleeping admins', is_admin: true, level: 90 })).json().uuid;
    await grantRole(db(), sleeper, sleeping);
    await db().updateTable('project_users').set({ status: 'inactive' }).where('user_uuid', '=', sleeper).execute();
    expect((await admin.put(`/v1/iam/roles/${adminRole}`, { is_admin: false })).statusCode).toBe(409);
    expect((await admin.get(`/v1/iam/roles/${adminRole}`)).json()).toMatchObject({ is_admin: true, users: 1 });

    // Admin roles that nobody active depends on are free to change.
    expect((await admin.put(`/v1/iam/roles/${sleeping}`, { is_admin: false })).json()).toMatchObject({ is_admin: false, users: 1 });
    expect((await admin.del(`/v1/iam/roles/${sleeping}`)).statusCode).toBe(200);
  });

  it('DELETE /v1/iam/roles/{uuid} deletes the role and its grants', async () => {
    const member = await createMember(db(), 'holder@luma.test', 'holder password');
    const role = (await admin.post('/v1/iam/roles', { name: 'Temporary' })).json().uuid;
    expect((await admin.put(`/v1/iam/users/${member.userUuid}`, { role_uuids: [role, member.roleUuid] })).statusCode).toBe(200);
    expect((await admin.get(`/v1/iam/roles/${role}`)).json().users).toBe(1);
    const response = await admin.del(`/v1/iam/roles/${role}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await admin.get(`/v1/iam/roles/${role}`)).statusCode).toBe(404);
    expect((await admin.get(`/v1/iam/users/${member.userUuid}`)).json().roles).toEqual([{ uuid: member.roleUuid, name: 'Role of holder@luma.test' }]);
    expect((await admin.del(`/v1/iam/roles/${role}`)).statusCode).toBe(404);
  });

  it("a role's permission change takes effect on the member's next request", async () => {
    await shopOrders();
    const member = await createMember(db(), 'reader@luma.test', 'reader password');
    const cookie = await login(app(), 'reader@luma.test', 'reader password');
    const list = () => app().inject({ url: '/api/v3/system/component/shop/orders/models', headers: { cookie, 'x-project-env': 'dev' } });
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('noPermissionsToRead');
    const granted = await admin.put(`/v1/iam/roles/${member.roleUuid}`, { permissions: ['Read Shop/Orders'] });
    expect(granted.json().permissions).toEqual(['read shop/orders']);
    expect((await list()).statusCode).toBe(200);
    await admin.put(`/v1/iam/roles/${member.roleUuid}`, { permissions: [] });
    expect((await list()).statusCode).toBe(403);
    // Making the role an admin role makes the member an admin at once.
    await admin.put(`/v1/iam/roles/${member.roleUuid}`, { is_admin: true });
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie } })).json().IsAdmin).toBe(true);
    expect((await list()).statusCode).toBe(200);
  });

  it('members who are not admins get 403 forbidden', async () => {
    await createMember(db(), 'plain@luma.test', 'plain password');
    const cookie = await login(app(), 'plain@luma.test', 'plain password');
    const as = withCookie(app, () => cookie);
    for (const response of [
      await as.get('/v1/iam/roles'),
      await as.post('/v1/iam/roles', { name: 'Mine', is_admin: true }),
      await as.get(`/v1/iam/roles/${adminRole}`),
      await as.put(`/v1/iam/roles/${adminRole}`, { permissions: [] }),
      await as.del(`/v1/iam/roles/${adminRole}`),
      await as.get('/v1/iam/permissions'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
    expect(await db().selectFrom('roles').select('uuid').where('name', '=', 'Mine').execute()).toEqual([]);
  });
});
