// $adv, sortBy and refusals on the ends of a picker/daterange field ('stay.startDate', 'stay.endDate';
// docs/lists.md): the spec section 7 "Disabled dates for a date range" call, on both databases.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { listApi } from './list-fixtures';

describeApi(`record list: daterange paths (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let cookie = '';
  const lists = listApi(app, () => cookie, 'dev');
  let ref = '';
  // Non-overlapping ranges (the server refuses a range sharing a day with another record's).
  const stays: Record<string, { startDate: string; endDate: string } | null> = {
    a: { startDate: '2026-10-01', endDate: '2026-10-05' },
    g: { startDate: '2026-10-20T14:00', endDate: '2026-10-24T10:00' },
    b: { startDate: '2026-10-25', endDate: '2026-11-03' },
    c: { startDate: '2026-11-10', endDate: '2026-11-12' },
    d: { startDate: '2026-11-30', endDate: '2026-12-02' },
    e: { startDate: '2026-12-10', endDate: '2026-12-15' },
    f: null,
  };
  const titles = async (params: Record<string, unknown>) => {
    const response = await lists.list(ref, { limit: -1, sortBy: 'title', ...params });
    expect(response.statusCode, `${JSON.stringify(params)}: ${response.body}`).toBe(200);
    return (response.json().items as { title: string }[]).map((item) => item.title);
  };
  const adv = ($adv: unknown) => titles({ $adv: JSON.stringify($adv) });

  // Seven records, six with a range.
  beforeAll(async () => {
    cookie = await login(app());
    const api = componentApi(app, () => cookie, 'dev');
    ref = await componentWithFields(api, 'stays', [
      { name: 'Title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 100 } } },
      { name: 'Stay', key: 'stay', auto_key: false, module: 'picker', type: 'daterange', constraints: {} },
    ]);
    const records = recordApi(app, () => cookie);
    for (const [title, stay] of Object.entries(stays)) {
      const created = await records.create(ref, stay ? { title, stay } : { title });
      expect(created.statusCode, created.body).toBe(200);
    }
    expect(await titles({})).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  }, SETUP_TIMEOUT_MS);

  it("the picker's call: ranges ending on or after the month start; startDate $lt; both for one month", async () => {
    expect(await adv({ 'stay.endDate': { $gte: '2026-11-01' } })).toEqual(['b', 'c', 'd', 'e']);
    expect(await adv({ 'stay.startDate': { $lt: '2026-11-01' } })).toEqual(['a', 'b', 'g']);
    // The ranges taking a day of November 2026.
    expect(await adv({ 'stay.endDate': { $gte: '2026-11-01' }, 'stay.startDate': { $lt: '2026-12-01' } })).toEqual(['b', 'c', 'd']);
    // Text comparison: '2026-10-24T10:00' >= '2026-10-24'.
    expect(await adv({ 'stay.endDate': { $gte: '2026-10-24' } })).toEqual(['b', 'c', 'd', 'e', 'g']);
    expect(await adv({ 'stay.endDate': { $lte: '2026-10-24' } })).toEqual(['a']);
  });

  it('the other operators', async () => {
    expect(await adv({ 'stay.startDate': '2026-11-10' })).toEqual(['c']);
    expect(await adv({ 'stay.startDate': { $in: ['2026-11-10', '2026-12-10'] } })).toEqual(['c', 'e']);
    expect(await adv({ 'stay.startDate': { $nin: ['2026-11-10', '2026-12-10'] } })).toEqual(['a', 'b', 'd', 'f', 'g']); // $nin and $ne include missing values
    expect(await adv({ 'stay.startDate': { $ne: '2026-11-10' } })).toEqual(['a', 'b', 'd', 'e', 'f', 'g']);
    expect(await adv({ 'stay.startDate': { $gt: '2026-11-30' } })).toEqual(['e']);
    expect(await adv({ 'stay.endDate': { $regex: '^2026-12-' } })).toEqual(['d', 'e']);
    expect(await adv({ 'stay.endDate': { $exists: true } })).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
    expect(await adv({ 'stay.endDate': { $exists: false } })).toEqual(['f']);
    expect(await adv({ 'stay.endDate': null })).toEqual(['f']);
    expect(await adv({ $or: [{ 'stay.startDate': { $gte: '2026-12-01' } }, { 'stay.endDate': { $lt: '2026-10-10' } }] })).toEqual(['a', 'e']);
  });

  it('sortBy a range end', async () => {
    const sorted = await titles({ sortBy: 'stay.endDate', $adv: JSON.stringify({ 'stay.endDate': { $exists: true } }) });
    expect(sorted).toEqual(['a', 'g', 'b', 'c', 'd', 'e']);
    const desc = await titles({ sortBy: 'stay.startDate', sortDesc: '1', $adv: JSON.stringify({ 'stay.startDate': { $exists: true } }) });
    expect(desc).toEqual(['e', 'd', 'c', 'b', 'g', 'a']);
  });

  it('an unknown sub-key, or a sub-key of another field, is the same 400 as an unknown field', async () => {
    const refusal = (path: string) => ({ message: 'badRequest', errors: [{ field: `$adv.${path}`, messages: ['unknownField'], values: [{ path }] }] });
    const unknownField = await lists.list(ref, { $adv: JSON.stringify({ nope: { $gte: '2026-11-01' } }) });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject(refusal('nope'));
    for (const path of ['stay.nights', 'stay.startdate', 'stay.endDate.x', 'title.endDate', "stay.endDate' or '1'='1"]) {
      const response = await lists.list(ref, { $adv: JSON.stringify({ [path]: { $gte: '2026-11-01' } }) });
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject(refusal(path));
      expect(Object.keys(response.json()).sort(), path).toEqual(Object.keys(unknownField.json()).sort());
    }
    expect((await lists.list(ref, { sortBy: 'stay.nights' })).statusCode).toBe(400);
    // The table is intact.
    expect(await titles({})).toHaveLength(7);
  });
});
