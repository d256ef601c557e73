// $adv and $aggregate (docs/lists.md): every operator (locale paths and system columns included),
// the limits, and injection attempts, which are refused or harmless and leave the table intact.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { bookFields, insertManyRecords, listApi, recordCount } from './list-fixtures';

describeApi(`record list: $adv, $aggregate and injection attempts (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  let books = '';
  let total = 0;
  const count = async ($adv: unknown) => {
    const response = await lists.list(books, { $adv, limit: 200 });
    expect(response.statusCode, `${JSON.stringify($adv)}: ${response.body}`).toBe(200);
    return response.json().total as number;
  };

  // 140 books.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    books = await componentWithFields(api, 'books', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 140 });
    total = await recordCount(db());
  }, SETUP_TIMEOUT_MS);

  it('comparisons: numbers as numbers on number fields, text otherwise; $ne and $nin include missing values', async () => {
    expect(await count({ price: 5 })).toBe(2);
    expect(await count({ price: { $eq: '5' } })).toBe(2);
    expect(await count({ price: { $gt: 95 } })).toBe(4); // i = 96..99
    expect(await count({ price: { $gte: 95, $lt: 97 } })).toBe(2);
    expect(await count({ price: { $lte: 9 } })).toBe(19); // i = 1..9 and 100..109
    expect(await count({ price: { $ne: 5 } })).toBe(138);
    expect(await count({ code: 'C3' })).toBe(20);
    expect(await count({ code: { $in: ['C3', 'C4'] } })).toBe(40);
    expect(await count({ code: { $nin: ['C3', 'C4'] } })).toBe(100);
    expect(await count({ code: { $in: [] } })).toBe(0);
    expect(await count({ price: { $in: [1, 2, '3'] } })).toBe(6);
    // Text comparison on a text field: 'Book 00139' > 'Book 00137'.
    expect(await count({ title: { $gt: 'Book 00137' } })).toBe(3);
    expect(await count({ active: true })).toBe(70);
    expect(await count({ published: { $gte: '2024-02-29' } })).toBe(2); // i % 60 = 59: i = 59, 119
  });

  it('$exists, $regex, locale paths, system columns, $and / $or and null', async () => {
    expect(await count({ secret: { $exists: true } })).toBe(140);
    expect(await count({ secret: { $exists: false } })).toBe(0);
    expect(await count({ 'name_i18n.locales.sr': 'Ime 7' })).toBe(1);
    expect(await count({ 'name_i18n.locales.sr': { $regex: '^ime 1[0-9]$' } })).toBe(10);
    expect(await count({ 'name_i18n.locales.de': { $exists: true } })).toBe(0);
    expect(await count({ 'name_i18n.locales.en_US': { $exists: true } })).toBe(140);
    expect(await count({ title: { $regex: 'book 0013[0-4]' } })).toBe(5);
    expect(await count({ $or: [{ code: 'C1' }, { price: { $lt: 2 } }] })).toBe(22);
    expect(await count({ $and: [{ code: 'C1' }, { price: { $lt: 50 } }] })).toBe(12);
    expect(await count({ $and: [{ $or: [{ code: 'C1' }, { code: 'C2' }] }, { price: { $gte: 50 } }] })).toBe(15);
    expect(await count({ created_at: { $gte: '2024-01-01T02:00:00Z' } })).toBe(21);
    expect(await count({ updated_at: { $lt: '2024-01-01T00:10' } })).toBe(9);
    expect(await count({ disabled_at: null })).toBe(140);
    expect(await count({ disabled_at: { $exists: true } })).toBe(0);
    const first = (await lists.list(books, { limit: 1 })).json().items[0].uuid as string;
    expect(await count({ uuid: first })).toBe(1);
    expect(await count({ uuid: { $in: [first.toUpperCase(), 'not-a-uuid'] } })).toBe(1);
    expect(await count({ uuid: { $regex: `^${first.slice(0, 8)}` } })).toBeGreaterThanOrEqual(1);
    expect(await count({ code: null })).toBe(0);
    expect(await count({ code: { $ne: null } })).toBe(140);
    expect(await count({})).toBe(140);
  });

  it('limits and malformed filters are 400, never 500', async () => {
    const deep = (n: number): unknown => (n === 0 ? { code: 'C1' } : { $and: [deep(n - 1)] });
    expect(await count(deep(7))).toBe(20);
    const many = { $and: Array.from({ length: 100 }, () => ({ price: { $gte: 0 } })) };
    expect(await count(many)).toBe(140);
    const refused: unknown[] = [
      deep(8),
      deep(500),
      { $and: Array.from({ length: 101 }, () => ({ price: { $gte: 0 } })) },
      { code: { $in: Array.from({ length: 501 }, (_, i) => `C${i}`) } },
      { code: { $regex: '(' } },
      { code: { $regex: 'x'.repeat(201) } },
      { code: { $where: 'sleep(10)' } },
      { $where: 'this.code == 1' },
      { $expr: { $eq: ['$code', 1] } },
      { code: { $gt: null } },
      { code: { $in: 'C1' } },
      { code: { $in: [{ $gt: 1 }] } },
      { code: [1, 2] },
      { code: { nested: 1 } },
      { code: {} },
      { price: { $gt: 'abc' } },
      { created_at: { $gt: 'yesterday' } },
      { created_at: { $regex: '2024' } },
      { $and: [] },
      { $or: 'x' },
      [{ code: 'C1' }],
      'code',
      42,
    ];
    for (const $adv of refused) {
      const response = await lists.list(books, { $adv });
      expect(response.statusCode, JSON.stringify($adv).slice(0, 100)).toBe(400);
      expect(response.json().message).toBe('badRequest');
    }
    for (const raw of ['{', '{"code":', 'null x', '[', 'x'.repeat(60_000)]) {
      expect((await lists.send('GET', `/v3/system/component/${books}/models?$adv=${encodeURIComponent(raw)}`)).statusCode).toBe(400);
    }
    // A pattern JavaScript accepts but PostgreSQL does not: still 400.
    for (const pattern of ['(?<name>x)', '\\p{L}', 'a{2,1}', '[[:nope:]]']) {
      const response = await lists.list(books, { $adv: { code: { $regex: pattern } } });
      expect([200, 400], pattern).toContain(response.statusCode);
    }
    expect((await lists.list(books, { $adv: { code: { $regex: '(?<name>x)' } } })).statusCode).toBe(400);
  });

  it('injection attempts: quoted keys and values, JSON path tricks, sort and search text; the table is intact', async () => {
    const drop = "'); drop table records; --";
    const keys = [
      drop,
      "code' or '1'='1",
      'code->>0',
      "code'->>'x",
      'code.locales.sr',
      'name_i18n.locales.sr\'); --',
      'name_i18n.locales',
      'name_i18n.x.sr',
      'name_i18n.locales.sr.x',
      '{code}',
      'data',
      'project_uuid',
      'deleted_at',
      '__proto__',
      'constructor',
      'code"',
    ];
    for (const key of keys) {
      const response = await lists.list(books, { $adv: { [key]: 1 } });
      expect(response.statusCode, key).toBe(400);
    }
    // Values are bound: they only ever compare.
    for (const value of [drop, "' or 1=1 --", "C1' --", '$1', '\\', "'; select pg_sleep(5); --"]) {
      expect(await count({ code: value })).toBe(0);
      expect(await count({ code: { $in: [value, 'C1'] } })).toBe(20);
      expect(await count({ 'name_i18n.locales.sr': { $regex: value.replace(/[()[\]\\*+?{}|^$.]/g, '') } })).toBeGreaterThanOrEqual(0);
    }
    for (const params of [{ sortBy: drop }, { sortBy: 'price desc; drop table records' }, { filterOn: drop, filter: 'x' }, { dateField: drop, dateFrom: '2024-01-01' }]) {
      expect((await lists.list(books, params)).statusCode, JSON.stringify(params)).toBe(400);
    }
    expect((await lists.list(books, { filter: drop })).json().total).toBe(0);
    expect((await lists.list(books, { dateFrom: "2024-01-01'; drop table records; --" })).statusCode).toBe(400);
    expect((await lists.list(books, { limit: '1; drop table records' })).statusCode).toBe(400);
    expect(await recordCount(db())).toBe(total);
    expect((await lists.list(books)).json().total).toBe(140);
  });

  it('$aggregate: $match, $group with $sum/$avg/$min/$max, $sort, $limit; nothing else', async () => {
    const run = async ($aggregate: unknown) => {
      const response = await lists.list(books, { $aggregate });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const byCode = await run([{ $group: { _id: '$code', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
    expect(byCode.items).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => ({ _id: `C${i}`, n: 20 })));
    expect(byCode.total).toBe(7);
    const stats = await run([
      { $match: { code: 'C1' } },
      { $group: { _id: null, n: { $sum: 1 }, total: { $sum: '$price' }, mean: { $avg: '$price' }, low: { $min: '$price' }, high: { $max: '$title' } } },
    ]);
    expect(stats.items).toHaveLength(1);
    expect(stats.items[0]).toMatchObject({ _id: null, n: 20, low: 1, high: 'Book 00134' });
    expect(typeof stats.items[0].total).toBe('number');
    expect(stats.items[0].mean).toBeCloseTo(stats.items[0].total / 20);
    const top = await run([{ $match: { price: { $gte: 10 } } }, { $group: { _id: '$active', n: { $sum: 1 } } }, { $sort: { n: -1 } }, { $limit: 1 }]);
    expect(top.items).toHaveLength(1);
    const i18n = await run([{ $match: { code: 'C0' } }, { $group: { _id: '$name_i18n.locales.sr', n: { $sum: 1 } } }, { $limit: 3 }]);
    expect(i18n.items).toHaveLength(3);
    // Aggregation respects the list filters too.
    const filtered = await run([{ $group: { _id: null, n: { $sum: 1 } } }]);
    expect(filtered.items[0].n).toBe(140);
    const searched = await lists.list(books, { filter: 'book 0001', filterOn: 'title', $aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }] });
    expect(searched.json().items[0].n).toBe(10);
    const refused: unknown[] = [
      [{ $lookup: { from: 'users' } }],
      [{ $group: { _id: '$code', n: { $sum: 1 } } }, { $match: { n: 1 } }],
      [{ $group: { _id: '$code', n: { $sum: '$title' } } }],
      [{ $group: { _id: '$code', n: { $push: '$title' } } }],
      [{ $group: { _id: '$code', 'n; drop table records': { $sum: 1 } } }],
      [{ $group: { _id: '$nope', n: { $sum: 1 } } }],
      [{ $group: { _id: 'code', n: { $sum: 1 } } }],
      [{ $group: { _id: '$code', n: { $sum: 2 } } }],
      [{ $group: { _id: '$code' } }, { $sort: { missing: 1 } }],
      [{ $group: { _id: '$code' } }, { $limit: 5001 }],
      [{ $group: { _id: '$code' } }, { $group: { _id: '$code' } }],
      [{ $match: { code: 'C1' } }],
      [{ __proto__: 1 }],
      [],
      {},
      'x',
    ];
    for (const $aggregate of refused) {
      const response = await lists.list(books, { $aggregate });
      expect(response.statusCode, JSON.stringify($aggregate)).toBe(400);
    }
    expect(await recordCount(db())).toBe(total);
  });
});
