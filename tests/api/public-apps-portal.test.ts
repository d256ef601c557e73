// A portal's visitors against a real database (docs/public-apps.md "Portals"): a signed-in visitor's
// list holds only the records they created there, never the API user's other records nor another
// visitor's, while a public page (no portal) lists every record the API user reads; and the portal's
// sign-in throttle, the platform's login windows on the portal's own keys, moved by the manual clock.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createRole, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { ManualClock, setClock } from '../../src/server/platform/clock';

describeApi(`portal visitors (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let notes = '';
  type Method = 'GET' | 'POST' | 'PUT';
  const call = (method: Method, url: string, payload?: unknown, env: 'dev' | 'live' = 'dev') =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': env } });
  const served = (host: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method, url, payload: payload as object, headers: { host, ...headers } });

  /** A public app serving a list of notes on `host`, live. */
  async function publicApp(name: string, host: string, apiUser: string, portal: boolean): Promise<void> {
    const made = await call('POST', '/v3/system/public-app', { name, hostnames: [host], api_user_uuid: apiUser, portal });
    expect(made.statusCode, made.body).toBe(200);
    const page = { id: 'home', title: 'Notes', path: 'home', blocks: [{ kind: 'component', ref: notes, entrypoint: 'list' }] };
    expect((await call('PUT', `/v3/system/app/${made.json().uuid}/definition/v1`, { definition: { pages: [page], menu: [] } })).statusCode).toBe(200);
    expect((await call('POST', `/v3/system/app/${made.json().uuid}/version/publish`, { env: 'live', version: 'v1' })).statusCode).toBe(200);
  }

  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid } = await adminProject(db());
    notes = await componentWithFields(componentApi(app, () => admin, 'dev'), 'notes', [recordFields.text('title', {}, { read_sources: ['public-app'] })], { live: true });
    const role = await createRole(db(), projectUuid, { name: 'Portal writer', permissions: [`read ${notes}`, `create ${notes}`] });
    const made = await call('POST', '/v1/iam/api-users', { name: 'Portal', role_uuids: [role] });
    expect(made.statusCode, made.body).toBe(200);
    await publicApp('members', 'members.example.test', made.json().user.uuid, true);
    await publicApp('board', 'board.example.test', made.json().user.uuid, false);
  }, SETUP_TIMEOUT_MS);

  afterEach(() => setClock(null));

  async function visitor(email: string): Promise<string> {
    const registered = await served('members.example.test', 'POST', '/__public-app/portal/register', { email, name: email.split('@')[0], password: 'visitor password' });
    expect(registered.statusCode, registered.body).toBe(200);
    return `luma_portal=${registered.cookies.find((cookie) => cookie.name === 'luma_portal')!.value}`;
  }
  const titles = async (host: string, cookie?: string) => {
    const listed = await served(host, 'GET', `/__public-app/records/${notes}`, undefined, cookie ? { cookie } : {});
    expect(listed.statusCode, listed.body).toBe(200);
    return { titles: listed.json().items.map((item: { title: string }) => item.title).sort(), total: listed.json().total };
  };

  it("shows a portal visitor only the records they created; a public page lists all the API user's", async () => {
    // A record the platform wrote, one through the public page (no visitor: nobody's own).
    expect((await call('POST', `/v3/system/component/${notes}/model`, { data: { title: 'from the platform' } }, 'live')).statusCode).toBe(200);
    expect((await served('board.example.test', 'POST', `/__public-app/records/${notes}`, { data: { title: 'from the board' } })).statusCode).toBe(200);
    const ada = await visitor('ada@example.test');
    const bob = await visitor('bob@example.test');
    expect(await titles('members.example.test', ada)).toEqual({ titles: [], total: 0 });
    const mine = await served('members.example.test', 'POST', `/__public-app/records/${notes}`, { data: { title: 'ada one' } }, { cookie: ada });
    expect(mine.statusCode, mine.body).toBe(200);
    await served('members.example.test', 'POST', `/__public-app/records/${notes}`, { data: { title: 'ada two' } }, { cookie: ada });
    await served('members.example.test', 'POST', `/__public-app/records/${notes}`, { data: { title: 'bob one' } }, { cookie: bob });
    expect(await titles('members.example.test', ada)).toEqual({ titles: ['ada one', 'ada two'], total: 2 });
    expect(await titles('members.example.test', bob)).toEqual({ titles: ['bob one'], total: 1 });
    // The ownership is the visitor's id; the record itself is the API user's as any public app's write.
    const owner = await db().selectFrom('portal_records as p').innerJoin('portal_users as u', 'u.uuid', 'p.portal_user_uuid').select('u.email').where('p.record_uuid', '=', mine.json().uuid).executeTakeFirstOrThrow();
    expect(owner.email).toBe('ada@example.test');
    // The public page (no portal sign-in) lists every record; a page of the visitor's list stays theirs.
    expect(await titles('board.example.test')).toEqual({ titles: ['ada one', 'ada two', 'bob one', 'from the board', 'from the platform'], total: 5 });
    const paged = (await served('members.example.test', 'GET', `/__public-app/records/${notes}?limit=1&offset=1`, undefined, { cookie: ada })).json();
    expect([paged.total, paged.items.length, paged.items[0].title.startsWith('ada')]).toEqual([2, 1, true]);
    // Signed out, the portal's list is refused, never everyone's.
    expect((await served('members.example.test', 'GET', `/__public-app/records/${notes}`)).json().message).toBe('portalSignInRequired');
  });

  it("throttles a portal's sign-in as the platform's: too many failures refuse even the right password until the window passes", async () => {
    const clock = new ManualClock();
    setClock(clock);
    await visitor('cy@example.test');
    const signIn = (password: string, email = 'cy@example.test', ip = '203.0.113.7') =>
      app().inject({ method: 'POST', url: '/__public-app/portal/login', payload: { email, password }, headers: { host: 'members.example.test' }, remoteAddress: ip });
    const limit = server().config.loginMaxFailuresPerAccount;
    for (let attempt = 0; attempt < limit; attempt++) expect((await signIn('wrong password')).json().message).toBe('Login failed');
    const blocked = await signIn('visitor password');
    expect(blocked.json()).toMatchObject({ status: 429, message: 'tooManyAttempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // From another address too (the account's window), and the platform's own sign-in is not touched.
    expect((await signIn('visitor password', 'cy@example.test', '198.51.100.1')).statusCode).toBe(429);
    expect((await app().inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'cy@example.test', password: 'x' } })).statusCode).toBe(401);
    // Another visitor of the same portal is not blocked by cy's failures.
    await visitor('dee@example.test');
    expect((await signIn('visitor password', 'dee@example.test', '198.51.100.2')).statusCode).toBe(200);
    clock.advance(server().config.loginWindowMs + 1000);
    const after = await signIn('visitor password');
    expect(after.statusCode, after.body).toBe(200);
    // A success clears the account's failures: one more failure is not a block.
    expect((await signIn('wrong password')).statusCode).toBe(401);
    expect((await signIn('visitor password')).statusCode).toBe(200);
  });
});
