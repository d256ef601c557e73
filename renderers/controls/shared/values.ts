// Reading a stored value as what an input shows.
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null || value === '') return [];
  return [value];
}

/** A number input's text as a value: empty or not a number is null (spec section 5 "Number"). */
export function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : null;
}

/** Item values compare as text: a stored "2" matches item 2. */
export function sameValue(a: unknown, b: unknown): boolean {
  return asText(a) === asText(b);
}
