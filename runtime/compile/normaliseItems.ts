import type { ViewItem } from '../../schemas';
import { localizeLabel } from './localizeLabel';

/** A range wider than this is not spelled out as items (a picker of a million numbers helps nobody). */
export const RANGE_ITEMS_MAX = 10_000;

interface SelectablesInput {
  items?: unknown;
  range?: { from?: number | null; to?: number | null } | null;
}

function toNumber(value: string | number): string | number {
  if (typeof value === 'number') return value;
  const parsed = Number(value);
  return value.trim() !== '' && Number.isFinite(parsed) ? parsed : value;
}

function toItem(raw: unknown, locale: string): ViewItem | null {
  if (typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw))) return { value: raw, label: String(raw) };
  if (raw && typeof raw === 'object' && 'value' in raw) {
    const { value, label } = raw as { value: unknown; label?: unknown };
    if (typeof value === 'boolean') return { value: String(value), label: localizeLabel(label, locale, String(value)) };
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      return { value, label: localizeLabel(label, locale, String(value)) };
    }
  }
  return null;
}

function compareItems(a: ViewItem, b: ViewItem): number {
  if (typeof a.value === 'number' && typeof b.value === 'number') return a.value - b.value;
  if (typeof a.value === 'number') return -1;
  if (typeof b.value === 'number') return 1;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/**
 * Selectable items as {value, label} (strings, numbers or {value, label} with a label map), the first
 * of equal values kept. For number selectables numeric strings become numbers, the integer range
 * from..to is added, and the items are sorted ascending (spec section 5, "Select number").
 */
export function normaliseItems(selectables: SelectablesInput | undefined, numeric: boolean, locale: string): ViewItem[] {
  const raw = Array.isArray(selectables?.items) ? selectables.items : [];
  const items: ViewItem[] = [];
  const seen = new Set<string | number>();
  const add = (item: ViewItem | null) => {
    if (!item || seen.has(item.value)) return;
    seen.add(item.value);
    items.push(item);
  };
  for (const entry of raw) {
    const item = toItem(entry, locale);
    add(item && numeric ? { ...item, value: toNumber(item.value) } : item);
  }
  if (!numeric) return items;
  const from = selectables?.range?.from;
  const to = selectables?.range?.to;
  if (typeof from === 'number' && typeof to === 'number' && Number.isFinite(from) && Number.isFinite(to)) {
    const first = Math.ceil(from);
    const last = Math.min(Math.floor(to), first + RANGE_ITEMS_MAX - 1);
    for (let n = first; n <= last; n += 1) add({ value: n, label: String(n) });
  }
  return items.sort(compareItems);
}
