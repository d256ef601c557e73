// Name truncation of spec section 9: 15 in cards, 30 in titles, 50 for a raw list item, 12 for a tile title.

export const NAME_LIMIT = { card: 15, title: 30, listItem: 50, tile: 12 } as const;

const ELLIPSIS = '…';

/** Keeps the first `max` characters (code points, so emoji are never split) and marks the cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : text;
}

export const truncateCardName = (text: string): string => truncate(text, NAME_LIMIT.card);
export const truncateTitle = (text: string): string => truncate(text, NAME_LIMIT.title);
export const truncateListItem = (text: string): string => truncate(text, NAME_LIMIT.listItem);

/** A tile title is cut only when it contains an underscore (spec "Home tile"). */
export function tileTitle(label: string): string {
  return label.includes('_') ? truncate(label, NAME_LIMIT.tile) : label;
}
