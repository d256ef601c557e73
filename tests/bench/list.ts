// The list API on PostgreSQL with 1,000,000 records of a 10-field component, against the same
// queries issued directly to the same database in the same run (npm run bench; figures, not a test).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/db/seed';
import { BENCH_ADMIN, signedInCaller } from './api-client';

const RECORDS = Number(process.env.LUMA_BENCH_RECORDS ?? 1_000_000);
/** Measured calls per case: many for the millisecond cases (a steadier median), fewer for the slow search. */
const RUNS = Number(process.env.LUMA_BENCH_RUNS ?? 200);
const SLOW_RUNS = 30;
const WARMUP = Number(process.env.LUMA_BENCH_WARMUP ?? 50);
const ADMIN = BENCH_ADMIN;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const FIELDS = [
  { key: 'title', module: 'input', type: 'text', filterable: true },
  { key: 'name', module: 'input', type: 'text', filterable: true },
  { key: 'email', module: 'input', type: 'email' },
  { key: 'amount', module: 'input', type: 'number', filterable: true },
  { key: 'qty', module: 'input', type: 'number' },
  { key: 'status', module: 'select', type: 'text', filterable: true, constraints: { selectables: { items: ['new', 'paid', 'sent'] } } },
  { key: 'due', module: 'picker', type: 'date' },
  { key: 'paid', module: 'checkbox', type: 'bool' },
  { key: 'notes', module: 'text', type: 'default' },
  { key: 'code', module: 'input', type: 'text' },
].map((f, i) => ({
  name: f.key.replace(/^./, (c) => c.toUpperCase()),
  label: { en_US: f.key },
  sortOrder: i,
  constraints: f.type === 'text' ? { length: { min: 0, max: 200 } } : {},
  ...f,
}));

export interface ListCase {
  name: string;
  query: string;
  /** The statements the API needs for the same answer, issued directly (page, then bounded count). */
  sql: (ids: { component: string; project: string }) => { text: string; values: unknown[] }[];
}

const WHERE = 'component_uuid = $1 and env = $2 and deleted_at is null and project_uuid = $3 and disabled_at is null';
const page = (extra: string, order: string, limit: number, offset: number) =>
  `select * from records where ${WHERE}${extra} order by ${order} limit ${limit} offset ${offset}`;
const bounded = (extra: string) => `select count(*)::int as total from (select 1 from records where ${WHERE}${extra} limit 5001) as bounded`;

/** The five cases of the issue, with the SQL the list service compiles for each (docs/lists.md). */
export const LIST_CASES: ListCase[] = [
  {
    name: 'first page',
    query: 'limit=10',
    sql: ({ component, project }) => [
      { text: page('', 'created_at asc, uuid asc', 10, 0), values: [component, 'live', project] },
      { text: bounded(''), values: [component, 'live', project] },
    ],
  },
  {
    name: 'text search on two fields',
    query: `limit=10&filter=${encodeURIComponent('Order 12345')}&filterOn=title,code`,
    sql: ({ component, project }) => {
      const search = ` and ((data ->> $4::text) ilike $5::text escape '\\' or (data ->> $6::text) ilike $7::text escape '\\')`;
      const values = [component, 'live', project, 'title', '%Order 12345%', 'code', '%Order 12345%'];
      return [{ text: page(search, 'created_at asc, uuid asc', 10, 0), values }, { text: bounded(search), values }];
    },
  },
  {
    name: '$adv range plus sort on an indexed field',
    query: `limit=10&sortBy=amount&sortDesc=1&$adv=${encodeURIComponent(JSON.stringify({ amount: { $gte: 100, $lt: 200 } }))}`,
    sql: ({ component, project }) => {
      const range = ' and ((((data ->> $4::text)::numeric) >= $5::numeric) and (((data ->> $6::text)::numeric) < $7::numeric))';
      const values = [component, 'live', project, 'amount', 100, 'amount', 200];
      return [
        { text: page(range, "((data ->> 'amount')::numeric) desc, uuid desc", 10, 0), values },
        { text: bounded(range), values },
      ];
    },
  },
  {
    name: 'the page at offset 4990',
    query: 'limit=10&offset=4990',
    sql: ({ component, project }) => [
      { text: page('', 'created_at asc, uuid asc', 10, 4990), values: [component, 'live', project] },
      { text: bounded(''), values: [component, 'live', project] },
    ],
  },
  {
    name: 'bounded total (a third of the records match)',
    query: `limit=1&$adv=${encodeURIComponent(JSON.stringify({ status: 'paid' }))}`,
    sql: ({ component, project }) => {
      const match = ' and ((data ->> $4::text) = $5::text)';
      const values = [component, 'live', project, 'status', 'paid'];
      return [{ text: page(match, 'created_at asc, uuid asc', 1, 0), values }, { text: bounded(match), values }];
    },
  },
];

export interface CaseFigures {
  name: string;
  apiP50: number;
  apiP95: number;
  sqlP50: number;
  sqlP95: number;
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** Times `runs` alternately (a, b, a, b...) so a passing load on the machine hits each alike. */
async function timeInterleaved(runs: (() => Promise<unknown>)[], count = RUNS): Promise<number[][]> {
  for (let i = 0; i < 10; i++) for (const run of runs) await run();
  const times: number[][] = runs.map(() => []);
  for (let i = 0; i < count; i++) {
    for (let r = 0; r < runs.length; r++) {
      const start = performance.now();
      await runs[r]!();
      times[r]!.push(performance.now() - start);
    }
  }
  return times;
}

export interface FixedCost {
  name: string;
  p50: number;
  p95: number;
}

export async function runListBench(cases: ListCase[]): Promise<{ records: number; figures: CaseFigures[]; fixed: FixedCost[] }> {
  const name = `luma_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: url.toString(),
    LUMA_ADMIN_EMAIL: ADMIN.email,
    LUMA_ADMIN_PASSWORD: ADMIN.password,
    LUMA_LOG_LEVEL: 'silent',
    LUMA_APP_DIR: '/nonexistent',
  });
  const database = await openDatabase(config);
  const direct = new pg.Client({ connectionString: url.toString() });
  try {
    await migrateToLatest(database.db);
    await seed(database.db, config);
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const { cookie, call } = await signedInCaller(base);

    const { uuid } = (await call('POST', '/v3/system/component', { name: 'bench_orders', label: { en_US: 'Orders' } })) as { uuid: string };
    const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
    await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields: FIELDS } });

    const { projectUuid, userUuid } = (
      await database.db.selectFrom('projects').innerJoin('users', (join) => join.onTrue()).select(['projects.uuid as projectUuid', 'users.uuid as userUuid']).executeTakeFirstOrThrow()
    );
    const started = performance.now();
    await direct.connect();
    await direct.query(
      `insert into records (uuid, project_uuid, component_uuid, env, version, data, created_by, created_at, updated_by, updated_at)
       select gen_random_uuid(), $1, $2, 'live', 1,
         jsonb_build_object(
           'title', 'Order ' || g, 'name', md5(g::text), 'email', 'buyer' || (g % 1000) || '@luma.test',
           'amount', (g::bigint * 7919) % 100000, 'qty', g % 50, 'status', (array['new','paid','sent'])[1 + g % 3],
           'due', to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'), 'paid', g % 2 = 0,
           'notes', 'note ' || (g % 97), 'code', 'C' || lpad(g::text, 8, '0')),
         $3, timestamptz '2026-01-01' + g * interval '1 second', $3, timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(1, $4::int) g`,
      [projectUuid, uuid, userUuid, RECORDS],
    );
    // Deploying creates the indexes the filterable fields need, over the records already there.
    await call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'live', ref: uuid });
    // Vacuumed as well as analysed: otherwise autovacuum starts on the fresh million rows during the measurements.
    await direct.query('vacuum (analyze) records');
    console.log(`seeded ${RECORDS.toLocaleString('en')} records and deployed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const figures: CaseFigures[] = [];
    const fixed: FixedCost[] = [];
    // The whole server warms up first (JIT, every pooled connection's prepared statements), so
    // whichever case is measured first is not the one that pays for it.
    // Cases slower than 50 ms (the infix search) warm up within their own measurement.
    let warming = cases;
    for (let round = 0; round < WARMUP; round++) {
      const fast: ListCase[] = [];
      for (const c of warming) {
        const started = performance.now();
        await call('GET', `/v3/system/component/${uuid}/models?${c.query}`);
        if (performance.now() - started < 50) fast.push(c);
      }
      warming = fast;
    }
    for (const c of cases) {
      const statements = c.sql({ component: uuid, project: projectUuid });
      const [api, db] = await timeInterleaved(
        [
          () => call('GET', `/v3/system/component/${uuid}/models?${c.query}`),
          async () => {
            for (const statement of statements) await direct.query(statement.text, statement.values);
          },
        ],
        warming.includes(c) ? RUNS : SLOW_RUNS,
      );
      figures.push({ name: c.name, apiP50: quantile(api!, 0.5), apiP95: quantile(api!, 0.95), sqlP50: quantile(db!, 0.5), sqlP95: quantile(db!, 0.95) });
    }
    // Where the fixed cost goes: an HTTP round trip that reaches no route, and an authenticated call
    // that only answers the caller's claims (the one accountability query).
    const bare = async (path: string) => (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
    const [floor, claims] = await timeInterleaved([() => bare('/v0/none'), () => bare('/v1/user/claims')]);
    fixed.push({ name: 'HTTP round trip to no route (404)', p50: quantile(floor!, 0.5), p95: quantile(floor!, 0.95) });
    fixed.push({ name: 'authenticated claims (session, project, roles)', p50: quantile(claims!, 0.5), p95: quantile(claims!, 0.95) });
    await app.close();
    return { records: RECORDS, figures, fixed };
  } finally {
    await direct.end().catch(() => undefined);
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function printListFigures({ records, figures, fixed }: { records: number; figures: CaseFigures[]; fixed: FixedCost[] }): void {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`\nList API on PostgreSQL, ${records.toLocaleString('en')} records of a 10-field component (baseline: the same SQL sent directly, same run)`);
  for (const f of figures) {
    const target = f.sqlP50 > 5 ? f.apiP50 <= 2 * f.sqlP50 : f.apiP50 <= f.sqlP50 + 1;
    console.log(
      `${f.name}: API p50 ${ms(f.apiP50)} p95 ${ms(f.apiP95)}; SQL p50 ${ms(f.sqlP50)} p95 ${ms(f.sqlP95)}; ` +
        `ratio ${(f.apiP50 / f.sqlP50).toFixed(2)}x, +${ms(f.apiP50 - f.sqlP50)}; target ${target ? 'met' : 'MISSED'}`,
    );
  }
  for (const f of fixed) console.log(`fixed cost, ${f.name}: p50 ${ms(f.p50)} p95 ${ms(f.p95)}`);
}
