// Apply (docs/snapshots.md "Apply"): POST /v3/system/snapshot/apply makes a snapshot the project's
// configuration in one transaction or not at all. A project's snapshot applied onto an empty project
// gives the same snapshot (uuids another project holds replaced, the same way each time, so a second
// apply changes nothing); a newer format is 417 and changes nothing; a change a rule refuses half-way
// answers what and where, and leaves the project exactly as it was (its snapshot the same bytes);
// `luma apply <file>` spawned against the server applies it (exit 0) or says why not (exit 2).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { ERROR_KEY } from '../../runtime/api/contract';
import { snapshotApplySchema } from '../../runtime/api/snapshots';
import { componentApi, componentWithFields, createRole, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner, withCookie } from './iam-fixtures';
import { runCli } from './cli-fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const matchesSchema = ajv.compile(snapshotApplySchema);

describeApi(`snapshot apply (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let source = '';
  let target = '';
  const snapshot = async (cookie: string, query = '') => {
    const reply = await app().inject({ url: `/api/v3/system/snapshot${query}`, headers: { cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };
  const apply = (cookie: string, document: unknown) => app().inject({ method: 'POST', url: '/api/v3/system/snapshot/apply', payload: document as object, headers: { cookie } });
  /** The text with every document uuid the apply replaced written as the project's, and the project's name left out. */
  const mapped = (text: string, ids: Record<string, string>) => {
    let out = text;
    for (const [from, to] of Object.entries(ids)) out = out.split(from).join(to);
    const document = JSON.parse(out);
    delete document.project;
    return document;
  };
  const withoutProject = (text: string) => {
    const document = JSON.parse(text);
    delete document.project;
    return document;
  };

  beforeAll(async () => {
    const owner = await projectOwner(server(), 'apply-source@luma.test', 'Apply source');
    source = owner.cookie;
    target = (await projectOwner(server(), 'apply-target@luma.test', 'Apply target')).cookie;
    const as = withCookie(app, () => source);
    const components = componentApi(app, () => source, 'dev');
    const authors = await componentWithFields(components, 'authors', [recordFields.text('name')], { live: true });
    const books = await componentWithFields(components, 'books', [recordFields.text('title'), { name: 'pages', key: 'pages', auto_key: false, module: 'input', type: 'number', constraints: {} }], { live: true });
    expect((await components.fork({ ref: books, name: 'v2', from: 'v1' })).statusCode).toBe(200);
    const flow = await app().inject({ method: 'POST', url: '/api/workflow/workflows', payload: { component_uuid: books, name: 'on new book' }, headers: { cookie: source } });
    expect(flow.statusCode, flow.body).toBe(200);
    const spark = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => {
      const reply = await app().inject({ method, url: `/api/spark${url}`, payload, headers: { cookie: source } });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json();
    };
    const greeter = await spark('POST', '/spark', { name: 'greeter', code: 'export default () => "one";' });
    await spark('PUT', `/spark/release/${greeter.uuid}/1`, { note: 'first' });
    await spark('PATCH', `/spark/${greeter.uuid}`, { code: 'export default () => "two";' });
    await spark('PUT', `/spark/release/${greeter.uuid}/2`, { note: 'second' });
    await spark('PUT', `/spark/deploy/${greeter.uuid}/live`, { version: 1 });
    expect((await as.post('/v1/system/function', { name: 'echo', code: 'return data;', public: true })).statusCode).toBe(200);
    const widget = await as.send('POST', '/v1/system/widget', { name: 'Book count', kind: 'number', component: books, settings: { value: 'count' } }, { 'x-project-env': 'live' });
    expect(widget.statusCode, widget.body).toBe(200);
    expect((await as.send('PUT', '/v1/system/widget/places', { dashboard: [widget.json().uuid] })).statusCode).toBe(200);
    const shop = await as.post('/v3/system/app', { name: 'shop', label: 'Shop' });
    expect(shop.statusCode, shop.body).toBe(200);
    const page = { id: 'main', title: 'Books', path: 'books', blocks: [{ kind: 'component', ref: books }, { kind: 'widget', widget: widget.json().uuid }] };
    const saved = await as.send('PUT', `/v3/system/app/${shop.json().uuid}/definition/v1`, { definition: { pages: [page], menu: [] } });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const [ref, data] of [[authors, { name: 'Ursula' }], [books, { title: 'Earthsea', pages: 200 }], [books, { title: 'Lathe', pages: 180 }]] as const) {
      const created = await recordApi(app, () => source, 'live').create(ref, data);
      expect(created.statusCode, created.body).toBe(200);
    }
  }, SETUP_TIMEOUT_MS);

  it('applied onto an empty project, a snapshot gives the same snapshot; applied again, it changes nothing', async () => {
    const text = await snapshot(source, '?records=1');
    const applied = await apply(target, JSON.parse(text));
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = applied.json();
    expect(matchesSchema(answer), JSON.stringify(matchesSchema.errors)).toBe(true);
    expect(answer.diff.create.map((entry: { kind: string; name: string }) => `${entry.kind} ${entry.name}`)).toEqual(
      expect.arrayContaining(['component authors', 'component_version books v2', 'workflow on new book', 'function echo', 'spark greeter', 'spark_release greeter 2', 'widget Book count', 'app shop', 'widget_places dashboard']),
    );
    // Every configuration uuid is the source project's in this instance: each was replaced, the same way.
    expect(Object.keys(answer.ids)).toHaveLength(7);
    expect(mapped(await snapshot(source), answer.ids)).toEqual(withoutProject(await snapshot(target)));
    const records = JSON.parse(await snapshot(target, '?records=1')).records;
    expect(records.map((group: { rows: { title?: string; name?: string }[] }) => group.rows.map((row) => row.title ?? row.name).sort())).toEqual([['Ursula'], ['Earthsea', 'Lathe']]);
    const again = await apply(target, JSON.parse(await snapshot(source)));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().diff).toEqual({ create: [], change: [], remove: [] });
  });

  it('refuses a document of a newer format (417 snapshotFormatNewer) and changes nothing', async () => {
    const before = await snapshot(target);
    const document = JSON.parse(before);
    document.functions = [];
    const newer = await apply(target, { ...document, format: 3, a_key_of_format_3: [] });
    expect(newer.statusCode, newer.body).toBe(417);
    expect(newer.json()).toMatchObject({ message: ERROR_KEY.snapshotFormatNewer, errors: [{ field: 'format', values: [{ format: 3, supported: 2 }] }] });
    expect(await snapshot(target)).toBe(before);
  });

  it('a change a rule refuses half-way answers what and where, and leaves the project exactly as it was', async () => {
    const before = await snapshot(target);
    const document = JSON.parse(before);
    // Done first (functions come before components), then undone: the new function, the removed widget.
    document.functions.push({ name: 'later', code: 'return 1;' });
    document.widgets = [];
    document.widget_places = {};
    document.apps = [];
    // The books' v2 gets a field type no field has: the components' own rules refuse it.
    const books = document.components.find((c: { name: string }) => c.name === 'books');
    books.versions[1].settings.fields[0].type = 'no-such-type';
    const refused = await apply(target, document);
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors[0].field).toMatch(/^components\.books\./);
    expect(await snapshot(target)).toBe(before);
    // A component another component's relation needs may not go: the refusal names it.
    const ok = JSON.parse(before);
    ok.functions = [];
    const done = await apply(target, ok);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().diff.remove).toEqual([{ kind: 'function', id: expect.any(String), name: 'echo' }]);
  });

  it('never reaches another project: its component named by a widget is refused; a __proto__ key is refused', async () => {
    const sourceBefore = await snapshot(source);
    const before = await snapshot(target);
    const books = JSON.parse(sourceBefore).components.find((c: { name: string }) => c.name === 'books').uuid as string;
    const forged = JSON.parse(before);
    forged.widgets.push({ name: 'Forged', kind: 'number', component_uuid: books, settings: {} });
    const refused = await apply(target, forged);
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors[0].field).toBe('widgets.Forged.component');
    expect(await snapshot(target)).toBe(before);
    expect(await snapshot(source)).toBe(sourceBefore);
    const document = JSON.parse(before);
    const item = '{ "name": "proto", "code": "return 1;", "__proto__": { "polluted": true } }';
    const text = JSON.stringify(document).replace('"functions":[', `"functions":[${item}${document.functions.length > 0 ? ',' : ''}`);
    const taken = await app().inject({ method: 'POST', url: '/api/v3/system/snapshot/apply', payload: text, headers: { cookie: target, 'content-type': 'application/json' } });
    // The server's body parser refuses a __proto__ key anywhere (400), before the apply sees it.
    expect(taken.statusCode, taken.body).toBe(400);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(await snapshot(target)).toBe(before);
  });

  it('luma apply <file> applies it (exit 0, the lines of what it did), and a refusal is exit 2 with one line', async () => {
    const owner = await projectOwner(server(), 'apply-cli@luma.test', 'Apply cli');
    const as = withCookie(app, () => owner.cookie);
    const role = await createRole(server().database.db, owner.projectUuid, { name: 'Apply admin', isAdmin: true, level: 100 });
    const created = await as.post('/v1/iam/api-users', { name: 'Apply bot', role_uuids: [role] });
    expect(created.statusCode, created.body).toBe(200);
    const env = { LUMA_URL: await (await server().appWith({})).listen({ port: 0, host: '127.0.0.1' }), LUMA_API_KEY: created.json().secret.token as string };
    const dir = mkdtempSync(join(tmpdir(), 'luma-apply-'));
    const document = JSON.parse(await snapshot(owner.cookie));
    document.functions = [{ name: 'hello', code: 'return "hello";', description: 'says hello' }];
    const file = join(dir, 'project.json');
    writeFileSync(file, JSON.stringify(document));
    expect(await runCli(['apply', file], env)).toEqual({ code: 0, stdout: '+ function hello\napplied\n', stderr: '' });
    expect(await runCli(['apply', file, '--dry-run'], env)).toEqual({ code: 0, stdout: 'nothing would change\n', stderr: '' });
    document.functions = [{ name: 'x', code: '' }];
    writeFileSync(file, JSON.stringify(document));
    const refused = await runCli(['apply', file], env);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(/^luma: the server answered 417 \S+ at functions\.x\.name/);
    // Each run spawns node: on a busy machine that takes a while.
  }, 120_000);
});
