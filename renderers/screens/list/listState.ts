// The list's filter state and what it becomes on the wire (docs/lists.md): pure functions, shared by
// the controller, presets and tests. Constants of spec section 9.
import type { PresetFilters, ViewSchema } from '../../../schemas';
import type { BulkFilter, ListParams } from '../../../runtime/client/records';
import { presetLayoutOf, type ListLayout } from './listLayout';

export const PAGE_SIZE = 10;
export const RECORDS_CAP = 5000;
export const SEARCH_DEBOUNCE_MS = 500;
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_DATE_FIELD = 'created_at';
/** Without a chosen order the list is newest first, so a record just created is on page one (issue 29). */
export const DEFAULT_SORT = { sortBy: 'created_at', sortDesc: true } as const;

/** What a preset holds (spec section 3 "Filter preset"), minus the page, which lives in the URL. */
export interface ListFilters {
  filter: string;
  filterOn: string[];
  dateField: string;
  dateFrom: string | null;
  dateTo: string | null;
  perPage: number;
  sortBy: string | null;
  sortDesc: boolean;
  /** The advanced-filters object; null when none. */
  $adv: unknown;
}

export const EMPTY_FILTERS: ListFilters = {
  filter: '',
  filterOn: [],
  dateField: DEFAULT_DATE_FIELD,
  dateFrom: null,
  dateTo: null,
  perPage: PAGE_SIZE,
  sortBy: null,
  sortDesc: false,
  $adv: null,
};

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A preset's filters as list state; anything malformed falls back to the defaults. */
export function filtersFromPreset(filters: PresetFilters | undefined | null, defaultPerPage: number = PAGE_SIZE): ListFilters & { currentPage: number } {
  const f = (filters ?? {}) as Record<string, unknown>;
  const perPage = typeof f.perPage === 'number' && Number.isInteger(f.perPage) && f.perPage > 0 ? Math.min(f.perPage, RECORDS_CAP) : defaultPerPage;
  const currentPage = typeof f.currentPage === 'number' && Number.isInteger(f.currentPage) && f.currentPage > 0 ? f.currentPage : 1;
  const adv = f.$adv;
  return {
    filter: typeof f.filter === 'string' ? f.filter : '',
    filterOn: Array.isArray(f.filterOn) ? f.filterOn.filter((k): k is string => typeof k === 'string') : [],
    dateField: str(f.dateField) ?? DEFAULT_DATE_FIELD,
    dateFrom: str(f.dateFrom),
    dateTo: str(f.dateTo),
    perPage,
    sortBy: str(f.sortBy),
    sortDesc: f.sortDesc === true,
    $adv: adv && typeof adv === 'object' && Object.keys(adv).length > 0 ? adv : null,
    currentPage,
  };
}

/** The current state (and the column layout, when not the default one) as a preset's filters. */
export function presetFiltersOf(filters: ListFilters, page: number, layout?: ListLayout): PresetFilters {
  const out: Record<string, unknown> = {
    dateField: filters.dateField,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
    filter: filters.filter === '' ? null : filters.filter,
    filterOn: filters.filterOn,
    perPage: filters.perPage,
    currentPage: page,
    sortDesc: filters.sortDesc,
    sortBy: filters.sortBy,
  };
  if (filters.$adv !== null) out.$adv = filters.$adv;
  const kept = layout && presetLayoutOf(layout);
  if (kept) out.layout = kept;
  return out as PresetFilters;
}

/** The filter part of the list call, shared by the list, the bulk-by-filter jobs and the export. */
export function bulkFilter(filters: ListFilters, showDisabled: boolean): BulkFilter {
  const out: BulkFilter = {};
  if (filters.filter.trim() !== '') out.filter = filters.filter;
  if (filters.filterOn.length > 0) out.filterOn = filters.filterOn.join(',');
  if (showDisabled) out.disabled = 1;
  if (filters.dateFrom || filters.dateTo) {
    out.dateField = filters.dateField;
    if (filters.dateFrom) out.dateFrom = filters.dateFrom;
    if (filters.dateTo) out.dateTo = filters.dateTo;
  }
  if (filters.$adv !== null) out.$adv = filters.$adv;
  return out;
}

/** Query parameters without paging ($adv as JSON text): the export's. */
export function queryFilter(filters: ListFilters, showDisabled: boolean): Omit<ListParams, 'offset' | 'limit'> {
  const { $adv, ...rest } = bulkFilter(filters, showDisabled);
  const out: Omit<ListParams, 'offset' | 'limit'> = { ...rest };
  if ($adv !== undefined) out.$adv = JSON.stringify($adv);
  const sort = effectiveSort(filters);
  out.sortBy = sort.sortBy;
  out.sortDesc = sort.sortDesc ? 1 : -1;
  return out;
}

export function listParams(filters: ListFilters, page: number, showDisabled: boolean): ListParams {
  return { offset: (Math.max(page, 1) - 1) * filters.perPage, limit: filters.perPage, ...queryFilter(filters, showDisabled) };
}

/** Whether anything narrows the list: search, date range, advanced filters or show-disabled. */
export function isFiltered(filters: ListFilters, showDisabled: boolean): boolean {
  return filters.filter.trim() !== '' || filters.dateFrom !== null || filters.dateTo !== null || filters.$adv !== null || showDisabled;
}

/** The filters with the search, date range and advanced filters cleared (sort, page size and fields kept). */
export const clearedFilters = (filters: ListFilters): ListFilters => ({ ...filters, filter: '', dateFrom: null, dateTo: null, $adv: null });

/** Pages the records shown can fill: never past the 5000th record. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.min(total, RECORDS_CAP) / perPage));
}

/** The total as shown: '5000+' once the count reaches the cap (spec section 2). */
export function totalLabel(total: number): string {
  return total >= RECORDS_CAP ? `${RECORDS_CAP}+` : String(total);
}

export const isCapped = (total: number): boolean => total >= RECORDS_CAP;

/** Spec section 9 "Date field": created_at (default), updated_at and the date or datetime picker fields. */
export function dateFieldChoices(view: ViewSchema, labels: { created_at: string; updated_at: string }): { value: string; label: string }[] {
  const pickers = view.fields.filter((f) => f.visible && !f.hashed && f.module === 'picker' && (f.type === 'date' || f.type === 'datetime'));
  return [
    { value: 'created_at', label: labels.created_at },
    { value: 'updated_at', label: labels.updated_at },
    ...pickers.map((f) => ({ value: f.key, label: f.label })),
  ];
}

const SEARCHABLE = new Set(['input/text', 'input/email', 'text/default', 'select/text', 'radio/text', 'reference/text']);

/** Fields the search may run on (filterOn): the visible, unhashed text fields. */
export function searchableFields(view: ViewSchema): { key: string; label: string }[] {
  return view.fields.filter((f) => f.visible && !f.hashed && SEARCHABLE.has(f.renderer)).map((f) => ({ key: f.key, label: f.label }));
}

/** The order the list is in: the chosen one, else DEFAULT_SORT (newest first). */
export function effectiveSort(filters: Pick<ListFilters, 'sortBy' | 'sortDesc'>): { sortBy: string; sortDesc: boolean } {
  return filters.sortBy ? { sortBy: filters.sortBy, sortDesc: filters.sortDesc } : { ...DEFAULT_SORT };
}

/** A header click: the column the list is sorted on flips the direction, another starts ascending. */
export function nextSort(filters: Pick<ListFilters, 'sortBy' | 'sortDesc'>, key: string): Pick<ListFilters, 'sortBy' | 'sortDesc'> {
  const current = effectiveSort(filters);
  return current.sortBy === key ? { sortBy: key, sortDesc: !current.sortDesc } : { sortBy: key, sortDesc: false };
}
