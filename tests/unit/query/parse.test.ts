// runtime/query: the list parameters against a ViewSchema (docs/lists.md).
import { describe, expect, it } from 'vitest';
import { escapeLike, FILTER_PARAMETERS, LIST_LIMITS, pagesOf, parseAdv, parseAggregate, parseListParams, PathCatalogue } from '../../../runtime/query';
import { sampleView } from './fixtures';

const view = sampleView();
const ok = (query: Record<string, unknown>, options = {}) => {
  const parsed = parseListParams(query, view, options);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.refusal));
  return parsed.value;
};
const refusal = (query: Record<string, unknown>) => {
  const parsed = parseListParams(query, view);
  if (parsed.ok) throw new Error('accepted');
  return parsed.refusal;
};

describe('parseListParams', () => {
  it('defaults: offset 0, 10 per page (500 for apps), created_at ascending, enabled records', () => {
    expect(ok({})).toMatchObject({ offset: 0, limit: 10, pageSize: 10, sort: { path: { source: 'column', column: 'created_at' }, desc: false }, disabled: false, search: null, adv: null });
    expect(ok({}, { app: true }).limit).toBe(500);
  });

  it('caps: -1 is all, nothing past the 5000th record', () => {
    expect(ok({ limit: '-1' })).toMatchObject({ limit: 5000, pageSize: 5000 });
    expect(ok({ offset: '4990', limit: '20' })).toMatchObject({ offset: 4990, limit: 10, pageSize: 20 });
    expect(ok({ offset: '6000' }).limit).toBe(0);
    expect(ok({ limit: '999999' }).limit).toBe(5000);
    expect(ok({ limit: '-1' }, { uncapped: true }).limit).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [{ limit: '0' }, { limit: '-5' }, { offset: '-1' }, { limit: 'ten' }, { offset: ['1', '2'] }, { limit: '1e3' }]) expect(refusal(bad).status).toBe(400);
  });

  it('pages: ceil(min(total, 5000) / page size)', () => {
    expect(pagesOf(5001, 10)).toBe(500);
    expect(pagesOf(31, 10)).toBe(4);
    expect(pagesOf(0, 10)).toBe(0);
    expect(pagesOf(5001, 5000)).toBe(1);
  });

  it('sort, search and date fields: visible ones pass; hidden or hashed are 403, unknown 400', () => {
    expect(ok({ sortBy: 'price', sortDesc: '1' }).sort).toEqual({ path: { source: 'data', key: 'price', kind: 'number', path: 'price' }, desc: true });
    expect(ok({ sortBy: 'title', sortDesc: '-1' }).sort.desc).toBe(false);
    expect(ok({ filter: 'x' }).search!.on.map((path) => path.path)).toEqual(['title']);
    expect(ok({ filter: 'x', filterOn: 'title, name.locales.sr ,uuid' }).search!.on.map((path) => path.path)).toEqual(['title', 'name.locales.sr', 'uuid']);
    expect(ok({ dateField: 'published', dateFrom: '2024-01-05', dateTo: '2024-01-05' }).date).toMatchObject({ gte: '2024-01-05', lt: '2024-01-06', lte: null });
    expect(ok({ dateFrom: '2024-01-05', dateTo: '2024-01-31T10:00:00Z' }).date).toMatchObject({ gte: '2024-01-05T00:00:00.000Z', lte: '2024-01-31T10:00:00.000Z' });
    for (const query of [{ sortBy: 'secret' }, { sortBy: 'password' }, { filter: 'x', filterOn: 'secret' }, { dateField: 'secret', dateFrom: '2024-01-01' }]) {
      expect(refusal(query)).toMatchObject({ status: 403, message: 'fieldNotVisible' });
    }
    expect(refusal({ sortBy: 'secret' }).errors[0]).toMatchObject({ field: 'sortBy', messages: ['fieldNotVisible'] });
    for (const query of [{ sortBy: 'nope' }, { sortBy: 'title.locales.sr' }, { dateField: 'title', dateFrom: '2024-01-01' }, { dateFrom: '2024-13-01' }]) {
      expect(refusal(query)).toMatchObject({ status: 400, message: 'badRequest' });
    }
    // A hidden field and an unknown one together: 400.
    expect(refusal({ sortBy: 'secret', filterOn: 'nope', filter: 'x' }).status).toBe(400);
    // The admin's view shows the hidden field; the hashed one stays refused.
    expect(parseListParams({ sortBy: 'secret' }, sampleView(true)).ok).toBe(true);
    expect(parseListParams({ sortBy: 'password' }, sampleView(true)).ok).toBe(false);
  });

  it('a parameter the call does not take is refused, never ignored (docs/security.md "Filters are never widened")', () => {
    expect(refusal({ nonsense: '1' })).toMatchObject({ status: 400, errors: [{ field: 'nonsense', messages: ['unknownField'] }] });
    expect(refusal({ $gt: '', filtr: 'x' }).errors.map((error) => error.field)).toEqual(['$gt', 'filtr']);
    expect(refusal({ disabled: 'zzz' }).errors).toEqual([{ field: 'disabled', messages: ['invalid'], values: [null] }]);
    for (const disabled of ['', '0', '1', 'true', 'false']) expect(ok({ disabled }).disabled).toBe(disabled === '1' || disabled === 'true');
    // A list parameter the call has no use for (paging in a bulk filter) is 'invalid'.
    const bulk = parseListParams({ limit: '5', filter: 'a' }, view, { uncapped: true, parameters: FILTER_PARAMETERS });
    expect(bulk).toMatchObject({ ok: false, refusal: { status: 400, errors: [{ field: 'limit', messages: ['invalid'] }] } });
    expect(parseListParams({ filter: 'a', $adv: '{}' }, view, { uncapped: true, parameters: FILTER_PARAMETERS }).ok).toBe(true);
  });

  it('escapeLike: %, _ and \\ match themselves', () => {
    expect(escapeLike('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('parseAdv', () => {
  const paths = new PathCatalogue(view);
  const adv = (value: unknown) => parseAdv(typeof value === 'string' ? value : JSON.stringify(value), paths);

  it('every operator, typed per path', () => {
    const parsed = adv({ price: { $gte: '5', $lt: 9 }, title: 5, active: true, 'name.locales.sr': { $regex: '^a' }, uuid: { $in: ['A'] }, created_at: { $gt: '2024-01-01' }, published: { $exists: false } });
    expect(parsed).toEqual({
      ok: true,
      value: {
        op: 'and',
        items: [
          { op: 'gte', path: expect.objectContaining({ key: 'price', kind: 'number' }), value: 5 },
          { op: 'lt', path: expect.objectContaining({ key: 'price' }), value: 9 },
          { op: 'eq', path: expect.objectContaining({ key: 'title', kind: 'text' }), value: '5' },
          { op: 'eq', path: expect.objectContaining({ key: 'active', kind: 'bool' }), value: 'true' },
          { op: 'regex', path: { source: 'locale', key: 'name', locale: 'sr', path: 'name.locales.sr' }, pattern: '^a' },
          { op: 'in', path: expect.objectContaining({ column: 'uuid' }), values: ['a'] },
          { op: 'gt', path: expect.objectContaining({ column: 'created_at' }), value: '2024-01-01T00:00:00.000Z' },
          { op: 'exists', path: expect.objectContaining({ key: 'published' }), value: false },
        ],
      },
    });
    expect(adv({ $or: [{ title: 'a' }, { $and: [{ price: { $ne: null } }, { title: { $nin: ['x', null] } }] }] }).ok).toBe(true);
  });

  it('limits: depth 8, 100 conditions, 500 values, 200-character regex', () => {
    const deep = (n: number): unknown => (n === 0 ? { title: 'a' } : { $and: [deep(n - 1)] });
    expect(adv(deep(7)).ok).toBe(true);
    expect(adv(deep(8))).toMatchObject({ ok: false, refusal: { status: 400 } });
    expect(adv({ $and: Array.from({ length: 100 }, () => ({ title: 'a' })) }).ok).toBe(true);
    expect(adv({ $or: Array.from({ length: 50 }, () => ({ title: 'a', price: 1, active: true })) }).ok).toBe(false);
    expect(adv({ title: { $in: Array.from({ length: 500 }, String) } }).ok).toBe(true);
    expect(adv({ title: { $in: Array.from({ length: 501 }, String) } }).ok).toBe(false);
    expect(adv({ title: { $regex: 'a'.repeat(LIST_LIMITS.regexLength) } }).ok).toBe(true);
    expect(adv({ title: { $regex: 'a'.repeat(LIST_LIMITS.regexLength + 1) } }).ok).toBe(false);
    expect(adv({ title: { $regex: '[' } }).ok).toBe(false);
  });

  it('refusals name the place; hidden fields are 403', () => {
    expect(adv({ $or: [{ title: 'a' }, { secret: 'b' }] })).toEqual({
      ok: false,
      refusal: { status: 403, message: 'fieldNotVisible', errors: [{ field: '$adv.$or.1.secret', messages: ['fieldNotVisible'], values: [{ path: 'secret' }] }] },
    });
    for (const bad of [{ $where: 'x' }, { title: { $where: 'x' } }, { "title' --": 1 }, { 'title.locales.sr': 1 }, { 'name.locales.x y': 1 }, '{"__proto__":{"a":1}}', '{"constructor":1}', '{', '[]', 'null']) {
      expect(adv(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('parseAggregate', () => {
  const paths = new PathCatalogue(view);
  it('$match* $group $sort? $limit?', () => {
    const parsed = parseAggregate([{ $match: { title: 'a' } }, { $group: { _id: '$title', n: { $sum: 1 }, s: { $sum: '$price' }, m: { $max: '$title' } } }, { $sort: { n: -1 } }, { $limit: 5 }], paths);
    expect(parsed).toMatchObject({ ok: true, value: { limit: 5, sort: [{ key: 'n', desc: true }], group: { accumulators: [{ name: 'n', fn: 'count' }, { name: 's', fn: 'sum' }, { name: 'm', fn: 'max' }] } } });
    for (const bad of [[{ $limit: 1 }, { $group: { _id: null } }], [{ $group: { _id: null } }, { $limit: 0 }], [{ $group: { _id: '$secret' } }], [{ $out: 'x' }], [{ $group: { _id: null, 'a b': { $sum: 1 } } }]]) {
      expect(parseAggregate(bad, paths).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(parseAggregate([{ $group: { _id: '$secret' } }], paths)).toMatchObject({ ok: false, refusal: { status: 403 } });
  });
});
