// runtime/query: the ends of a picker/daterange field ('stay.startDate', 'stay.endDate') as paths (docs/lists.md).
import { describe, expect, it } from 'vitest';
import { parseAdv, parseAggregate, parseListParams, PathCatalogue, pathsOf } from '../../../runtime/query';
import { rangeView } from './fixtures';

const view = rangeView();
const paths = new PathCatalogue(view);
const adv = (value: unknown) => parseAdv(JSON.stringify(value), paths);

describe('daterange paths', () => {
  it('startDate and endDate of a visible daterange field are range paths', () => {
    expect(paths.lookup('stay.startDate')).toMatchObject({ ok: true, path: { source: 'range', key: 'stay', member: 'startDate', path: 'stay.startDate' } });
    expect(paths.lookup('stay.endDate')).toMatchObject({ ok: true, path: { source: 'range', key: 'stay', member: 'endDate', path: 'stay.endDate' } });
    // The field itself stays what it was.
    expect(paths.lookup('stay')).toMatchObject({ ok: true, path: { source: 'data', key: 'stay', kind: 'json' } });
  });

  it('every operator; values compare as text', () => {
    const parsed = adv({
      'stay.endDate': { $gte: '2026-11-01', $lt: '2026-12-01T10:00', $ne: null, $exists: true, $regex: '^2026-' },
      'stay.startDate': { $in: ['2026-11-01', null], $nin: ['2026-11-02'], $eq: '2026-11-03', $gt: '2026', $lte: '2027' },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || !parsed.value || !('items' in parsed.value)) throw new Error('expected an and');
    const end = { source: 'range', key: 'stay', member: 'endDate', path: 'stay.endDate' };
    const start = { source: 'range', key: 'stay', member: 'startDate', path: 'stay.startDate' };
    expect(parsed.value.items).toEqual([
      { op: 'gte', path: end, value: '2026-11-01' },
      { op: 'lt', path: end, value: '2026-12-01T10:00' },
      { op: 'ne', path: end, value: null },
      { op: 'exists', path: end, value: true },
      { op: 'regex', path: end, pattern: '^2026-' },
      { op: 'in', path: start, values: ['2026-11-01', null] },
      { op: 'nin', path: start, values: ['2026-11-02'] },
      { op: 'eq', path: start, value: '2026-11-03' },
      { op: 'gt', path: start, value: '2026' },
      { op: 'lte', path: start, value: '2027' },
    ]);
  });

  it('sortBy, filterOn and $aggregate take them like a locale path', () => {
    const parsed = parseListParams({ sortBy: 'stay.endDate', sortDesc: '1', filter: '2026', filterOn: 'stay.startDate', $adv: JSON.stringify({ 'stay.endDate': { $gte: '2026-11-01' } }) }, view);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.refusal));
    expect(parsed.value.sort).toEqual({ path: { source: 'range', key: 'stay', member: 'endDate', path: 'stay.endDate' }, desc: true });
    expect(pathsOf(parsed.value).map((path) => path.path)).toEqual(['stay.endDate', 'stay.startDate', 'stay.endDate']);
    const aggregate = parseAggregate(JSON.stringify([{ $group: { _id: '$stay.startDate', last: { $max: '$stay.endDate' } } }]), paths);
    expect(aggregate.ok).toBe(true);
  });

  it('other sub-keys, other field types and other depths are unknown (400)', () => {
    for (const path of ['stay.start', 'stay.startdate', 'stay.StartDate', 'stay.locales', 'stay.endDate.x', 'stay.', '.endDate', 'published.startDate', 'title.endDate', 'name.endDate', 'nope.endDate', 'uuid.startDate']) {
      expect(paths.lookup(path), path).toEqual({ ok: false, reason: 'unknown' });
      expect(adv({ [path]: { $gte: '2026-11-01' } }), path).toEqual({
        ok: false,
        refusal: { status: 400, message: 'badRequest', errors: [{ field: `$adv.${path}`, messages: ['unknownField'], values: [{ path }] }] },
      });
    }
    const sort = parseListParams({ sortBy: 'stay.nights' }, view);
    expect(sort.ok ? null : sort.refusal.status).toBe(400);
  });

  it('hostile sub-keys are refused, never reach a path', () => {
    for (const path of ["stay.endDate' --", 'stay.endDate) or (true', 'stay.__proto__', 'stay.constructor', 'stay.endDate\u0000', "stay.'; drop table records; --"]) {
      expect(paths.lookup(path), path).toEqual({ ok: false, reason: 'unknown' });
      const parsed = adv({ [path]: { $gte: '2026-11-01' } });
      expect(parsed.ok ? null : parsed.refusal.status, path).toBe(400);
    }
  });

  it('a field the caller may not see is refused like the field itself (403)', () => {
    expect(paths.lookup('hidden_stay')).toEqual({ ok: false, reason: 'notVisible' });
    for (const path of ['hidden_stay.startDate', 'hidden_stay.endDate']) {
      expect(paths.lookup(path), path).toEqual({ ok: false, reason: 'notVisible' });
      expect(adv({ [path]: { $gte: '2026-11-01' } })).toEqual({
        ok: false,
        refusal: { status: 403, message: 'fieldNotVisible', errors: [{ field: `$adv.${path}`, messages: ['fieldNotVisible'], values: [{ path }] }] },
      });
      const sort = parseListParams({ sortBy: path }, view);
      expect(sort.ok ? null : sort.refusal.status).toBe(403);
    }
    // An admin sees it.
    expect(new PathCatalogue(rangeView(true)).lookup('hidden_stay.endDate')).toMatchObject({ ok: true, path: { source: 'range', member: 'endDate' } });
  });
});
