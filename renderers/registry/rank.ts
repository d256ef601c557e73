// Ranks of the renderer registry (JSON Forms style): the highest rank wins; below zero is "not
// applicable", and when nothing applies dispatch falls back to the visible UnknownField.
import type { ViewField } from '../../schemas/viewSchema.schema';

export const RANK = {
  notApplicable: -1,
  /** Any field at all (a generic fallback). */
  fallback: 0,
  /** Every type of one module. */
  module: 1,
  /** One module/type pair: the built-in controls. */
  exact: 2,
  /** A project's own renderer for a pair: outranks the built-ins without editing them. */
  custom: 10,
} as const;

/** The entry whose tester ranks the field highest (ties to the later entry), with its rank; below zero: none applies. */
export function highestRanked<E extends { tester: (field: ViewField) => number }>(entries: readonly E[], field: ViewField): { entry: E | null; rank: number } {
  let best: E | null = null;
  let bestRank = -Infinity;
  for (const entry of entries) {
    const rank = entry.tester(field);
    if (rank >= bestRank) {
      best = entry;
      bestRank = rank;
    }
  }
  if (!best || bestRank < 0) return { entry: null, rank: bestRank === -Infinity ? -1 : bestRank };
  return { entry: best, rank: bestRank };
}
