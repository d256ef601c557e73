// How hard the API property tests try (docs/testing.md "Property tests"): a developer's run keeps to
// a few cases per property, CI (CI=true, as .ci/run sets it) tries four times as many on each
// database, so a fresh seed there finds what a local run would rarely meet. LUMA_PROPERTY_RUNS
// overrides both; LUMA_PROPERTY_SEED and LUMA_PROPERTY_PATH replay a reported failure
// (fast-check prints both), e.g. LUMA_PROPERTY_SEED=-584798636 LUMA_PROPERTY_PATH=26.

export interface PropertyRuns {
  numRuns: number;
  seed?: number;
  path?: string;
}

function wholeNumber(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not '${text}'`);
  return value;
}

/** fast-check's options for an API property: `local` runs, four times as many under CI. */
export function propertyRuns(local: number): PropertyRuns {
  const runs = wholeNumber('LUMA_PROPERTY_RUNS') ?? (process.env.CI === 'true' ? local * 4 : local);
  if (runs < 1) throw new Error('LUMA_PROPERTY_RUNS must be at least 1');
  const options: PropertyRuns = { numRuns: runs };
  const seed = wholeNumber('LUMA_PROPERTY_SEED');
  if (seed !== undefined) options.seed = seed;
  const path = process.env.LUMA_PROPERTY_PATH;
  if (seed !== undefined && path) options.path = path;
  return options;
}
