export type LengthInput = { min?: number | string | null; max?: number | string | null };

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Keeps min <= max after one side changed (spec section 5): raising min above max raises max,
 * lowering max below min lowers min. Empty becomes 0. The changed side keeps its value.
 */
export function adjustLength(length: LengthInput, changed: 'min' | 'max'): { min: number; max: number } {
  const min = toNumber(length.min);
  const max = toNumber(length.max);
  if (changed === 'min') return { min, max: Math.max(min, max) };
  return { min: Math.min(min, max), max };
}
