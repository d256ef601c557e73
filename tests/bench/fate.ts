// The records' fate of a deploy (issue 34 item 2), npm run bench -- fate (figures, never a pass/fail).
// A fresh database on the local PostgreSQL (DATABASE_URL, else 127.0.0.1:5432) holds N live records of
// the list bench's 10-field component (LUMA_BENCH_FATE_RECORDS, default 1,000,000); v2 tightens four
// rules (title at most 8 characters, name required, status without 'sent', code unique), changes
// qty's type to text and removes notes; GET .../version/diff from live counts the fate in SQL. Its time
// (p50, p95 of a few runs) is printed beside the same diff between two named versions (no fate) and two
// plain passes over the same partition, interleaved in the same run: count(*), and one reading every
// record's data whole (data::text); the fate's ratio to the pass reading data is the figure to watch.
// Alone: npm run bench -- fate (or npx tsx tests/bench/fate.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { VersionDiff } from '../../runtime/api/components';
import { withSeededComponent } from './seeded-component';
import { FIELDS } from './list-data';
import { httpRunner, interleaved, statementRunner, summarise, type Timing } from './list-measure';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const RECORDS = env('LUMA_BENCH_FATE_RECORDS', 1_000_000);
const RUNS = env('LUMA_BENCH_FATE_RUNS', 5);

export interface FateFigures {
  records: number;
  seedSeconds: number;
  loadavg: number[];
  withFate: Timing;
  withoutFate: Timing;
  /** count(*) over the component's live records. */
  countPass: Timing;
  /** A pass reading every live record's data whole. */
  dataPass: Timing;
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
  return withSeededComponent(records, 'bench_fate', 'Fate', async ({ call, component, seedSeconds, client }) => {
    const v1 = (await call('GET', `/v3/system/component/settings/${component}/v1`)) as { settings: Record<string, unknown> };
    await call('POST', '/v3/system/component/version/fork/schema', { ref: component, version: 'v2', schema: tightened(v1.settings) });
    const fromLive = () => call('GET', `/v3/system/component/version/diff?ref=${component}&to=v2`);
    const named = () => call('GET', `/v3/system/component/version/diff?ref=${component}&from=v1&to=v2`);
    const { fate } = (await fromLive()) as unknown as VersionDiff;
    const live = `from records where component_uuid = $1 and env = 'live' and deleted_at is null`;
    const pass = (select: string) => statementRunner(client, [{ text: `select ${select} ${live}`, values: [component] }]);
    const runners = [httpRunner(fromLive), httpRunner(named), pass('count(*)'), pass('sum(octet_length(data::text))')];
    const [withRuns, withoutRuns, countRuns, dataRuns] = await interleaved(runners, RUNS);
    return {
      records,
      seedSeconds,
      loadavg: os.loadavg(),
      withFate: summarise(withRuns!),
      withoutFate: summarise(withoutRuns!),
      countPass: summarise(countRuns!),
      dataPass: summarise(dataRuns!),
      fate,
    };
  });
}

export function printFateFigures(figures: FateFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nThe records' fate of a deploy (${figures.records.toLocaleString('en')} live records, ${RUNS} runs each, interleaved; load ${figures.loadavg.map((n) => n.toFixed(2)).join(' ')})`);
  console.log(`  diff from live, with the fate:      p50 ${ms(figures.withFate.p50)}  p95 ${ms(figures.withFate.p95)}`);
  console.log(`  diff of two named versions (none):  p50 ${ms(figures.withoutFate.p50)}  p95 ${ms(figures.withoutFate.p95)}`);
  console.log(`  count(*) over the partition:        p50 ${ms(figures.countPass.p50)}  p95 ${ms(figures.countPass.p95)}`);
  console.log(`  a pass reading data (data::text):   p50 ${ms(figures.dataPass.p50)}  p95 ${ms(figures.dataPass.p95)}`);
  const ratio = (value: number) => `${(value / figures.dataPass.p50).toFixed(1)}x`;
  console.log(`  the fate against the pass reading data: ${ratio(figures.withFate.p50)} (the fate's own part, without the diff: ${ratio(figures.withFate.p50 - figures.withoutFate.p50)})`);
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
