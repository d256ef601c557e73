// Record history (docs/history.md) on a real database: a revision for each kind of write with its
// actor (member, API user, workflow run, import, bulk action), the restore through the record's rules
// and workflows, what a reader sees of hidden and hashed fields, and the retention by housekeeping.
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, componentApi, componentWithFields, createMember, createRole, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { csv, importApi } from './import-fixtures';
import { listApi } from './list-fixtures';
import { connect, nodeFactory, removedWorkflow, savedWorkflow } from './workflow-graph';

const node = nodeFactory(10_360_001);

describeApi(`record history (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 120_000 });
  const server = useServer({ LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let reader = '';
  let outsider = '';
  let adminUuid = '';
  let books = '';
  let audit = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const importer = importApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  const history = (ref: string, uuid: string, cookie = () => admin, query = '') =>
    app().inject({ method: 'GET', url: `/api/v3/system/component/${ref}/model/${uuid}/revisions${query}`, headers: { cookie: cookie(), 'x-project-env': 'dev' } });
  const restore = (ref: string, uuid: string, id: string, body: unknown) =>
    app().inject({ method: 'POST', url: `/api/v3/system/component/${ref}/model/${uuid}/revisions/${id}/restore`, payload: body as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  const revisionsOf = async (ref: string, uuid: string) => {
    const page = await history(ref, uuid);
    expect(page.statusCode, page.body).toBe(200);
    return page.json().items as { id: string; version: number; action: string; detail: string | null; actor: { kind: string; user: string | null; run: string | null }; changes: unknown[] }[];
  };
  const create = async (ref: string, data: Record<string, unknown>) => {
    const created = await records.create(ref, data);
    expect(created.statusCode, created.body).toBe(200);
    return created.json() as { uuid: string; __version__: number };
  };

  beforeAll(async () => {
    admin = await login(app());
    ({ adminUuid } = await adminProject(db()));
    const { projectUuid } = await adminProject(db());
    const insiders = await createRole(db(), projectUuid, { name: 'Insiders', permissions: [] });
    books = await componentWithFields(components, 'hist_books', [
      recordFields.text('title'),
      { ...recordFields.number('salary'), roles: { see: [insiders], edit: null } },
      recordFields.password('secret', { required: false }),
    ]);
    audit = await componentWithFields(components, 'hist_audit', [recordFields.text('note')]);
    await createMember(db(), 'hist-reader@luma.test', 'reader password', [`read ${books}`]);
    await createMember(db(), 'hist-outsider@luma.test', 'outsider password', [`create ${books}`]);
    reader = await login(app(), 'hist-reader@luma.test', 'reader password');
    outsider = await login(app(), 'hist-outsider@luma.test', 'outsider password');
  }, SETUP_TIMEOUT_MS);

  it('create, update and delete each keep a revision with the member, newest first, with earlier and new values', async () => {
    const book = await create(books, { title: 'First', salary: 10 });
    const updated = await records.update(books, book.uuid, 1, { title: 'Second' });
    expect(updated.statusCode, updated.body).toBe(200);
    const [update, created] = await revisionsOf(books, book.uuid);
    expect(update).toMatchObject({ version: 2, action: 'update', actor: { kind: 'user', user: adminUuid, run: null }, changes: [{ field: 'title', before: 'First', after: 'Second' }] });
    expect(created).toMatchObject({ version: 1, action: 'create', changes: [{ field: 'title', before: null, after: 'First' }, { field: 'salary', before: null, after: 10 }] });
    expect((await records.remove(books, book.uuid)).statusCode).toBe(200);
    const rows = await db().selectFrom('record_revisions').select(['action', 'version']).where('record_uuid', '=', book.uuid).orderBy('id').execute();
    expect(rows).toEqual([{ action: 'create', version: 1 }, { action: 'update', version: 2 }, { action: 'delete', version: 2 }]);
    // The deleted record's history stays readable; paging goes back with `before`.
    const page = (await history(books, book.uuid, () => admin, '?limit=1')).json();
    expect(page.items.map((item: { action: string }) => item.action)).toEqual(['delete']);
    const older = (await history(books, book.uuid, () => admin, `?limit=2&before=${page.next}`)).json();
    expect(older.items.map((item: { action: string }) => item.action)).toEqual(['update', 'create']);
    expect(older.next).toBeNull();
  });

  it('bulk actions, imports and API users keep revisions naming them', async () => {
    const [a, b] = [await create(books, { title: 'Bulk A' }), await create(books, { title: 'Bulk B' })];
    expect((await lists.bulk(books, 'disable', { items: [a.uuid, b.uuid] })).json()).toEqual({ affected: 2 });
    expect((await revisionsOf(books, a.uuid))[0]).toMatchObject({ version: 2, action: 'bulk', detail: 'disable', actor: { kind: 'user', user: adminUuid }, changes: [] });

    const imported = await importer(books, { file: csv([['uuid', 'title'], [a.uuid, 'Bulk A imported']]), filename: 'books.csv', primaryKey: 'uuid', fieldMap: '' });
    expect(imported.statusCode, imported.body).toBe(200);
    const [importUpdate] = await revisionsOf(books, a.uuid);
    expect(importUpdate).toMatchObject({ action: 'import', detail: 'update', actor: { kind: 'import', user: adminUuid }, changes: [{ field: 'title', before: 'Bulk A', after: 'Bulk A imported' }] });
    const added = await importer(books, { file: csv([['title'], ['New from file']]), filename: 'new.csv', primaryKey: '', fieldMap: '' });
    expect(added.statusCode, added.body).toBe(200);
    const fresh = await db().selectFrom('records').select('uuid').where('component_uuid', '=', books).where(sql<string>`data->>'title'`, '=', 'New from file').executeTakeFirstOrThrow();
    expect(await revisionsOf(books, fresh.uuid)).toMatchObject([{ action: 'import', detail: 'create', changes: [{ field: 'title', before: null, after: 'New from file' }] }]);

    const { projectUuid } = await adminProject(db());
    const role = await createRole(db(), projectUuid, { name: 'Robot writer', permissions: [`create ${books}`, `read ${books}`] });
    const robot = await app().inject({ method: 'POST', url: '/api/v1/iam/api-users', payload: { name: 'History robot', role_uuids: [role] }, headers: { cookie: admin } });
    expect(robot.statusCode, robot.body).toBe(200);
    const byRobot = await app().inject({
      method: 'POST',
      url: `/api/v3/system/component/${books}/model`,
      payload: { data: { title: 'By robot' } },
      headers: { authorization: `Bearer ${robot.json().secret.token}`, 'x-project-env': 'dev' },
    });
    expect(byRobot.statusCode, byRobot.body).toBe(200);
    expect((await revisionsOf(books, byRobot.json().uuid))[0]!.actor).toEqual({ kind: 'api', user: robot.json().user.uuid, run: null });
  });

  it("a workflow run's write names the run", async () => {
    const event = node('event', 'Create');
    const log = node('operation', 'component', { component_ref: audit, expression: "return { note: 'book ' + data.title }" });
    connect(event, log);
    const workflow = await savedWorkflow(wf, books, 'Audit books', [event, log]);
    await create(books, { title: 'Logged' });
    const note = await until('the audit note', 60_000, () =>
      db().selectFrom('records').select('uuid').where('component_uuid', '=', audit).where(sql<string>`data->>'note'`, '=', 'book Logged').executeTakeFirst(),
    );
    const run = await db().selectFrom('workflow_runs').select('uuid').where('workflow_uuid', '=', workflow).executeTakeFirstOrThrow();
    expect((await revisionsOf(audit, note.uuid))[0]).toMatchObject({ action: 'create', actor: { kind: 'workflow', user: adminUuid, run: run.uuid } });
    await removedWorkflow(wf, workflow);
  });

  it("a restore writes a new version through the record's rules and workflows", async () => {
    const book = await create(books, { title: 'Original' });
    expect((await records.update(books, book.uuid, 1, { title: 'Mistake' })).statusCode).toBe(200);
    const [, first] = await revisionsOf(books, book.uuid);
    const restored = await restore(books, book.uuid, first!.id, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Original', __version__: 3 });
    expect((await revisionsOf(books, book.uuid))[0]).toMatchObject({ action: 'restore', detail: first!.id, version: 3, changes: [{ field: 'title', before: 'Mistake', after: 'Original' }] });
    // A stale version, an unknown key, a forged revision: refused, nothing written.
    expect((await restore(books, book.uuid, first!.id, { version: 2 })).statusCode).toBe(409);
    expect((await restore(books, book.uuid, first!.id, { version: 3, data: {} })).json()).toMatchObject({ message: 'badRequest' });
    expect((await restore(books, book.uuid, '999999999', { version: 3 })).statusCode).toBe(404);
    expect((await restore(audit, book.uuid, first!.id, { version: 3 })).statusCode).toBe(404);

    // A Before::Update workflow refusing: the restore is refused with its message.
    const event = node('event', 'Before::Update');
    const check = node('condition', '', { expression: "data.title !== 'Original'", message: 'Original is retired' });
    connect(event, check);
    expect((await records.update(books, book.uuid, 3, { title: 'Later' })).statusCode).toBe(200);
    const workflow = await savedWorkflow(wf, books, 'No originals', [event, check]);
    const refused = await restore(books, book.uuid, first!.id, { version: 4 });
    expect(refused.json()).toMatchObject({ message: 'workflowRefused', errors: [{ field: 'workflow', messages: ['Original is retired'] }] });
    await removedWorkflow(wf, workflow);

    // A rule tightened since: the field's own rule refuses the old value.
    const model = (await components.settings(books, 'v1')).json();
    const fields = model.settings.fields.map((field: { key: string; constraints: object }) => (field.key === 'title' ? { ...field, constraints: { ...field.constraints, length: { min: 1, max: 5 } } } : field));
    expect((await components.save(books, 'v1', { ...model, settings: { ...model.settings, fields } })).statusCode).toBe(200);
    const tooLong = await restore(books, book.uuid, first!.id, { version: 4 });
    expect(tooLong.statusCode, tooLong.body).toBe(417);
    expect(tooLong.json().errors[0].field).toBe('title');
    expect((await records.get(books, book.uuid)).json()).toMatchObject({ title: 'Later', __version__: 4 });
    expect((await components.save(books, 'v1', model)).statusCode).toBe(200);
  });

  it('hidden fields stay hidden, hashed ones never appear, and a reader without read sees no history', async () => {
    const book = await create(books, { title: 'Secretive', salary: 100, secret: 'first secret' });
    expect((await records.update(books, book.uuid, 1, { salary: 200, secret: 'second secret' })).statusCode).toBe(200);
    const forAdmin = await history(books, book.uuid);
    expect(forAdmin.json().items[0].changes).toEqual([{ field: 'salary', before: 100, after: 200 }, { field: 'secret', hashed: true }]);
    const stored = await db().selectFrom('records').select('data').where('uuid', '=', book.uuid).executeTakeFirstOrThrow();
    const hash = (stored.data as { secret: string }).secret;
    expect(forAdmin.body).not.toContain(hash);
    expect(forAdmin.body).not.toContain('second secret');
    const kept = await db().selectFrom('record_revisions').select(sql<string>`data::text`.as('data')).where('record_uuid', '=', book.uuid).execute();
    for (const row of kept) expect(row.data).not.toContain(hash);
    // The reader may read the record but not see the salary: the change to it is not shown.
    const forReader = await history(books, book.uuid, () => reader);
    expect(forReader.statusCode, forReader.body).toBe(200);
    expect(forReader.json().items[0].changes).toEqual([{ field: 'secret', hashed: true }]);
    expect(forReader.body).not.toContain('200');
    expect((await history(books, book.uuid, () => outsider)).statusCode).toBe(403);
    // Hostile paths: not a uuid, a bad page, an unknown parameter.
    expect((await history(books, 'not-a-uuid')).statusCode).toBe(404);
    expect((await history(books, book.uuid, () => admin, '?limit=0')).statusCode).toBe(400);
    expect((await history(books, book.uuid, () => admin, '?__proto__=1')).statusCode).toBe(400);
  });

  it("housekeeping keeps revisions for the component's history_days, and all of them without it", async () => {
    const shortLived = await componentWithFields(components, 'hist_short', [recordFields.text('title')]);
    const model = (await components.settings(shortLived, 'v1')).json();
    const saved = await components.save(shortLived, 'v1', { ...model, settings: { ...model.settings, model: { ...model.settings.model, history_days: 10 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const old = await create(shortLived, { title: 'Old' });
    const recent = await create(shortLived, { title: 'Recent' });
    const keptForever = await create(books, { title: 'Kept' });
    for (const uuid of [old.uuid, keptForever.uuid]) {
      await db().updateTable('record_revisions').set({ created_at: sql<Date>`now() - make_interval(days => 30)` }).where('record_uuid', '=', uuid).execute();
    }
    expect(await runHousekeeping(db(), server().config, () => undefined, new Date())).toEqual([]);
    const left = async (uuid: string) => (await db().selectFrom('record_revisions').select('id').where('record_uuid', '=', uuid).execute()).length;
    expect([await left(old.uuid), await left(recent.uuid), await left(keptForever.uuid)]).toEqual([0, 1, 1]);
    const refused = await components.save(shortLived, 'v1', { ...model, settings: { ...model.settings, model: { ...model.settings.model, history_days: 0 } } });
    expect(refused.statusCode).toBe(417);
  });
});
