// Forgotten passwords end to end over real SMTP (docs/iam.md "Registration, reset, invites"): the
// server mails through LUMA_SMTP_URL to an smtp-server started here; the test reads the raw message,
// takes the link out of it and follows it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMailer, type Mailer } from '../../src/server/platform/mail';
import { hashToken } from '../../src/server/auth/sessions';
import { createUser } from './fixtures';
import { DB_KIND, describeApi, login, sessionCookie, useServer } from './harness';

const FORGOT = '/api/v1/auth/password/forgot';
const RESET = '/api/v1/auth/password/reset';
const PUBLIC_URL = 'https://luma.example.com';
const OLD_PASSWORD = 'old-password-1';
const NEW_PASSWORD = 'brand-new-password-2';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The text part of a raw message, quoted-printable decoded when it says so. */
function messageText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    body = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < body.length; i++) {
      const hex = body[i] === '=' ? body.slice(i + 1, i + 3) : '';
      if (/^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(body[i]!, 'utf8'));
      }
    }
    body = Buffer.from(bytes).toString('utf8');
  } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

function resetTokenOf(mail: ReceivedMail): { link: string; token: string } {
  const match = /(\S+\/user\/resetpassword\/([^\s/]+))/.exec(messageText(mail.raw));
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return { link: match[1]!, token: match[2]! };
}

describeApi(`auth password reset over SMTP (${DB_KIND})`, () => {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // Filled in before the server starts (useServer reads its overrides in its own beforeAll).
  const overrides: Record<string, string> = { LUMA_PUBLIC_URL: PUBLIC_URL, LUMA_MAIL_FROM: 'Luma <no-reply@luma.example.com>' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    overrides.LUMA_SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  // The server's mailer, over the SMTP server above, noting each recipient as the server hands the mail
  // over. The forgot answer comes after that hand-over, so "nothing was mailed" is known at the answer:
  // no waiting for a mail that should not come.
  const handedOver: string[] = [];
  let smtpMailer: Mailer | null = null;
  const mailer: Mailer = {
    send(message) {
      handedOver.push(message.to);
      smtpMailer ??= createMailer({ smtpUrl: overrides.LUMA_SMTP_URL!, mailFrom: overrides.LUMA_MAIL_FROM! }, { info() {} });
      return smtpMailer.send(message);
    },
    close() {
      smtpMailer?.close();
      smtpMailer = null;
    },
  };
  const server = useServer(overrides, { mailer });
  const db = () => server().database.db;

  let address = 0;
  const forgot = (email: unknown, headers: Record<string, string> = {}, remoteAddress = `10.40.0.${++address}`) =>
    server().app.inject({ method: 'POST', url: FORGOT, payload: { email } as object, headers, remoteAddress });
  const reset = (payload: unknown) => server().app.inject({ method: 'POST', url: RESET, payload: payload as object });
  const resetBody = (token: string, password = NEW_PASSWORD, confirmation = password) => ({ token, password, password_confirmation: confirmation });
  const loginStatus = async (email: string, password: string) =>
    (await server().app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: '10.40.9.9' })).statusCode;

  /** The next mail to `to` (mails go out after the answer, so wait until the SMTP server has it). */
  async function mailTo(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const index = await vi.waitFor(
      () => {
        const found = inbox.findIndex((mail) => mail.to.includes(to));
        if (found < 0) throw new Error(`no mail to ${to}`);
        return found;
      },
      { timeout: timeoutMs, interval: 20 },
    );
    return inbox.splice(index, 1)[0]!;
  }
  /** The server has handed over exactly `count` mails to `to` so far (0: none will arrive). */
  function mailsHandedOver(to: string, count: number): void {
    expect(handedOver.filter((recipient) => recipient.toLowerCase() === to.toLowerCase())).toHaveLength(count);
  }

  it('mails a link built from LUMA_PUBLIC_URL, never from Host or X-Forwarded-Host; the token is stored hashed', async () => {
    const uuid = await createUser(db(), 'reset@luma.test', OLD_PASSWORD, 'active', 'Reset Person');
    const response = await forgot('Reset@LUMA.test', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});

    const mail = await mailTo('reset@luma.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Luma password\r?$/m);
    expect(mail.raw).toMatch(/^From: Luma <no-reply@luma\.example\.com>\r?$/m);
    expect(mail.raw).not.toContain('evil.example');
    const { link, token } = resetTokenOf(mail);
    expect(link.startsWith(`${PUBLIC_URL}/user/resetpassword/`)).toBe(true);
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const rows = await db().selectFrom('password_resets').selectAll().where('user_uuid', '=', uuid).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    const minutes = (rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 1);

    // Behind a trusted proxy too, the forwarded host is not where the link points.
    const proxied = await server().appWith({ LUMA_TRUST_PROXY: 'true' });
    const again = await proxied.inject({
      method: 'POST',
      url: FORGOT,
      payload: { email: 'reset@luma.test' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-for': '10.40.5.5' },
    });
    expect(again.statusCode).toBe(200);
    const second = await mailTo('reset@luma.test');
    expect(second.raw).not.toContain('evil.example');
    expect(resetTokenOf(second).link.startsWith(`${PUBLIC_URL}/user/resetpassword/`)).toBe(true);
  });

  it('follows the link: sets the password, ends every session, and the link works once', async () => {
    const email = 'follow@luma.test';
    await createUser(db(), email, OLD_PASSWORD);
    const before = [await login(server().app, email, OLD_PASSWORD), await login(server().app, email, OLD_PASSWORD)];
    expect((await forgot(email)).statusCode).toBe(200);
    const { token } = resetTokenOf(await mailTo(email));

    // Password rules first; a rejected password does not use the link up.
    const mismatch = await reset(resetBody(token, NEW_PASSWORD, 'something-else'));
    expect(mismatch.statusCode).toBe(417);
    expect(mismatch.json()).toMatchObject({ status: 417, message: 'fieldsNotValid', errors: [{ field: 'password_confirmation', messages: ['passwordNotValid'] }] });
    const short = await reset(resetBody(token, 'short'));
    expect(short.json()).toMatchObject({ status: 417, errors: [{ field: 'password', messages: ['passwordNotValid'] }] });

    const done = await reset(resetBody(token));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({});
    expect(sessionCookie(done)).toBeUndefined();
    for (const cookie of before) expect((await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie } })).statusCode).toBe(401);
    const row = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.password_changed_at).toBeInstanceOf(Date);
    expect(await db().selectFrom('sessions').selectAll().where('user_uuid', '=', row.uuid).execute()).toEqual([]);

    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(email, OLD_PASSWORD)).toBe(401);

    const replay = await reset(resetBody(token, 'yet-another-password'));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ status: 400, message: 'resetLinkInvalid' });
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('answers 400 resetLinkInvalid for forged, malformed, missing and expired tokens', async () => {
    for (const token of [crypto.randomUUID(), 'not-a-uuid', '', 42, null, undefined, `${crypto.randomUUID()}x`]) {
      const response = await reset({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, message: 'resetLinkInvalid' });
    }
    const email = 'expired@luma.test';
    const uuid = await createUser(db(), email, OLD_PASSWORD);
    await forgot(email);
    const { token } = resetTokenOf(await mailTo(email));
    await db().updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).where('user_uuid', '=', uuid).execute();
    expect((await reset(resetBody(token))).json()).toMatchObject({ status: 400, message: 'resetLinkInvalid' });
    expect(await loginStatus(email, OLD_PASSWORD)).toBe(200);
    // Not an object at all: 400 too.
    expect((await reset([token])).statusCode).toBe(400);
  });

  it('voids older links when a newer one is asked for', async () => {
    const email = 'twice@luma.test';
    await createUser(db(), email, OLD_PASSWORD);
    await forgot(email);
    const first = resetTokenOf(await mailTo(email)).token;
    await forgot(email);
    const second = resetTokenOf(await mailTo(email)).token;
    expect(second).not.toBe(first);
    expect((await reset(resetBody(first))).json()).toMatchObject({ status: 400, message: 'resetLinkInvalid' });
    expect((await reset(resetBody(second))).statusCode).toBe(200);
  });

  it('lets one of two concurrent uses of one link win', async () => {
    const email = 'race-reset@luma.test';
    await createUser(db(), email, OLD_PASSWORD);
    await forgot(email);
    const { token } = resetTokenOf(await mailTo(email));
    const answers = await Promise.all([reset(resetBody(token, 'first-password-1')), reset(resetBody(token, 'second-password-2'))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first-password-1' : 'second-password-2';
    expect(await loginStatus(email, winner)).toBe(200);
  });

  it('answers the same 200 {} for unknown, inactive, empty and malformed addresses, and mails nothing', async () => {
    await createUser(db(), 'suspended@luma.test', OLD_PASSWORD, 'inactive');
    for (const email of ['nobody@luma.test', 'suspended@luma.test', 'not an e-mail', '']) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    mailsHandedOver('nobody@luma.test', 0);
    mailsHandedOver('suspended@luma.test', 0);
    expect(handedOver).not.toContain('not an e-mail');
    const count = await db().selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const known = await db().selectFrom('password_resets').innerJoin('users', 'users.uuid', 'password_resets.user_uuid').where('users.email', '=', 'suspended@luma.test').selectAll().execute();
    expect(known).toEqual([]);
    expect(Number(count.n)).toBeGreaterThan(0);
    // A wrong shape is a bad request.
    expect((await forgot(42)).statusCode).toBe(400);
  });

  it('throttles per account and per address: over the limit the answer is the same, but nothing is mailed', async () => {
    const email = 'flood@luma.test';
    await createUser(db(), email, OLD_PASSWORD);
    // Three per account and window, from different addresses.
    for (let i = 0; i < 5; i++) expect((await forgot(email, {}, `10.41.0.${i}`)).json()).toEqual({});
    mailsHandedOver(email, 3);
    for (let i = 0; i < 3; i++) await mailTo(email);

    // Ten per address and window, across accounts.
    const emails = Array.from({ length: 11 }, (_, i) => `spray${i}@luma.test`);
    for (const each of emails) await createUser(db(), each, OLD_PASSWORD);
    for (const each of emails) expect((await forgot(each, {}, '10.41.1.1')).statusCode).toBe(200);
    for (const each of emails.slice(0, 10)) mailsHandedOver(each, 1);
    mailsHandedOver(emails[10]!, 0);
    for (const each of emails.slice(0, 10)) await mailTo(each);
    await forgot(emails[10]!, {}, '10.41.1.2');
    mailsHandedOver(emails[10]!, 1);
    await mailTo(emails[10]!);
  });
});
