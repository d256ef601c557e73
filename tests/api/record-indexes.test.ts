// The record layout (docs/records.md "Layout" and "Indexes"): one partition per component, the field
// indexes a deploy builds (exactly what is filterable, sorted, searched or unique; once for both
// environments), what a second deploy drops, the planner's use of them, statistics after writes,
// and removed components' partitions dropped by housekeeping.
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, componentApi, componentWithFields, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi } from './import-fixtures';
import { insertManyRecords } from './list-fixtures';

const text = (key: string, extra: Record<string, unknown> = {}) => f.text(key, {}, extra);

describeApi(`record layout: partitions and field indexes (${DB_KIND})`, () => {
  // Cases write 20,000 records and run housekeeping: on a busy 2-core machine PGlite took over 30 s for
  // one. The bound stops a hang; it times nothing.
  vi.setConfig({ testTimeout: 180_000 });
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');

  const partitionOf = (uuid: string) => `records_c_${uuid.replaceAll('-', '')}`;

  beforeAll(async () => {
    admin = await login(app());
  }, SETUP_TIMEOUT_MS);

  /** The field indexes on a component's partition, as "key kind" from their comments. */
  async function fieldIndexes(uuid: string): Promise<string[]> {
    const result = await sql<{ comment: string | null; def: string }>`
      select obj_description(c.oid, 'pg_class') as comment, pg_get_indexdef(c.oid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relname = ${partitionOf(uuid)} and c.relname like 'records\\_ix\\_%'`.execute(db());
    return result.rows.map((row) => (row.comment ?? '').split(' ').slice(2).join(' ')).sort();
  }

  async function uniqueIndexes(uuid: string): Promise<string[]> {
    const result = await sql<{ comment: string | null }>`
      select obj_description(c.oid, 'pg_class') as comment
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relname = ${partitionOf(uuid)} and c.relname like 'records\\_uq\\_%'`.execute(db());
    return result.rows.map((row) => (row.comment ?? '').split(' ').slice(2).join(' ')).sort();
  }

  async function partitionExists(uuid: string): Promise<boolean> {
    const result = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = ${partitionOf(uuid)}`.execute(db());
    return result.rows[0]!.n === 1;
  }

  it('a new component gets its own partition of records', async () => {
    const created = await api.create({ name: 'plain', label: { en_US: 'Plain' } });
    expect(created.statusCode).toBe(200);
    expect(await partitionExists(created.json().uuid)).toBe(true);
    const parent = await sql<{ kind: string }>`select relkind::text as kind from pg_class where relname = 'records'`.execute(db());
    expect(parent.rows[0]!.kind).toBe('p');
  });

  it('a deploy builds exactly the indexes the settings need, once for both environments; a second deploy drops what is no longer needed', async () => {
    const fields = [
      text('title', { filterable: true }), // btree + trigram
      { name: 'price', key: 'price', auto_key: false, module: 'input', type: 'number', constraints: {}, filterable: true }, // number btree
      { name: 'notes', key: 'notes', auto_key: false, module: 'text', type: 'default', constraints: {}, filterable: true }, // trigram only (long text)
      text('code'), // searched by a preset: trigram
      text('sku', { unique: true }), // unique, per environment
      text('plain'), // nothing
    ];
    const uuid = await componentWithFields(api, 'goods', fields, { live: true });
    const model = (await api.settings(uuid, 'v1')).json();
    const presets = [{ name: 'By code', roles: null, context: { default: false, expr: null, filters: { filterOn: ['code'], dateField: 'created_at' } } }];
    const saved = await api.save(uuid, 'v1', { ...model, settings: { ...model.settings, presets } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await fieldIndexes(uuid)).toEqual(['code search', 'notes search', 'price number', 'title search', 'title text']);
    // Unique: per environment (dev and live both point to v1).
    expect(await uniqueIndexes(uuid)).toEqual(['dev sku', 'live sku']);

    // v2: title no longer filterable, a chosen list column (sortable) on plain; dev points to it, live stays on v1.
    const forked = await api.fork({ ref: uuid, from: 'v1', name: 'v2' });
    expect(forked.statusCode, forked.body).toBe(200);
    const v2 = (await api.settings(uuid, 'v2')).json();
    const v2Fields = v2.settings.fields.map((field: { key: string; filterable?: boolean }) => (field.key === 'title' ? { ...field, filterable: false } : field));
    const list = { ...(v2.settings.list ?? {}), fields: [{ key: 'plain', sortOrder: 0 }] };
    expect((await api.save(uuid, 'v2', { ...v2, settings: { ...v2.settings, fields: v2Fields, list } })).statusCode).toBe(200);
    expect((await api.publish({ ref: uuid, version: 'v2', env: 'dev' })).statusCode).toBe(200);
    // live (v1) still needs title's indexes: the union of both environments stays.
    expect(await fieldIndexes(uuid)).toEqual(['code search', 'notes search', 'plain text', 'price number', 'title search', 'title text']);
    // Live moves to v2 as well: title's indexes go.
    expect((await api.publish({ ref: uuid, version: 'v2', env: 'live' })).statusCode).toBe(200);
    expect(await fieldIndexes(uuid)).toEqual(['code search', 'notes search', 'plain text', 'price number']);
  });

  it('records of one import statement list in the order they were given (seq breaks created_at ties)', async () => {
    const uuid = await componentWithFields(api, 'ordered', [text('title', { filterable: true })]);
    const { projectUuid, adminUuid } = await adminProject(db());
    // One statement, one created_at for all: the order must come from seq, not from the uuids.
    await sql`insert into records (project_uuid, component_uuid, env, data, created_by, updated_by)
      select ${projectUuid}::uuid, ${uuid}::uuid, 'dev', jsonb_build_object('title', 'Row ' || lpad(i::text, 3, '0')), ${adminUuid}::uuid, ${adminUuid}::uuid
      from generate_series(1, 60) as i`.execute(db());
    const stamps = await sql<{ n: number }>`select count(distinct created_at)::int as n from records where component_uuid = ${uuid}::uuid`.execute(db());
    expect(stamps.rows[0]!.n).toBe(1);
    const response = await app().inject({ method: 'GET', url: `/api/v3/system/component/${uuid}/models?limit=60`, headers: { cookie: admin, 'x-project-env': 'dev' } });
    const titles = response.json().items.map((item: { title: string }) => item.title);
    expect(titles).toEqual(Array.from({ length: 60 }, (_, i) => `Row ${String(i + 1).padStart(3, '0')}`));
  });

  it('the planner uses the trigram index for an infix search and the count index for a count, once statistics are kept', async () => {
    const uuid = await componentWithFields(api, 'searched', [text('title', { filterable: true })]);
    const { projectUuid, adminUuid } = await adminProject(db());
    await insertManyRecords(db(), { projectUuid, componentUuid: uuid, userUuid: adminUuid, count: 20_000 });
    // What Luma does after large writes (imports, bulk actions) and on its housekeeping schedule.
    await runHousekeeping(db(), server().config, (error) => {
      throw error;
    });
    if (DB_KIND === 'postgres') await sql.raw(`vacuum (analyze) ${partitionOf(uuid)}`).execute(db());
    const search = await sql<{ 'QUERY PLAN': string }>`explain select * from ${sql.table(partitionOf(uuid))}
      where env = 'dev' and deleted_at is null and disabled_at is null and (data ->> 'title') ilike '%ook 1234%' order by created_at, seq limit 10`.execute(db());
    expect(search.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on records_ix_/);
    const count = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from ${sql.table(partitionOf(uuid))}
      where env = 'dev' and deleted_at is null and disabled_at is null`.execute(db());
    expect(count.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan/);
    // And the API answers the same search.
    const response = await app().inject({
      method: 'GET',
      url: `/api/v3/system/component/${uuid}/models?filter=${encodeURIComponent('ook 1234')}&filterOn=title&limit=20`,
      headers: { cookie: admin, 'x-project-env': 'dev' },
    });
    expect(response.json().items.map((item: { title: string }) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Book 1234${i}`));
  });

  it('a filterable choice field gets an index per item: the bounded total of `key = item` is counted from that index alone', async () => {
    const items = Array.from({ length: 7 }, (_, i) => `C${i}`);
    const uuid = await componentWithFields(api, 'chosen', [text('title', { filterable: true }), { ...f.select('code', items), filterable: true }]);
    expect(await fieldIndexes(uuid)).toEqual([...items.map(() => 'code choice'), 'code search', 'code text', 'title search', 'title text']);
    const { projectUuid, adminUuid } = await adminProject(db());
    await insertManyRecords(db(), { projectUuid, componentUuid: uuid, userUuid: adminUuid, count: 20_000 });
    await runHousekeeping(db(), server().config, (error) => {
      throw error;
    });
    if (DB_KIND === 'postgres') await sql.raw(`vacuum (analyze) ${partitionOf(uuid)}`).execute(db());
    const count = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from (select 1 from ${sql.table(partitionOf(uuid))}
      where env = 'dev' and deleted_at is null and disabled_at is null and (data ->> 'code') = 'C3' limit 5001) as bounded`.execute(db());
    expect(count.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using records_ix_/);
    // The API's total is the records of that item, neither disabled nor deleted.
    await sql`update records set disabled_at = now() where component_uuid = ${uuid}::uuid and data ->> 'title' = 'Book 00003'`.execute(db());
    await sql`update records set deleted_at = now() where component_uuid = ${uuid}::uuid and data ->> 'title' = 'Book 00010'`.execute(db());
    const expected = await sql<{ n: number }>`select count(*)::int as n from records where component_uuid = ${uuid}::uuid and env = 'dev'
      and deleted_at is null and disabled_at is null and data ->> 'code' = 'C3'`.execute(db());
    const response = await app().inject({
      method: 'GET',
      url: `/api/v3/system/component/${uuid}/models?limit=1&$adv=${encodeURIComponent(JSON.stringify({ code: 'C3' }))}`,
      headers: { cookie: admin, 'x-project-env': 'dev' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(expected.rows[0]!.n);
    expect(response.json().total).toBe(Math.floor(20_000 / 7) - 2);
    expect(response.json().items[0].title).toBe('Book 00017');
  });

  it('an import leaves the partition with statistics right after its answer (on PGlite, which has no autovacuum, and on PostgreSQL alike)', async () => {
    const uuid = await componentWithFields(api, 'imported', [text('title', { filterable: true })]);
    const statistics = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = ${partitionOf(uuid)}`.execute(db())).rows[0]!.n;
    expect(await statistics()).toBe(0);
    const rows = [['title'], ...Array.from({ length: 300 }, (_, i) => [`Imported ${i + 1}`])];
    const response = await importApi(app, () => admin)(uuid, { file: csv(rows) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().created).toBe(300);
    // The refresh runs once the answer is sent, as autovacuum would a moment after the commit.
    await vi.waitFor(async () => expect(await statistics()).toBeGreaterThan(0), { timeout: 15_000, interval: 20 });
    const tuples = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = ${partitionOf(uuid)}`.execute(db());
    expect(Number(tuples.rows[0]!.n)).toBe(300);
  });

  it('a removed component leaves its partition to housekeeping, which drops it; others are untouched', async () => {
    const keep = await componentWithFields(api, 'kept', [text('title')]);
    const gone = await componentWithFields(api, 'doomed', [text('title')]);
    expect((await records.create(keep, { title: 'stays' })).statusCode).toBe(200);
    expect((await records.create(gone, { title: 'goes' })).statusCode).toBe(200);
    expect((await api.remove(gone)).statusCode).toBe(200);
    expect(await partitionExists(gone)).toBe(true);
    await runHousekeeping(db(), server().config, (error) => {
      throw error;
    });
    expect(await partitionExists(gone)).toBe(false);
    expect(await partitionExists(keep)).toBe(true);
    const left = await sql<{ n: number }>`select count(*)::int as n from records where component_uuid = ${gone}::uuid`.execute(db());
    expect(left.rows[0]!.n).toBe(0);
    const list = await app().inject({ method: 'GET', url: `/api/v3/system/component/${keep}/models`, headers: { cookie: admin, 'x-project-env': 'dev' } });
    expect(list.json().items.map((item: { title: string }) => item.title)).toEqual(['stays']);
  });
});
