// Self-tuning indexes (docs/lists.md "Self-tuning indexes"): list queries on fields nobody marked
// filterable are counted by shape; with LUMA_INDEX_SLOW_MS=0 every one is slow, so the third of a
// shape queues the job that builds its index (btree for the sort and range, trigram for the infix
// search); the admin calls list each index with its reason, drop one (not built again for its
// shape) and mark a field always indexed; another project's component and a bad field are refused.
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { adminProject, componentApi, componentWithFields, createProject, insertComponentRow, recordFields as f, textField } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { listApi } from './list-fixtures';
import { dropUnusedIndexes } from '../../src/server/records/auto-indexes';

describeApi(`self-tuning record indexes (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 120_000 });
  const server = useServer({ LUMA_INDEX_SLOW_MS: '0', LUMA_INDEX_SLOW_COUNT: '3', LUMA_INDEX_AUTO_MAX: '5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const indexes = (ref: string) => api.send('GET', `/v3/system/component/${ref}/indexes`);
  let goods = '';
  let foreign = '';

  beforeAll(async () => {
    admin = await login(app());
    goods = await componentWithFields(api, 'goods', [f.text('name'), f.number('price'), f.number('qty'), f.text('note')]);
    const { projectUuid, adminUuid } = await adminProject(db());
    await sql`
      insert into records (project_uuid, component_uuid, env, data, created_by, updated_by)
      select ${projectUuid}::uuid, ${goods}::uuid, 'dev', jsonb_build_object('name', 'Item ' || i, 'price', i % 100, 'qty', i % 120, 'note', 'n' || i), ${adminUuid}::uuid, ${adminUuid}::uuid
      from generate_series(1, 300) as i`.execute(db());
    const other = await createProject(db(), 'Other');
    foreign = await insertComponentRow(db(), other.projectUuid, { name: 'secret', publicVersion: 'v1', settings: { version: 'v1', fields: [textField('Token')] } });
  }, SETUP_TIMEOUT_MS);

  /** The "key kind" of the field indexes on the component's partition, from pg_indexes. */
  async function built(uuid: string): Promise<string[]> {
    const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes where tablename = ${`records_c_${uuid.replaceAll('-', '')}`} and indexname like 'records\\_ix\\_%'`.execute(db());
    return rows.map((row) => row.def).sort();
  }

  it('a repeated slow sort with a range builds the btree indexes; an infix search its trigram index', async () => {
    expect(await built(goods)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const response = await lists.list(goods, { sortBy: 'price', sortDesc: 1, $adv: { qty: { $gte: 90 } } });
      expect(response.statusCode, response.body).toBe(200);
    }
    const defs = await until('the btree indexes', 60_000, async () => {
      const found = await built(goods);
      return found.length === 2 ? found : undefined;
    });
    expect(defs.every((def) => def.includes('::numeric'))).toBe(true);
    expect(defs.some((def) => def.includes("'price'")) && defs.some((def) => def.includes("'qty'"))).toBe(true);

    for (let i = 0; i < 3; i++) expect((await lists.list(goods, { filter: 'tem 1', filterOn: 'name' })).statusCode).toBe(200);
    await until('the trigram index', 60_000, async () => ((await built(goods)).some((def) => def.includes('gin_trgm_ops')) ? true : undefined));

    // The index exists before the build has written its comment and its state: wait for the listing.
    const listed = await until('every index listed as built', 60_000, async () => {
      const response = await indexes(goods);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().indexes.every((index: { status: string }) => index.status === 'built') ? response : undefined;
    });
    const auto = listed.json().indexes.map((index: { field: string; kind: string; reason: string; shape: string; slowCount: number; status: string; size: number }) => index);
    expect(auto.map((index: { field: string; kind: string }) => `${index.field} ${index.kind}`).sort()).toEqual(['name trigram', 'price btree', 'qty btree']);
    for (const index of auto) {
      expect(index.reason).toBe('auto');
      expect(index.status).toBe('built');
      expect(index.slowCount).toBeGreaterThanOrEqual(3);
      expect(index.size).toBeGreaterThan(0);
    }
    expect(auto.find((index: { field: string }) => index.field === 'price').shape).toBe('range:qty;sort:price');
    const shapes = await db().selectFrom('record_query_shapes').select(['shape', 'count', 'slow_count']).where('component_uuid', '=', goods).execute();
    expect(shapes.find((shape) => shape.shape === 'range:qty;sort:price')?.count).toBeGreaterThanOrEqual(3);
  });

  it('an admin drops an auto index (not built again for its shape) and marks a field always indexed', async () => {
    const listed = (await indexes(goods)).json().indexes as { name: string; field: string }[];
    const qty = listed.find((index) => index.field === 'qty')!;
    const dropped = await api.send('POST', `/v3/system/component/${goods}/indexes/drop`, { name: qty.name });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().indexes.map((index: { field: string }) => index.field).sort()).toEqual(['name', 'price']);
    expect((await built(goods)).some((def) => def.includes("'qty'"))).toBe(false);
    for (let i = 0; i < 3; i++) await lists.list(goods, { sortBy: 'price', $adv: { qty: { $gte: 90 } } });

    const always = await api.send('POST', `/v3/system/component/${goods}/indexes/always`, { field: 'note' });
    expect(always.statusCode, always.body).toBe(200);
    expect(always.json().fields.find((field: { key: string }) => field.key === 'note').always).toBe(true);
    const notes = await until('the always indexes of note', 60_000, async () => {
      const found = (await indexes(goods)).json().indexes.filter((index: { field: string; status: string }) => index.field === 'note' && index.status === 'built');
      return found.length === 2 ? found : undefined;
    });
    expect(notes.map((index: { kind: string; reason: string }) => `${index.kind} ${index.reason}`).sort()).toEqual(['btree always', 'trigram always']);
    expect((await built(goods)).some((def) => def.includes("'qty'"))).toBe(false);
  });

  it('a deploy keeps the indexes whose field remains and drops those whose field is gone', async () => {
    const model = (await api.settings(goods, 'v1')).json();
    const fields = model.settings.fields.filter((field: { key: string }) => field.key !== 'note');
    expect((await api.save(goods, 'v1', { ...model, settings: { ...model.settings, fields } })).statusCode).toBe(200);
    const left = (await indexes(goods)).json().indexes.map((index: { field: string; kind: string }) => `${index.field} ${index.kind}`).sort();
    expect(left).toEqual(['name trigram', 'price btree']);
    expect((await built(goods)).some((def) => def.includes("'note'"))).toBe(false);
  });

  it('housekeeping drops an auto index no query used for 30 days, and keeps the rest', async () => {
    const at = new Date(Date.now() + 31 * 24 * 60 * 60_000);
    // price was used 31 days before `at`; name (trigram) is marked used then too, to stay.
    await db().updateTable('record_index_state').set({ last_used_at: at }).where('component_uuid', '=', goods).where('field', '=', 'name').execute();
    expect(await dropUnusedIndexes(db(), at)).toBe(1);
    const left = (await indexes(goods)).json().indexes.map((index: { field: string; kind: string }) => `${index.field} ${index.kind}`).sort();
    expect(left).toEqual(['name trigram']);
    expect((await built(goods)).some((def) => def.includes("'price'"))).toBe(false);
  });

  it('refuses another project\'s component, an unknown field and an unknown index with their keys', async () => {
    expect((await indexes(foreign)).statusCode).toBe(404);
    expect((await api.send('POST', `/v3/system/component/${foreign}/indexes/always`, { field: 'token' })).statusCode).toBe(404);
    const unknown = await api.send('POST', `/v3/system/component/${goods}/indexes/always`, { field: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].messages).toEqual(['indexFieldNotFound']);
    const missing = await api.send('POST', `/v3/system/component/${goods}/indexes/drop`, { name: 'records_ix_0000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('indexNotFound');
    expect((await api.send('POST', `/v3/system/component/${goods}/indexes/drop`, {})).statusCode).toBe(400);
  });
});
