// Public apps and portals (docs/public-apps.md) against a real database: the admin calls with the
// hostname rules (at least one, valid, unique across the platform and its projects, 'stage.' reserved,
// never the platform's own), the limit, the gateway's lists; serving by Host without a session on any
// instance (the page, the calls, the platform API refused there), fields only through their public
// read sources, the API user's permissions, forged components and hostile bodies; portal visitors
// with their own accounts and cookie, never a platform session and never the reverse.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createProject, createRole, insertComponentRow, recordFields, setRolePermissions } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { runHousekeeping } from '../../src/server/housekeeping';

describeApi(`public apps (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PUBLIC_APP_LIMIT: '3' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let leads = '';
  let role = '';
  let apiUser = '';
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, env: 'dev' | 'live' = 'dev') =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': env } });
  const served = (host: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method, url, payload: payload as object, headers: { host, ...headers } });
  const fields = (response: { json: () => { errors: { field: string; messages: string[] }[] } }) => response.json().errors.map((error) => `${error.field}:${error.messages[0]}`);

  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid } = await adminProject(db());
    leads = await componentWithFields(
      componentApi(app, () => admin, 'dev'),
      'leads',
      [
        recordFields.text('email_address', {}, { read_sources: ['public-app'] }),
        recordFields.text('message', { required: false }, { read_sources: ['public-app::contact'] }),
        recordFields.text('internal_note', { required: false }, { read_sources: ['platform-app'] }),
        recordFields.text('other_app_only', { required: false }, { read_sources: ['public-app::other'] }),
      ],
      { live: true },
    );
    role = await createRole(db(), projectUuid, { name: 'Public writer', permissions: [`read ${leads}`, `create ${leads}`] });
    const made = await call('POST', '/v1/iam/api-users', { name: 'Website', role_uuids: [role] });
    expect(made.statusCode, made.body).toBe(200);
    apiUser = made.json().user.uuid;
  }, SETUP_TIMEOUT_MS);

  let contact = '';

  it('creates a public app with its hostnames, API user and an empty v1 on dev; hostnames follow the rules', async () => {
    const created = await call('POST', '/v3/system/public-app', { name: 'contact', label: 'Contact us', hostnames: ['Contact.Example.test.', 'contact.example.test', 'www.contact.example.test'], api_user_uuid: apiUser });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'contact', label: 'Contact us', hostnames: ['contact.example.test', 'www.contact.example.test'], api_user_uuid: apiUser, api_user_name: 'Website', portal: false, dev_version: 'v1', public_version: null, versions: ['v1'] });
    contact = created.json().uuid;

    expect(fields(await call('POST', '/v3/system/public-app', { name: 'nohost' }))).toEqual(['hostnames:publicAppHostnameRequired']);
    expect(fields(await call('POST', '/v3/system/public-app', { name: 'nohost', hostnames: [] }))).toEqual(['hostnames:publicAppHostnameRequired']);
    const bad = [['localhost', '127.0.0.1', 'stage.shop.example.test', 'a_b.example.test', 'shop.example.test:80'], ['http://x.example.test', '-a.example.test', 'x..test', 42, 'shop.example.123', `${'a'.repeat(64)}.test`, '[::1]']];
    for (const batch of bad) {
      const refused = await call('POST', '/v3/system/public-app', { name: 'bad', hostnames: batch });
      expect(refused.statusCode).toBe(417);
      expect(fields(refused)).toEqual(batch.map((_, index) => `hostnames[${index}]:publicAppHostnameRule`));
    }
    expect(fields(await call('POST', '/v3/system/public-app', { name: 'bad', hostnames: Array.from({ length: 11 }, (_, i) => `h${i}.example.test`) }))).toEqual(['hostnames:cantBeMoreThenChars']);
    const taken = await call('POST', '/v3/system/public-app', { name: 'copycat', hostnames: ['fresh.example.test', 'WWW.contact.example.test'] });
    expect([taken.statusCode, taken.json().message, fields(taken)]).toEqual([409, 'hostnameAlreadyExists', ['hostnames[1]:hostnameAlreadyExists']]);
    // Unique across the platform: another project's app cannot take it either (inserted as its own admin would).
    const elsewhere = await createProject(db(), 'Elsewhere');
    await db().insertInto('apps').values({ uuid: crypto.randomUUID(), project_uuid: elsewhere.projectUuid, kind: 'public', name: 'theirs', label: 'Theirs', icon: null, dev_version: 'v1', public_version: 'v1' }).execute();
    const theirs = (await db().selectFrom('apps').select('uuid').where('name', '=', 'theirs').executeTakeFirstOrThrow()).uuid;
    await db().insertInto('app_versions').values({ app_uuid: theirs, name: 'v1', definition: JSON.stringify({ pages: [{ id: 'p', title: 'Theirs', path: 'p', blocks: [{ kind: 'text', html: '<p>their secret page</p>' }] }], menu: [] }) }).execute();
    await db().insertInto('public_apps').values({ app_uuid: theirs, api_user_uuid: null, portal: false }).execute();
    await db().insertInto('public_app_hostnames').values({ hostname: 'theirs.example.test', app_uuid: theirs }).execute();
    expect((await call('POST', '/v3/system/public-app', { name: 'copycat', hostnames: ['theirs.example.test'] })).json().message).toBe('hostnameAlreadyExists');
    // The platform's own hostname is never an app's.
    const own = new URL(server().config.publicUrl).hostname;
    expect((await call('POST', '/v3/system/public-app', { name: 'copycat', hostnames: [`${own}`] })).statusCode).toBe(417);
    // An API user must be one of the project's API users; unknown keys are 400.
    const { adminUuid } = await adminProject(db());
    expect(fields(await call('POST', '/v3/system/public-app', { name: 'copycat', hostnames: ['fresh.example.test'], api_user_uuid: adminUuid }))).toEqual(['api_user_uuid:invalidSelection']);
    expect((await call('POST', '/v3/system/public-app', { name: 'copycat', hostnames: ['fresh.example.test'], theme: 'dark' })).statusCode).toBe(400);
    // Changing hostnames keeps the rules; a hostname given up is free again.
    const changed = await call('PATCH', `/v3/system/public-app/${contact}`, { hostnames: ['contact.example.test'] });
    expect(changed.json().hostnames).toEqual(['contact.example.test']);
    expect((await call('PATCH', `/v3/system/public-app/${contact}`, { hostnames: [] })).statusCode).toBe(417);
  });

  it("answers 'maximumPublicAppsReached' past the project's limit, and keeps public apps out of the platform app lists", async () => {
    expect((await call('POST', '/v3/system/public-app', { name: 'second', hostnames: ['second.example.test'] })).statusCode).toBe(200);
    expect((await call('POST', '/v3/system/public-app', { name: 'portal', hostnames: ['portal.example.test'], api_user_uuid: apiUser, portal: true })).statusCode).toBe(200);
    const refused = await call('POST', '/v3/system/public-app', { name: 'fourth', hostnames: ['fourth.example.test'] });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'maximumPublicAppsReached']);
    expect(await db().selectFrom('public_app_hostnames').select('hostname').where('hostname', '=', 'fourth.example.test').executeTakeFirst()).toBeUndefined();
    expect((await call('GET', '/v3/system/public-app')).json().map((item: { name: string }) => item.name)).toEqual(['contact', 'portal', 'second']);
    expect((await call('GET', '/v3/system/app')).json()).toEqual([]);
    expect((await call('GET', '/v3/system/gateway/app-service/app/all')).json()).toEqual([]);
    // A platform app's id is not a public app's.
    const platformApp = (await call('POST', '/v3/system/app', { name: 'inside' })).json().uuid;
    expect((await call('GET', `/v3/system/public-app/${platformApp}`)).statusCode).toBe(404);
  });

  it('lists the public apps each environment serves, with hostnames, and their onboarding', async () => {
    const page = { id: 'home', title: 'Write to us', path: 'home', blocks: [{ kind: 'text', html: '<p>Hello<script>x()</script></p>' }, { kind: 'component', ref: leads, entrypoint: 'create' }] };
    expect((await call('PUT', `/v3/system/app/${contact}/definition/v1`, { definition: { pages: [page], menu: [] } })).statusCode).toBe(200);
    expect((await call('GET', '/v3/system/gateway/app-service/public-app/all', undefined, 'live')).json()).toEqual([]);
    expect((await call('POST', `/v3/system/app/${contact}/version/publish`, { env: 'live', version: 'v1' })).statusCode).toBe(200);
    const live = (await call('GET', '/v3/system/gateway/app-service/public-app/all', undefined, 'live')).json();
    expect(live).toEqual([{ uuid: contact, name: 'contact', label: 'Contact us', icon: null, version: 'v1', hostnames: ['contact.example.test'], portal: false }]);
    const onboarding = (await call('GET', '/v3/system/gateway/app-service/public-app/onboarding')).json();
    expect(onboarding.find((item: { uuid: string }) => item.uuid === contact)).toEqual({ uuid: contact, name: 'contact', dev_version: 'v1', public_version: 'v1', onboarding: { required: false, finished: false } });
  });

  it('serves the app on its hostname without a session, on every instance, and nothing of the platform there', async () => {
    const appDir = await mkdtemp(join(tmpdir(), 'luma-public-app-'));
    await writeFile(join(appDir, 'index.html'), '<!doctype html><title>platform page</title>');
    await writeFile(join(appDir, 'public-app.html'), '<!doctype html><title>public page</title>');
    const other = await server().appWith({ LUMA_APP_DIR: appDir });
    const page = await other.inject({ method: 'GET', url: '/anything/here', headers: { host: 'contact.example.test', accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('public page');
    expect((await other.inject({ method: 'GET', url: '/anything/here', headers: { accept: 'text/html' } })).body).toContain('platform page');
    // A path of the app's calls that is none never gets the platform's page there.
    const unknownCall = await other.inject({ method: 'GET', url: '/__public-app/nothing', headers: { host: 'contact.example.test', accept: 'text/html' } });
    expect([unknownCall.statusCode, unknownCall.body.includes('platform page')]).toEqual([404, false]);
    const site = await other.inject({ method: 'GET', url: '/__public-app/site', headers: { host: 'contact.example.test:8080' } });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().app).toEqual({ uuid: contact, name: 'contact', label: 'Contact us', version: 'v1', stage: false, portal: false });
    expect(site.json().definition.pages[0].blocks[0].html).not.toContain('script');
    // Only the fields whose read sources allow this app, never another app's or the platform app's.
    expect(site.json().components[leads].fields.map((field: { key: string }) => field.key)).toEqual(['email_address', 'message']);
    expect(site.body).not.toContain('internal_note');
    expect(site.body).not.toContain('other_app_only');
    // The platform's API and its login are not on the app's hostname; the app's calls are not on the platform's.
    expect((await served('contact.example.test', 'GET', '/api/v1/user/claims', undefined, { cookie: admin })).statusCode).toBe(404);
    expect((await served('contact.example.test', 'POST', '/api/v1/auth/login', { email: 'a@b.c', password: 'x' })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: '/__public-app/site' })).statusCode).toBe(404);
    expect((await served('unknown.example.test', 'GET', '/__public-app/site')).statusCode).toBe(404);
    // Another project's app on its own hostname is its own: nothing of this project.
    const theirs = await served('theirs.example.test', 'GET', '/__public-app/site');
    expect(theirs.statusCode, theirs.body).toBe(403);
    expect((await served('theirs.example.test', 'GET', `/__public-app/records/${leads}`)).statusCode).toBe(403);
    await db().updateTable('public_apps').set({ api_user_uuid: apiUser }).where('app_uuid', '=', (await db().selectFrom('apps').select('uuid').where('name', '=', 'theirs').executeTakeFirstOrThrow()).uuid).execute();
    // An API user of another project is no one there: still refused, never this project's rights.
    expect((await served('theirs.example.test', 'GET', '/__public-app/site')).statusCode).toBe(403);
    expect((await served('theirs.example.test', 'GET', `/__public-app/records/${leads}`)).statusCode).toBe(403);
  });

  it("serves the dev version on 'stage.' + a hostname", async () => {
    const dev = { id: 'dev', title: 'Dev page', path: 'dev', blocks: [{ kind: 'text', html: '<p>dev</p>' }] };
    expect((await call('POST', `/v3/system/app/${contact}/version/fork`, { from: 'v1', name: 'v2' })).statusCode).toBe(200);
    expect((await call('PUT', `/v3/system/app/${contact}/definition/v2`, { definition: { pages: [dev], menu: [] } })).statusCode).toBe(200);
    expect((await call('POST', `/v3/system/app/${contact}/version/publish`, { env: 'dev', version: 'v2' })).statusCode).toBe(200);
    const stage = (await served('stage.contact.example.test', 'GET', '/__public-app/site')).json();
    expect([stage.app.version, stage.app.stage, stage.definition.pages[0].title]).toEqual(['v2', true, 'Dev page']);
    expect((await served('contact.example.test', 'GET', '/__public-app/site')).json().app.version).toBe('v1');
    // An app with no live version is not found on its live hostname.
    expect((await served('second.example.test', 'GET', '/__public-app/site')).statusCode).toBe(404);
  });

  it("reads and writes records through the public fields only, with the API user's permissions", async () => {
    const post = (data: unknown, component = leads) => served('contact.example.test', 'POST', `/__public-app/records/${component}`, { data }, { origin: 'http://contact.example.test' });
    const created = await post({ email_address: 'visitor@example.test', message: 'Hi' });
    expect(created.statusCode, created.body).toBe(200);
    expect(Object.keys(created.json()).sort()).toEqual(['email_address', 'message', 'uuid']);
    const stored = await call('GET', `/v3/system/component/${leads}/model/${created.json().uuid}`, undefined, 'live');
    expect(stored.json().email_address).toBe('visitor@example.test');
    // A field without a public read source (or another app's) is refused and nothing is written.
    const before = (await served('contact.example.test', 'GET', `/__public-app/records/${leads}`)).json().total;
    const refused = await post({ email_address: 'x@example.test', internal_note: 'sneaky', other_app_only: 'x' });
    expect([refused.statusCode, fields(refused)]).toEqual([417, ['data.internal_note:fieldNotPublic', 'data.other_app_only:fieldNotPublic']]);
    const listed = (await served('contact.example.test', 'GET', `/__public-app/records/${leads}?limit=5`)).json();
    expect(listed.total).toBe(before);
    for (const item of listed.items) expect(Object.keys(item).sort()).toEqual(['email_address', 'message', 'uuid']);
    // Hostile input: __proto__, an oversized body, a forged component (another project's, or one no block names), a foreign Origin.
    const proto = await served('contact.example.test', 'POST', `/__public-app/records/${leads}`, '{"data":{"__proto__":{"x":1},"email_address":"p@example.test"}}', { 'content-type': 'application/json' });
    expect(proto.statusCode).toBe(400);
    expect((await post({ email_address: 'x@example.test', message: 'y'.repeat(70_000) })).statusCode).toBe(413);
    const foreign = await insertComponentRow(db(), (await createProject(db(), 'Third')).projectUuid, { name: 'foreign' });
    expect((await post({ email_address: 'x@example.test' }, foreign)).statusCode).toBe(404);
    const unlisted = await componentWithFields(componentApi(app, () => admin, 'dev'), 'unlisted', [recordFields.text('title', {}, { read_sources: ['public-app'] })], { live: true });
    await setRolePermissions(db(), role, [`read ${leads}`, `create ${leads}`, `create ${unlisted}`]);
    expect((await post({ title: 'x' }, unlisted)).statusCode).toBe(404);
    expect((await post({ email_address: 'x@example.test' }, 'not-a-uuid')).statusCode).toBe(404);
    expect((await served('contact.example.test', 'POST', `/__public-app/records/${leads}`, { data: { email_address: 'o@example.test' } }, { origin: 'http://evil.example.test' })).statusCode).toBe(403);
    // The API user's permissions decide: without create, the write is refused; without read, the list.
    await setRolePermissions(db(), role, [`read ${leads}`]);
    expect((await post({ email_address: 'x@example.test' })).statusCode).toBe(403);
    await setRolePermissions(db(), role, [`create ${leads}`]);
    expect((await served('contact.example.test', 'GET', `/__public-app/records/${leads}`)).statusCode).toBe(403);
    await setRolePermissions(db(), role, [`read ${leads}`, `create ${leads}`]);
  });

  it("lets a portal's visitors sign up and in with their own accounts, apart from the platform's users", async () => {
    const portal = (await call('GET', '/v3/system/public-app')).json().find((item: { name: string }) => item.name === 'portal').uuid;
    const page = { id: 'home', title: 'Members', path: 'home', blocks: [{ kind: 'component', ref: leads, entrypoint: 'list' }] };
    expect((await call('PUT', `/v3/system/app/${portal}/definition/v1`, { definition: { pages: [page], menu: [] } })).statusCode).toBe(200);
    expect((await call('POST', `/v3/system/app/${portal}/version/publish`, { env: 'live', version: 'v1' })).statusCode).toBe(200);
    const host = 'portal.example.test';
    expect((await served(host, 'GET', `/__public-app/records/${leads}`)).json().message).toBe('portalSignInRequired');
    const weak = await served(host, 'POST', '/__public-app/portal/register', { email: 'v@example.test', name: 'Vera', password: 'short' });
    expect(weak.statusCode).toBe(417);
    const registered = await served(host, 'POST', '/__public-app/portal/register', { email: 'V@example.test', name: 'Vera', password: 'visitor password' });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({ email: 'v@example.test', name: 'Vera' });
    const cookie = registered.cookies.find((candidate) => candidate.name === 'luma_portal')!;
    expect(cookie.domain).toBeUndefined();
    expect(cookie.httpOnly).toBe(true);
    expect((await served(host, 'POST', '/__public-app/portal/register', { email: 'v@example.test', name: 'Again', password: 'visitor password' })).json().message).toBe('portalEmailExists');
    const stored = await db().selectFrom('portal_users').select('password_hash').where('email', '=', 'v@example.test').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    // Not a platform user: no users row, and the platform's login refuses the visitor.
    expect(await db().selectFrom('users').select('uuid').where('email', '=', 'v@example.test').executeTakeFirst()).toBeUndefined();
    expect((await app().inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'v@example.test', password: 'visitor password' } })).statusCode).toBe(401);
    // The visitor's cookie works on its portal; as a platform session it is nothing, and a platform session is no visitor.
    const visitor = `luma_portal=${cookie.value}`;
    expect((await served(host, 'GET', '/__public-app/site', undefined, { cookie: visitor })).json().visitor).toMatchObject({ name: 'Vera' });
    expect((await served(host, 'GET', `/__public-app/records/${leads}`, undefined, { cookie: visitor })).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: '/api/v1/user/claims', headers: { cookie: `luma_session=${cookie.value}` } })).statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: '/api/v1/user/claims', headers: { cookie: visitor } })).statusCode).toBe(401);
    expect((await served(host, 'GET', '/__public-app/site', undefined, { cookie: admin })).json().visitor).toBeNull();
    const adminToken = admin.split('=')[1]!;
    expect((await served(host, 'GET', `/__public-app/records/${leads}`, undefined, { cookie: `luma_portal=${adminToken}` })).statusCode).toBe(401);
    // Another public app's hostname does not take the visitor's session; a wrong password is refused; sign out ends it.
    expect((await served('contact.example.test', 'GET', '/__public-app/site', undefined, { cookie: visitor })).json().visitor).toBeNull();
    expect((await served(host, 'POST', '/__public-app/portal/login', { email: 'v@example.test', password: 'wrong password' })).json().message).toBe('Login failed');
    const signedIn = await served(host, 'POST', '/__public-app/portal/login', { email: 'v@example.test', password: 'visitor password' });
    expect(signedIn.statusCode).toBe(200);
    expect((await served(host, 'POST', '/__public-app/portal/logout', undefined, { cookie: visitor })).statusCode).toBe(200);
    expect((await served(host, 'GET', '/__public-app/site', undefined, { cookie: visitor })).json().visitor).toBeNull();
    // Housekeeping removes a visitor's session once past its expiry, not before.
    const live = (await served(host, 'POST', '/__public-app/portal/login', { email: 'v@example.test', password: 'visitor password' })).cookies.find((candidate) => candidate.name === 'luma_portal')!;
    const sessions = () => db().selectFrom('portal_sessions').select('id_hash').execute();
    const before = (await sessions()).length;
    await runHousekeeping(db(), server().config, () => undefined, new Date(Date.now() + 29 * 86_400_000));
    expect((await sessions()).length).toBe(before);
    await runHousekeeping(db(), server().config, () => undefined, new Date(Date.now() + 31 * 86_400_000));
    expect(await sessions()).toEqual([]);
    expect((await served(host, 'GET', '/__public-app/site', undefined, { cookie: `luma_portal=${live.value}` })).json().visitor).toBeNull();
    // A site that is not a portal has no sign-up.
    expect((await served('contact.example.test', 'POST', '/__public-app/portal/register', { email: 'x@example.test', name: 'X', password: 'visitor password' })).statusCode).toBe(404);
  });
});
