// Project snapshots (docs/snapshots.md): GET /v3/system/snapshot holds the project's components with
// their versions, workflows, global functions, widgets and apps in a stable order, no secret anywhere
// in its text, the same bytes twice; admins only; ?records=1 adds the records; the CLI
// (scripts/luma.mjs) against this server over HTTP with an API user's secret: the same document, exit 0,
// and exit 2 with one line on an error.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { snapshotSchema } from '../../runtime/api/snapshots';
import { adminProject, componentApi, componentWithFields, createMember, createRole } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';
import { runCli } from './cli-fixtures';
import { bookFields, insertManyRecords } from './list-fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const matchesSchema = ajv.compile(snapshotSchema);

describeApi(`snapshots (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let books = '';
  let authors = '';
  const secrets: string[] = [];
  const as = () => withCookie(app, () => admin);
  const snapshot = (query = '', cookie = admin) => app().inject({ url: `/api/v3/system/snapshot${query}`, headers: { cookie } });

  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    const components = componentApi(app, () => admin, 'dev');
    // Created in the reverse of the name order: the snapshot sorts, whatever the creation order.
    books = await componentWithFields(components, 'books', bookFields(null));
    authors = await componentWithFields(components, 'authors', bookFields(null));
    expect((await components.fork({ ref: books, name: 'v2', from: 'v1' })).statusCode).toBe(200);
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 3 });
    for (const name of ['zeta flow', 'alpha flow']) {
      const created = await app().inject({ method: 'POST', url: '/api/workflow/workflows', payload: { component_uuid: books, name }, headers: { cookie: admin } });
      expect(created.statusCode, created.body).toBe(200);
    }
    const spark = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const reply = await app().inject({ method, url: `/api/spark${url}`, payload, headers: { cookie: admin } });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    const created = await spark('POST', '/spark', { name: 'greeter', code: 'export default () => "v1";' });
    await spark('PUT', `/spark/release/${created.uuid}/1`, { note: 'first' });
    await spark('PUT', `/spark/release/${created.uuid}/2`, { note: 'second' });
    const fn = await as().post('/v1/system/function', { name: 'echo', code: 'return data;', public: true, signed: true });
    expect(fn.statusCode, fn.body).toBe(200);
    const key = await as().post(`/v1/system/function/${fn.json().uuid}/key`, {});
    expect(key.statusCode, key.body).toBe(200);
    secrets.push(key.json().key);
    const variable = await app().inject({
      method: 'POST',
      url: '/api/v1/system/environment/variables',
      payload: { name: 'PAYMENT_TOKEN', value: 'very-secret-token-value-42', secret: true },
      headers: { cookie: admin, 'x-project-env': 'dev' },
    });
    expect(variable.statusCode, variable.body).toBe(200);
    secrets.push('very-secret-token-value-42');
    const widget = await as().send('POST', '/v1/system/widget', { name: 'Book count', kind: 'number', component: books, settings: { value: 'count' } }, { 'x-project-env': 'dev' });
    expect(widget.statusCode, widget.body).toBe(200);
    const shop = await as().post('/v3/system/app', { name: 'shop', label: 'Shop' });
    expect(shop.statusCode, shop.body).toBe(200);
    await createMember(db(), 'member@luma.test', 'member password', [`read ${books}`]);
    member = await login(app(), 'member@luma.test', 'member password');
  }, SETUP_TIMEOUT_MS);

  it('holds each part of the configuration in a stable order, with no secret in its text, the same bytes twice', async () => {
    const first = await snapshot();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename=".+\.snapshot\.json"$/);
    const document = first.json();
    expect(matchesSchema(document), JSON.stringify(matchesSchema.errors)).toBe(true);
    expect(document).toMatchObject({ format: 2, luma: expect.any(String), project: { name: expect.any(String) } });
    expect(document.components.map((c: { uuid: string }) => c.uuid)).toEqual([authors, books]);
    const book = document.components[1];
    expect(book.versions.map((v: { name: string }) => v.name)).toEqual(['v1', 'v2']);
    expect(book.versions[1].settings.fields.map((f: { key: string }) => f.key).slice(0, 4)).toEqual(['title', 'code', 'price', 'secret']);
    expect(book).toMatchObject({ name: 'books', dev_version: 'v1' });
    expect(document.workflows.map((w: { name: string }) => w.name)).toEqual(['alpha flow', 'zeta flow']);
    expect(document.workflows[0].versions.map((v: { name: string }) => v.name)).toEqual(['v1']);
    expect(document.functions).toEqual([{ uuid: expect.any(String), name: 'echo', description: '', code: 'return data;', public: true, signed: true }]);
    expect(document.sparks).toMatchObject([{ name: 'greeter', code: 'export default () => "v1";', releases: [{ version: 1, note: 'first' }, { version: 2, note: 'second' }] }]);
    expect(document.widgets).toMatchObject([{ name: 'Book count', kind: 'number', component_uuid: books }]);
    expect(document.apps).toMatchObject([{ name: 'shop', label: 'Shop', versions: [{ name: 'v1' }] }]);
    expect(document.records).toBeUndefined();
    for (const secret of secrets) expect(first.body).not.toContain(secret);
    expect(first.body).not.toMatch(/password_hash|session|admin@luma\.test|member@luma\.test|PAYMENT_TOKEN/);
    const second = await snapshot();
    expect(second.body).toBe(first.body);
  });

  it('refuses a member who is not an admin (403) and a caller without a session (401)', async () => {
    expect((await snapshot('', member)).statusCode).toBe(403);
    expect((await app().inject({ url: '/api/v3/system/snapshot' })).statusCode).toBe(401);
  });

  it('?records=1 adds the records per component and environment, as objects the import takes', async () => {
    const response = await snapshot('?records=1');
    expect(response.statusCode, response.body).toBe(200);
    expect(matchesSchema(response.json()), JSON.stringify(matchesSchema.errors)).toBe(true);
    const { records } = response.json();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ component_uuid: books, env: 'dev' });
    expect(records[0].rows).toHaveLength(3);
    expect(records[0].rows.map((row: { title: string }) => row.title).sort()).toEqual(['Book 00001', 'Book 00002', 'Book 00003']);
    const uuids = records[0].rows.map((row: { uuid: string }) => row.uuid);
    expect(uuids).toEqual([...uuids].sort());
    expect((await snapshot('?records=2')).statusCode).toBe(400);
  });

  it('the CLI writes the same document with an admin API user\'s secret, and exits 2 with one line otherwise', async () => {
    const { projectUuid } = await adminProject(db());
    const adminRole = await createRole(db(), projectUuid, { name: 'Snapshot admin', isAdmin: true, level: 100 });
    const readerRole = await createRole(db(), projectUuid, { name: 'Snapshot reader', permissions: [`read ${books}`] });
    const token = async (role: string, name: string) => {
      const created = await as().post('/v1/iam/api-users', { name, role_uuids: [role] });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().secret.token as string;
    };
    const adminKey = await token(adminRole, 'Snapshot bot');
    const readerKey = await token(readerRole, 'Reader bot');
    const base = await (await server().appWith({})).listen({ port: 0, host: '127.0.0.1' });
    const expected = (await snapshot()).body;
    const ok = await runCli(['snapshot'], { LUMA_URL: base, LUMA_API_KEY: adminKey });
    expect(ok, ok.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toBe(expected);
    const refused = await runCli(['snapshot'], { LUMA_URL: base, LUMA_API_KEY: readerKey });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^luma: the server answered 403 .*\n$/);
    const wrong = await runCli(['snapshot'], { LUMA_URL: base, LUMA_API_KEY: 'luma_not-a-secret' });
    expect(wrong).toMatchObject({ code: 2, stdout: '' });
    expect(wrong.stderr).toMatch(/^luma: the server answered 401/);
    expect(await runCli(['snapshot'], { LUMA_URL: base })).toMatchObject({ code: 2, stderr: expect.stringMatching(/^luma: LUMA_API_KEY is not set/) });
    expect(await runCli(['nonsense'], {})).toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage: luma snapshot/) });
    // Each run spawns node: on a busy machine half a dozen of them take a while.
  }, 120_000);
});
