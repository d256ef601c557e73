import { expect, it } from 'vitest';
import { hashToken } from '../../src/server/services/sessions';
import { DB_KIND, describeApi, login, useServer } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLAIMS = '/api/v1/user/claims';

describeApi(`sessions (${DB_KIND})`, () => {
  const server = useServer();
  const sessionRow = (cookie: string) =>
    server().database.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashToken(cookie.split('=')[1]!)).executeTakeFirst();

  it('ends an idle session (401) and deletes it', async () => {
    const app = await server().appWith({ LUMA_SESSION_IDLE_MINUTES: '0.01' }); // 600 ms
    const cookie = await login(app);
    expect((await app.inject({ url: CLAIMS, headers: { cookie } })).statusCode).toBe(200);
    await sleep(800);
    const response = await app.inject({ url: CLAIMS, headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, message: 'unauthorized' });
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('keeps an active session alive past the idle lifetime', async () => {
    const app = await server().appWith({ LUMA_SESSION_IDLE_MINUTES: '0.01' });
    const cookie = await login(app);
    for (let i = 0; i < 6; i++) {
      await sleep(200);
      expect((await app.inject({ url: CLAIMS, headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it('ends a session at its absolute expiry even while active', async () => {
    const app = await server().appWith({ LUMA_SESSION_ABSOLUTE_HOURS: '0.0003' }); // 1.08 s
    const cookie = await login(app);
    const row = await sessionRow(cookie);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThan(2000);
    let status = 200;
    for (let i = 0; i < 8 && status === 200; i++) {
      await sleep(250);
      status = (await app.inject({ url: CLAIMS, headers: { cookie } })).statusCode;
    }
    expect(status).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('touches last_seen_at at most once a minute', async () => {
    const { app } = server();
    const cookie = await login(app);
    const first = (await sessionRow(cookie))!.last_seen_at;
    await app.inject({ url: CLAIMS, headers: { cookie } });
    await app.inject({ url: CLAIMS, headers: { cookie } });
    expect((await sessionRow(cookie))!.last_seen_at.getTime()).toBe(first.getTime());
  });

  it('rejects unknown, forged and oversized cookies with 401', async () => {
    const { app } = server();
    for (const cookie of ['luma_session=abc', `luma_session=${'A'.repeat(43)}`, `luma_session=${'x'.repeat(5000)}`, 'other=1']) {
      const response = await app.inject({ url: CLAIMS, headers: { cookie } });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('unauthorized');
    }
  });

  it('ends the sessions of a user who gets banned', async () => {
    const { app, database } = server();
    const cookie = await login(app);
    const row = (await sessionRow(cookie))!;
    await database.db.updateTable('users').set({ status: 'banned' }).where('uuid', '=', row.user_uuid).execute();
    try {
      expect((await app.inject({ url: CLAIMS, headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await database.db.updateTable('users').set({ status: 'active' }).where('uuid', '=', row.user_uuid).execute();
    }
  });
});
