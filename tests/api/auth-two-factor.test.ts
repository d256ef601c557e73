// Two-factor sign-in and enrolment (docs/iam.md "Sign-in steps"): TOTP codes from otplib, each
// step once, wrong codes throttled and counted on the challenge, remembered devices, disabling.
import type { LightMyRequestResponse } from 'fastify';
import { authenticator } from 'otplib';
import { beforeEach, expect, it } from 'vitest';
import { ManualClock, now, setClock } from '../../src/server/platform/clock';
import { open } from '../../src/server/platform/secret-box';
import { hashToken } from '../../src/server/auth/sessions';
import { createMember, createUser } from './fixtures';
import { DB_KIND, describeApi, login, sessionCookie, useServer } from './harness';

const LOGIN = '/api/v1/auth/login';
const TWO_FACTOR = '/api/v1/auth/two-factor';
const PASSWORD = 'two-factor-password';
const STEP_MS = 30_000;

/** The code `offset` steps from the server clock's now (otplib's authenticator at a shifted epoch). */
const codeAt = (secret: string, offset = 0) => authenticator.clone({ epoch: now() + offset * STEP_MS }).generate(secret);
const currentStep = () => Math.floor(now() / STEP_MS);
/** Six digits that are no code of the window around now. */
const wrongCode = (secret: string) => {
  const valid = new Set([-1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
};

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie && cookie.value !== '' ? `${name}=${cookie.value}` : undefined;
}

describeApi(`auth two-factor (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;
  let counter = 0;
  // Each test runs at a fixed time in the middle of a 30 s step, so a code made here is checked by the
  // server in the same step however slow the machine (a step boundary between them once made
  // "the previous step's code" two steps old). Times in this file come from that clock too.
  beforeEach(() => {
    setClock(new ManualClock(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2));
    return () => setClock(null);
  });

  const post = (url: string, payload: unknown, cookie?: string, remoteAddress = '10.20.0.1') =>
    server().app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress });
  const get = (url: string, cookie: string) => server().app.inject({ url, headers: { cookie } });

  /** Signs in with the password: the luma_2fa cookie of the challenge. */
  async function challenge(email: string, remoteAddress = '10.20.0.1', device?: string): Promise<string> {
    const response = await post(LOGIN, { email, password: PASSWORD }, device, remoteAddress);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor: true });
    expect(sessionCookie(response)).toBeUndefined();
    return cookieOf(response, 'luma_2fa')!;
  }

  /** A member with two-factor enabled through the API; the step used by enabling is forgotten again. */
  async function enrolled(): Promise<{ email: string; uuid: string; secret: string; cookie: string }> {
    const email = `tf${++counter}@luma.test`;
    const { userUuid } = await createMember(db(), email, PASSWORD);
    const cookie = await login(server().app, email, PASSWORD);
    const setup = await post('/api/v1/user/two-factor/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const enable = await post('/api/v1/user/two-factor/enable', { code: codeAt(secret) }, cookie);
    expect(enable.json()).toEqual({ enabled: true });
    await forgetSteps(userUuid);
    return { email, uuid: userUuid, secret, cookie };
  }

  const forgetSteps = (uuid: string) => db().updateTable('users').set({ totp_last_step: null }).where('uuid', '=', uuid).execute();
  const userRow = (uuid: string) => db().selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
  const clearThrottle = () => db().deleteFrom('login_failures').execute();

  it('enrols: setup answers a pending secret, its otpauth URL and an SVG QR code; a code of it enables', async () => {
    const email = 'enrol@luma.test';
    const { userUuid } = await createMember(db(), email, PASSWORD);
    const cookie = await login(server().app, email, PASSWORD);
    expect((await get('/api/v1/user/two-factor', cookie)).json()).toEqual({ enabled: false });

    const first = (await post('/api/v1/user/two-factor/setup', {}, cookie)).json();
    const setup = await post('/api/v1/user/two-factor/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secret).not.toBe(first.secret);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Luma:enrol%40luma\.test\?/);
    expect(new URL(otpauth_url).searchParams.get('secret')).toBe(secret);
    expect(new URL(otpauth_url).searchParams.get('issuer')).toBe('Luma');
    expect(new URL(otpauth_url).searchParams.get('period')).toBe('30');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString('utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Stored sealed (docs/security.md "Secrets at rest"): the row never holds the seed itself.
    const pending = await userRow(userUuid);
    expect(pending.totp_secret).toBeNull();
    expect(pending.totp_pending_secret).not.toContain(secret);
    expect(open(pending.totp_pending_secret!, 'totp')).toBe(secret);

    // A code of the replaced pending secret, a wrong code and a malformed one: 417 on the code field.
    for (const code of [codeAt(first.secret), wrongCode(secret), 'abc']) {
      if (code === codeAt(secret)) continue;
      const wrong = await post('/api/v1/user/two-factor/enable', { code }, cookie);
      expect(wrong.statusCode).toBe(417);
      expect(wrong.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'code', messages: ['invalidCode'] }] });
    }
    expect((await post('/api/v1/user/two-factor/enable', {}, cookie)).statusCode).toBe(400);

    const enable = await post('/api/v1/user/two-factor/enable', { code: codeAt(secret) }, cookie);
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toEqual({ enabled: true });
    const row = await userRow(userUuid);
    expect(row).toMatchObject({ totp_secret: pending.totp_pending_secret, totp_pending_secret: null });
    expect(Number(row.totp_last_step)).toBeGreaterThanOrEqual(currentStep() - 1);
    expect((await get('/api/v1/user/two-factor', cookie)).json()).toEqual({ enabled: true });
    // The model never shows the secret; a new setup while enabled is refused (turn it off first).
    expect((await get('/api/v1/user/model', cookie)).body).not.toContain(secret);
    expect((await post('/api/v1/user/two-factor/setup', {}, cookie)).statusCode).toBe(400);
  });

  it('signs in in two steps: a luma_2fa challenge (stored hashed, 5 minutes), then the code starts the session', async () => {
    const { email, uuid, secret } = await enrolled();
    const response = await post(LOGIN, { email, password: PASSWORD });
    expect(response.json()).toEqual({ two_factor: true });
    expect(sessionCookie(response)).toBeUndefined();
    const raw = response.cookies.find((cookie) => cookie.name === 'luma_2fa')!;
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const rows = await db().selectFrom('two_factor_challenges').selectAll().where('user_uuid', '=', uuid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(raw.value));
    const lifetime = rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime();
    expect(lifetime).toBeGreaterThan(4.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const challengeCookie = `luma_2fa=${raw.value}`;

    // The challenge is not a session.
    expect((await get('/api/v1/user/claims', challengeCookie)).statusCode).toBe(401);
    // No challenge cookie, or a forged one: the sign-in has expired.
    for (const cookie of [undefined, 'luma_2fa=forged', `luma_2fa=${'x'.repeat(500)}`]) {
      const expired = await post(TWO_FACTOR, { code: codeAt(secret), remember: false }, cookie);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ status: 401, message: 'twoFactorExpired' });
    }

    const ok = await post(TWO_FACTOR, { code: codeAt(secret), remember: false }, challengeCookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ two_factor: false });
    const session = sessionCookie(ok)!;
    expect(session).toBeDefined();
    expect(ok.cookies.find((cookie) => cookie.name === 'luma_2fa')?.value).toBe('');
    expect(ok.cookies.find((cookie) => cookie.name === 'luma_device')).toBeUndefined();
    expect((await get('/api/v1/user/claims', session)).statusCode).toBe(200);
    expect((await userRow(uuid)).login_at).toBeInstanceOf(Date);
    // The challenge is used up.
    expect(await db().selectFrom('two_factor_challenges').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    const replay = await post(TWO_FACTOR, { code: codeAt(secret, 1), remember: false }, challengeCookie);
    expect(replay.json()).toMatchObject({ status: 401, message: 'twoFactorExpired' });
  });

  it('accepts each code once: the same code, or one of an earlier step, is refused; the next step is accepted', async () => {
    const { email, uuid, secret } = await enrolled();
    const code = codeAt(secret);
    expect((await post(TWO_FACTOR, { code, remember: false }, await challenge(email))).statusCode).toBe(200);
    const used = Number((await userRow(uuid)).totp_last_step);
    expect(used).toBeGreaterThanOrEqual(currentStep() - 1);

    const again = await post(TWO_FACTOR, { code, remember: false }, await challenge(email));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ status: 401, message: 'invalidCode' });
    expect(sessionCookie(again)).toBeUndefined();
    const earlier = await post(TWO_FACTOR, { code: codeAt(secret, -1), remember: false }, await challenge(email));
    expect(earlier.json()).toMatchObject({ message: 'invalidCode' });
    await clearThrottle();

    const next = await post(TWO_FACTOR, { code: codeAt(secret, 1), remember: false }, await challenge(email));
    expect(next.statusCode).toBe(200);
    expect(Number((await userRow(uuid)).totp_last_step)).toBeGreaterThan(used);
    // Outside the window (two steps ahead) a right code of the future is not accepted.
    await forgetSteps(uuid);
    const future = await post(TWO_FACTOR, { code: codeAt(secret, 3), remember: false }, await challenge(email));
    expect(future.json()).toMatchObject({ message: 'invalidCode' });
    await clearThrottle();
  });

  it('lets one of two concurrent uses of one code win', async () => {
    const { email, secret } = await enrolled();
    const [first, second] = [await challenge(email, '10.20.1.1'), await challenge(email, '10.20.1.2')];
    const code = codeAt(secret);
    const answers = await Promise.all([
      post(TWO_FACTOR, { code, remember: false }, first, '10.20.1.1'),
      post(TWO_FACTOR, { code, remember: false }, second, '10.20.1.2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(answers.filter((answer) => sessionCookie(answer) !== undefined)).toHaveLength(1);
    await clearThrottle();
  });

  it('answers 401 invalidCode for wrong and malformed codes, 400 for a missing or mistyped one', async () => {
    const { email } = await enrolled();
    const cookie = await challenge(email, '10.20.2.1');
    for (const code of ['12345', '1234567', 'abcdef']) {
      const response = await post(TWO_FACTOR, { code, remember: false }, cookie, '10.20.2.1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, message: 'invalidCode' });
    }
    await clearThrottle();
    expect((await post(TWO_FACTOR, { remember: false }, cookie, '10.20.2.1')).statusCode).toBe(400);
    expect((await post(TWO_FACTOR, { code: 123456 }, cookie, '10.20.2.1')).statusCode).toBe(400);
    expect((await post(TWO_FACTOR, { code: '123456', remember: 'yes' }, cookie, '10.20.2.1')).statusCode).toBe(400);
  });

  it('throttles wrong codes on the account: 429 for codes and passwords alike, even the right ones', async () => {
    const { email, secret } = await enrolled();
    const live = await challenge(email, '10.20.3.1');
    // The test configuration allows 3 failures per account; the addresses differ, the account does not.
    for (let i = 0; i < 3; i++) {
      const wrong = await post(TWO_FACTOR, { code: wrongCode(secret), remember: false }, live, `10.20.3.${10 + i}`);
      expect(wrong.json()).toMatchObject({ status: 401, message: 'invalidCode' });
    }
    const right = await post(TWO_FACTOR, { code: codeAt(secret), remember: false }, live, '10.20.3.30');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ status: 429, message: 'tooManyAttempts' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(sessionCookie(right)).toBeUndefined();
    const password = await post(LOGIN, { email, password: PASSWORD }, undefined, '10.20.3.31');
    expect(password.statusCode).toBe(429);
    // Signing in again does not reset the count of wrong codes.
    expect(await db().selectFrom('login_failures').select('count').where('key', '=', `account:${email}`).executeTakeFirstOrThrow()).toEqual({ count: 3 });

    // Once the window has passed (cleared here), the challenge (3 of 5 failures) still works, and success clears the account's count.
    await clearThrottle();
    await post(TWO_FACTOR, { code: wrongCode(secret), remember: false }, live, '10.20.3.32');
    const later = await post(TWO_FACTOR, { code: codeAt(secret), remember: false }, live, '10.20.3.33');
    expect(later.statusCode).toBe(200);
    expect(await db().selectFrom('login_failures').selectAll().where('key', '=', `account:${email}`).execute()).toEqual([]);
    await clearThrottle();
  });

  it('drops the challenge after 5 wrong codes (twoFactorExpired), so the right code no longer helps', async () => {
    const lenient = await server().appWith({ LUMA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '100' });
    const { email, uuid, secret } = await enrolled();
    const response = await lenient.inject({ method: 'POST', url: LOGIN, payload: { email, password: PASSWORD }, remoteAddress: '10.20.4.1' });
    const cookie = cookieOf(response, 'luma_2fa')!;
    const send = (code: string) => lenient.inject({ method: 'POST', url: TWO_FACTOR, payload: { code, remember: false }, headers: { cookie }, remoteAddress: '10.20.4.1' });
    const wrong = wrongCode(secret);
    for (let i = 1; i <= 4; i++) {
      expect((await send(wrong)).json()).toMatchObject({ status: 401, message: 'invalidCode' });
      const row = await db().selectFrom('two_factor_challenges').select('failures').where('user_uuid', '=', uuid).executeTakeFirstOrThrow();
      expect(row.failures).toBe(i);
    }
    const fifth = await send(wrong);
    expect(fifth.json()).toMatchObject({ status: 401, message: 'twoFactorExpired' });
    expect(fifth.cookies.find((candidate) => candidate.name === 'luma_2fa')?.value).toBe('');
    expect(await db().selectFrom('two_factor_challenges').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    expect((await send(codeAt(secret))).json()).toMatchObject({ status: 401, message: 'twoFactorExpired' });
    // The failures counted on the account too.
    const counter = await db().selectFrom('login_failures').select('count').where('key', '=', `account:${email}`).executeTakeFirstOrThrow();
    expect(counter.count).toBe(5);
    await clearThrottle();
  });

  it('remembers a device for 30 days (stored hashed): the next sign-in there skips the code', async () => {
    const { email, uuid, secret } = await enrolled();
    const ok = await post(TWO_FACTOR, { code: codeAt(secret), remember: true }, await challenge(email));
    expect(ok.statusCode).toBe(200);
    const device = ok.cookies.find((cookie) => cookie.name === 'luma_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const days = (new Date(device.expires!).getTime() - now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const rows = await db().selectFrom('remembered_devices').selectAll().where('user_uuid', '=', uuid).execute();
    expect(rows.map((row) => row.token_hash)).toEqual([hashToken(device.value)]);
    const deviceCookie = `luma_device=${device.value}`;

    const again = await post(LOGIN, { email, password: PASSWORD }, deviceCookie);
    expect(again.json()).toEqual({ two_factor: false });
    expect((await get('/api/v1/user/claims', sessionCookie(again)!)).statusCode).toBe(200);
    // A wrong password is still wrong on a remembered device.
    expect((await post(LOGIN, { email, password: 'not-it' }, deviceCookie)).statusCode).toBe(401);
    await clearThrottle();

    // The device is this user's only: another user, a forged or an expired device cookie still get a challenge.
    const other = await enrolled();
    await challenge(other.email, '10.20.0.1', deviceCookie);
    await challenge(email, '10.20.0.1', 'luma_device=forged');
    await db().updateTable('remembered_devices').set({ expires_at: new Date(now() - 1000) }).where('user_uuid', '=', uuid).execute();
    await challenge(email, '10.20.0.1', deviceCookie);
  });

  it('disables with a current code: sign-in is one step again and remembered devices are forgotten', async () => {
    const { email, uuid, secret, cookie } = await enrolled();
    const remembered = await post(TWO_FACTOR, { code: codeAt(secret), remember: true }, await challenge(email));
    expect(remembered.statusCode).toBe(200);
    const deviceCookie = cookieOf(remembered, 'luma_device')!;
    await challenge(email); // an open challenge, dropped by disabling

    // The code just used does not disable (each code once); a wrong one neither.
    for (const code of [codeAt(secret), '12345x']) {
      const refused = await post('/api/v1/user/two-factor/disable', { code }, cookie);
      expect(refused.statusCode).toBe(417);
      expect(refused.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'code', messages: ['invalidCode'] }] });
    }
    const off = await post('/api/v1/user/two-factor/disable', { code: codeAt(secret, 1) }, cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect(await userRow(uuid)).toMatchObject({ totp_secret: null, totp_pending_secret: null, totp_last_step: null });
    expect(await db().selectFrom('remembered_devices').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    expect(await db().selectFrom('two_factor_challenges').selectAll().where('user_uuid', '=', uuid).execute()).toEqual([]);
    expect((await get('/api/v1/user/two-factor', cookie)).json()).toEqual({ enabled: false });

    const plain = await post(LOGIN, { email, password: PASSWORD }, deviceCookie);
    expect(plain.json()).toEqual({ two_factor: false });
    expect(sessionCookie(plain)).toBeDefined();
    // Disabling again is a no-op.
    expect((await post('/api/v1/user/two-factor/disable', { code: '000000' }, cookie)).json()).toEqual({ enabled: false });
  });

  it('throttles wrong codes when disabling', async () => {
    const { secret, cookie } = await enrolled();
    const wrong = wrongCode(secret);
    for (let i = 0; i < 3; i++) expect((await post('/api/v1/user/two-factor/disable', { code: wrong }, cookie)).statusCode).toBe(417);
    const blocked = await post('/api/v1/user/two-factor/disable', { code: codeAt(secret) }, cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 429, message: 'tooManyAttempts' });
    expect((await get('/api/v1/user/two-factor', cookie)).json()).toEqual({ enabled: true });
    await clearThrottle();
  });

  it('drops the challenge of a user suspended between the two steps', async () => {
    const { email, uuid, secret } = await enrolled();
    const cookie = await challenge(email);
    await db().updateTable('users').set({ status: 'inactive' }).where('uuid', '=', uuid).execute();
    const response = await post(TWO_FACTOR, { code: codeAt(secret), remember: false }, cookie);
    expect(response.json()).toMatchObject({ status: 401, message: 'twoFactorExpired' });
    expect(sessionCookie(response)).toBeUndefined();
  });

  it('keeps users without two-factor on the one-step sign-in', async () => {
    await createUser(db(), 'plain-tf@luma.test', PASSWORD);
    const response = await post(LOGIN, { email: 'plain-tf@luma.test', password: PASSWORD });
    expect(response.json()).toEqual({ two_factor: false });
    expect(sessionCookie(response)).toBeDefined();
    expect(response.cookies.find((cookie) => cookie.name === 'luma_2fa')).toBeUndefined();
  });
});
