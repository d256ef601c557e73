// The import off the server's thread (src/server/records/import-offload.ts; docs/lists.md "Import"):
// on PGlite, an import whose view needs no database check is read, mapped and checked in the
// import worker thread. Each file here goes through both paths, the worker's and the server
// thread's (setImportWorker), into two components alike, and the answers and the stored records
// must be the same: good files, bad rows past several batches (every row number and message key),
// a file refused half-way, a mapping refused, JSON. A view whose checks need the database (a unique
// field, a Before::Create workflow) and a primary key stay on the server's thread. On PostgreSQL
// both runs take the server's thread (the worker is for PGlite only), and must agree all the same.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importsOffThread, setImportWorker } from '../../src/server/records/import-offload';
import { componentApi, componentWithFields, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi, type ImportRequest } from './import-fixtures';

const OFF_THREAD = DB_KIND === 'pglite';

describeApi(`records: import in the worker thread and on the server's thread agree (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const importFile = importApi(app, () => admin, 'dev');
  const fields = [
    f.text('title', { length: { min: 1, max: 40 } }),
    f.number('size', { min: -1000, max: 100_000 }),
    { name: 'tags', key: 'tags', auto_key: false, module: 'checkbox', type: 'text', constraints: { selectables: { items: ['a', 'b', 'c'] } } },
    f.text('note', { length: { min: 0, max: 500 } }),
  ];
  /** The two components of each comparison: the worker's and the server thread's. */
  let pair = 0;

  const stored = async (component: string) =>
    (await db().selectFrom('records').select(['data', 'seq', 'created_at']).where('component_uuid', '=', component).where('deleted_at', 'is', null).orderBy('seq').execute()).map(
      (row) => row.data as Record<string, unknown>,
    );

  /** The same request through each path into its own fresh component: both answers and what each stored. */
  async function bothPaths(request: ImportRequest, spec: unknown[] = fields) {
    pair += 1;
    const results = [];
    for (const worker of [true, false]) {
      const component = await componentWithFields(api, `agree_${pair}_${worker ? 'worker' : 'main'}`, spec);
      setImportWorker(worker);
      const before = importsOffThread();
      const response = await importFile(component, request);
      // The request's own id aside, which differs per request.
      const { request_uuid: _id, ...body } = response.json();
      results.push({ status: response.statusCode, body, records: await stored(component), offThread: importsOffThread() - before });
    }
    setImportWorker(true);
    const [offThread, here] = results;
    expect(here!.offThread).toBe(0);
    return { offThread: offThread!, here: here! };
  }

  const row = (n: number) => [`title ${n}`, String(n % 1000), n % 3 === 0 ? '["a","c"]' : n % 3 === 1 ? 'b' : '', n % 7 === 0 ? `note, "quoted" ${n}\nsecond line` : ''];
  const header = ['title', 'size', 'tags', 'note'];

  beforeAll(async () => {
    admin = await login(app());
  }, SETUP_TIMEOUT_MS);

  afterAll(() => setImportWorker(true));

  it('a good file of several batches (500, 1,500, 4,500, 5,000 and the rest): the same answer and the same records in file order', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => row(i + 1));
    const { offThread, here } = await bothPaths({ file: csv([header, ...rows]), primaryKey: '', fieldMap: '' });
    expect(offThread.offThread).toBe(OFF_THREAD ? 1 : 0);
    expect(here.status, JSON.stringify(here.body)).toBe(200);
    expect(offThread.body).toEqual(here.body);
    expect(here.body).toEqual({ created: 12_000, updated: 0, total: 12_000 });
    expect(offThread.records).toEqual(here.records);
    expect(here.records[6]).toEqual({ title: 'title 7', size: 7, tags: ['b'], note: 'note, "quoted" 7\nsecond line' });
  });

  it('bad rows in the first and later batches: the same 417, every row number and message key, nothing written', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 7_000 }, (_, i) => row(i + 1));
    rows[2] = ['title 3', 'three', 'a', ''];
    rows[499] = ['title 500', 'five hundred', 'a', ''];
    rows[1_999] = ['t'.repeat(60), '5', 'a', 'n'.repeat(501)];
    rows[6_999] = ['x'.repeat(41), '1e9', 'a', ''];
    const { offThread, here } = await bothPaths({ file: csv([header, ...rows]), primaryKey: '', fieldMap: '' });
    expect(offThread.offThread).toBe(OFF_THREAD ? 1 : 0);
    expect(here.status).toBe(417);
    expect(offThread.status).toBe(417);
    expect(offThread.body).toEqual(here.body);
    expect(here.body.errors.map((error: { field: string }) => error.field)).toEqual(['row.3.size', 'row.500.size', 'row.2000.title', 'row.2000.note', 'row.7000.title', 'row.7000.size']);
    expect(offThread.records).toEqual([]);
    expect(here.records).toEqual([]);
  });

  it('a file refused half-way (a ragged row past the first batches), and a field_map refused: the same 400s', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => row(i + 1));
    const ragged = `${csv([header, ...rows])}only,three,cells\r\n${csv([row(3_002)])}`;
    const refused = await bothPaths({ file: ragged, primaryKey: '', fieldMap: '' });
    expect(refused.here.status).toBe(400);
    expect(refused.offThread.status).toBe(400);
    expect(refused.offThread.body).toEqual(refused.here.body);
    expect(refused.here.body.errors[0].messages).toEqual(['importFileNotValid']);
    expect(refused.offThread.records).toEqual([]);

    const mapping = await bothPaths({ file: csv([header, row(1)]), primaryKey: '', fieldMap: [{ from: 'nope', to: 'title' }, { from: 'size', to: 'missing' }] });
    expect(mapping.here.status).toBe(400);
    expect(mapping.offThread.body).toEqual(mapping.here.body);
    const empty = await bothPaths({ file: '', primaryKey: '', fieldMap: '' });
    expect(empty.here.status).toBe(400);
    expect(empty.offThread.body).toEqual(empty.here.body);
  });

  it('JSON with field_map: the same records', async () => {
    const items = Array.from({ length: 800 }, (_, i) => ({ Name: `json ${i}`, Size: i % 2 === 0 ? i : String(i), Tags: i % 4 === 0 ? ['c'] : null, extra: 'ignored' }));
    const { offThread, here } = await bothPaths({ file: JSON.stringify(items), filename: 'items.json', primaryKey: '', fieldMap: [{ from: 'Name', to: 'title' }, { from: 'Size', to: 'size' }, { from: 'Tags', to: 'tags' }] });
    expect(offThread.offThread).toBe(OFF_THREAD ? 1 : 0);
    expect(here.status, JSON.stringify(here.body)).toBe(200);
    expect(offThread.body).toEqual(here.body);
    expect(offThread.records).toEqual(here.records);
    expect(here.records[4]).toEqual({ title: 'json 4', size: 4, tags: ['c'] });
  });

  it('a unique field, a primary key or a Before::Create workflow keeps the import on the server thread', async () => {
    const unique = await componentWithFields(api, 'agree_unique', [f.text('title', {}, { unique: true })]);
    let before = importsOffThread();
    expect((await importFile(unique, { file: csv([['title'], ['one'], ['one']]), primaryKey: '', fieldMap: '' })).statusCode).toBe(417);
    expect(importsOffThread()).toBe(before);

    const plain = await componentWithFields(api, 'agree_keyed', fields);
    expect((await importFile(plain, { file: csv([header, row(1)]), primaryKey: 'title', fieldMap: '' })).statusCode).toBe(200);
    expect(importsOffThread()).toBe(before);

    // A Before::Create workflow that changes the stored title: it must run on every row.
    const shouted = await componentWithFields(api, 'agree_workflow', fields);
    const workflow = (await api.send('POST', '/workflow/workflows', { component_uuid: shouted, name: 'Shout' })).json();
    const event = workflow.version.nodes[0];
    const shout = { id: 10_090_001, name: 'shout', x: 0, y: 100, width: 120, height: 60, type: 'operation', action: 'expression', paused: false, parallel: false, data: { expression: 'return { data: { ...data, title: data.title.toUpperCase() } }' }, connections: [] };
    const trigger = { ...event, action: 'Before::Create', connections: [{ id: 'e-s', source: { id: event.id, position: 'bottom' }, destination: { id: shout.id, position: 'top' }, type: 'pass', name: 'pass' }] };
    const graph = await app().inject({ method: 'PUT', url: `/api/workflow/workflows/${workflow.uuid}/version/v1`, payload: { nodes: [trigger, shout] }, headers: { cookie: admin, 'x-project-env': 'dev' } });
    expect(graph.statusCode, graph.body).toBe(200);
    before = importsOffThread();
    const response = await importFile(shouted, { file: csv([header, row(1), row(2)]), primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(importsOffThread()).toBe(before);
    expect((await stored(shouted)).map((data) => data.title)).toEqual(['TITLE 1', 'TITLE 2']);
  });
});
