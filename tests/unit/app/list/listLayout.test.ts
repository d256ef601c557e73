import { describe, expect, it } from 'vitest';
import {
  EMPTY_LAYOUT,
  layoutFromPreset,
  moveColumn,
  orderedColumns,
  placeColumn,
  presetLayoutOf,
  resizeColumn,
  toggleColumn,
  visibleColumns,
} from '../../../../renderers/screens/list/listLayout';
import { presetFiltersOf, EMPTY_FILTERS } from '../../../../renderers/screens/list/listState';
import type { ViewColumn } from '../../../../schemas';

const col = (key: string): ViewColumn => ({ key, label: key.toUpperCase(), virtual: false, sortable: true, formatter: null });
const columns = ['a', 'b', 'c', 'd'].map(col);
const keys = (cs: ViewColumn[]) => cs.map((c) => c.key);

describe('the list layout', () => {
  it('reads a preset layout and drops what is malformed', () => {
    expect(layoutFromPreset({ dateField: 'created_at' })).toEqual(EMPTY_LAYOUT);
    expect(layoutFromPreset({ layout: { order: ['b', 3], hidden: 'a', widths: { a: 120, b: 5, c: 80.5 }, density: 'roomy' } } as never)).toEqual({
      order: ['b'],
      hidden: [],
      widths: { a: 120 },
      density: 'comfortable',
    });
  });

  it('keeps columns the layout does not name, in their compiled order, after the named ones', () => {
    expect(keys(orderedColumns(columns, { ...EMPTY_LAYOUT, order: ['c', 'a'] }))).toEqual(['c', 'a', 'b', 'd']);
    expect(keys(orderedColumns(columns, { ...EMPTY_LAYOUT, order: ['gone', 'd'] }))).toEqual(['d', 'a', 'b', 'c']);
  });

  it('moves a column one place and puts a dragged column in the place of another', () => {
    expect(keys(orderedColumns(columns, moveColumn(EMPTY_LAYOUT, columns, 'b', 1)))).toEqual(['a', 'c', 'b', 'd']);
    expect(moveColumn(EMPTY_LAYOUT, columns, 'a', -1)).toBe(EMPTY_LAYOUT);
    expect(keys(orderedColumns(columns, placeColumn(EMPTY_LAYOUT, columns, 'a', 'c')))).toEqual(['b', 'c', 'a', 'd']);
    expect(keys(orderedColumns(columns, placeColumn(EMPTY_LAYOUT, columns, 'd', 'b')))).toEqual(['a', 'd', 'b', 'c']);
  });

  it('hides and shows columns, never the last one shown', () => {
    let layout = EMPTY_LAYOUT;
    for (const key of ['a', 'b', 'c']) layout = toggleColumn(layout, columns, key);
    expect(keys(visibleColumns(columns, layout))).toEqual(['d']);
    expect(toggleColumn(layout, columns, 'd')).toBe(layout);
    expect(keys(visibleColumns(columns, toggleColumn(layout, columns, 'b')))).toEqual(['b', 'd']);
  });

  it('clamps widths', () => {
    expect(resizeColumn(EMPTY_LAYOUT, 'a', 3).widths).toEqual({ a: 40 });
    expect(resizeColumn(EMPTY_LAYOUT, 'a', 99999).widths).toEqual({ a: 2000 });
  });

  it('is saved in the preset filters only when it differs from the default one', () => {
    expect(presetLayoutOf(EMPTY_LAYOUT)).toBeUndefined();
    expect(presetFiltersOf(EMPTY_FILTERS, 1, EMPTY_LAYOUT)).not.toHaveProperty('layout');
    const compact = { ...EMPTY_LAYOUT, density: 'compact' as const };
    expect(presetFiltersOf(EMPTY_FILTERS, 1, compact)).toMatchObject({ layout: compact });
  });
});
