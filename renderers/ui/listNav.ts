// Moving through a list of items by key, shared by the light menu and listbox: the arrows step (wrapping,
// disabled items skipped), Home and End go to the ends, a letter goes to the next item starting with it.

export interface NavItem {
  label: string;
  disabled?: boolean;
}

export function stepItem(items: readonly NavItem[], from: number, by: 1 | -1): number {
  for (let i = 1; i <= items.length; i += 1) {
    const next = (from + by * i + items.length * 2) % items.length;
    if (!items[next]?.disabled) return next;
  }
  return from;
}

export const firstItem = (items: readonly NavItem[]) => stepItem(items, -1, 1);
export const lastItem = (items: readonly NavItem[]) => stepItem(items, items.length, -1);

/** The item a key moves to from `active` (arrows, Home, End; a letter when `typeAhead`), or null. */
export function keyTarget(items: readonly NavItem[], active: number, key: string, typeAhead = true): number | null {
  if (items.length === 0) return null;
  const moves: Record<string, () => number> = {
    ArrowDown: () => (active < 0 ? firstItem(items) : stepItem(items, active, 1)),
    ArrowUp: () => (active < 0 ? lastItem(items) : stepItem(items, active, -1)),
    Home: () => firstItem(items),
    End: () => lastItem(items),
  };
  const move = moves[key];
  if (move) return move();
  if (!typeAhead || key.length !== 1 || !/\S/.test(key)) return null;
  const letter = key.toLowerCase();
  const order = items.map((_, i) => (active + 1 + i) % items.length);
  return order.find((i) => !items[i]?.disabled && items[i]?.label.toLowerCase().startsWith(letter)) ?? null;
}
