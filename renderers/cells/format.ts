// Shared text helpers of the list cells: the UI locale as a BCP 47 tag, dates and date-times in the
// user's locale and time zone, HTML as one line of plain text.
export const intlLocale = (locale: string): string => locale.replace('_', '-');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A stored day ('2025-03-04') in the locale's medium date style; it names a day, so no zone shifts it. */
export function dayText(value: unknown, locale: string): string {
  if (typeof value !== 'string') return '';
  const m = DAY.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A date-time in the locale's style. A picker's wall-clock value ('2025-03-04T10:30', no zone) reads
 * as written; an instant (ISO with a zone, the record timestamps) shows in the user's time zone.
 */
export function dateTimeText(value: unknown, locale: string, timeZone?: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const wall = WALL_TIME.exec(value);
  const date = wall ? new Date(`${wall[1]}T${wall[2]}:${wall[3]}:${wall[4] ?? '00'}Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: wall ? 'UTC' : timeZone }).format(date);
}

/** HTML (the rich-text editor's value) as plain text on one line. */
export function plainText(html: string): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text.replace(/\s+/g, ' ').trim();
}

/** An i18n value's text in the locale, else en_US, else the first one; other values as they are. */
export function localised(value: unknown, locale: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const locales = (value as { locales?: unknown }).locales;
  if (!locales || typeof locales !== 'object') return value;
  const map = locales as Record<string, unknown>;
  for (const candidate of [map[locale], map.en_US, ...Object.values(map)]) {
    if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return '';
}
