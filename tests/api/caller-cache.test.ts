// The caller cache (src/server/auth/caller-cache.ts, docs/iam.md "Who is calling"): a caller's
// second call is found without the database, and every change to a row the caller was found from,
// written by anyone (here: plain SQL, as an operator or a script would), drops it on every instance
// through the triggers of migration 0019 and the bus. On PostgreSQL the change arrives as a NOTIFY
// after the commit, so the checks wait on the condition (until); on PGlite it is there at once.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MEDIA_PERMISSION } from '../../runtime/api/media';
import { hashToken } from '../../src/server/auth/sessions';
import { callServer } from './child-server';
import { adminProject, createMember, createUser, insertComponentRow, setRolePermissions } from './fixtures';
import { DB_KIND, describeApi, login, unavailable, until, useServer } from './harness';
import { signInOn, useTwoInstances } from './two-instances';

const PERMISSIONS = '/api/v1/user/role/permissions';
const WAIT_MS = 10_000;

describeApi(`the caller cache (${DB_KIND})`, () => {
  const server = useServer({ LUMA_CALLER_CACHE_SECONDS: '60' });
  const db = () => server().database.db;
  const stats = () => server().platform.callers.stats();
  const call = (cookie: string, url: string, headers: Record<string, string> = {}) => server().app.inject({ url, headers: { cookie, ...headers } });
  /** Calls until `status` (the change's NOTIFY may still be on its way); answers the last answer. */
  const once = async (what: string, request: () => Promise<{ statusCode: number; body: string }>, accept: (answer: { statusCode: number; body: string }) => boolean) =>
    until(what, WAIT_MS, async () => {
      const answer = await request();
      return accept(answer) ? answer : undefined;
    });
  /**
   * Calls until one call is answered from the cache (a hit and no miss): at once, unless a change's
   * NOTIFY (a session or secret stamped as used) was still on its way and dropped the copy.
   */
  const fromCache = <T>(request: () => Promise<T>): Promise<T> =>
    until('a call answered from the cache', WAIT_MS, async () => {
      const before = stats();
      const answer = await request();
      const after = stats();
      return after.hits - before.hits === 1 && after.misses === before.misses ? answer : undefined;
    });

  it("finds a caller's second call without the database, and keeps no unknown token", async () => {
    const cookie = await login(server().app);
    expect((await call(cookie, PERMISSIONS)).statusCode).toBe(200);
    const answer = await fromCache(() => call(cookie, PERMISSIONS));
    expect(answer.statusCode).toBe(200);
    // A token nobody has is looked up every time (never kept), and stays 401.
    const stranger = `luma_session=${'x'.repeat(43)}`;
    for (let i = 0; i < 2; i++) {
      const before = stats();
      expect((await call(stranger, PERMISSIONS)).statusCode).toBe(401);
      expect(stats().misses - before.misses).toBe(1);
    }
  });

  it("a role's permissions, a role taken away, an inactive membership and a banned user apply to the next calls", async () => {
    const member = await createMember(db(), 'cached@luma.test', 'cached password 1', [MEDIA_PERMISSION.use]);
    const cookie = await login(server().app, 'cached@luma.test', 'cached password 1');
    const permissions = async () => JSON.parse((await call(cookie, PERMISSIONS)).body).permissions as string[];
    expect(await permissions()).toEqual([MEDIA_PERMISSION.use]);
    await fromCache(() => call(cookie, PERMISSIONS));

    await setRolePermissions(db(), member.roleUuid, [MEDIA_PERMISSION.use, MEDIA_PERMISSION.upload]);
    await until('the new permission', WAIT_MS, async () => ((await permissions()).includes(MEDIA_PERMISSION.upload) ? true : undefined));
    await fromCache(() => call(cookie, PERMISSIONS));

    await db().deleteFrom('user_roles').where('user_uuid', '=', member.userUuid).execute();
    await until('no role', WAIT_MS, async () => ((await permissions()).length === 0 ? true : undefined));
    await fromCache(() => call(cookie, PERMISSIONS));

    await db().updateTable('project_users').set({ status: 'inactive' }).where('user_uuid', '=', member.userUuid).execute();
    const outside = await once('no project', () => call(cookie, '/api/v1/user/claims'), (answer) => answer.statusCode === 200 && JSON.parse(answer.body).ProjectUUID === null);
    expect(JSON.parse(outside.body)).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });

    await fromCache(() => call(cookie, '/api/v1/user/claims'));
    await db().updateTable('users').set({ status: 'banned' }).where('uuid', '=', member.userUuid).execute();
    await once('401 for a banned user', () => call(cookie, '/api/v1/user/claims'), (answer) => answer.statusCode === 401);
  });

  it('a session deleted by SQL, or its user renamed, applies to the next call', async () => {
    const userUuid = await createUser(db(), 'renamed@luma.test', 'renamed password 1', 'active', 'Before');
    const { projectUuid } = await adminProject(db());
    await db().insertInto('project_users').values({ project_uuid: projectUuid, user_uuid: userUuid, is_owner: false }).execute();
    const cookie = await login(server().app, 'renamed@luma.test', 'renamed password 1');
    expect(JSON.parse((await call(cookie, '/api/v1/user/model')).body).name).toBe('Before');
    await fromCache(() => call(cookie, '/api/v1/user/model'));
    await db().updateTable('users').set({ name: 'After' }).where('uuid', '=', userUuid).execute();
    await once('the new name', () => call(cookie, '/api/v1/user/model'), (answer) => JSON.parse(answer.body).name === 'After');

    await fromCache(() => call(cookie, '/api/v1/user/model'));
    await db().deleteFrom('sessions').where('id_hash', '=', hashToken(cookie.split('=')[1]!)).execute();
    await once('401 once the session is gone', () => call(cookie, '/api/v1/user/model'), (answer) => answer.statusCode === 401);
  });

  it("an API user's revoked secret is refused on its next call", async () => {
    const adminCookie = await login(server().app);
    const created = await server().app.inject({
      method: 'POST',
      url: '/api/v1/iam/api-users',
      headers: { cookie: adminCookie },
      payload: { name: 'cached robot', role_uuids: [] },
    });
    expect(created.statusCode).toBe(200);
    const { token } = created.json().secret as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    // The first call stamps the secret's last_used_at: that change drops the copy, a later call finds it again.
    expect((await server().app.inject({ url: '/api/v1/user/claims', headers: bearer })).statusCode).toBe(200);
    await fromCache(() => server().app.inject({ url: '/api/v1/user/claims', headers: bearer }));
    await db().updateTable('api_secrets').set({ revoked_at: new Date() }).where('secret_hash', '=', hashToken(token)).execute();
    await once('401 for a revoked secret', () => server().app.inject({ url: '/api/v1/user/claims', headers: bearer }), (answer) => answer.statusCode === 401);
  });

  it('a component created, or deployed to live, after the caller was found under its name is found', async () => {
    const cookie = await login(server().app);
    const { projectUuid } = await adminProject(db());
    const list = (env: 'dev' | 'live') => call(cookie, '/api/v3/system/component/cache/books/models', { 'x-project-env': env });
    expect((await list('dev')).statusCode).toBe(404);
    await fromCache(() => list('dev'));
    const uuid = await insertComponentRow(db(), projectUuid, { scope: 'cache', name: 'books' });
    await once('the new component', () => list('dev'), (answer) => answer.statusCode === 200);

    // Not deployed: live has no version (404), until the component's public_version names one.
    const live = await list('live');
    expect(live.statusCode).toBe(404);
    await fromCache(() => list('live'));
    await db().updateTable('components').set({ public_version: 'v1' }).where('uuid', '=', uuid).execute();
    await once('the deployed version', () => list('live'), (answer) => answer.statusCode === 200);
  });

  // PGlite's bus is in-process: it never stops listening.
  it.skipIf(DB_KIND !== 'postgres')('answers from the database while the bus cannot hear the changes, and forgets everything when it hears again', async () => {
    const cookie = await login(server().app);
    expect((await call(cookie, PERMISSIONS)).statusCode).toBe(200);
    await fromCache(() => call(cookie, PERMISSIONS));
    const bus = server().platform.bus as unknown as { listening(): boolean };
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'luma-bus' and datname = current_database()`.execute(db());
    await until('the bus to notice', WAIT_MS, () => (bus.listening() ? undefined : true));
    const before = stats();
    expect((await call(cookie, PERMISSIONS)).statusCode).toBe(200);
    expect((await call(cookie, PERMISSIONS)).statusCode).toBe(200);
    expect([stats().hits - before.hits, stats().misses - before.misses, stats().bypassed - before.bypassed]).toEqual([0, 0, 2]);
    await until('the bus to listen again', WAIT_MS, () => (bus.listening() ? true : undefined));
    await until('the cache to be emptied on reconnect', WAIT_MS, () => (stats().entries === 0 ? true : undefined));
  });
});

// Two real Luma processes (child processes, their caches on by default) on one PostgreSQL: a role
// changed through one process applies to the caller's next call on the other.
const runs = DB_KIND === 'postgres' && !unavailable;
const suite = runs ? describe : describe.skip;
suite(`the caller cache across two Luma processes on one PostgreSQL${runs ? '' : ' [skipped: PostgreSQL only]'}`, () => {
  const instances = useTwoInstances();

  it("a member's role changed through one process applies on the other", async () => {
    const { scratch, a, b } = instances();
    const db = scratch.database.db;
    const member = await createMember(db, 'two@luma.test', 'two processes 1', [MEDIA_PERMISSION.use]);
    const adminCookie = await signInOn(a.port);
    const memberCookie = await signInOn(b.port, 'two@luma.test', 'two processes 1');
    const permissionsOnB = async () => (await callServer(b.port, 'GET', '/v1/user/role/permissions', memberCookie)).json.permissions as string[];
    // Found twice on B: the second from B's cache.
    expect(await permissionsOnB()).toEqual([MEDIA_PERMISSION.use]);
    expect(await permissionsOnB()).toEqual([MEDIA_PERMISSION.use]);
    const changed = await callServer(a.port, 'PUT', `/v1/iam/roles/${member.roleUuid}`, adminCookie, { name: 'Role of two', permissions: [] });
    expect(changed.status).toBe(200);
    await until("B to hear A's change", WAIT_MS, async () => ((await permissionsOnB()).length === 0 ? true : undefined));
  });
});
