// Rich text constants (spec section 9, "Rich text" and "Fonts").
export const FONT_FAMILIES = ['Arial', 'Aptos', 'Courier New', 'Georgia', 'Inter', 'Comic Sans', 'Serif', 'Monospace', 'Cursive'] as const;
export const DEFAULT_FONT_SIZE = 12;
export const MAX_FONT_SIZE = 100;
export const MIN_FONT_SIZE = 1;
export const DEFAULT_COLOR = '#000000';
export const CELL_BORDER = '2px solid #000';
export const DEFAULT_PAGE_MARGIN = 10;
export const MAX_PAGE_MARGIN = 200;

/** A font size as stored: a whole number of px, 1..100; anything unreadable is the default 12. */
export function clampFontSize(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return DEFAULT_FONT_SIZE;
  return Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.round(n)));
}

/** A page margin in px: custom_data/constraints margin, default 10, never negative. */
export function pageMargin(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n) || n < 0) return DEFAULT_PAGE_MARGIN;
  return Math.min(MAX_PAGE_MARGIN, Math.round(n));
}

/** An image source the editor accepts (and the server keeps): http(s) URLs and raster data URLs. */
export function isAllowedImageSrc(src: string): boolean {
  const s = src.trim();
  return /^https?:\/\/[^\s]+$/i.test(s) || /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(s);
}

/** A link target the editor keeps: http(s) and mailto only. */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)[^\s]*$/i.test(href.trim());
}
