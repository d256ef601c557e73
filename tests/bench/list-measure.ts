// Timing helpers of the list bench: interleaved runs, quantiles, concurrent load.

export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;

/** One run of a measured thing: the time of each of its parts (a statement each, or one HTTP call). */
export type Runner = () => Promise<number[]>;

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export const httpRunner =
  (work: () => Promise<unknown>): Runner =>
  async () => [await timed(work)];

/** Each statement in turn on one connection, unprepared; each timed apart. */
export const statementRunner =
  (client: { query(text: string, values: unknown[]): Promise<unknown> }, statements: { text: string; values: unknown[] }[]): Runner =>
  async () => {
    const parts: number[] = [];
    for (const statement of statements) parts.push(await timed(() => client.query(statement.text, statement.values)));
    return parts;
  };

/** Runs the runners alternately (a, b, c, a, b, c...) so a passing load on the machine hits each alike. */
export async function interleaved(runners: Runner[], runs: number): Promise<number[][][]> {
  const times: number[][][] = runners.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (let r = 0; r < runners.length; r++) times[r]!.push(await runners[r]!());
  }
  return times;
}

export interface Timing {
  p50: number;
  p95: number;
  /** p50 of each part (statement) apart. */
  parts: number[];
}

export function summarise(runs: number[][]): Timing {
  const totals = runs.map((parts) => parts.reduce((a, b) => a + b, 0));
  const width = runs[0]?.length ?? 0;
  return {
    p50: quantile(totals, 0.5),
    p95: quantile(totals, 0.95),
    parts: Array.from({ length: width }, (_, k) => quantile(runs.map((parts) => parts[k]!), 0.5)),
  };
}

/** `clients` loops calling `url` for `seconds`; answers completed requests per second. */
export async function load(url: string, headers: Record<string, string>, clients: number, seconds: number): Promise<{ rps: number; errors: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.ok) done++;
        else errors++;
      }
    }),
  );
  return { rps: done / ((performance.now() - started) / 1000), errors };
}
