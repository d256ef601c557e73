/**
 * A key as typed (auto_key off): lower case, each white space to '_', anything but [a-z0-9_] removed.
 * Accents are dropped first ('č' -> 'c'), so Serbian names keep their letters.
 */
export function normaliseFieldKey(key: string): string {
  return key
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s/g, '_')
    .replace(/[^a-z0-9_]/g, '');
}
