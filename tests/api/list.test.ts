// GET .../models (docs/lists.md "List"): paging with the 5000 cap and the bounded total, sort,
// search, dates, disabled, the headers, permissions and field visibility, on both databases.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, once, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';
import { preparedStatementTexts } from '../../src/server/db/database';
import { partitionName } from '../../src/server/records/partitions-sql';

describeApi(`record list: paging, sort, search, dates, headers and permissions (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const as = (who: string) => listApi(app, () => cookies[who]!, 'dev');
  let books = '';
  let small = '';
  /** Six records of small whose titles hold %, _ and \\ (made by the search case, or by the first case after it that runs alone). */
  const searchTitles = once(async () => {
    for (const title of ['Sale 100% off', 'Sale 100x off', 'under_score', 'underXscore', 'back\\slash', 'backXslash']) {
      expect((await records.create(small, { title, code: 'S', published: '2024-03-01' })).statusCode).toBe(200);
    }
  });

  // 5,100 books (one INSERT ... SELECT), a small component, members.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    books = await componentWithFields(api, 'books', bookFields(insider.roleUuid), { scope: 'shop' });
    small = await componentWithFields(api, 'small', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 5100 });
    await insertManyRecords(db(), { projectUuid, componentUuid: small, userUuid: adminUuid, count: 30 });
    await db().updateTable('roles').set({ permissions: JSON.stringify([`read ${books}`]) }).where('uuid', '=', insider.roleUuid).execute();
    await createMember(db(), 'reader@luma.test', 'reader password', ['read shop/books', `read ${small}`]);
    await createMember(db(), 'nobody@luma.test', 'nobody password', ['see shop/books', `create ${books}`]);
    for (const who of ['insider', 'reader', 'nobody']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('defaults: 10 items from offset 0 by created_at, total counted up to 5001, pages of min(total, 5000)', async () => {
    const response = await lists.list(books);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(5001);
    expect(body.pages).toBe(500);
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Book ${String(i + 1).padStart(5, '0')}`));
    // Items are shaped as the record API shapes them (hashed fields never leave).
    const single = await records.get(books, body.items[0].uuid);
    expect(body.items[0]).toEqual(single.json());
    expect(body.items[0]).not.toHaveProperty('password');
    // By scope/name too.
    expect((await lists.list('shop/books')).json().items[0].uuid).toBe(body.items[0].uuid);
    // A small component's total is exact.
    const few = (await lists.list(small, { limit: 7 })).json();
    expect(few).toMatchObject({ total: 30, pages: 5 });
  });

  it('limit: X-App pages 500, -1 is all (capped at 5000), and nothing past the 5000th record', async () => {
    const app500 = (await lists.list(books, {}, { 'x-app': '1' })).json();
    expect(app500.items).toHaveLength(500);
    expect(app500.pages).toBe(10);
    const all = (await lists.list(books, { limit: -1 })).json();
    expect(all.items).toHaveLength(5000);
    expect(all.pages).toBe(1);
    expect(all.items[4999].title).toBe('Book 05000');
    const big = (await lists.list(books, { limit: 100000 })).json();
    expect(big.items).toHaveLength(5000);
    const tail = (await lists.list(books, { offset: 4990, limit: 20 })).json();
    expect(tail.items.map((item: { title: string }) => item.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Book ${String(4991 + i).padStart(5, '0')}`));
    expect(tail.total).toBe(5001);
    expect((await lists.list(books, { offset: 5000 })).json().items).toEqual([]);
    expect((await lists.list(books, { offset: 9000, limit: -1 })).json().items).toEqual([]);
    for (const bad of [{ limit: 0 }, { limit: -2 }, { limit: 'x' }, { offset: -1 }, { offset: '1.5' }, { sortDesc: 'up' }]) {
      const response = await lists.list(books, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toBe('badRequest');
    }
  });

  it('sort: by a number field (as numbers), a text field, a system column; insertion order breaks ties', async () => {
    const byPrice = (await lists.list(books, { sortBy: 'price', sortDesc: 1, limit: 60 })).json().items;
    expect(byPrice.slice(0, 51).every((item: { price: number }) => item.price === 99)).toBe(true);
    expect(byPrice[51].price).toBe(98);
    // Equal prices: the records created last come first (descending), as they were inserted (Book 00001 first).
    const titles = byPrice.slice(0, 51).map((item: { title: string }) => item.title);
    expect(titles).toEqual([...titles].sort().reverse());
    const tiedAscending = (await lists.list(books, { sortBy: 'price', limit: 51 })).json().items.map((item: { title: string }) => item.title);
    expect(tiedAscending).toEqual([...tiedAscending].sort());
    const ascending = (await lists.list(books, { sortBy: 'price', sortDesc: -1, limit: 3 })).json().items;
    expect(ascending.map((item: { price: number }) => item.price)).toEqual([0, 0, 0]);
    const byTitle = (await lists.list(books, { sortBy: 'title', sortDesc: 1, limit: 2 })).json().items;
    expect(byTitle.map((item: { title: string }) => item.title)).toEqual(['Book 05100', 'Book 05099']);
    const byCreated = (await lists.list(books, { sortBy: 'created_at', sortDesc: 1, limit: 1 })).json().items;
    expect(byCreated[0].title).toBe('Book 05100');
    const byUuid = (await lists.list(small, { sortBy: 'uuid', limit: 30 })).json().items.map((item: { uuid: string }) => item.uuid);
    expect(byUuid).toEqual([...byUuid].sort());
  });

  it('search: case-insensitive on filterOn (default the visible text fields), % _ and \\ match themselves', async () => {
    const hits = (await lists.list(books, { filter: 'book 0001', filterOn: 'title', limit: 50 })).json();
    expect(hits.total).toBe(10);
    const both = (await lists.list(books, { filter: 'c6', filterOn: 'title,code' })).json();
    expect(both.total).toBe(Math.floor(5100 / 7) + (5100 % 7 >= 6 ? 1 : 0));
    // Default filterOn: title and code (secret is text too, and visible to the admin).
    expect((await lists.list(books, { filter: 'BOOK 05100' })).json().total).toBe(1);
    await searchTitles();
    const titles = async (filter: string) =>
      (await lists.list(small, { filter, filterOn: 'title' })).json().items.map((item: { title: string }) => item.title);
    expect(await titles('100%')).toEqual(['Sale 100% off']);
    expect(await titles('r_s')).toEqual(['under_score']);
    expect(await titles('k\\s')).toEqual(['back\\slash']);
    expect(await titles('%')).toEqual(['Sale 100% off']);
    expect(await titles("'; drop table records; --")).toEqual([]);
    // Search on a locale path and on a system column.
    expect((await lists.list(books, { filter: 'ime 5100', filterOn: 'name_i18n.locales.sr' })).json().total).toBe(1);
  });

  it('dates: dateFrom/dateTo inclusive on created_at (default), updated_at or a date field', async () => {
    const day = (await lists.list(books, { dateFrom: '2024-01-02', dateTo: '2024-01-02' })).json();
    expect(day.total).toBe(1440);
    expect(day.items[0].title).toBe('Book 01440');
    const minutes = (await lists.list(books, { dateFrom: '2024-01-01T00:05:00Z', dateTo: '2024-01-01T00:07:00.000Z' })).json();
    expect(minutes.total).toBe(3);
    const published = (await lists.list(books, { dateField: 'published', dateFrom: '2024-01-05', dateTo: '2024-01-05' })).json();
    expect(published.total).toBe(85);
    const range = (await lists.list(books, { dateField: 'published', dateFrom: '2024-02-28' })).json();
    expect(range.total).toBe(2 * 85);
    expect((await lists.list(books, { dateField: 'updated_at', dateTo: '2024-01-01' })).json().total).toBe(1439);
    for (const bad of [{ dateFrom: 'yesterday' }, { dateTo: '2024-02-31' }, { dateField: 'title', dateFrom: '2024-01-01' }, { dateField: 'uuid', dateFrom: '2024-01-01' }]) {
      expect((await lists.list(books, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('disabled: 1 lists only disabled records, anything else only enabled ones', async () => {
    await searchTitles();
    const first = (await lists.list(small, { limit: 3 })).json().items.map((item: { uuid: string }) => item.uuid);
    expect((await lists.bulk(small, 'disable', { items: first })).json()).toEqual({ affected: 3 });
    const disabled = (await lists.list(small, { disabled: 1 })).json();
    expect(disabled.total).toBe(3);
    expect(disabled.items.every((item: { disabled_at: string | null }) => item.disabled_at !== null)).toBe(true);
    expect((await lists.list(small, { disabled: 0 })).json().total).toBe(33);
    expect((await lists.list(small)).json().total).toBe(33);
    await lists.bulk(small, 'enable', { items: first });
    expect((await lists.list(small, { disabled: 1 })).json().total).toBe(0);
  });

  it('X-Cache: MISS then HIT for the same caller and query; any write to the records drops it', async () => {
    const headers = { 'x-cache': '1', 'x-build-ttl': '30' };
    const miss = await lists.list(small, { limit: 5 }, headers);
    expect(miss.headers['x-cache']).toBe('MISS');
    const hit = await lists.list(small, { limit: 5 }, headers);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.json()).toEqual(miss.json());
    // Another query, another caller: their own entries.
    expect((await lists.list(small, { limit: 6 }, headers)).headers['x-cache']).toBe('MISS');
    expect((await as('reader').list(small, { limit: 5 }, headers)).headers['x-cache']).toBe('MISS');
    // No X-Cache: always fresh, no header.
    expect((await lists.list(small, { limit: 5 })).headers['x-cache']).toBeUndefined();
    // A record write through the record API invalidates.
    const created = await records.create(small, { title: 'Fresh', code: 'F', published: '2024-03-01' });
    expect(created.statusCode).toBe(200);
    const after = await lists.list(small, { limit: 5 }, headers);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json().total).toBe(miss.json().total + 1);
    expect((await lists.list(small, { limit: 5 }, headers)).headers['x-cache']).toBe('HIT');
    await records.remove(small, created.json().uuid);
    const removed = await lists.list(small, { limit: 5 }, headers);
    expect(removed.headers['x-cache']).toBe('MISS');
    expect(removed.json().total).toBe(miss.json().total);
    // Bulk actions invalidate too.
    await lists.bulk(small, 'disable', { items: [removed.json().items[0].uuid] });
    expect((await lists.list(small, { limit: 5 }, headers)).headers['x-cache']).toBe('MISS');
    await lists.bulk(small, 'enable', { items: [removed.json().items[0].uuid] });
    // The TTL runs out (1 s here); above 60 is capped, not refused; garbage is 400.
    const clock = useManualClock();
    const short = { 'x-cache': '1', 'x-build-ttl': '1' };
    expect((await lists.list(small, { limit: 4 }, short)).headers['x-cache']).toBe('MISS');
    expect((await lists.list(small, { limit: 4 }, short)).headers['x-cache']).toBe('HIT');
    clock.advance(999);
    expect((await lists.list(small, { limit: 4 }, short)).headers['x-cache']).toBe('HIT');
    clock.advance(1);
    expect((await lists.list(small, { limit: 4 }, short)).headers['x-cache']).toBe('MISS');
    expect((await lists.list(small, { limit: 4 }, { 'x-cache': '1', 'x-build-ttl': '3600' })).statusCode).toBe(200);
    expect((await lists.list(small, { limit: 4 }, { 'x-cache': '1', 'x-build-ttl': 'soon' })).statusCode).toBe(400);
    // Direct database writes are not seen until the TTL runs out (documented); through the API they are.
  });

  it('X-Source: the read sources of spec section 6 are echoed, anything else is 400', async () => {
    for (const source of ['public-app', 'platform-app', 'public-api', 'public-app::shop', 'platform-app::crm_2']) {
      const response = await lists.list(small, { limit: 1 }, { 'x-source': source });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-source']).toBe(source);
    }
    for (const source of ['', 'public-apps', 'public-api::x', 'public-app::', "public-app::x'; drop", 'other']) {
      expect((await lists.list(small, { limit: 1 }, { 'x-source': source })).statusCode, source).toBe(400);
    }
  });

  it('permissions: read {ref} (403 noPermissionsToRead); fields the caller may not see are left out and refused', async () => {
    const denied = await as('nobody').list(books);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('noPermissionsToRead');
    const reader = await as('reader').list('shop/books', { limit: 1 });
    expect(reader.statusCode).toBe(200);
    expect(reader.json().items[0]).not.toHaveProperty('secret');
    const insider = (await as('insider').list(books, { limit: 1 })).json();
    expect(insider.items[0].secret).toBe('s1');
    const refused = [
      { sortBy: 'secret' },
      { filter: 'x', filterOn: 'title,secret' },
      { dateField: 'secret', dateFrom: '2024-01-01' },
      { $adv: { secret: 's1' } },
      { $adv: { $or: [{ title: 'x' }, { secret: { $regex: '^s' } }] } },
      { $aggregate: [{ $group: { _id: '$secret', n: { $sum: 1 } } }] },
    ];
    for (const params of refused) {
      const response = await as('reader').list('shop/books', params);
      expect(response.statusCode, JSON.stringify(params)).toBe(403);
      expect(response.json().message).toBe('fieldNotVisible');
      expect(response.json().errors[0].messages).toContain('fieldNotVisible');
    }
    const at = (await as('reader').list('shop/books', { $adv: { $or: [{ title: 'x' }, { secret: 'y' }] } })).json();
    expect(at.errors[0].field).toBe('$adv.$or.1.secret');
    // The same parameters from the insider are fine.
    expect((await as('insider').list(books, { sortBy: 'secret', $adv: { secret: 's1' } })).json().total).toBe(1);
    // Hashed: refused even for the admin.
    for (const params of [{ sortBy: 'password' }, { filter: 'x', filterOn: 'password' }, { $adv: { password: { $exists: true } } }]) {
      const response = await lists.list(books, params);
      expect(response.statusCode, JSON.stringify(params)).toBe(403);
      expect(response.json().message).toBe('fieldNotVisible');
    }
    // Unknown fields are 400.
    for (const params of [{ sortBy: 'nope' }, { filter: 'x', filterOn: 'nope' }, { dateField: 'nope', dateFrom: '2024-01-01' }, { $adv: { nope: 1 } }]) {
      const response = await lists.list(books, params);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json().message).toBe('badRequest');
    }
    // Another environment: the live version is unset.
    expect((await listApi(app, () => admin, 'live').list(books)).statusCode).toBe(404);
  });

  it('the list reads the component partition, with the field indexes its deploys create (tests/api/record-indexes covers which)', async () => {
    const partition = `records_c_${books.replaceAll('-', '')}`;
    const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${partition}`.execute(db());
    const defs = indexes.rows.map((row) => row.indexdef);
    // title is filterable: a btree for filters and sorts, a trigram index for search.
    expect(defs.some((def) => def.includes(`(env, ((data ->> 'title'::text)), seq)`))).toBe(true);
    expect(defs.some((def) => def.includes('gin') && def.includes(`((data ->> 'title'::text)) gin_trgm_ops`))).toBe(true);
    // The parent's: the default listing and the count.
    expect(defs.some((def) => def.includes('(env, created_at, seq)') && def.includes('disabled_at IS NULL'))).toBe(true);
    // No index for the hashed field, nor for fields nothing filters, sorts or searches on.
    expect(defs.some((def) => def.includes(`'password'`) || def.includes(`'price'`))).toBe(false);
  });
  // PGlite runs in-process: nothing is prepared there.
  it.skipIf(DB_KIND !== 'postgres')('prepares the plain listing on PostgreSQL (page and bounded total), never a search, date range, $adv or field sort', async () => {
    const partition = partitionName(books);
    const preparedFor = () => preparedStatementTexts().filter((text) => text.includes(partition));
    const before = new Set(preparedFor());
    for (const params of [{ filter: 'Book 0001', filterOn: 'title' }, { $adv: { price: { $gte: 10 } } }, { sortBy: 'price' }, { dateField: 'created_at', dateFrom: '2020-01-01' }]) {
      expect((await lists.list(books, params)).statusCode, JSON.stringify(params)).toBe(200);
    }
    expect(preparedFor().filter((text) => !before.has(text))).toEqual([]);
    const plain = (await lists.list(books, { limit: 3 })).json();
    expect(plain.total).toBe(5001);
    const prepared = preparedFor();
    expect(prepared.some((text) => text.includes('count(*)'))).toBe(true);
    expect(prepared.some((text) => text.includes('order by created_at'))).toBe(true);
    // The same answer again from the prepared statements.
    expect((await lists.list(books, { limit: 3 })).json()).toEqual(plain);
  });
});
