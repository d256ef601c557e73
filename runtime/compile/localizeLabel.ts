/**
 * A label in the caller's locale, else en_US, else the fallback (the field's name). Empty texts
 * count as missing: a label map often carries '' for locales nobody translated yet.
 */
export function localizeLabel(label: unknown, locale: string, fallback: string): string {
  if (typeof label === 'string') return label.trim() ? label : fallback;
  if (label && typeof label === 'object' && !Array.isArray(label)) {
    const map = label as Record<string, unknown>;
    for (const candidate of [map[locale], map.en_US]) {
      if (typeof candidate === 'string' && candidate.trim()) return candidate;
    }
  }
  return fallback;
}
