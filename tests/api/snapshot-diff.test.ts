// The snapshot diff (docs/snapshots.md "The diff"): POST /v3/system/snapshot/diff answers what applying
// a document to the project would create, change and remove: nothing for the project's own snapshot;
// after a component is added and a widget changed, the old snapshot says so; admins only; a newer
// format is 417 snapshotFormatNewer. And `luma apply <file> --dry-run` spawned against this server:
// exit 0 (nothing would change), 1 (lines of what would), 2 (an error, one line); apply without
// --dry-run of the project's own snapshot changes nothing (exit 0).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { ERROR_KEY } from '../../runtime/api/contract';
import { snapshotDiffSchema } from '../../runtime/api/snapshots';
import { adminProject, componentApi, componentWithFields, createMember, createRole } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';
import { runCli } from './cli-fixtures';
import { bookFields } from './list-fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const matchesSchema = ajv.compile(snapshotDiffSchema);

describeApi(`snapshot diff (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let books = '';
  let widget = '';
  const as = () => withCookie(app, () => admin);
  const snapshot = async () => {
    const reply = await as().get('/v3/system/snapshot');
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };
  const diff = (document: unknown, cookie = admin) =>
    app().inject({ method: 'POST', url: '/api/v3/system/snapshot/diff', payload: document as object, headers: { cookie } });

  beforeAll(async () => {
    admin = await login(app());
    books = await componentWithFields(componentApi(app, () => admin, 'dev'), 'books', bookFields(null));
    const created = await as().send('POST', '/v1/system/widget', { name: 'Book count', kind: 'number', component: books, settings: { value: 'count' } }, { 'x-project-env': 'dev' });
    expect(created.statusCode, created.body).toBe(200);
    widget = created.json().uuid;
    await createMember(db(), 'member@luma.test', 'member password', [`read ${books}`]);
    member = await login(app(), 'member@luma.test', 'member password');
  }, SETUP_TIMEOUT_MS);

  it("is empty for the project's own snapshot, and names the added component and the changed widget after", async () => {
    const before = await snapshot();
    const same = await diff(JSON.parse(before));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ create: [], change: [], remove: [] });
    const authors = await componentWithFields(componentApi(app, () => admin, 'dev'), 'authors', bookFields(null));
    const changed = await as().send('PATCH', `/v1/system/widget/${widget}`, { name: 'Books in stock' }, { 'x-project-env': 'dev' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await diff(JSON.parse(before));
    expect(after.statusCode, after.body).toBe(200);
    expect(matchesSchema(after.json()), JSON.stringify(matchesSchema.errors)).toBe(true);
    // Applying the old snapshot would remove the new component (and its version) and rename the widget back.
    expect(after.json()).toEqual({
      create: [],
      change: [{ kind: 'widget', id: widget, name: 'Book count', fields: ['name'] }],
      remove: [
        { kind: 'component', id: authors, name: 'authors' },
        { kind: 'component_version', id: `${authors}/v1`, name: 'authors v1' },
      ],
    });
  });

  it('refuses a member who is not an admin (403), and a document of a newer format (417 snapshotFormatNewer)', async () => {
    const document = JSON.parse(await snapshot());
    expect((await diff(document, member)).statusCode).toBe(403);
    const newer = await diff({ ...document, format: 3, a_key_of_format_3: [] });
    expect(newer.statusCode, newer.body).toBe(417);
    expect(newer.json()).toMatchObject({ message: ERROR_KEY.snapshotFormatNewer, errors: [{ field: 'format', messages: [ERROR_KEY.snapshotFormatNewer], values: [{ format: 3, supported: 2 }] }] });
    expect((await diff({ ...document, format: 3 }, member)).statusCode).toBe(403);
    expect((await diff({ components: [] })).statusCode).toBe(400);
    expect((await diff({ ...document, unknown: 1 })).statusCode).toBe(400);
  });

  it('takes a document larger than the 1 MiB body limit of other calls', async () => {
    const document = JSON.parse(await snapshot());
    document.functions = [{ name: 'big', code: `// ${'x'.repeat(2 * 1024 * 1024)}` }];
    const reply = await diff(document);
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    expect(reply.json().create).toEqual([{ kind: 'function', id: 'big', name: 'big' }]);
  });

  it('luma apply --dry-run exits 0 when nothing would change, 1 with the lines when something would, 2 on an error', async () => {
    const { projectUuid } = await adminProject(db());
    const role = await createRole(db(), projectUuid, { name: 'Diff admin', isAdmin: true, level: 100 });
    const created = await as().post('/v1/iam/api-users', { name: 'Diff bot', role_uuids: [role] });
    expect(created.statusCode, created.body).toBe(200);
    const env = { LUMA_URL: await (await server().appWith({})).listen({ port: 0, host: '127.0.0.1' }), LUMA_API_KEY: created.json().secret.token as string };
    const dir = mkdtempSync(join(tmpdir(), 'luma-diff-'));
    const same = join(dir, 'same.json');
    writeFileSync(same, await snapshot());
    expect(await runCli(['apply', same, '--dry-run'], env)).toEqual({ code: 0, stdout: 'nothing would change\n', stderr: '' });
    const document = JSON.parse(await snapshot());
    document.components = document.components.filter((c: { name: string }) => c.name !== 'authors');
    document.widgets[0].name = 'Sales';
    document.functions.push({ name: 'echo', code: 'return data;' });
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify(document));
    const changes = await runCli(['apply', other, '--dry-run'], env);
    expect(changes, changes.stderr).toMatchObject({ code: 1, stderr: '' });
    expect(changes.stdout).toBe(['+ function echo', '~ widget Sales (name)', '- component authors', '- component_version authors v1', ''].join('\n'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ not json');
    expect(await runCli(['apply', broken, '--dry-run'], env)).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^luma: .*broken\.json is not JSON.*\n$/) });
    expect(await runCli(['apply', join(dir, 'missing.json'), '--dry-run'], env)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^luma: cannot read .*ENOENT\n$/) });
    const newer = join(dir, 'newer.json');
    writeFileSync(newer, JSON.stringify({ ...document, format: 3 }));
    expect(await runCli(['apply', newer, '--dry-run'], env)).toMatchObject({ code: 2, stdout: '', stderr: 'luma: the server answered 417 snapshotFormatNewer at format\n' });
    expect(await runCli(['apply', same], env)).toEqual({ code: 0, stdout: 'nothing changed\n', stderr: '' });
    expect(await runCli(['apply', '--dry-run'], env)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage: /) });
    // Each run spawns node: on a busy machine a dozen of them take a while.
  }, 120_000);
});
