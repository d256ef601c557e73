// The caller's sessions (docs/iam.md "Sessions and profile"): listing without tokens, ending one of
// their own (never another user's), ending all others, and ending the others with a password change.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/sessions';
import { adminProject, createMember, createUser } from './fixtures';
import { DB_KIND, describeApi, login, useManualClock, useServer } from './harness';

const SESSIONS = '/api/v1/user/sessions';
const PASSWORD = 'sessions-password';

describeApi(`user sessions (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;
  let counter = 0;

  const signIn = (email: string, password = PASSWORD, userAgent = 'Agent', remoteAddress = '10.50.0.1') =>
    server()
      .app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress })
      .then((response) => {
        const cookie = response.cookies.find((candidate) => candidate.name === 'luma_session');
        if (!cookie) throw new Error(`login failed: ${response.body}`);
        return `luma_session=${cookie.value}`;
      });
  const list = (cookie: string) => server().app.inject({ url: SESSIONS, headers: { cookie } });
  const end = (cookie: string, uuid: string) => server().app.inject({ method: 'DELETE', url: `${SESSIONS}/${uuid}`, headers: { cookie } });
  const endOthers = (cookie: string) => server().app.inject({ method: 'POST', url: `${SESSIONS}/end-others`, headers: { cookie } });
  const alive = async (cookie: string) => (await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie } })).statusCode === 200;
  const sessionUuid = async (cookie: string) =>
    (await db().selectFrom('sessions').select('uuid').where('id_hash', '=', hashToken(cookie.split('=')[1]!)).executeTakeFirstOrThrow()).uuid;

  async function person(): Promise<{ email: string; uuid: string }> {
    const email = `sessions${++counter}@luma.test`;
    const { userUuid } = await createMember(db(), email, PASSWORD);
    return { email, uuid: userUuid };
  }

  it('lists the caller\'s live sessions, newest first, marking the current one, without tokens', async () => {
    const clock = useManualClock();
    const { email } = await person();
    const older = await signIn(email, PASSWORD, 'Firefox', '10.50.1.1');
    clock.advance(1000);
    const newer = await signIn(email, PASSWORD, 'Chrome', '10.50.1.2');
    // Someone else's session is not listed.
    await login(server().app);

    const response = await list(older);
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toEqual([
      { uuid: await sessionUuid(newer), created_at: expect.any(String), last_seen_at: expect.any(String), ip: '10.50.1.2', user_agent: 'Chrome', current: false },
      { uuid: await sessionUuid(older), created_at: expect.any(String), last_seen_at: expect.any(String), ip: '10.50.1.1', user_agent: 'Firefox', current: true },
    ]);
    expect(new Date(items[0].created_at).getTime()).toBeGreaterThan(new Date(items[1].created_at).getTime());
    expect(response.body).not.toContain(older.split('=')[1]);
    expect(response.body).not.toContain(hashToken(older.split('=')[1]!));
    expect((await list(newer)).json().map((item: { current: boolean }) => item.current)).toEqual([true, false]);

    // An expired session is not listed.
    await db().updateTable('sessions').set({ expires_at: new Date(clock.now() - 1) }).where('uuid', '=', await sessionUuid(newer)).execute();
    expect((await list(older)).json()).toHaveLength(1);
  });

  it('ends one of the caller\'s own sessions; another user\'s session is 404 and stays', async () => {
    const { email } = await person();
    const mine = await signIn(email);
    const other = await signIn(email);
    const stranger = await person();
    const strangers = await signIn(stranger.email);

    const foreign = await end(mine, await sessionUuid(strangers));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, message: 'notFound' });
    expect(await alive(strangers)).toBe(true);
    for (const uuid of ['not-a-uuid', crypto.randomUUID()]) expect((await end(mine, uuid)).statusCode).toBe(404);

    const otherUuid = await sessionUuid(other);
    const ended = await end(mine, otherUuid);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({});
    expect(ended.cookies.find((cookie) => cookie.name === 'luma_session')).toBeUndefined();
    expect(await alive(other)).toBe(false);
    expect(await alive(mine)).toBe(true);
    // Again: it is gone.
    expect((await end(mine, otherUuid)).statusCode).toBe(404);
  });

  it('ends the current session too when asked, clearing its cookie', async () => {
    const { email } = await person();
    const cookie = await signIn(email);
    const response = await end(cookie, await sessionUuid(cookie));
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((candidate) => candidate.name === 'luma_session')?.value).toBe('');
    expect(await alive(cookie)).toBe(false);
  });

  it('ends every other session of the caller, and only theirs', async () => {
    const { email } = await person();
    const current = await signIn(email);
    const others = [await signIn(email), await signIn(email), await signIn(email)];
    const stranger = await person();
    const strangers = await signIn(stranger.email);

    const response = await endOthers(current);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 3 });
    expect(await alive(current)).toBe(true);
    for (const cookie of others) expect(await alive(cookie)).toBe(false);
    expect(await alive(strangers)).toBe(true);
    expect((await list(current)).json()).toHaveLength(1);
    expect((await endOthers(current)).json()).toEqual({ ended: 0 });
  });

  it('needs a session: 401 without one', async () => {
    expect((await server().app.inject({ url: SESSIONS })).statusCode).toBe(401);
    expect((await server().app.inject({ method: 'POST', url: `${SESSIONS}/end-others` })).statusCode).toBe(401);
    expect((await server().app.inject({ url: '/api/v1/user/two-factor' })).statusCode).toBe(401);
  });

  it('answers 403 to an API user (bearer, no session) on sessions and two-factor', async () => {
    const { projectUuid } = await adminProject(db());
    const uuid = crypto.randomUUID();
    await db().insertInto('users').values({ uuid, name: 'Robot', email: '', kind: 'api' }).execute();
    await db().insertInto('project_users').values({ project_uuid: projectUuid, user_uuid: uuid }).execute();
    const token = `luma_${randomBytes(32).toString('base64url')}`;
    await db().insertInto('api_secrets').values({ user_uuid: uuid, secret_hash: hashToken(token), hint: token.slice(-4) }).execute();
    const headers = { authorization: `Bearer ${token}` };
    // The bearer works for the API user's own calls...
    expect((await server().app.inject({ url: '/api/v1/user/claims', headers })).statusCode).toBe(200);
    // ...but it has no sessions or two-factor of its own.
    for (const [method, url] of [
      ['GET', SESSIONS],
      ['POST', `${SESSIONS}/end-others`],
      ['DELETE', `${SESSIONS}/${crypto.randomUUID()}`],
      ['GET', '/api/v1/user/two-factor'],
      ['POST', '/api/v1/user/two-factor/setup'],
    ] as const) {
      const response = await server().app.inject({ method, url, headers });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, message: 'forbidden' });
    }
  });

  it('POST /v1/user/profile/edit with a new password and end_other_sessions: true ends the others', async () => {
    const { email, uuid } = await person();
    const current = await signIn(email);
    const others = [await signIn(email), await signIn(email)];
    const edit = (payload: unknown) => server().app.inject({ method: 'POST', url: '/api/v1/user/profile/edit', payload: payload as object, headers: { cookie: current } });

    // Unknown fields are refused (400 unknownField), never ignored.
    const unknown = await edit({ name: 'Session Person', email, end_other_sessions: true, is_admin: true, whatever: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'is_admin', messages: ['unknownField'] }] });
    // Without a new password the flag changes nothing.
    const noPassword = await edit({ name: 'Session Person', email, end_other_sessions: true });
    expect(noPassword.statusCode).toBe(200);
    expect(noPassword.json()).toMatchObject({ name: 'Session Person', is_admin: false });
    for (const cookie of others) expect(await alive(cookie)).toBe(true);

    // A new password alone keeps the other sessions.
    const keep = await edit({ name: 'Session Person', email, password: 'changed-password-1', password_confirmation: 'changed-password-1' });
    expect(keep.statusCode).toBe(200);
    for (const cookie of others) expect(await alive(cookie)).toBe(true);

    // An invalid edit ends nothing.
    const invalid = await edit({ name: 'X', email, password: 'changed-password-2', password_confirmation: 'changed-password-2', end_other_sessions: true });
    expect(invalid.statusCode).toBe(417);
    for (const cookie of others) expect(await alive(cookie)).toBe(true);

    const ended = await edit({ name: 'Session Person', email, password: 'changed-password-2', password_confirmation: 'changed-password-2', end_other_sessions: true });
    expect(ended.statusCode).toBe(200);
    expect(await alive(current)).toBe(true);
    for (const cookie of others) expect(await alive(cookie)).toBe(false);
    const row = await db().selectFrom('users').select('password_changed_at').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row.password_changed_at).toBeInstanceOf(Date);
    expect((await server().app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'changed-password-2' } })).statusCode).toBe(200);
  });

  it('keeps the sessions of a user with no project listable', async () => {
    await createUser(db(), 'lonely-sessions@luma.test', PASSWORD);
    const cookie = await signIn('lonely-sessions@luma.test');
    const items = (await list(cookie)).json();
    expect(items).toHaveLength(1);
    expect(items[0].current).toBe(true);
  });
});
