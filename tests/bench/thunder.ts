// Thunder data sets against the list API (issue 32 item 1), npm run bench -- thunder (figures, never a
// pass/fail). A fresh database on the local PostgreSQL (DATABASE_URL, else 127.0.0.1:5432) holds N
// records of the list bench's 10-field component (LUMA_BENCH_THUNDER_RECORDS, default 1,000,000); a
// data set is defined over a $group by status with a count and a sum, built by its job, and then, in one
// run and interleaved, its stored result is read (GET /v3/system/thunder/{name}/data) beside the same
// $aggregate through the list API (GET .../models?$aggregate=...). Both p50 and p95 and the ratio are
// printed, beside the floor (an authenticated call that reads nothing); the goal is the set's p50
// under 5 ms at a million records (docs/thunder.md).
// Alone: npm run bench -- thunder (or npx tsx tests/bench/thunder.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchCall } from './api-client';
import { withSeededComponent } from './seeded-component';
import { httpRunner, interleaved, summarise, type Timing } from './list-measure';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const RECORDS = env('LUMA_BENCH_THUNDER_RECORDS', 1_000_000);
const RUNS = env('LUMA_BENCH_THUNDER_RUNS', 40);
const WARMUP = env('LUMA_BENCH_THUNDER_WARMUP', 3);
const PIPELINE = [{ $group: { _id: '$status', n: { $sum: 1 }, total: { $sum: '$amount' } } }, { $sort: { _id: 1 } }];
/** The goal of issue 32: a set's read p50 under this at a million records. */
export const THUNDER_GOAL_MS = 5;

export interface ThunderFigures {
  records: number;
  seedSeconds: number;
  buildMs: number;
  loadavg: number[];
  thunder: Timing;
  list: Timing;
  /** GET /v1/user/claims: the session and the reply, nothing read. */
  floor: Timing;
  /** The same items from both. */
  same: boolean;
}

async function waitBuilt(call: BenchCall, name: string): Promise<number> {
  const deadline = Date.now() + 30 * 60_000;
  while (Date.now() < deadline) {
    const set = (await call('GET', `/v3/system/thunder/${name}`)) as { status: string; queued: boolean; error: string | null; builds: { ms: number | null }[] };
    if (!set.queued && set.status === 'ready') return set.builds[0]?.ms ?? NaN;
    if (!set.queued && set.status === 'failed') throw new Error(`the bench set's build failed: ${set.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the bench set was not built in 30 minutes');
}

export async function runThunderBench(records: number = RECORDS): Promise<ThunderFigures> {
  return withSeededComponent(records, 'bench_orders', 'Orders', async ({ call, component, seedSeconds }) => {

    await call('POST', '/v3/system/thunder', { name: 'bench-by-status', component, aggregate: PIPELINE, rebuild_on_change: false });
    const buildMs = await waitBuilt(call, 'bench-by-status');
    const listPath = `/v3/system/component/${component}/models?$aggregate=${encodeURIComponent(JSON.stringify(PIPELINE))}`;
    const fromSet = () => call('GET', '/v3/system/thunder/bench-by-status/data');
    const fromList = () => call('GET', listPath);
    const setItems = JSON.stringify(((await fromSet()) as { items: unknown }).items);
    const listItems = JSON.stringify(((await fromList()) as { items: unknown }).items);
    const same = setItems === listItems;
    if (!same) console.log(`  the items differ:\n    set  ${setItems.slice(0, 300)}\n    list ${listItems.slice(0, 300)}`);
    for (let i = 0; i < WARMUP; i++) await Promise.all([fromSet(), fromList()]);
    // The floor: an authenticated call that only answers the caller's claims (as the scout bench).
    const floor = () => call('GET', '/v1/user/claims');
    const [setRuns, listRuns, floorRuns] = await interleaved([httpRunner(fromSet), httpRunner(fromList), httpRunner(floor)], RUNS);
    return { records, seedSeconds, buildMs, loadavg: os.loadavg(), thunder: summarise(setRuns!), list: summarise(listRuns!), floor: summarise(floorRuns!), same };
  });
}

export function printThunderFigures(figures: ThunderFigures): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`\nThunder data set against the list's $aggregate (${figures.records.toLocaleString('en')} records, ${RUNS} runs each, interleaved; load ${figures.loadavg.map((n) => n.toFixed(2)).join(' ')})`);
  console.log(`  build (the job, once):            ${ms(figures.buildMs)}`);
  console.log(`  thunder GET .../data:             p50 ${ms(figures.thunder.p50)}  p95 ${ms(figures.thunder.p95)}  (goal p50 < ${THUNDER_GOAL_MS} ms: ${figures.thunder.p50 < THUNDER_GOAL_MS ? 'met' : 'not met'})`);
  console.log(`  list  GET .../models?$aggregate:  p50 ${ms(figures.list.p50)}  p95 ${ms(figures.list.p95)}`);
  console.log(`  floor GET /v1/user/claims:        p50 ${ms(figures.floor.p50)}  p95 ${ms(figures.floor.p95)}`);
  console.log(`  ratio list / thunder (p50):       ${(figures.list.p50 / figures.thunder.p50).toFixed(1)}x; same items: ${figures.same ? 'yes' : 'NO'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runThunderBench()
    .then(printThunderFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
