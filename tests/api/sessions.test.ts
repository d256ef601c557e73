import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/sessions';
import { DB_KIND, describeApi, login, useManualClock, useServer } from './harness';

const CLAIMS = '/api/v1/user/claims';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Time is the server's clock (src/server/platform/clock.ts): these tests move it instead of sleeping.
describeApi(`sessions (${DB_KIND})`, () => {
  const server = useServer();
  const sessionRow = (cookie: string) =>
    server().database.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashToken(cookie.split('=')[1]!)).executeTakeFirst();
  const claims = async (app: FastifyInstance, cookie: string) => (await app.inject({ url: CLAIMS, headers: { cookie } })).statusCode;

  it('ends an idle session (401) and deletes it, exactly at the idle lifetime', async () => {
    const clock = useManualClock();
    const app = await server().appWith({ LUMA_SESSION_IDLE_MINUTES: '10' });
    const cookie = await login(app);
    expect(await claims(app, cookie)).toBe(200);
    clock.advance(10 * MINUTE - 1);
    expect(await claims(app, cookie)).toBe(200); // a millisecond short: alive (and touched now)
    clock.advance(10 * MINUTE);
    const response = await app.inject({ url: CLAIMS, headers: { cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, message: 'unauthorized' });
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('keeps an active session alive past the idle lifetime', async () => {
    const clock = useManualClock();
    const app = await server().appWith({ LUMA_SESSION_IDLE_MINUTES: '10' });
    const cookie = await login(app);
    for (let i = 0; i < 6; i++) {
      clock.advance(8 * MINUTE); // 48 minutes in all, never 10 idle
      expect(await claims(app, cookie)).toBe(200);
    }
    expect((await sessionRow(cookie))!.last_seen_at.getTime()).toBe(clock.now());
  });

  it('ends a session at its absolute expiry even while active', async () => {
    const clock = useManualClock();
    const app = await server().appWith({ LUMA_SESSION_ABSOLUTE_HOURS: '1', LUMA_SESSION_IDLE_MINUTES: '30' });
    const cookie = await login(app);
    const row = await sessionRow(cookie);
    expect(row!.created_at.getTime()).toBe(clock.now());
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(HOUR);
    clock.advance(20 * MINUTE);
    expect(await claims(app, cookie)).toBe(200);
    clock.advance(20 * MINUTE);
    expect(await claims(app, cookie)).toBe(200);
    clock.advance(20 * MINUTE - 1);
    expect(await claims(app, cookie)).toBe(200);
    clock.advance(1);
    expect(await claims(app, cookie)).toBe(401);
    expect(await sessionRow(cookie)).toBeUndefined();
  });

  it('touches last_seen_at at most once a minute', async () => {
    const clock = useManualClock();
    const { app } = server();
    const cookie = await login(app);
    const first = (await sessionRow(cookie))!.last_seen_at.getTime();
    expect(first).toBe(clock.now());
    clock.advance(MINUTE - 1);
    expect(await claims(app, cookie)).toBe(200);
    expect(await claims(app, cookie)).toBe(200);
    expect((await sessionRow(cookie))!.last_seen_at.getTime()).toBe(first);
    clock.advance(1);
    expect(await claims(app, cookie)).toBe(200);
    expect((await sessionRow(cookie))!.last_seen_at.getTime()).toBe(first + MINUTE);
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
