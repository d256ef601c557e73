import { beforeAll, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { adminProject, createMember, createRole, createUser } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const EDIT = '/api/v1/user/profile/edit';

describeApi(`user (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const get = (url: string) => server().app.inject({ url, headers: { cookie } });
  const edit = (payload: unknown) => server().app.inject({ method: 'POST', url: EDIT, payload: payload as object, headers: { cookie } });
  const adminRow = () => server().database.db.selectFrom('users').selectAll().where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();

  beforeAll(async () => {
    cookie = await login(server().app);
  }, SETUP_TIMEOUT_MS);

  it('GET /v1/user/claims answers ProjectUUID and IsAdmin', async () => {
    const { projectUuid } = await adminProject(server().database.db);
    const response = await get('/api/v1/user/claims');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: true });
  });

  it('GET /v1/user/model answers the UserModel without the password hash', async () => {
    const { projectUuid, workspaceUuid, adminUuid } = await adminProject(server().database.db);
    const model = (await get('/api/v1/user/model')).json();
    expect(model).toEqual({
      uuid: adminUuid,
      name: 'Administrator',
      email: ADMIN_EMAIL,
      settings: {},
      billing_address: null,
      login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'active',
      project_uuid: projectUuid,
      workspace_uuid: workspaceUuid,
      is_admin: true,
    });
    expect(JSON.stringify(model)).not.toMatch(/argon2|password/);
  });

  it('GET /v1/user/role/permissions answers is_admin, permissions and the role uuids', async () => {
    const adminRole = await server().database.db.selectFrom('roles').select('uuid').where('is_admin', '=', true).executeTakeFirstOrThrow();
    expect((await get('/api/v1/user/role/permissions')).json()).toEqual({ is_admin: true, permissions: [], roles: [adminRole.uuid] });
  });

  it('GET /v1/user/role/list lists the project roles without admin roles', async () => {
    const db = server().database.db;
    const { projectUuid } = await adminProject(db);
    const editor = await createRole(db, projectUuid, { name: 'Editor', level: 20 });
    await createRole(db, projectUuid, { name: 'Second admin', isAdmin: true });
    const response = await get('/api/v1/user/role/list');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ uuid: editor, name: 'Editor' }]);
  });

  it('GET /v1/user/permissions/list lists the assignable media permissions', async () => {
    expect((await get('/api/v1/user/permissions/list')).json()).toEqual([
      'use luma-media',
      'upload luma-media',
      'create_dir luma-media',
      'delete_dir luma-media',
      'download luma-media',
      'delete luma-media',
    ]);
  });

  it('POST /v1/user/profile/edit updates name, e-mail, settings and billing address', async () => {
    const payload = {
      name: 'Ada Admin',
      email: 'ada@luma.test',
      settings: { timezone: 'Europe/Belgrade', locale: 'sr', theme: 'dark' },
      billing_address: { type: 'person', country: 'RS', firstname: 'Ada', lastname: 'Admin', address: 'Main 1', city: 'Novi Sad', email: 'ada@luma.test' },
    };
    // By the billing form's rules (runtime/validation/billing): an unknown key, a one-letter name, a missing city are refused.
    const refused = await edit({ ...payload, billing_address: { ...payload.billing_address, firstname: 'A', city: undefined } });
    expect(refused.statusCode).toBe(417);
    expect(refused.json().errors).toEqual([
      { field: 'billing_address.firstname', messages: ['cantBeLessThenChars'] },
      { field: 'billing_address.city', messages: ['fieldRequired'] },
    ]);
    expect((await edit({ ...payload, billing_address: { ...payload.billing_address, unknown_key: 'x' } })).json().errors).toEqual([{ field: 'billing_address.unknown_key', messages: ['invalid'] }]);
    const response = await edit(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ada Admin',
      email: 'ada@luma.test',
      settings: payload.settings,
      billing_address: payload.billing_address,
      is_admin: true,
    });
    expect((await get('/api/v1/user/model')).json().email).toBe('ada@luma.test');
    // Back to the original e-mail for the other tests; settings kept when omitted.
    const back = await edit({ name: 'Administrator', email: ADMIN_EMAIL });
    expect(back.json()).toMatchObject({ email: ADMIN_EMAIL, settings: payload.settings });
  });

  it('changes the password only when it matches its confirmation', async () => {
    const mismatch = await edit({ name: 'Administrator', email: ADMIN_EMAIL, password: 'new-password-1', password_confirmation: 'other' });
    expect(mismatch.statusCode).toBe(417);
    expect(mismatch.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'password_confirmation', messages: ['password_not_match'] }] });
    expect(await verifyPassword((await adminRow()).password_hash!, ADMIN_PASSWORD)).toBe(true);

    const ok = await edit({ name: 'Administrator', email: ADMIN_EMAIL, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(ok.statusCode).toBe(200);
    await expect(login(server().app, ADMIN_EMAIL, 'new-password-1')).resolves.toMatch(/luma_session/);
    await edit({ name: 'Administrator', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, password_confirmation: ADMIN_PASSWORD });
  });

  it('answers 417 email_already_exists for another user\'s e-mail (any case) and writes nothing', async () => {
    await createUser(server().database.db, 'taken@luma.test', 'whatever-1');
    const before = await adminRow();
    const response = await edit({ name: 'Renamed', email: 'TAKEN@luma.test' });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'email', messages: ['email_already_exists'] }] });
    const after = await adminRow();
    expect(after.name).toBe(before.name);
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
  });

  it('answers 417 with per-field messages for invalid fields and writes nothing', async () => {
    const before = await adminRow();
    const response = await edit({ name: 'A', email: 'not-an-email', settings: 'dark', billing_address: { type: 'alien' }, password: 'short', password_confirmation: 'short' });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors).toEqual([
      { field: 'name', messages: ['cantBeLessThenChars'] },
      { field: 'email', messages: ['invalidEmail'] },
      { field: 'settings', messages: ['invalid'] },
      { field: 'billing_address.type', messages: ['invalid'] },
      { field: 'password', messages: ['cantBeLessThenChars'] },
    ]);
    const missing = await edit({});
    expect(missing.json().errors).toEqual([
      { field: 'name', messages: ['identityField.requiredField'] },
      { field: 'email', messages: ['identityField.requiredField'] },
    ]);
    const wrongTypes = await edit({ name: 42, email: ['a@b.c'] });
    expect(wrongTypes.statusCode).toBe(417);
    expect(wrongTypes.json().errors).toEqual([
      { field: 'name', messages: ['invalid'] },
      { field: 'email', messages: ['invalid'] },
    ]);
    const after = await adminRow();
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
  });

  it('answers 400 for malformed JSON and a non-object body', async () => {
    const malformed = await server().app.inject({ method: 'POST', url: EDIT, payload: '{"name":', headers: { cookie, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: 'badRequest' });
    const array = await edit([1, 2]);
    expect(array.statusCode).toBe(400);
  });

  it('lets a member edit only their own profile', async () => {
    const { userUuid } = await createMember(server().database.db, 'editor@luma.test', 'editor-password');
    const memberCookie = await login(server().app, 'editor@luma.test', 'editor-password');
    const response = await server().app.inject({ method: 'POST', url: EDIT, payload: { name: 'Eddie', email: 'editor@luma.test' }, headers: { cookie: memberCookie } });
    expect(response.json()).toMatchObject({ uuid: userUuid, name: 'Eddie', is_admin: false });
    expect((await adminRow()).name).toBe('Administrator');
  });
});
