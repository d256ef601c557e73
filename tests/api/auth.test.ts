import { expect, it } from 'vitest';
import { createMember, createUser } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, describeApi, login, sessionCookie, useManualClock, useServer } from './harness';

const LOGIN = '/api/v1/auth/login';
const UUID = /^[0-9a-f-]{36}$/;

describeApi(`auth (${DB_KIND})`, () => {
  const server = useServer();
  const post = (payload: unknown, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
    server().app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress, headers });

  it('signs in, sets an httpOnly SameSite=Lax session cookie and records login_at', async () => {
    const response = await post({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor: false });
    expect(response.headers['x-request-uuid']).toMatch(UUID);
    const cookie = response.cookies.find((candidate) => candidate.name === 'luma_session')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const db = server().database.db;
    const sessions = await db.selectFrom('sessions').selectAll().execute();
    expect(sessions.map((session) => session.id_hash)).not.toContain(cookie.value);
    expect(sessions.every((session) => /^[0-9a-f]{64}$/.test(session.id_hash))).toBe(true);
    const admin = await db.selectFrom('users').select('login_at').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(admin.login_at).toBeInstanceOf(Date);
  });

  it('matches the e-mail case-insensitively', async () => {
    const response = await post({ email: ' Admin@LUMA.test ', password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers an identical 401 "Login failed" for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await post({ email: ADMIN_EMAIL, password: 'nope' }, '10.0.1.1');
    const unknownEmail = await post({ email: 'nobody@luma.test', password: 'nope' }, '10.0.1.2');
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(sessionCookie(response)).toBeUndefined();
    }
    const strip = (body: Record<string, unknown>) => ({ ...body, request_uuid: undefined });
    expect(strip(wrongPassword.json())).toEqual(strip(unknownEmail.json()));
    expect(wrongPassword.json()).toEqual({ status: 401, message: 'Login failed', request_uuid: wrongPassword.headers['x-request-uuid'] });
    // Reset the admin's account counter for the other tests.
    await server().database.db.deleteFrom('login_failures').execute();
  });

  it('refuses banned, inactive and pending users with "Login failed"', async () => {
    const db = server().database.db;
    for (const status of ['banned', 'inactive', 'pending'] as const) {
      await createUser(db, `${status}@luma.test`, 'password-123', status);
      const response = await post({ email: `${status}@luma.test`, password: 'password-123' }, `10.0.2.${status.length}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Login failed');
    }
  });

  it('answers 400 with field errors for a missing or mistyped field and for malformed JSON', async () => {
    const missing = await post({ email: ADMIN_EMAIL });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, message: 'badRequest', errors: [{ field: 'password', messages: ['identityField.requiredField'] }] });
    const mistyped = await post({ email: ADMIN_EMAIL, password: 12345678 });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().errors).toEqual([{ field: 'password', messages: ['invalid'] }]);
    const malformed = await server().app.inject({ method: 'POST', url: LOGIN, payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status: 400, message: 'badRequest', request_uuid: malformed.headers['x-request-uuid'] });
    const noBody = await server().app.inject({ method: 'POST', url: LOGIN });
    expect(noBody.statusCode).toBe(400);
  });

  it('throttles an account after the configured failures, even for the right password, until the window passes', async () => {
    const clock = useManualClock();
    const fast = await server().appWith({ LUMA_LOGIN_WINDOW_MINUTES: '15' });
    const db = server().database.db;
    await createMember(db, 'throttled@luma.test', 'right-password');
    const attempt = (password: string, address: string) =>
      fast.inject({ method: 'POST', url: LOGIN, payload: { email: 'throttled@luma.test', password }, remoteAddress: address });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt('right-password', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, message: 'tooManyAttempts' });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(sessionCookie(blocked)).toBeUndefined();
    // The window starts at the first failure; a millisecond before it ends, sign-in is still refused.
    clock.advance(15 * 60_000 - 1);
    expect((await attempt('right-password', '10.1.0.99')).statusCode).toBe(429);
    clock.advance(1);
    const after = await attempt('right-password', '10.1.0.99');
    expect(after.statusCode).toBe(200);
  });

  it('throttles a client address across accounts', async () => {
    const strict = await server().appWith({ LUMA_LOGIN_MAX_FAILURES_PER_ADDRESS: '4', LUMA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '100' });
    for (let i = 0; i < 4; i++) {
      const response = await strict.inject({ method: 'POST', url: LOGIN, payload: { email: `probe${i}@luma.test`, password: 'x' }, remoteAddress: '10.9.9.9' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await strict.inject({ method: 'POST', url: LOGIN, payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, remoteAddress: '10.9.9.9' });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await strict.inject({ method: 'POST', url: LOGIN, payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, remoteAddress: '10.9.9.10' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('logout deletes the session server-side and clears the cookie', async () => {
    const { app, database } = server();
    const cookie = await login(app);
    expect((await app.inject({ url: '/api/v1/user/claims', headers: { cookie } })).statusCode).toBe(200);
    const before = await database.db.selectFrom('sessions').select('id_hash').execute();
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({});
    const cleared = logout.cookies.find((candidate) => candidate.name === 'luma_session');
    expect(cleared?.value).toBe('');
    const after = await database.db.selectFrom('sessions').select('id_hash').execute();
    expect(after).toHaveLength(before.length - 1);
    // The old cookie, replayed, is dead.
    const replay = await app.inject({ url: '/api/v1/user/claims', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: 401, message: 'unauthorized' });
  });

  it('answers 404 for auth paths that are not routes (the reset calls live under /password/), after asking who calls', async () => {
    const cookie = await login(server().app);
    for (const path of ['forgot-password', 'reset-password', 'signup']) {
      const anonymous = await server().app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload: {} });
      expect(anonymous.json()).toMatchObject({ status: 401, message: 'unauthorized' });
      const response = await server().app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload: {}, headers: { cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, message: 'notFound' });
    }
  });

  it('refuses a state-changing request from a foreign Origin (403) and accepts its own', async () => {
    const foreign = await post({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.3.1', { origin: 'http://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ status: 403, message: 'forbidden' });
    const publicOrigin = await post({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.3.1', { origin: 'http://localhost:0' });
    expect(publicOrigin.statusCode).toBe(200);
    // The request's own Host is never the judge: a client picks it (docs/security.md).
    const ownHost = await post({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.3.1', { origin: 'http://luma.internal:8080', host: 'luma.internal:8080' });
    expect(ownHost.statusCode).toBe(403);
  });

  it('marks the cookie Secure when LUMA_PUBLIC_URL is https', async () => {
    const https = await server().appWith({ LUMA_PUBLIC_URL: 'https://luma.example.com' });
    const response = await https.inject({ method: 'POST', url: LOGIN, payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((candidate) => candidate.name === 'luma_session')?.secure).toBe(true);
  });
});
