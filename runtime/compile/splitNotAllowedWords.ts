/** not_allowed_words is one comma-separated string (spec section 3): entries trimmed, empty ones dropped. */
export function splitNotAllowedWords(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  return raw
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}
