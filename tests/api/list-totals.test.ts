// The list's bounded totals kept between requests (src/server/records/list-totals.ts, docs/lists.md
// "Totals"): the same filter on another page, in another sort or for another caller is not counted
// again; a write through the API is counted in the writer's very next list; a write by anyone else
// (SQL, as a workflow, a script or an operator would write) is counted once the database's own
// message arrives (the statement triggers of migration 0020), at once on PGlite and moments after the
// commit on PostgreSQL, so those checks wait on the condition. Two Luma processes on one PostgreSQL:
// a write through one is counted by the other.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as listChanges from '../../src/server/db/migrations/0020_list_changes';
import { partitionName } from '../../src/server/records/partitions-sql';
import { callServer } from './child-server';
import { adminProject, componentApi, componentWithFields, createMember, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, unavailable, until, useServer } from './harness';
import { csv, importApi } from './import-fixtures';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';
import { signInOn, useTwoInstances } from './two-instances';

const WAIT_MS = 10_000;

describeApi(`list totals kept between requests (${DB_KIND})`, () => {
  const server = useServer({ LUMA_LIST_TOTAL_CACHE_SECONDS: '60' });
  const app = () => server().app;
  const db = () => server().database.db;
  const stats = () => server().platform.totals.stats();
  let admin = '';
  let reader = '';
  let books = '';
  let projectUuid = '';
  let adminUuid = '';
  const lists = listApi(app, () => admin, 'dev');
  const readers = listApi(app, () => reader, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const total = async (list = lists, params: Record<string, unknown> = {}) => {
    const response = await list.list(books, params);
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };
  /** Lists until one list takes its total from the cache (a write's message may still have been on its way). */
  const fromCache = (params: Record<string, unknown> = {}, list = lists) =>
    until('a total from the cache', WAIT_MS, async () => {
      const before = stats();
      const value = await total(list, params);
      const after = stats();
      return after.hits - before.hits === 1 && after.misses === before.misses ? value : undefined;
    });
  const totalBecomes = (expected: number, params: Record<string, unknown> = {}) =>
    until(`the total ${expected}`, WAIT_MS, async () => ((await total(lists, params)) === expected ? true : undefined));

  beforeAll(async () => {
    admin = await login(app());
    ({ projectUuid, adminUuid } = await adminProject(db()));
    books = await componentWithFields(componentApi(app, () => admin, 'dev'), 'kept_books', bookFields(null).slice(0, 1));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 30 });
    await createMember(db(), 'totals@luma.test', 'totals password 1', [`read ${books}`]);
    reader = await login(app(), 'totals@luma.test', 'totals password 1');
  });

  it('counts a filter once: another page, another sort and another caller take the same total', async () => {
    await totalBecomes(30);
    expect(await fromCache()).toBe(30);
    const before = stats();
    expect(await total(lists, { offset: 10, sortBy: 'title', sortDesc: -1 })).toBe(30);
    expect(await total(readers, { limit: 3 })).toBe(30);
    expect(stats().hits - before.hits).toBe(2);
    expect(stats().misses).toBe(before.misses);
    // Another filter is its own count.
    expect(await total(lists, { filter: 'Book 0001', filterOn: 'title' })).toBe(10);
    expect(stats().misses - before.misses).toBe(1);
    expect(await fromCache({ filter: 'Book 0001', filterOn: 'title' })).toBe(10);
  });

  /**
   * Runs `body` with the database's own messages about this component held back (its statement
   * triggers disabled), so that only what the writing process does before answering can drop a total.
   */
  const withoutDatabaseMessages = async (body: () => Promise<void>) => {
    const triggers = (verb: 'enable' | 'disable') => [
      ...['records_inserted', 'records_updated', 'records_deleted'].map((name) => `alter table records ${verb} trigger ${name}`),
      `alter table ${partitionName(books)} ${verb} trigger records_changed`,
    ];
    for (const statement of triggers('disable')) await sql.raw(statement).execute(db());
    try {
      await body();
    } finally {
      for (const statement of triggers('enable')) await sql.raw(statement).execute(db());
    }
  };

  it("a create, an update and a delete through the API are in the writer's very next total", () => withoutDatabaseMessages(async () => {
    await fromCache();
    const created = await records.create(books, { title: 'Book 00031' });
    expect(created.statusCode, created.body).toBe(200);
    expect(await total()).toBe(31);
    await fromCache({ filter: 'Book 0003', filterOn: 'title' });
    const record = created.json();
    const updated = await records.update(books, record.uuid, record.__version__, { title: 'Renamed' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await total(lists, { filter: 'Book 0003', filterOn: 'title' })).toBe(1);
    await fromCache();
    expect((await records.remove(books, record.uuid)).statusCode).toBe(200);
    expect(await total()).toBe(30);
  }));

  it("an import's records are in the importer's very next total", () => withoutDatabaseMessages(async () => {
    await fromCache();
    const file = csv([['title'], ...Array.from({ length: 12 }, (_, i) => [`Imported ${i}`])]);
    const imported = await importApi(app, () => admin, 'dev')(books, { file, primaryKey: '', fieldMap: '' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await total()).toBe(42);
  }));

  it('records written in SQL, through the parent table or the partition, are counted once the database says so', async () => {
    await fromCache();
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 5 });
    await totalBecomes(47);
    await fromCache();
    // Straight into the partition (as an import's COPY writes): its own statement trigger.
    await sql`
      insert into ${sql.table(partitionName(books))} (project_uuid, component_uuid, env, data, created_by, updated_by)
      values (${projectUuid}::uuid, ${books}::uuid, 'dev', '{"title": "Direct"}'::jsonb, ${adminUuid}::uuid, ${adminUuid}::uuid)`.execute(db());
    await totalBecomes(48);
    await fromCache();
    await sql`update records set deleted_at = now() where component_uuid = ${books}::uuid and data ->> 'title' like 'Imported%'`.execute(db());
    await totalBecomes(36);
    // Another component's writes leave this total where it is.
    await fromCache();
    const other = await componentWithFields(componentApi(app, () => admin, 'dev'), 'other_books', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: other, userUuid: adminUuid, count: 3 });
    expect(await fromCache()).toBe(36);
  });

  it("migration 0020 gives the partitions that were there before it their trigger, and its down takes every one away", async () => {
    const triggers = async () =>
      (
        await sql<{ name: string; table: string }>`
          select t.tgname as name, c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and t.tgname in ('records_changed', 'records_inserted', 'records_updated', 'records_deleted')`.execute(db())
      ).rows;
    const partitions = (await sql<{ n: number }>`select count(*)::int as n from pg_inherits where inhparent = 'records'::regclass`.execute(db())).rows[0]!.n;
    expect(partitions).toBeGreaterThanOrEqual(2);
    const before = await triggers();
    expect(before.filter((trigger) => trigger.name === 'records_changed')).toHaveLength(partitions);
    expect(before.filter((trigger) => trigger.table === 'records').map((trigger) => trigger.name).sort()).toEqual(['records_deleted', 'records_inserted', 'records_updated']);
    await listChanges.down(db() as never);
    expect(await triggers()).toEqual([]);
    await listChanges.up(db() as never);
    expect((await triggers()).map((trigger) => `${trigger.table} ${trigger.name}`).sort()).toEqual(before.map((trigger) => `${trigger.table} ${trigger.name}`).sort());
    expect(await triggers()).toContainEqual({ name: 'records_changed', table: partitionName(books) });
    // And they work: a write is counted once the database says so.
    await fromCache();
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 1 });
    await totalBecomes((await sql<{ n: number }>`select count(*)::int as n from records where component_uuid = ${books}::uuid and env = 'dev' and deleted_at is null and disabled_at is null`.execute(db())).rows[0]!.n);
  });

  // PGlite's bus is in-process: it never stops listening.
  it.skipIf(DB_KIND !== 'postgres')('counts every time while the bus cannot hear the database, and forgets every total when it hears again', async () => {
    const base = await fromCache();
    const bus = server().platform.bus as unknown as { listening(): boolean };
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'luma-bus' and datname = current_database()`.execute(db());
    await until('the bus to notice', WAIT_MS, () => (bus.listening() ? undefined : true));
    const before = stats();
    // Written while nobody hears: still counted, since nothing is taken from the cache.
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 2 });
    expect(await total()).toBe(base + 2);
    expect(await total()).toBe(base + 2);
    expect(stats().bypassed - before.bypassed).toBe(2);
    await until('the bus to listen again', WAIT_MS, () => (bus.listening() ? true : undefined));
    await until('the totals to be forgotten on reconnect', WAIT_MS, () => (stats().entries === 0 ? true : undefined));
    expect(await fromCache()).toBe(base + 2);
  });
});

// Two Luma processes (child processes, totals kept by default) on one PostgreSQL.
const runs = DB_KIND === 'postgres' && !unavailable;
const suite = runs ? describe : describe.skip;
suite(`list totals across two Luma processes on one PostgreSQL${runs ? '' : ' [skipped: PostgreSQL only]'}`, () => {
  const instances = useTwoInstances();

  it('a record created through one process is in the next totals of the other', async () => {
    const { a, b } = instances();
    const cookie = await signInOn(a.port);
    const headers = { 'x-project-env': 'dev' };
    const created = await callServer(a.port, 'POST', '/v3/system/component', cookie, { name: 'shared', label: { en_US: 'shared' } }, headers);
    expect(created.status).toBe(200);
    const uuid = created.json.uuid as string;
    const model = (await callServer(a.port, 'GET', `/v3/system/component/settings/${uuid}/v1`, cookie, undefined, headers)).json;
    const saved = await callServer(a.port, 'POST', `/v3/system/component/settings/${uuid}/v1`, cookie, { ...model, settings: { ...model.settings, fields: bookFields(null).slice(0, 1) } }, headers);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const totalOnB = async () => (await callServer(b.port, 'GET', `/v3/system/component/${uuid}/models`, cookie, undefined, headers)).json.total as number;
    expect(await totalOnB()).toBe(0);
    expect(await totalOnB()).toBe(0);
    for (let i = 0; i < 3; i++) expect((await callServer(a.port, 'POST', `/v3/system/component/${uuid}/model`, cookie, { data: { title: `T${i}` } }, headers)).status).toBe(200);
    await until("B to count A's records", WAIT_MS, async () => ((await totalOnB()) === 3 ? true : undefined));
  });
});
