// Bulk actions (docs/lists.md "Bulk"): by items (all or nothing, at most 5000, permissions per verb)
// and by filter (202 { job }, a pg-boss job in batch transactions, progress from the record_jobs table).
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, createProject, insertComponentRow } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { bookFields, insertManyRecords, listApi, recordCount } from './list-fixtures';

describeApi(`record bulk actions (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const as = (who: string) => listApi(app, () => cookies[who]!, 'dev');
  let books = '';
  let other = '';
  let foreignRecord = '';
  const uuidsOf = async (ref: string, params: Record<string, unknown> = {}) =>
    (await lists.list(ref, { limit: -1, ...params })).json().items.map((item: { uuid: string }) => item.uuid) as string[];
  const stored = (uuid: string) => db().selectFrom('records').select(['deleted_at', 'disabled_at', 'version']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

  // 2,100 books, another component, another project, members with single verbs.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    books = await componentWithFields(api, 'books', bookFields(null));
    other = await componentWithFields(api, 'other', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 2100 });
    await insertManyRecords(db(), { projectUuid, componentUuid: other, userUuid: adminUuid, count: 3 });
    const elsewhere = await createProject(db(), 'Elsewhere');
    const foreign = await insertComponentRow(db(), elsewhere.projectUuid, { name: 'books' });
    foreignRecord = crypto.randomUUID();
    await db().insertInto('records').values({ uuid: foreignRecord, project_uuid: elsewhere.projectUuid, component_uuid: foreign, env: 'dev', data: '{}' }).execute();
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${books}`]);
    await createMember(db(), 'updater@luma.test', 'updater password', [`read ${books}`, `update ${books}`]);
    await createMember(db(), 'deleter@luma.test', 'deleter password', [`read ${books}`, `delete ${books}`]);
    for (const who of ['reader', 'updater', 'deleter']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('by items: disable, enable, delete; answers { affected }', async () => {
    const [a, b, c] = await uuidsOf(books, { limit: 3 });
    expect((await lists.bulk(books, 'disable', { items: [a, b] })).json()).toEqual({ affected: 2 });
    expect((await stored(a!)).disabled_at).not.toBeNull();
    expect((await stored(a!)).version).toBe(2);
    // Already disabled: matched, nothing to change.
    expect((await lists.bulk(books, 'disable', { items: [a, a!.toUpperCase()] })).json()).toEqual({ affected: 0 });
    expect((await lists.bulk(books, 'enable', { items: [a, b] })).json()).toEqual({ affected: 2 });
    expect((await stored(b!)).disabled_at).toBeNull();
    expect((await lists.bulk(books, 'delete', { items: [c] })).json()).toEqual({ affected: 1 });
    expect((await stored(c!)).deleted_at).not.toBeNull();
    expect((await lists.list(books)).json().total).toBe(2099);
    expect((await lists.bulk(books, 'delete', { items: [] })).json()).toEqual({ affected: 0 });
  });

  it('by items: all or nothing; unknown, deleted, another component\'s or project\'s uuids are 404 and change nothing', async () => {
    // A deleted book of this case's own (C4: the filter jobs below count C1 and C2).
    const [deleted] = await uuidsOf(books, { $adv: { code: 'C4' }, limit: 1 });
    expect((await lists.bulk(books, 'delete', { items: [deleted] })).json()).toEqual({ affected: 1 });
    const some = await uuidsOf(books, { limit: 5 });
    const snapshot = await Promise.all(some.map(stored));
    const otherRecord = (await uuidsOf(other))[0]!;
    for (const intruder of [crypto.randomUUID(), foreignRecord, otherRecord, deleted]) {
      for (const action of ['delete', 'disable'] as const) {
        const response = await lists.bulk(books, action, { items: [...some, intruder] });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('notFound');
      }
    }
    expect(await Promise.all(some.map(stored))).toEqual(snapshot);
    expect(snapshot.every((row) => row.deleted_at === null && row.disabled_at === null)).toBe(true);
    expect((await stored(foreignRecord)).deleted_at).toBeNull();
    // Malformed bodies are 400.
    for (const body of [{}, { items: 'x' }, { items: ['nope'] }, { items: [1] }, { items: Array.from({ length: 5001 }, () => crypto.randomUUID()) }, { items: [], filter: {} }, []]) {
      expect((await lists.bulk(books, 'delete', body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('permissions: delete {ref} to delete, update {ref} to disable and enable', async () => {
    const [a] = await uuidsOf(books, { limit: 1 });
    expect((await as('reader').bulk(books, 'delete', { items: [a] })).statusCode).toBe(403);
    expect((await as('reader').bulk(books, 'disable', { items: [a] })).statusCode).toBe(403);
    expect((await as('updater').bulk(books, 'delete', { items: [a] })).statusCode).toBe(403);
    expect((await as('deleter').bulk(books, 'disable', { items: [a] })).statusCode).toBe(403);
    expect((await as('updater').bulk(books, 'disable', { items: [a] })).json()).toEqual({ affected: 1 });
    expect((await as('updater').bulk(books, 'enable', { items: [a] })).json()).toEqual({ affected: 1 });
    expect((await as('deleter').bulk(books, 'delete', { filter: { $adv: { title: 'none' } } })).statusCode).toBe(202);
    expect((await as('reader').bulk(books, 'delete', { filter: {} })).statusCode).toBe(403);
  });

  it('by filter: 202 { job }, the job runs to done with processed, total and affected', async () => {
    const before = await recordCount(db());
    const started = await lists.bulk(books, 'disable', { filter: { $adv: { code: { $in: ['C1', 'C2'] } } } });
    expect(started.statusCode).toBe(202);
    const job = started.json().job as string;
    expect(job).toMatch(/^[0-9a-f-]{36}$/);
    const done = await lists.waitForJob(books, job);
    expect(done.statusCode).toBe(200);
    const expected = (await lists.list(books, { disabled: 1 })).json().total;
    expect(done.json()).toEqual({ status: 'done', processed: expected, total: expected, affected: expected, refused: 0, error: null });
    expect(expected).toBe(600);
    // Enable them again by filter (disabled: true), search and dates in the filter too.
    const enable = await lists.bulk(books, 'enable', { filter: { disabled: true, filter: 'book 0', filterOn: ['title'], dateFrom: '2024-01-01', dateField: 'created_at' } });
    const enabled = await lists.waitForJob(books, enable.json().job);
    expect(enabled.json()).toMatchObject({ status: 'done', affected: 600 });
    expect((await lists.list(books, { disabled: 1 })).json().total).toBe(0);
    // Delete by filter, over more than one batch of 1000.
    const remove = await lists.bulk(books, 'delete', { filter: { $adv: { price: { $lt: 60 } } } });
    const removed = (await lists.waitForJob(books, remove.json().job)).json();
    expect(removed.status).toBe('done');
    expect(removed.total).toBeGreaterThan(1000);
    expect((await lists.list(books, { $adv: { price: { $lt: 60 } } })).json().total).toBe(0);
    expect(await recordCount(db())).toBe(before);
    // The other component is untouched.
    expect((await lists.list(other)).json().total).toBe(3);
  });

  it('by filter: refused filters are answered at once; jobs are only readable by their starter, for their component', async () => {
    expect((await lists.bulk(books, 'delete', { filter: { $adv: { nope: 1 } } })).statusCode).toBe(400);
    expect((await lists.bulk(books, 'delete', { filter: { $adv: '{' } })).statusCode).toBe(400);
    expect((await lists.bulk(books, 'delete', { filter: 'all' })).statusCode).toBe(400);
    expect((await lists.bulk(books, 'delete', { filter: { sortBy: 'nope' } })).statusCode).toBe(400);
    const started = await lists.bulk(books, 'disable', { filter: { $adv: { code: 'C3' } } });
    const job = started.json().job as string;
    await lists.waitForJob(books, job);
    expect((await lists.job(other, job)).statusCode).toBe(404);
    expect((await lists.job(books, crypto.randomUUID())).statusCode).toBe(404);
    expect((await lists.job(books, 'nope')).statusCode).toBe(404);
    expect((await as('updater').job(books, job)).statusCode).toBe(404);
    // A regex the database refuses fails the job; nothing is changed.
    const bad = await lists.bulk(books, 'delete', { filter: { $adv: { code: { $regex: '(?<n>x)' } } } });
    const failed = (await lists.waitForJob(books, bad.json().job)).json();
    expect(failed).toMatchObject({ status: 'failed', affected: 0 });
    expect(typeof failed.error).toBe('string');
  });
});

describeApi(`record bulk jobs in small batches (${DB_KIND})`, () => {
  // Batches of 2: a job runs as many batch transactions, resuming from a stored cursor each time.
  const server = useServer({ LUMA_BULK_BATCH_SIZE: '2' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');

  it('counts each record once although created_at has microseconds (a JS Date has milliseconds)', async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    const books = await componentWithFields(api, 'books', bookFields(null));
    for (let i = 0; i < 7; i++) {
      await db()
        .insertInto('records')
        .values({ uuid: crypto.randomUUID(), project_uuid: projectUuid, component_uuid: books, env: 'dev', data: JSON.stringify({ title: `Book ${i}` }), created_by: adminUuid, updated_by: adminUuid, created_at: `2024-01-01T00:00:00.00012${i}Z` })
        .execute();
    }
    // Enabling enabled records changes nothing, so every batch sees the same matching set.
    const started = await lists.bulk(books, 'enable', { filter: {} });
    const done = (await lists.waitForJob(books, started.json().job)).json();
    expect(done).toEqual({ status: 'done', processed: 7, total: 7, affected: 0, refused: 0, error: null });
    const row = await db().selectFrom('record_jobs').select(['cursor_uuid', 'processed']).where('uuid', '=', started.json().job).executeTakeFirstOrThrow();
    expect(row.processed).toBe(7);
    expect(row.cursor_uuid).not.toBeNull();
  });
});
