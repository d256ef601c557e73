// The table field's view of its rows (spec section 2 "Custom table field"): search over the cells'
// text, sorting by a column (a header click toggles asc/desc), Prev/Next pages of per_page rows (10).
// Pure functions: each row keeps its index in the value, so deleting a shown row deletes that row.
import type { ViewField } from '../../../schemas/viewSchema.schema';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}
export interface IndexedRow {
  row: Record<string, unknown>;
  index: number;
}

export const DEFAULT_PER_PAGE = 10;

export function rowsOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : {}));
}

/** A cell's text: scalars as text, a text_i18n value in the given locale (else its first text), lists joined. */
export function cellText(value: unknown, locale = 'en_US'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((entry) => cellText(entry, locale)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.locales && typeof record.locales === 'object') {
      const locales = record.locales as Record<string, unknown>;
      const text = locales[locale] ?? Object.values(locales).find((t) => typeof t === 'string' && t !== '');
      return typeof text === 'string' ? text : '';
    }
    if ('startDate' in record || 'endDate' in record) return [record.startDate, record.endDate].filter(Boolean).join(' – ');
    return JSON.stringify(value);
  }
  return String(value);
}

/** Rows whose cell text (any column) contains the query, case-insensitively; a blank query keeps all. */
export function searchRows(rows: readonly IndexedRow[], columns: readonly Pick<ViewField, 'key'>[], query: string, locale?: string): IndexedRow[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...rows];
  return rows.filter(({ row }) => columns.some((column) => cellText(row[column.key], locale).toLocaleLowerCase().includes(needle)));
}

function compareCells(a: unknown, b: unknown, locale?: string): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return cellText(a, locale).localeCompare(cellText(b, locale), undefined, { numeric: true, sensitivity: 'base' });
}

/** Rows sorted by one column (stable; empty cells last in both directions); no sort keeps the value's order. */
export function sortRows(rows: readonly IndexedRow[], sort: SortState | null, locale?: string): IndexedRow[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x.row[sort.key];
    const b = y.row[sort.key];
    const emptyA = a === null || a === undefined || a === '';
    const emptyB = b === null || b === undefined || b === '';
    if (emptyA !== emptyB) return emptyA ? 1 : -1;
    return sign * compareCells(a, b, locale) || x.index - y.index;
  });
}

/** A header click: a new column sorts ascending; the same column toggles asc/desc. */
export function toggleSort(current: SortState | null, key: string): SortState {
  if (current && current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** One page (0-based, clamped into range) of the rows. */
export function pageRows<T>(rows: readonly T[], page: number, perPage: number): { rows: T[]; page: number; pages: number } {
  const size = Math.max(1, perPage);
  const pages = pageCount(rows.length, size);
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, current * size + size), page: current, pages };
}

/** The rows shown: searched, sorted, then paged. */
export function visibleRows(
  value: unknown,
  columns: readonly Pick<ViewField, 'key'>[],
  state: { query: string; sort: SortState | null; page: number; perPage: number },
  locale?: string,
): { rows: IndexedRow[]; page: number; pages: number; total: number } {
  const indexed = rowsOf(value).map((row, index) => ({ row, index }));
  const found = sortRows(searchRows(indexed, columns, state.query, locale), state.sort, locale);
  return { ...pageRows(found, state.page, state.perPage), total: found.length };
}

export function perPageOf(field: Pick<ViewField, 'options'>): number {
  const perPage = field.options.customData.perPage;
  return typeof perPage === 'number' && Number.isFinite(perPage) && perPage >= 1 ? Math.floor(perPage) : DEFAULT_PER_PAGE;
}

/** A fresh row: each sub-field's default (a copy), else null. */
export function emptyRow(subFields: readonly ViewField[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const sub of subFields) row[sub.key] = sub.defaultValue === null || sub.defaultValue === undefined ? null : structuredClone(sub.defaultValue);
  return row;
}
