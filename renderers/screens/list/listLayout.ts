// How the list shows its columns: order, hidden ones, widths and row density. A preset keeps it in its
// filters (`layout`, schemas/preset.schema.ts); pure functions shared by the controller and the table.
import type { PresetFilters, ViewColumn } from '../../../schemas';

export type Density = 'compact' | 'comfortable';

export interface ListLayout {
  /** Column keys in the order shown; columns not named follow in the compiled order. */
  order: string[];
  hidden: string[];
  /** Pixels per column key. */
  widths: Record<string, number>;
  density: Density;
}

export const EMPTY_LAYOUT: ListLayout = { order: [], hidden: [], widths: {}, density: 'comfortable' };

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 2000;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : []);

/** A preset's layout as list state; anything malformed falls back to the defaults. */
export function layoutFromPreset(filters: PresetFilters | undefined | null): ListLayout {
  const raw = (filters as { layout?: unknown } | undefined | null)?.layout;
  if (!raw || typeof raw !== 'object') return EMPTY_LAYOUT;
  const l = raw as Record<string, unknown>;
  const widths: Record<string, number> = {};
  if (l.widths && typeof l.widths === 'object') {
    for (const [key, w] of Object.entries(l.widths as Record<string, unknown>)) {
      if (typeof w === 'number' && Number.isInteger(w) && w >= MIN_COLUMN_WIDTH && w <= MAX_COLUMN_WIDTH) widths[key] = w;
    }
  }
  return { order: strings(l.order), hidden: strings(l.hidden), widths, density: l.density === 'compact' ? 'compact' : 'comfortable' };
}

/** The layout as a preset keeps it; nothing when it is the default one. */
export function presetLayoutOf(layout: ListLayout): ListLayout | undefined {
  const plain = layout.order.length === 0 && layout.hidden.length === 0 && Object.keys(layout.widths).length === 0 && layout.density === 'comfortable';
  return plain ? undefined : layout;
}

/** Every compiled column in the layout's order (hidden ones included, for the column chooser). */
export function orderedColumns(columns: readonly ViewColumn[], layout: ListLayout): ViewColumn[] {
  const rank = new Map(layout.order.map((key, i) => [key, i]));
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (rank.get(a.c.key) ?? layout.order.length + a.i) - (rank.get(b.c.key) ?? layout.order.length + b.i))
    .map(({ c }) => c);
}

/** The columns the table shows, in order. At least one stays: hiding the last one is refused. */
export function visibleColumns(columns: readonly ViewColumn[], layout: ListLayout): ViewColumn[] {
  return orderedColumns(columns, layout).filter((c) => !layout.hidden.includes(c.key));
}

export function toggleColumn(layout: ListLayout, columns: readonly ViewColumn[], key: string): ListLayout {
  if (layout.hidden.includes(key)) return { ...layout, hidden: layout.hidden.filter((k) => k !== key) };
  if (visibleColumns(columns, layout).length <= 1) return layout;
  return { ...layout, hidden: [...layout.hidden, key] };
}

/** Moves a column one place (-1 up, +1 down) among all columns. */
export function moveColumn(layout: ListLayout, columns: readonly ViewColumn[], key: string, by: -1 | 1): ListLayout {
  const keys = orderedColumns(columns, layout).map((c) => c.key);
  const from = keys.indexOf(key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= keys.length) return layout;
  [keys[from], keys[to]] = [keys[to]!, keys[from]!];
  return { ...layout, order: keys };
}

/** Puts a column in the place of another one (drag and drop of headers); the others shift over. */
export function placeColumn(layout: ListLayout, columns: readonly ViewColumn[], key: string, target: string): ListLayout {
  const all = orderedColumns(columns, layout).map((c) => c.key);
  const from = all.indexOf(key);
  const to = all.indexOf(target);
  if (from < 0 || to < 0 || from === to) return layout;
  all.splice(from, 1);
  all.splice(to, 0, key);
  return { ...layout, order: all };
}

export function resizeColumn(layout: ListLayout, key: string, width: number): ListLayout {
  const w = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
  return { ...layout, widths: { ...layout.widths, [key]: w } };
}

/** A column's width before the user sizes it: what suits its kind, and the least it shrinks to. */
export interface ColumnWidth {
  key: string;
  width: number;
  min: number;
}

/**
 * The widths the table starts with: the user's own width wins; the other columns keep their kind's
 * width when all fit in `available` pixels, else shrink in proportion (not below their minimum) so a
 * 1280 px screen shows every field without scrolling sideways (issue 29 item 7).
 */
export function fitWidths(columns: readonly ColumnWidth[], userWidths: Record<string, number>, available: number): Record<string, number> {
  const out: Record<string, number> = {};
  let room = available;
  let free: ColumnWidth[] = [];
  for (const c of columns) {
    const own = userWidths[c.key];
    if (own === undefined) free.push(c);
    else room -= out[c.key] = own;
  }
  const wanted = free.reduce((sum, c) => sum + c.width, 0);
  if (available <= 0 || wanted <= room) {
    for (const c of free) out[c.key] = c.width;
    return out;
  }
  // Columns that would shrink below their minimum take it; the rest share what is left, until stable.
  for (;;) {
    const share = Math.max(0, room) / free.reduce((sum, c) => sum + c.width, 0);
    const floored = free.filter((c) => c.width * share < c.min);
    if (floored.length === 0) {
      for (const c of free) out[c.key] = Math.floor(c.width * share);
      return out;
    }
    for (const c of floored) room -= out[c.key] = c.min;
    free = free.filter((c) => !floored.includes(c));
    if (free.length === 0) return out;
  }
}
