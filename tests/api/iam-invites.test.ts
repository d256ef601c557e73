// Invites (docs/iam.md "Invites"): POST/GET /v1/iam/invites and DELETE /v1/iam/invites/{uuid} for
// admins, the e-mailed link {public URL}/project/invite/{token}, and the public GET
// /v1/auth/invite/{token} and POST /v1/auth/invite/{token}/accept, with and without an account.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, createMember, createProject, createRole, createUser } from './fixtures';
import { ADMIN_EMAIL, DB_KIND, describeApi, login, sessionCookie, SETUP_TIMEOUT_MS, useServer } from './harness';
import { recordingMailer, sha256, tokenOf, withCookie } from './iam-fixtures';

const PUBLIC_URL = 'https://luma.example.test';
const DAY = 86_400_000;

describeApi(`iam invites (${DB_KIND})`, () => {
  const mailer = recordingMailer();
  const server = useServer({ LUMA_PUBLIC_URL: PUBLIC_URL }, { mailer });
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const admin = withCookie(app, () => adminCookie);
  let projectUuid = '';
  let editorRole = '';
  const info = (token: string, cookie?: string) => app().inject({ url: `/api/v1/auth/invite/${token}`, headers: cookie ? { cookie } : {} });
  const accept = (token: string, payload: unknown = {}, cookie?: string) =>
    app().inject({ method: 'POST', url: `/api/v1/auth/invite/${token}/accept`, payload: payload as object, headers: cookie ? { cookie } : {} });
  const invite = async (email: string, role_uuids: string[] = []) => {
    const response = await admin.post('/v1/iam/invites', { email, role_uuids });
    if (response.statusCode !== 200) throw new Error(`invite: ${response.statusCode} ${response.body}`);
    return response.json() as { uuid: string; link: string; email: string };
  };

  beforeAll(async () => {
    adminCookie = await login(app(), ADMIN_EMAIL, undefined);
    ({ projectUuid } = await adminProject(db()));
    editorRole = await createRole(db(), projectUuid, { name: 'Editor', level: 20, permissions: ['use luma-media'] });
  }, SETUP_TIMEOUT_MS);

  it('POST /v1/iam/invites stores the token hashed, mails the link and answers it with the invite', async () => {
    const before = Date.now();
    const response = await admin.post('/v1/iam/invites', { email: '  New.Person@Luma.test ', role_uuids: [editorRole] });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toEqual({
      uuid: expect.any(String),
      email: 'New.Person@Luma.test',
      roles: [{ uuid: editorRole, name: 'Editor' }],
      created_at: expect.any(String),
      expires_at: expect.any(String),
      link: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/project/invite/[0-9a-f-]{36}$`)),
    });
    const expires = new Date(created.expires_at).getTime();
    expect(expires).toBeGreaterThan(before + 7 * DAY - 60_000);
    expect(expires).toBeLessThan(Date.now() + 7 * DAY + 60_000);

    const token = tokenOf(created.link);
    const row = await db().selectFrom('invites').selectAll().where('uuid', '=', created.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: sha256(token), project_uuid: projectUuid, role_uuids: [editorRole], accepted_at: null });
    expect(JSON.stringify(row)).not.toContain(token);

    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe('New.Person@Luma.test');
    expect(mail.subject).toContain('Luma');
    expect(mail.text.split('\n')).toContain(created.link);
  });

  it('the link is built from LUMA_PUBLIC_URL, never from Host or X-Forwarded-* headers', async () => {
    const response = await admin.post('/v1/iam/invites', { email: 'headers@luma.test', role_uuids: [] }, { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    expect(response.json().link.startsWith(`${PUBLIC_URL}/project/invite/`)).toBe(true);
    expect(mailer.sent.at(-1)!.text).not.toContain('evil.test');
  });

  it('bad e-mails and role uuids of another project answer 417; a member\'s e-mail 409 alreadyMember', async () => {
    for (const [email, message] of [
      [undefined, 'identityField.requiredField'],
      ['', 'identityField.requiredField'],
      ['not-an-email', 'invalidEmail'],
      [42, 'invalidEmail'],
    ] as const) {
      const response = await admin.post('/v1/iam/invites', { email, role_uuids: [] });
      expect(response.statusCode).toBe(417);
      expect(response.json().errors).toEqual([{ field: 'email', messages: [message] }]);
    }
    const other = await createProject(db(), 'Other');
    const foreignRole = await createRole(db(), other.projectUuid, { name: 'Foreign' });
    for (const role_uuids of [[foreignRole], ['nope'], 'nope']) {
      const response = await admin.post('/v1/iam/invites', { email: 'x@luma.test', role_uuids });
      expect(response.statusCode).toBe(417);
      expect(response.json().errors).toEqual([{ field: 'role_uuids', messages: ['invalid'] }]);
    }
    expect((await admin.post('/v1/iam/invites', [1])).statusCode).toBe(400);
    await createMember(db(), 'already@luma.test', 'already password');
    for (const email of [ADMIN_EMAIL.toUpperCase(), 'already@luma.test']) {
      const response = await admin.post('/v1/iam/invites', { email, role_uuids: [] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('alreadyMember');
    }
    expect(await db().selectFrom('invites').select('uuid').where('email', 'in', ['x@luma.test', 'already@luma.test']).execute()).toEqual([]);
  });

  it('GET /v1/iam/invites lists the open invites; a newer invite of an e-mail replaces the older; DELETE cancels', async () => {
    const first = await invite('twice@luma.test');
    const second = await invite('TWICE@luma.test', [editorRole]);
    const list = (await admin.get('/v1/iam/invites')).json() as { uuid: string; email: string }[];
    expect(list.map((item) => item.uuid)).toContain(second.uuid);
    expect(list.map((item) => item.uuid)).not.toContain(first.uuid);
    expect(list.find((item) => item.uuid === second.uuid)).toEqual({
      uuid: second.uuid,
      email: 'TWICE@luma.test',
      roles: [{ uuid: editorRole, name: 'Editor' }],
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toMatch(/token|link/);
    expect((await info(tokenOf(first.link))).statusCode).toBe(404);

    const removed = await admin.del(`/v1/iam/invites/${second.uuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await admin.get('/v1/iam/invites')).json().map((item: { uuid: string }) => item.uuid)).not.toContain(second.uuid);
    const gone = await info(tokenOf(second.link));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('inviteInvalid');
    expect((await admin.del(`/v1/iam/invites/${second.uuid}`)).statusCode).toBe(404);
  });

  it('a failed delivery still creates the invite and answers its link', async () => {
    mailer.failNext = true;
    const response = await admin.post('/v1/iam/invites', { email: 'undelivered@luma.test', role_uuids: [] });
    expect(response.statusCode).toBe(200);
    expect((await info(tokenOf(response.json().link))).statusCode).toBe(200);
  });

  it('GET /v1/auth/invite/{token} is public: the project, the e-mail and whether the account exists', async () => {
    const created = await invite('fresh@luma.test');
    const response = await info(tokenOf(created.link));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ project_name: 'Luma', email: 'fresh@luma.test', has_account: false, expires_at: expect.any(String) });
    await createUser(db(), 'Existing@luma.test', 'existing password');
    const existing = await invite('existing@LUMA.test');
    expect((await info(tokenOf(existing.link))).json()).toMatchObject({ has_account: true });
  });

  it('accepting without an account: name and password (8..1024, confirmed) create it and sign in', async () => {
    const created = await invite('joiner@luma.test', [editorRole]);
    const token = tokenOf(created.link);
    const cases: [Record<string, unknown>, { field: string; messages: string[] }[]][] = [
      [{}, [{ field: 'name', messages: ['identityField.requiredField'] }, { field: 'password', messages: ['passwordNotValid'] }]],
      [{ name: 'J', password: 'long enough', password_confirmation: 'long enough' }, [{ field: 'name', messages: ['cantBeLessThenChars'] }]],
      [{ name: 'Joiner', password: 'short', password_confirmation: 'short' }, [{ field: 'password', messages: ['passwordNotValid'] }]],
      [{ name: 'Joiner', password: 'x'.repeat(1025), password_confirmation: 'x'.repeat(1025) }, [{ field: 'password', messages: ['passwordNotValid'] }]],
      [{ name: 'Joiner', password: 12345678 }, [{ field: 'password', messages: ['passwordNotValid'] }]],
      [{ name: 'Joiner', password: 'long enough', password_confirmation: 'long enougH' }, [{ field: 'password_confirmation', messages: ['passwordNotValid'] }]],
    ];
    for (const [payload, errors] of cases) {
      const response = await accept(token, payload);
      expect(response.statusCode).toBe(417);
      expect(response.json()).toMatchObject({ message: 'fieldsNotValid', errors });
    }
    expect((await info(token)).statusCode).toBe(200);

    const response = await accept(token, { name: ' Joiner ', password: 'joiner password', password_confirmation: 'joiner password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ project_uuid: projectUuid });
    const cookie = sessionCookie(response)!;
    expect(cookie).toBeDefined();
    const sessionSet = response.cookies.find((item) => item.name === 'luma_session')!;
    expect(sessionSet).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });

    const user = await db().selectFrom('users').selectAll().where('email', '=', 'joiner@luma.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Joiner', kind: 'person', status: 'active' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const claims = await app().inject({ url: '/api/v1/user/claims', headers: { cookie } });
    expect(claims.json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: false });
    expect((await admin.get(`/v1/iam/users/${user.uuid}`)).json()).toMatchObject({ status: 'active', is_owner: false, roles: [{ uuid: editorRole }] });
    const invited = await db().selectFrom('invites').selectAll().where('uuid', '=', created.uuid).executeTakeFirstOrThrow();
    expect(invited.accepted_at).not.toBeNull();
    expect(invited.accepted_by).toBe(user.uuid);
    // The new account signs in with its password.
    await login(app(), 'joiner@luma.test', 'joiner password');
    // Single use: the link is spent.
    const again = await accept(token, { name: 'Joiner', password: 'joiner password', password_confirmation: 'joiner password' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('inviteInvalid');
    expect((await info(token)).statusCode).toBe(404);
  });

  it('accepting with an account: signed out 401 loginRequired, as another account 403 inviteWrongAccount, as the invitee 200', async () => {
    await createUser(db(), 'holder@luma.test', 'holder password');
    const created = await invite('Holder@luma.test', [editorRole]);
    const token = tokenOf(created.link);

    const signedOut = await accept(token, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('loginRequired');
    const stale = await accept(token, {}, 'luma_session=not-a-session');
    expect(stale.statusCode).toBe(401);

    const wrong = await accept(token, {}, adminCookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('inviteWrongAccount');
    // A password in the body does not create or change anything for an existing account.
    const withPassword = await accept(token, { name: 'Other', password: 'another password', password_confirmation: 'another password' });
    expect(withPassword.statusCode).toBe(401);

    const cookie = await login(app(), 'holder@luma.test', 'holder password');
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie } })).json().ProjectUUID).toBeNull();
    const accepted = await accept(token, {}, cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ project_uuid: projectUuid });
    expect(sessionCookie(accepted)).toBeUndefined();
    expect((await app().inject({ url: '/api/v1/user/claims', headers: { cookie } })).json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: false });
    const holder = await db().selectFrom('users').select(['uuid', 'name']).where('email', '=', 'holder@luma.test').executeTakeFirstOrThrow();
    expect(holder.name).toBe('Test User');
    expect((await admin.get(`/v1/iam/users/${holder.uuid}`)).json()).toMatchObject({ status: 'active', roles: [{ uuid: editorRole, name: 'Editor' }] });
    expect((await accept(token, {}, cookie)).statusCode).toBe(404);
  });

  it('roles deleted after the invite are left out when it is accepted', async () => {
    const doomed = await createRole(db(), projectUuid, { name: 'Doomed' });
    const created = await invite('late@luma.test', [doomed, editorRole]);
    expect((await admin.del(`/v1/iam/roles/${doomed}`)).statusCode).toBe(200);
    expect((await admin.get('/v1/iam/invites')).json().find((item: { uuid: string }) => item.uuid === created.uuid).roles).toEqual([{ uuid: editorRole, name: 'Editor' }]);
    const response = await accept(tokenOf(created.link), { name: 'Late', password: 'late password', password_confirmation: 'late password' });
    expect(response.statusCode).toBe(200);
    const user = await db().selectFrom('users').select('uuid').where('email', '=', 'late@luma.test').executeTakeFirstOrThrow();
    expect((await admin.get(`/v1/iam/users/${user.uuid}`)).json().roles).toEqual([{ uuid: editorRole, name: 'Editor' }]);
  });

  it('expired, unknown and malformed tokens answer 404 inviteInvalid', async () => {
    const created = await invite('expired@luma.test');
    await db().updateTable('invites').set({ expires_at: new Date(Date.now() - 1000) }).where('uuid', '=', created.uuid).execute();
    const token = tokenOf(created.link);
    for (const bad of [token, crypto.randomUUID(), 'not-a-token', created.uuid, sha256(token)]) {
      for (const response of [await info(bad), await accept(bad, { name: 'Expired', password: 'expired password', password_confirmation: 'expired password' })]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('inviteInvalid');
      }
    }
    expect(await db().selectFrom('users').select('uuid').where('email', '=', 'expired@luma.test').execute()).toEqual([]);
  });

  it('members who are not admins get 403 forbidden', async () => {
    await createMember(db(), 'plain@luma.test', 'plain password');
    const cookie = await login(app(), 'plain@luma.test', 'plain password');
    const as = withCookie(app, () => cookie);
    const created = await invite('target@luma.test');
    for (const response of [
      await as.get('/v1/iam/invites'),
      await as.post('/v1/iam/invites', { email: 'friend@luma.test', role_uuids: [] }),
      await as.del(`/v1/iam/invites/${created.uuid}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden');
    }
    expect(mailer.sent.some((mail) => mail.to === 'friend@luma.test')).toBe(false);
  });
});
