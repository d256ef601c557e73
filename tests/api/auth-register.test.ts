// Registration (docs/iam.md "Registration, reset, invites"): an account with no project, signed in at
// once; whitelisted body, unique e-mail (also under concurrency), password rules, closed registration
// and the per-address throttle.
import { expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords';
import { adminProject } from './fixtures';
import { ADMIN_EMAIL, DB_KIND, describeApi, login, sessionCookie, useServer } from './harness';

const REGISTER = '/api/v1/auth/register';
const PASSWORD = 'registered-password';

describeApi(`auth register (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;
  let address = 0;
  /** Each call from its own client address unless told, so the per-address limit stays out of the way. */
  const register = (payload: unknown, remoteAddress = `10.30.0.${++address}`) =>
    server().app.inject({ method: 'POST', url: REGISTER, payload: payload as object, remoteAddress });
  const body = (email: string, more: Record<string, unknown> = {}) => ({ name: 'New Person', email, password: PASSWORD, password_confirmation: PASSWORD, ...more });
  const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('creates a signed-in person with no project (201 {uuid} and a session cookie)', async () => {
    const response = await register(body('  new@luma.test '));
    expect(response.statusCode).toBe(201);
    const { uuid } = response.json();
    expect(response.json()).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const cookie = sessionCookie(response)!;
    expect(response.cookies.find((candidate) => candidate.name === 'luma_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const row = (await userByEmail('new@luma.test'))!;
    expect(row).toMatchObject({ uuid, name: 'New Person', kind: 'person', status: 'active', totp_secret: null });
    expect(row.login_at).toBeInstanceOf(Date);
    expect(await verifyPassword(row.password_hash!, PASSWORD)).toBe(true);

    const claims = await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie } });
    expect(claims.json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });
    const model = (await server().app.inject({ url: '/api/v1/user/model', headers: { cookie } })).json();
    expect(model).toMatchObject({ uuid, name: 'New Person', email: 'new@luma.test', project_uuid: null, workspace_uuid: null, is_admin: false });
    // The new password signs in.
    await expect(login(server().app, 'NEW@luma.test', PASSWORD)).resolves.toMatch(/^luma_session=/);
  });

  it('refuses is_admin, roles, status, kind and project_uuid smuggled into the body (400 unknownField, no account)', async () => {
    const { projectUuid } = await adminProject(db());
    const adminRole = await db().selectFrom('roles').select('uuid').where('is_admin', '=', true).executeTakeFirstOrThrow();
    const smuggled = await register(
      body('smuggler@luma.test', {
        is_admin: true,
        IsAdmin: true,
        roles: [adminRole.uuid],
        role_uuids: [adminRole.uuid],
        status: 'banned',
        kind: 'api',
        project_uuid: projectUuid,
        uuid: '00000000-0000-4000-8000-000000000000',
        totp_secret: 'JBSWY3DPEHPK3PXP',
      }),
    );
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'is_admin', messages: ['unknownField'] }] });
    expect(sessionCookie(smuggled)).toBeUndefined();
    expect(await userByEmail('smuggler@luma.test')).toBeUndefined();
    // The same person registering with the call's own keys is an ordinary member of nothing.
    const response = await register(body('smuggler@luma.test'));
    expect(response.statusCode).toBe(201);
    const { uuid } = response.json();
    expect(uuid).not.toBe('00000000-0000-4000-8000-000000000000');
    const cookie = sessionCookie(response)!;
    expect((await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie } })).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });
    expect(await userByEmail('smuggler@luma.test')).toMatchObject({ kind: 'person', status: 'active', totp_secret: null });
    expect(await db().selectFrom('project_users').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    expect(await db().selectFrom('user_roles').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    // Naming the admin's project in the header does not let them in.
    const foreign = await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie, 'x-project-uuid': projectUuid } });
    expect(foreign.statusCode).toBe(403);
  });

  it('answers 417 email_already_exists for a taken e-mail in any case, and makes no second account', async () => {
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase(), ' New@Luma.Test']) {
      const response = await register(body(email));
      expect(response.statusCode).toBe(417);
      expect(response.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'email', messages: ['email_already_exists'] }] });
      expect(sessionCookie(response)).toBeUndefined();
    }
    const rows = await db().selectFrom('users').select('uuid').where((eb) => eb(eb.fn('lower', ['email']), '=', 'new@luma.test')).execute();
    expect(rows).toHaveLength(1);
  });

  it('makes one account of concurrent registrations of one e-mail', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(body(i % 2 === 0 ? 'race@luma.test' : 'RACE@luma.test', { name: `Racer ${i}` }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 417, 417, 417, 417]);
    for (const loser of answers.filter((answer) => answer.statusCode === 417)) {
      expect(loser.json().errors).toEqual([{ field: 'email', messages: ['email_already_exists'] }]);
    }
    const rows = await db().selectFrom('users').select('uuid').where((eb) => eb(eb.fn('lower', ['email']), '=', 'race@luma.test')).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.uuid).toBe(answers.find((answer) => answer.statusCode === 201)!.json().uuid);
  });

  it('answers 417 with field messages for a bad name, e-mail, password or confirmation, and creates nothing', async () => {
    const before = await db().selectFrom('users').select('uuid').execute();
    const cases: [Record<string, unknown>, { field: string; messages: string[] }[]][] = [
      [{}, [
        { field: 'name', messages: ['identityField.requiredField'] },
        { field: 'email', messages: ['identityField.requiredField'] },
        { field: 'password', messages: ['passwordNotValid'] },
      ]],
      [body('a@luma.test', { name: 'A' }), [{ field: 'name', messages: ['cantBeLessThenChars'] }]],
      [body('a@luma.test', { name: 'x'.repeat(101) }), [{ field: 'name', messages: ['cantBeMoreThenChars'] }]],
      [body('a@luma.test', { name: 42 }), [{ field: 'name', messages: ['invalid'] }]],
      [body('not-an-email'), [{ field: 'email', messages: ['invalidEmail'] }]],
      [body('a@luma.test', { email: ['a@luma.test'] }), [{ field: 'email', messages: ['invalid'] }]],
      [body('a@luma.test', { password: 'short', password_confirmation: 'short' }), [{ field: 'password', messages: ['passwordNotValid'] }]],
      [body('a@luma.test', { password: 'x'.repeat(1025), password_confirmation: 'x'.repeat(1025) }), [{ field: 'password', messages: ['passwordNotValid'] }]],
      [body('a@luma.test', { password: 12345678, password_confirmation: 12345678 }), [{ field: 'password', messages: ['passwordNotValid'] }]],
      [body('a@luma.test', { password_confirmation: 'something else' }), [{ field: 'password_confirmation', messages: ['passwordNotValid'] }]],
      [body('a@luma.test', { password_confirmation: undefined }), [{ field: 'password_confirmation', messages: ['passwordNotValid'] }]],
    ];
    for (const [payload, errors] of cases) {
      const response = await register(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(417);
      expect(response.json()).toMatchObject({ status: 417, message: 'fieldsNotValid' });
      expect(response.json().errors).toEqual(errors);
    }
    // Limits: 100 characters of name and 8 of password are fine.
    expect((await register(body('limits@luma.test', { name: 'y'.repeat(100), password: '12345678', password_confirmation: '12345678' }))).statusCode).toBe(201);
    const after = await db().selectFrom('users').select('uuid').execute();
    expect(after).toHaveLength(before.length + 1);
  });

  it('answers 400 for malformed JSON and a body that is not an object', async () => {
    const malformed = await server().app.inject({ method: 'POST', url: REGISTER, payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: 'badRequest' });
    expect((await register([1, 2])).statusCode).toBe(400);
    const text = await server().app.inject({ method: 'POST', url: REGISTER, payload: '"text"', headers: { 'content-type': 'application/json' }, remoteAddress: '10.30.7.1' });
    expect(text.statusCode).toBe(400);
  });

  it('answers 403 registrationClosed when LUMA_REGISTRATION=closed', async () => {
    const closed = await server().appWith({ LUMA_REGISTRATION: 'closed' });
    const response = await closed.inject({ method: 'POST', url: REGISTER, payload: body('closed@luma.test'), remoteAddress: '10.30.9.1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, message: 'registrationClosed' });
    expect(await userByEmail('closed@luma.test')).toBeUndefined();
  });

  it('throttles registrations per client address (10 per window), taken e-mails included', async () => {
    const from = '10.30.8.1';
    for (let i = 0; i < 9; i++) expect((await register(body(`burst${i}@luma.test`), from)).statusCode).toBe(201);
    expect((await register(body(ADMIN_EMAIL), from)).statusCode).toBe(417);
    const blocked = await register(body('burst-over@luma.test'), from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, message: 'tooManyAttempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await userByEmail('burst-over@luma.test')).toBeUndefined();
    expect((await register(body('burst-over@luma.test'), '10.30.8.2')).statusCode).toBe(201);
  });
});
