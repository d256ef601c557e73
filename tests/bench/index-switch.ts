// The self-tuning indexes' switch (issue 30 item 2; docs/lists.md "Self-tuning indexes"), npm run bench
// -- index-switch (figures, never a pass/fail): on a fresh PostgreSQL database, a component of
// LUMA_BENCH_SWITCH_RECORDS records (default 1,000,000; the list bench's seed, list-data.ts) and the
// typed table with the same rows. Two queries on fields nobody marked filterable, each requested
// over and over through the list API (its total counted each time) interleaved with the same
// question to the typed table holding a DBA's index for it:
//   sort        sortBy=qty desc (an unmarked number: b-tree on the expression)
//   sort+range  the same with qty >= 45, on the index 'sort' built (its count reads the heap)
//   search      filter=yer123@ on email (an unmarked text: trigram index)
// Each request's time is printed, and the moment (request number, seconds since the first) the
// index the job built was first used; then the medians before and after beside the typed table's.
// LUMA_BENCH_SWITCH_SLOW_MS sets LUMA_INDEX_SLOW_MS (default 50; a small table needs less to count as slow).
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { benchConfig, signedInCaller, startBenchServer } from './api-client';
import { createComponent, publish } from './list';
import { createTypedTable, SEED_RECORDS } from './list-data';
import { TYPED_TABLE } from './list-cases';
import { scratchDatabase } from './scratch-db';

const RECORDS = Number(process.env.LUMA_BENCH_SWITCH_RECORDS ?? 1_000_000);
const SLOW_MS = process.env.LUMA_BENCH_SWITCH_SLOW_MS ?? '50';
/** Requests after the switch, to see the new time settle. */
const AFTER = 30;
/** The most requests of one case (the build never came: the figures say so). */
const MAX_REQUESTS = 400;

interface SwitchCase {
  key: string;
  field: string;
  query: string;
  typed: { text: string; values: unknown[] }[];
}

const adv = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const LIVE = `from ${TYPED_TABLE} where deleted_at is null and disabled_at is null`;
const bounded = (extra: string, values: unknown[]) => ({ text: `select count(*)::int as total from (select 1 ${LIVE}${extra} limit 5001) as bounded`, values });

const CASES: SwitchCase[] = [
  {
    key: 'sort',
    field: 'qty',
    query: `limit=10&sortBy=qty&sortDesc=1`,
    typed: [{ text: `select * ${LIVE} order by qty desc, seq desc limit 10`, values: [] }, bounded('', [])],
  },
  {
    // The same index, a harder question: the bounded count of qty >= 45 (100,000 records, counted
    // to 5001) reads each record from the heap, since PostgreSQL answers an expression index's value
    // only from the heap, where the typed table counts from its (qty, seq) index alone. Run after
    // 'sort', so it finds the index built: its figures are the time with it.
    key: 'sort+range',
    field: 'qty',
    query: `limit=10&sortBy=qty&sortDesc=1&$adv=${adv({ qty: { $gte: 45 } })}`,
    typed: [{ text: `select * ${LIVE} and qty >= $1 order by qty desc, seq desc limit 10`, values: [45] }, bounded(' and qty >= $1', [45])],
  },
  {
    key: 'search',
    field: 'email',
    query: `limit=10&filter=${encodeURIComponent('yer123@')}&filterOn=email`,
    typed: [{ text: `select * ${LIVE} and email ilike $1 order by created_at, seq limit 10`, values: ['%yer123@%'] }, bounded(' and email ilike $1', ['%yer123@%'])],
  },
];

export interface SwitchFigures {
  key: string;
  requests: { n: number; ms: number; typedMs: number; indexed: boolean }[];
  switchedAt: { n: number; seconds: number } | null;
  before: number;
  after: number;
  typed: number;
  /** The list API's own cost, the same for every case: an empty component's page and count (HTTP, session, plan). */
  apiFloor: number;
}

const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function indexBuilt(client: pg.Client, component: string, field: string): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from record_index_state s join pg_class c on c.relname = s.name join pg_index i on i.indexrelid = c.oid
     where s.component_uuid = $1 and s.field = $2 and i.indisvalid`,
    [component, field],
  );
  return rows.length > 0;
}

export async function runIndexSwitchBench(): Promise<SwitchFigures[]> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url, { LUMA_INDEX_AUTO_MAX: '5', LUMA_INDEX_SLOW_MS: SLOW_MS, LUMA_INDEX_SLOW_COUNT: '3', LUMA_JOB_POLL_SECONDS: '0.5' });
  const direct = new pg.Client({ connectionString: scratch.url });
  direct.on('error', () => undefined);
  let database: OpenDatabase | null = null;
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    const { platform, base } = await startBenchServer(database, config, closers);
    const { call } = await signedInCaller(base);
    const started = performance.now();
    const component = await createComponent(call, 'bench_switch', 'Switch');
    const other = await createComponent(call, 'bench_switch_other', 'Other');
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, RECORDS, 0]);
    await publish(call, component);
    await publish(call, other);
    await createTypedTable(direct, RECORDS);
    // The DBA's indexes for these two questions on the typed table.
    await direct.query(`create index ${TYPED_TABLE}_qty on ${TYPED_TABLE} (qty, seq)`);
    await direct.query(`create index ${TYPED_TABLE}_email_trgm on ${TYPED_TABLE} using gin (email gin_trgm_ops)`);
    await direct.query('vacuum (analyze) records');
    await direct.query(`vacuum (analyze) ${TYPED_TABLE}`);
    console.log(`  ${scratch.name}: ${RECORDS.toLocaleString('en')} records and the typed table seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (LUMA_INDEX_SLOW_MS=${SLOW_MS})`);

    // What the typed table's figures do not hold: the API's own cost of a list request (HTTP,
    // session, permissions, the plan, JSON), measured on the other, empty component.
    const floorTimes: number[] = [];
    for (let n = 0; n < 30; n++) {
      floorTimes.push(
        await timed(() => {
          platform.totals.clear();
          return call('GET', `/v3/system/component/${other}/models?limit=10`);
        }),
      );
    }
    const apiFloor = median(floorTimes);
    const figures: SwitchFigures[] = [];
    for (const c of CASES) {
      const luma = () => {
        platform.totals.clear();
        return call('GET', `/v3/system/component/${component}/models?${c.query}`);
      };
      const typed = () => Promise.all(c.typed.map((statement) => direct.query(statement.text, statement.values)));
      const out: SwitchFigures = { key: c.key, requests: [], switchedAt: null, before: NaN, after: NaN, typed: NaN, apiFloor };
      const first = performance.now();
      let afterCount = 0;
      for (let n = 1; n <= MAX_REQUESTS && afterCount < AFTER; n++) {
        const indexed = await indexBuilt(direct, component, c.field);
        const ms = await timed(luma);
        const typedMs = await timed(typed);
        if (indexed && !out.switchedAt) out.switchedAt = { n, seconds: (performance.now() - first) / 1000 };
        if (indexed) afterCount++;
        out.requests.push({ n, ms, typedMs, indexed });
        console.log(`  ${c.key} #${n}: Luma ${ms.toFixed(1)} ms, typed table ${typedMs.toFixed(1)} ms${indexed ? ' (index built)' : ''}`);
        // While the index is being built a request every 200 ms is enough to see the moment.
        if (!indexed && n > 3) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      out.before = median(out.requests.filter((r) => !r.indexed).map((r) => r.ms));
      out.after = median(out.requests.filter((r) => r.indexed).map((r) => r.ms));
      out.typed = median(out.requests.map((r) => r.typedMs));
      figures.push(out);
    }
    return figures;
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await scratch.drop();
  }
}

export function printIndexSwitchFigures(figures: SwitchFigures[]): void {
  console.log(`\nSelf-tuning indexes at ${RECORDS.toLocaleString('en')} records (median ms; the list API with its total counted, the typed table's page and bounded count in SQL, no HTTP; the API's own cost is an empty component's list):`);
  for (const f of figures) {
    const already = f.switchedAt?.n === 1;
    const moment = already
      ? 'its index was built before its first request'
      : f.switchedAt
        ? `switched at request ${f.switchedAt.n}, ${f.switchedAt.seconds.toFixed(1)} s after the first`
        : `no switch within ${f.requests.length} requests`;
    const database = f.after - f.apiFloor;
    console.log(
      `  ${f.key.padEnd(10)} ${already ? '' : `before ${f.before.toFixed(1)} ms, `}after ${f.after.toFixed(1)} ms, typed table ${f.typed.toFixed(1)} ms (after/typed ${(f.after / f.typed).toFixed(2)}x; ` +
        `without the API's own ${f.apiFloor.toFixed(1)} ms ${(database / f.typed).toFixed(2)}x${database <= f.typed ? ', within the typed table' : ''}); ${moment}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runIndexSwitchBench()
    .then(printIndexSwitchFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
