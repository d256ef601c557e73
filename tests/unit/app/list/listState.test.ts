import { describe, expect, it } from 'vitest';
import {
  bulkFilter,
  EMPTY_FILTERS,
  filtersFromPreset,
  isCapped,
  listParams,
  nextSort,
  pageCount,
  presetFiltersOf,
  queryFilter,
  totalLabel,
} from '../../../../renderers/screens/list/listState';

describe('list state', () => {
  it('asks for page 1 with the spec defaults: 10 records from offset 0, enabled records only, newest first', () => {
    expect(listParams(EMPTY_FILTERS, 1, false)).toEqual({ offset: 0, limit: 10, sortBy: 'created_at', sortDesc: 1 });
  });

  it('flips the default newest-first order on a click on Created, starts another column ascending', () => {
    expect(nextSort(EMPTY_FILTERS, 'created_at')).toEqual({ sortBy: 'created_at', sortDesc: false });
    expect(nextSort(EMPTY_FILTERS, 'title')).toEqual({ sortBy: 'title', sortDesc: false });
  });

  it('turns the page into an offset of the page size', () => {
    expect(listParams({ ...EMPTY_FILTERS, perPage: 25 }, 3, false)).toMatchObject({ offset: 50, limit: 25 });
  });

  it('sends search, search fields, the date range on its field, sort, disabled and $adv as the contract names them', () => {
    const filters = { ...EMPTY_FILTERS, filter: 'blue', filterOn: ['title', 'notes'], dateField: 'due', dateFrom: '2024-01-01', dateTo: '2024-01-31', sortBy: 'title', sortDesc: true, $adv: { amount: { $gt: 5 } } };
    expect(listParams(filters, 1, true)).toEqual({
      offset: 0,
      limit: 10,
      filter: 'blue',
      filterOn: 'title,notes',
      disabled: 1,
      dateField: 'due',
      dateFrom: '2024-01-01',
      dateTo: '2024-01-31',
      sortBy: 'title',
      sortDesc: 1,
      $adv: '{"amount":{"$gt":5}}',
    });
    expect(queryFilter({ ...filters, sortDesc: false }, false).sortDesc).toBe(-1);
  });

  it('gives bulk jobs the filter without paging, $adv as an object', () => {
    const filters = { ...EMPTY_FILTERS, filter: 'x', $adv: { a: 1 } };
    expect(bulkFilter(filters, false)).toEqual({ filter: 'x', $adv: { a: 1 } });
  });

  it('leaves the date field out when no date is set', () => {
    expect(listParams({ ...EMPTY_FILTERS, dateField: 'updated_at' }, 1, false).dateField).toBeUndefined();
  });

  it('round-trips the filters through a preset, keeping the page', () => {
    const filters = { ...EMPTY_FILTERS, filter: 'BLUE', sortBy: 'amount', sortDesc: true, perPage: 50, $adv: { a: 1 } };
    const stored = presetFiltersOf(filters, 3);
    expect(stored).toMatchObject({ filter: 'BLUE', currentPage: 3, perPage: 50, sortBy: 'amount', sortDesc: true, dateField: 'created_at', $adv: { a: 1 } });
    expect(filtersFromPreset(stored)).toEqual({ ...filters, currentPage: 3 });
  });

  it('reads malformed or empty preset filters as the defaults', () => {
    expect(filtersFromPreset(undefined)).toEqual({ ...EMPTY_FILTERS, currentPage: 1 });
    expect(filtersFromPreset({ perPage: -3, currentPage: 0, filterOn: 'title', sortDesc: 'yes' } as never)).toEqual({ ...EMPTY_FILTERS, currentPage: 1 });
  });

  it("falls back to the caller's default page size (an app's lists: 500) only where the preset names none", () => {
    expect(filtersFromPreset(undefined, 500)).toEqual({ ...EMPTY_FILTERS, perPage: 500, currentPage: 1 });
    expect(filtersFromPreset({ perPage: 25 } as never, 500).perPage).toBe(25);
  });

  it('shows 5000+ and counts pages only up to the 5000th record', () => {
    expect(totalLabel(4999)).toBe('4999');
    expect(totalLabel(5000)).toBe('5000+');
    expect(totalLabel(5001)).toBe('5000+');
    expect(isCapped(5000)).toBe(true);
    expect(isCapped(4999)).toBe(false);
    expect(pageCount(5001, 10)).toBe(500);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('sorts ascending on a new column and flips on the same one', () => {
    expect(nextSort({ sortBy: null, sortDesc: false }, 'title')).toEqual({ sortBy: 'title', sortDesc: false });
    expect(nextSort({ sortBy: 'title', sortDesc: false }, 'title')).toEqual({ sortBy: 'title', sortDesc: true });
    expect(nextSort({ sortBy: 'title', sortDesc: true }, 'amount')).toEqual({ sortBy: 'amount', sortDesc: false });
  });
});
