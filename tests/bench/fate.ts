// The records' fate of a deploy (issue 34 item 2), npm run bench -- fate (figures, never a pass/fail).
// A fresh database on the local PostgreSQL (DATABASE_URL, else 127.0.0.1:5432) holds N live records of
// the list bench's 10-field component (LUMA_BENCH_FATE_RECORDS, default 1,000,000); v2 tightens four
// rules (title at most 8 characters, name required, status without 'sent', code unique), changes
// qty's type to text and removes notes; GET .../version/diff from live counts the fate in SQL. Its time
// (p50, p95 of a few runs) is printed beside the same diff between two named versions (no fate).
// Alone: npm run bench -- fate (or npx tsx tests/bench/fate.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import type { VersionDiff } from '../../runtime/api/components';
import { benchConfig, signedInCaller, startBenchServer } from './api-client';
import { benchOwned } from './list-capture';
import { createComponent, publish } from './list';
import { FIELDS, SEED_RECORDS } from './list-data';
import { httpRunner, interleaved, summarise, type Timing } from './list-measure';
import { scratchDatabase } from './scratch-db';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const RECORDS = env('LUMA_BENCH_FATE_RECORDS', 1_000_000);
const RUNS = env('LUMA_BENCH_FATE_RUNS', 5);

export interface FateFigures {
  records: number;
  seedSeconds: number;
  loadavg: number[];
  withFate: Timing;
  withoutFate: Timing;
  fate: VersionDiff['fate'];
}

/** v2 of the bench component: tightened rules, a type changed, a field removed. */
function tightened(settings: Record<string, unknown>): Record<string, unknown> {
  const fields = (settings.fields as Record<string, unknown>[]).filter((field) => field.key !== 'notes').map((field) => {
    const constraints = (field.constraints ?? {}) as Record<string, unknown>;
    if (field.key === 'title') return { ...field, constraints: { ...constraints, length: { min: 0, max: 8 } } };
    if (field.key === 'name') return { ...field, constraints: { ...constraints, required: true } };
    if (field.key === 'code') return { ...field, constraints: { ...constraints, unique: true } };
    if (field.key === 'status') return { ...field, constraints: { ...constraints, selectables: { items: ['new', 'paid'] } } };
    if (field.key === 'qty') return { ...field, module: 'input', type: 'text', constraints: { length: { min: 0, max: 3 } } };
    return field;
  });
  return { ...settings, version: 'v2', fields };
}

export async function runFateBench(records: number = RECORDS): Promise<FateFigures> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url);
  let database: OpenDatabase | null = null;
  const direct = benchOwned(new pg.Client({ connectionString: scratch.url }));
  direct.on('error', () => undefined);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    const { base } = await startBenchServer(database, config, closers);
    const { call } = await signedInCaller(base);
    const started = performance.now();
    const component = await createComponent(call, 'bench_fate', 'Fate');
    const other = await createComponent(call, 'bench_other', 'Other');
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, records, 0]);
    await publish(call, component);
    await direct.query('vacuum (analyze) records');
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`  ${scratch.name}: ${records.toLocaleString('en')} records seeded, deployed and vacuumed in ${seedSeconds.toFixed(1)} s`);
    const v1 = (await call('GET', `/v3/system/component/settings/${component}/v1`)) as { settings: Record<string, unknown> };
    await call('POST', '/v3/system/component/version/fork/schema', { ref: component, version: 'v2', schema: tightened(v1.settings) });
    const fromLive = () => call('GET', `/v3/system/component/version/diff?ref=${component}&to=v2`);
    const named = () => call('GET', `/v3/system/component/version/diff?ref=${component}&from=v1&to=v2`);
    const { fate } = (await fromLive()) as unknown as VersionDiff;
    const [withRuns, withoutRuns] = await interleaved([httpRunner(fromLive), httpRunner(named)], RUNS);
    return { records, seedSeconds, loadavg: os.loadavg(), withFate: summarise(withRuns!), withoutFate: summarise(withoutRuns!), fate };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await scratch.drop();
  }
}

export function printFateFigures(figures: FateFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nThe records' fate of a deploy (${figures.records.toLocaleString('en')} live records, ${RUNS} runs each, interleaved; load ${figures.loadavg.map((n) => n.toFixed(2)).join(' ')})`);
  console.log(`  diff from live, with the fate:      p50 ${ms(figures.withFate.p50)}  p95 ${ms(figures.withFate.p95)}`);
  console.log(`  diff of two named versions (none):  p50 ${ms(figures.withoutFate.p50)}  p95 ${ms(figures.withoutFate.p95)}`);
  const fate = figures.fate;
  if (!fate) return;
  console.log(`  fate: ${fate.refused.toLocaleString('en')} refused, ${fate.losing.toLocaleString('en')} losing a value; ${fate.counts.map((count) => `${count.field} ${count.rule} ${count.count}`).join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runFateBench()
    .then(printFateFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
