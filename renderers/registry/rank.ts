// Ranks of the renderer registry (JSON Forms style): the highest rank wins; below zero is "not
// applicable", and when nothing applies dispatch falls back to the visible UnknownField.
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
