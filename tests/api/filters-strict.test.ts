// Filters are never widened (docs/security.md "Filters are never widened", docs/lists.md): every call
// that takes a record filter (the list, the export, the three bulk actions by filter, the count the
// list answers with) refuses a parameter, key or operator that names nothing Luma knows, with 400
// `badRequest` at its place, and changes nothing. Before issue 27 a bulk delete whose filter held
// only unknown keys ({"$gt": ""}, {"nonsense": 1}) was read as no filter and deleted every record.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';

/** Bulk bodies whose filter names something unknown (or a list parameter a filter has no use for). */
const BAD_BULK_BODIES: { body: unknown; field: string; message: string }[] = [
  { body: { filter: { $gt: '' } }, field: 'filter.$gt', message: 'unknownField' },
  { body: { filter: { nonsense: 1 } }, field: 'filter.nonsense', message: 'unknownField' },
  { body: { filter: { Filter: 'Book' } }, field: 'filter.Filter', message: 'unknownField' },
  { body: { filter: { filter: 'Book', filtr: 'x' } }, field: 'filter.filtr', message: 'unknownField' },
  { body: { filter: { limit: 5 } }, field: 'filter.limit', message: 'unknownField' },
  { body: { filter: { offset: 1 } }, field: 'filter.offset', message: 'unknownField' },
  { body: { filter: { sortBy: 'title' } }, field: 'filter.sortBy', message: 'unknownField' },
  { body: { filter: { $aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }] } }, field: 'filter.$aggregate', message: 'unknownField' },
  { body: { filter: { disabled: 'yes' } }, field: 'filter.disabled', message: 'invalid' },
  { body: { filter: { filterOn: ['nope'] } }, field: 'filter.filterOn', message: 'unknownField' },
  { body: { filter: { dateField: 'nope', dateFrom: '2024-01-01' } }, field: 'filter.dateField', message: 'unknownField' },
  { body: { filter: { $adv: { $gt: '' } } }, field: 'filter.$adv.$gt', message: 'invalid' },
  { body: { filter: { $adv: { nonsense: 1 } } }, field: 'filter.$adv.nonsense', message: 'unknownField' },
  { body: { filter: { $adv: { title: { $like: 'Book%' } } } }, field: 'filter.$adv.title.$like', message: 'invalid' },
  { body: { filter: { $adv: { $or: [{ code: 'C1' }, { nope: 1 }] } } }, field: 'filter.$adv.$or.1.nope', message: 'unknownField' },
  { body: { filter: {}, nonsense: 1 }, field: 'nonsense', message: 'unknownField' },
  { body: { filter: {}, all: true }, field: 'all', message: 'unknownField' },
];

/** List and export parameters that name nothing the call takes. */
const BAD_QUERIES: { params: Record<string, unknown>; field: string; message: string }[] = [
  { params: { nonsense: 1 }, field: 'nonsense', message: 'unknownField' },
  { params: { filtr: 'Book 00001' }, field: 'filtr', message: 'unknownField' },
  { params: { $gt: '' }, field: '$gt', message: 'unknownField' },
  { params: { disabled: 'zzz' }, field: 'disabled', message: 'invalid' },
  { params: { $adv: { nonsense: 1 } }, field: '$adv.nonsense', message: 'unknownField' },
  { params: { $adv: { $gt: '' } }, field: '$adv.$gt', message: 'invalid' },
];

describeApi(`filters are never widened (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  let books = '';

  /** Each record's state (deleted, disabled, version): what a bulk action would change. */
  const snapshot = async () =>
    (
      await sql<{ state: string }>`select uuid::text || ':' || coalesce(deleted_at::text, '-') || ':' || coalesce(disabled_at::text, '-') || ':' || version as state
        from records where component_uuid = ${books}::uuid order by uuid`.execute(db())
    ).rows.map((row) => row.state);
  const jobCount = async () => (await sql<{ n: number }>`select count(*)::int as n from record_jobs`.execute(db())).rows[0]!.n;

  // 11 books.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    books = await componentWithFields(api, 'books', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 11 });
    expect((await lists.list(books)).json().total).toBe(11);
  }, SETUP_TIMEOUT_MS);

  it('a bulk delete, disable or enable whose filter names anything unknown is 400 at the filter, and nothing changes', async () => {
    const before = await snapshot();
    const jobsBefore = await jobCount();
    expect(before).toHaveLength(11);
    for (const action of ['delete', 'disable', 'enable'] as const) {
      for (const { body, field, message } of BAD_BULK_BODIES) {
        const response = await lists.bulk(books, action, body);
        const label = `${action} ${JSON.stringify(body)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().message, label).toBe('badRequest');
        expect(response.json().errors, label).toContainEqual(expect.objectContaining({ field, messages: expect.arrayContaining([message]) }));
      }
    }
    // No job was queued, and every record is as it was (none deleted, disabled or touched).
    expect(await jobCount()).toBe(jobsBefore);
    expect(await snapshot()).toEqual(before);
    expect((await lists.list(books)).json().total).toBe(11);
  });

  it('a known filter still acts on what it names, and only that', async () => {
    const started = await lists.bulk(books, 'disable', { filter: { $adv: { code: 'C1' } } });
    expect(started.statusCode).toBe(202);
    expect((await lists.waitForJob(books, started.json().job)).json()).toMatchObject({ status: 'done', affected: 2 });
    expect((await lists.list(books, { disabled: 1 })).json().total).toBe(2);
    expect((await lists.list(books, { disabled: 'false' })).json().total).toBe(9);
    const enabled = await lists.bulk(books, 'enable', { filter: { disabled: true } });
    expect((await lists.waitForJob(books, enabled.json().job)).json()).toMatchObject({ status: 'done', affected: 2 });
  });

  it('the list (and its count) and the export refuse unknown parameters instead of answering everything', async () => {
    for (const { params, field, message } of BAD_QUERIES) {
      for (const call of [lists.list, lists.exportAs]) {
        const response = await call(books, params);
        const label = `${call === lists.list ? 'list' : 'export'} ${JSON.stringify(params)}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().errors, label).toContainEqual(expect.objectContaining({ field, messages: expect.arrayContaining([message]) }));
      }
    }
    // Paging and aggregation are no part of an export.
    for (const name of ['limit', 'offset'] as const) {
      const response = await lists.exportAs(books, { [name]: 5 });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors).toEqual([{ field: name, messages: ['invalid'], values: [null] }]);
    }
    expect((await lists.exportAs(books, { $aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }] })).statusCode).toBe(400);
    // The export still takes the filter and the (checked) order.
    const exported = await lists.exportAs(books, { format: 'json', filter: 'Book 0001', filterOn: 'title', sortBy: 'title', sortDesc: 1 });
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).map((item: { title: string }) => item.title).sort()).toEqual(['Book 00010', 'Book 00011']);
  });
});
