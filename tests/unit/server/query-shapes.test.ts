// The shape of a list query (records/query-shapes.ts): which data fields it sorts, filters and
// searches, one key whatever the values, and the indexes that would answer it.
import { describe, expect, it } from 'vitest';
import { compileViewSchema } from '../../../runtime/compile';
import { parseListParams, type ListQuery } from '../../../runtime/query';
import { queryShapeOf } from '../../../src/server/records/query-shapes';
import { field, input, settingsWith } from '../compile/fixtures';

const view = compileViewSchema(
  settingsWith([
    field({ key: 'name', module: 'input', type: 'text', constraints: { length: { min: 0, max: 255 } } }),
    field({ key: 'notes', module: 'text', type: 'default' }),
    field({ key: 'price', module: 'input', type: 'number' }),
    field({ key: 'qty', module: 'input', type: 'number' }),
    field({ key: 'status', module: 'select', type: 'text', constraints: { selectables: { items: ['open', 'closed'] } } }),
  ]),
  input({ page: 'model_edit', isAdmin: true }),
);

function query(params: Record<string, unknown>): ListQuery {
  const parsed = parseListParams(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)])), view, { app: false });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.refusal));
  return parsed.value;
}

describe('queryShapeOf', () => {
  it('a sort with a range: btree needs on both numbers, one key whatever the bound', () => {
    const shape = queryShapeOf(query({ sortBy: 'price', $adv: { qty: { $gte: 90 } } }), view.fields)!;
    expect(shape.key).toBe('range:qty;sort:price');
    expect(shape.sorted).toEqual(['price']);
    expect(shape.filtered).toEqual(['qty']);
    expect(shape.needs).toEqual([
      { key: 'price', kind: 'number' },
      { key: 'qty', kind: 'number' },
    ]);
    expect(queryShapeOf(query({ sortBy: 'price', $adv: { qty: { $gte: 10 } } }), view.fields)!.key).toBe(shape.key);
  });

  it('an infix search needs a trigram index on each searched field; long text takes no btree', () => {
    const shape = queryShapeOf(query({ filter: 'abc', filterOn: 'notes' }), view.fields)!;
    expect(shape.key).toBe('search:notes');
    expect(shape.searched).toEqual(['notes']);
    expect(shape.needs).toEqual([{ key: 'notes', kind: 'search' }]);
    expect(queryShapeOf(query({ sortBy: 'notes' }), view.fields)!.needs).toEqual([]);
  });

  it('a choice item compared for equality needs the partial index of that item', () => {
    const shape = queryShapeOf(query({ $adv: { status: 'open' } }), view.fields)!;
    expect(shape.key).toBe('eq:status=open');
    expect(shape.needs).toEqual([{ key: 'status', kind: 'choice', value: 'open' }]);
  });

  it('a query on system columns only has no shape', () => {
    expect(queryShapeOf(query({ sortBy: 'created_at' }), view.fields)).toBeNull();
  });
});
