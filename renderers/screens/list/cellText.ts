// A raw record value as the table's text: translations in the user's locale, lists joined, objects as
// JSON, nothing for empty values; cut at 50 characters (spec section 9, a raw list item).
import { truncateListItem } from '../../ui/truncate';

export function rawText(value: unknown, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => rawText(v, locale)).join(', ');
  if (typeof value === 'object') {
    const locales = (value as { locales?: unknown }).locales;
    if (locales && typeof locales === 'object') {
      const map = locales as Record<string, unknown>;
      const text = map[locale] ?? map.en_US ?? Object.values(map)[0];
      if (typeof text === 'string') return text;
    }
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

export function cellText(value: unknown, locale: string): { text: string; full: string } {
  const full = rawText(value, locale);
  return { text: truncateListItem(full), full };
}

/** The record timestamps the list shows (spec section 9: YYYY-MM-DD HH:mm:ss in the user's time zone). */
export const TIMESTAMP_COLUMNS: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'disabled_at']);

/** An ISO timestamp as YYYY-MM-DD HH:mm:ss in the given time zone (the browser's when none is given). */
export function timestampText(value: unknown, timeZone?: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  // The Swedish locale writes dates and times in exactly this ISO-like shape.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}
