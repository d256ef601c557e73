// Scout's lists at a million log rows (issue 17 item 6), npm run bench -- scout (figures, never a
// pass/fail). At each size (LUMA_BENCH_SCOUT_SIZES, default 100000,1000000) a fresh database on the
// local PostgreSQL holds that many event rows and that many API call rows (generate_series) over 30
// days and five projects (60 % in the signed-in admin's), with realistic topics, kinds, paths, methods,
// statuses, users, API users, the system and removed users as actors and callers. A real Luma server
// (buildApp, as tests/bench/list.ts) answers each case over HTTP with an admin session: p50 and p95,
// against the same run's baseline (an authenticated call that only answers the caller's claims), and
// the growth from the smallest to the largest size. The SQL Luma sent for each case is captured
// (list-capture.ts) and run again under EXPLAIN (ANALYZE, BUFFERS) at the largest size: the plan's
// scans, rows read and removed by a filter, buffers and execution time.
// Alone: npm run bench -- scout (or npx tsx tests/bench/scout.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/auth/seed';
import { benchConfig, signedInCaller, type BenchCall } from './api-client';
import { benchOwned, captureStatements } from './list-capture';
import { httpRunner, interleaved, summarise, type Timing } from './list-measure';
import { scratchDatabase } from './scratch-db';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const SIZES = (process.env.LUMA_BENCH_SCOUT_SIZES ?? '100000,1000000').split(',').map((size) => Number(size.trim())).filter((size) => size > 0);
const RUNS = env('LUMA_BENCH_SCOUT_RUNS', 40);
const WARMUP = env('LUMA_BENCH_SCOUT_WARMUP', 3);
/** Index-served cases should grow less than this from the smallest to the largest size. */
const GROWTH_LIMIT = 2;
const DAY = 24 * 60 * 60 * 1000;
const COMPONENTS = ['orders', 'customers', 'invoices', 'products'];
const PERSONS = 20;
const API_USERS = 4;
const GONE = ['00000000-0000-4000-8000-00000000dea1', '00000000-0000-4000-8000-00000000dea2'];

export interface ScoutCase {
  key: string;
  name: string;
  list: 'events' | 'api';
  /** Served by an index in list order: its time should not grow with the log. */
  indexed: boolean;
  http: Timing;
  items: number;
}

export interface ScoutSize {
  rows: number;
  seedSeconds: number;
  loadavg: number[];
  baseline: Timing;
  cases: ScoutCase[];
  explain: { key: string; lines: string[] }[];
}

export interface ScoutFigures {
  started: Date;
  uptime: string;
  pgVersion: string;
  sizes: ScoutSize[];
}

interface Context {
  project: string;
  users: string[];
  apiUsers: string[];
  /** A keyset cursor about half-way down the project's log (events: before=, API: cursor=), per order. */
  eventsDeep: { desc: string; asc: string };
  apiDeep: { desc: string; asc: string };
  /** The time (epoch ms) of the project's 21st newest event: events/new answers 20. */
  newTime: string;
  now: number;
}

interface Case {
  key: string;
  name: string;
  list: 'events' | 'api';
  indexed: boolean;
  path: (context: Context) => string;
}

const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

const CASES: Case[] = [
  { key: 'ev-first', name: 'events: first page', list: 'events', indexed: true, path: () => '/v1system/events?limit=50' },
  { key: 'ev-deep', name: 'events: a keyset page half-way down', list: 'events', indexed: true, path: (c) => `/v1system/events?limit=50&before=${c.eventsDeep.desc}` },
  { key: 'ev-asc', name: 'events: oldest first', list: 'events', indexed: true, path: () => '/v1system/events?limit=50&sort=created_at' },
  { key: 'ev-asc-deep', name: 'events: oldest first, half-way', list: 'events', indexed: true, path: (c) => `/v1system/events?limit=50&sort=created_at&before=${c.eventsDeep.asc}` },
  { key: 'ev-topic', name: 'events: topic (exact, a rare one: 0.06 %)', list: 'events', indexed: true, path: () => `/v1system/events?limit=50&topic=${encodeURIComponent('custom.refund.dev')}` },
  { key: 'ev-topic-pattern', name: "events: topic pattern 'invoices.*.live'", list: 'events', indexed: true, path: () => `/v1system/events?limit=50&topic=${encodeURIComponent('invoices.*.live')}` },
  { key: 'ev-topic-star', name: "events: topic pattern '*.deploy.live' (first part '*')", list: 'events', indexed: true, path: () => `/v1system/events?limit=50&topic=${encodeURIComponent('*.deploy.live')}` },
  { key: 'ev-kind', name: 'events: kind deploy (0.6 %)', list: 'events', indexed: true, path: () => '/v1system/events?limit=50&kind=deploy' },
  { key: 'ev-kind-record', name: 'events: kind record (36 %)', list: 'events', indexed: true, path: () => '/v1system/events?limit=50&kind=record' },
  { key: 'ev-actor', name: 'events: actor (one user, 3.5 %)', list: 'events', indexed: true, path: (c) => `/v1system/events?limit=50&actor=${c.users[3]}` },
  { key: 'ev-actor-gone', name: 'events: actor (a removed user, 0.25 %)', list: 'events', indexed: true, path: () => `/v1system/events?limit=50&actor=${GONE[0]}` },
  { key: 'ev-range', name: 'events: one day, 10 days ago', list: 'events', indexed: true, path: (c) => `/v1system/events?limit=50&from=${iso(c.now - 11 * DAY)}&to=${iso(c.now - 10 * DAY)}` },
  { key: 'ev-new', name: 'events/new?time= (the 20 newest)', list: 'events', indexed: true, path: (c) => `/v1/system/events/new?time=${c.newTime}` },
  { key: 'ev-new-cap', name: 'events/new?time= (a day: capped at 500)', list: 'events', indexed: true, path: (c) => `/v1/system/events/new?time=${iso(c.now - DAY)}` },
  { key: 'api-first', name: 'API log: first page', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50' },
  { key: 'api-deep', name: 'API log: a keyset page half-way down', list: 'api', indexed: true, path: (c) => `/v1/system/api-log?limit=50&cursor=${c.apiDeep.desc}` },
  { key: 'api-asc', name: 'API log: oldest first', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50&order=asc' },
  { key: 'api-asc-deep', name: 'API log: oldest first, half-way', list: 'api', indexed: true, path: (c) => `/v1/system/api-log?limit=50&order=asc&cursor=${c.apiDeep.asc}` },
  { key: 'api-method', name: 'API log: method DELETE (4 %)', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50&method=DELETE' },
  { key: 'api-method-options', name: 'API log: method OPTIONS (0.5 %)', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50&method=OPTIONS' },
  { key: 'api-status', name: 'API log: status 5xx (0.3 %)', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50&status=5xx' },
  { key: 'api-status-4xx', name: 'API log: status 4xx (10 %)', list: 'api', indexed: true, path: () => '/v1/system/api-log?limit=50&status=4xx' },
  { key: 'api-path', name: "API log: path prefix '/api/v1/auth/' (0.5 %)", list: 'api', indexed: true, path: () => `/v1/system/api-log?limit=50&path=${encodeURIComponent('/api/v1/auth/')}` },
  { key: 'api-path-common', name: "API log: path prefix '/api/v3/system/component/' (60 %)", list: 'api', indexed: true, path: () => `/v1/system/api-log?limit=50&path=${encodeURIComponent('/api/v3/system/component/')}` },
  { key: 'api-caller', name: 'API log: caller (one API user, 5 %)', list: 'api', indexed: true, path: (c) => `/v1/system/api-log?limit=50&caller=${c.apiUsers[1]}` },
  { key: 'api-range', name: 'API log: one day, 10 days ago', list: 'api', indexed: true, path: (c) => `/v1/system/api-log?limit=50&from=${iso(c.now - 11 * DAY)}&to=${iso(c.now - 10 * DAY)}` },
];

/** A live component with one text field, published to dev: events of it are listed with their record cut to the view. */
async function deployComponent(call: BenchCall, name: string): Promise<string> {
  const { uuid } = (await call('POST', '/v3/system/component', { name, label: { en_US: name } })) as { uuid: string };
  const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
  const fields = [{ name: 'Title', key: 'title', module: 'input', type: 'text', label: { en_US: 'Title' }, sortOrder: 0, constraints: { length: { min: 0, max: 80 } } }];
  await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, is_active: true, settings: { ...(model.settings as object), fields } });
  await call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'dev', ref: uuid });
  return uuid;
}

/**
 * The rows, in one statement per table. Row g (1..n) is at now - g × 30 days / n (whole milliseconds, as
 * Luma writes them); 60 % in the admin's project. Events: 60 % record writes of the four components,
 * 10 % imports, 1 % deploys (of the admin's project's rows), 9 % workflow runs and notifications, 20 % custom (custom.refund rare);
 * actors: 70 % users, 15 % API users, 14.5 % the system, 0.5 % a removed user. API calls: GET 70 %,
 * POST 15 %, PUT 5.5 %, PATCH 5 %, DELETE 4 %, OPTIONS 0.5 %; 2xx 86.7 %, 3xx 3 %, 4xx 10 %, 5xx 0.3 %;
 * paths of the record, user, media, event and auth calls; callers 80 % users, 20 % API users.
 */
const SEED_EVENTS = `
  insert into events (uuid, project_uuid, env, topic, component_uuid, record_uuid, actor, payload, created_at)
  select gen_random_uuid(), p.project, e.env,
         case when s.area is null then s.topic else s.area || '.' || s.action || '.' || e.env end,
         s.component, s.record, a.actor,
         case when s.record is null then jsonb_build_object('n', g) else jsonb_build_object('record', jsonb_build_object('uuid', s.record, 'title', 'Row ' || g)) end,
         date_trunc('milliseconds', $1::timestamptz - make_interval(secs => g * (30 * 86400.0 / $2)))
  from generate_series(1, $2::int) g
  cross join lateral (select case when g % 10 < 6 then $3::uuid else ($4::uuid[])[1 + g % 4] end as project) p
  cross join lateral (select case when g % 3 = 0 then 'live' else 'dev' end as env) e
  cross join lateral (select (g / 7) % 100 as k, g % 4 as c) r
  cross join lateral (
    select
      case when p.project = $3::uuid and r.k < 71 then ($5::text[])[1 + r.c] else null end as area,
      case when r.k < 60 then (array['create', 'update', 'update', 'delete'])[1 + (g / 3) % 4]
           when r.k < 70 then 'import' when r.k < 71 then 'deploy' else null end as action,
      case when p.project = $3::uuid and r.k < 71 then ($6::uuid[])[1 + r.c] else null end as component,
      case when p.project = $3::uuid and r.k < 60 then md5(g::text)::uuid else null end as record,
      case when p.project <> $3::uuid and r.k < 71 then 'custom.other.' || e.env
           when r.k < 75 then 'workflow.run.' || e.env
           when r.k < 80 then 'workflow.notification.' || e.env
           when g % 500 = 1 then 'custom.refund.dev'
           else 'custom.' || (array['shipped', 'paid', 'packed', 'called'])[1 + g % 4] || '.' || e.env end as topic
  ) s
  cross join lateral (
    select case when g % 200 = 3 then ($9::uuid[])[1 + (g / 200) % 2]
                when g % 100 < 70 then ($7::uuid[])[1 + (g / 11) % cardinality($7::uuid[])]
                when g % 100 < 85 then ($8::uuid[])[1 + (g / 11) % cardinality($8::uuid[])]
                else null end as actor
  ) a
`;

const SEED_CALLS = `
  insert into api_calls (uuid, project_uuid, method, path, status, duration_ms, caller_uuid, caller_kind, request_uuid, created_at)
  select gen_random_uuid(), case when g % 10 < 6 then $3::uuid else ($4::uuid[])[1 + g % 4] end,
         m.method,
         case when m.method = 'OPTIONS' then '/api/v3/system/component/menu'
              when g % 200 = 3 then '/api/v1/auth/login'
              when (g / 5) % 10 < 6 then '/api/v3/system/component/' || ($5::text[])[1 + g % 4] || '/models?page=' || (1 + g % 9)
              when (g / 5) % 10 < 8 then '/api/v1/user/claims'
              when (g / 5) % 10 < 9 then '/api/v2/media/files/' || md5(g::text)
              else '/api/v1/system/events/new?time=' || g end,
         case when g % 1000 < 3 then 500 + g % 4 when g % 1000 < 103 then (array[400, 401, 403, 404, 409, 417])[1 + g % 6]
              when g % 1000 < 133 then 304 when m.method = 'POST' then 201 else 200 end,
         round((1 + (g::bigint * 7919 % 1000) / 20.0)::numeric, 2),
         c.caller, case when c.caller = any($7::uuid[]) then 'api' else 'user' end,
         md5('r' || g),
         date_trunc('milliseconds', $1::timestamptz - make_interval(secs => g * (30 * 86400.0 / $2)))
  from generate_series(1, $2::int) g
  cross join lateral (select case when g % 1000 < 5 then 'OPTIONS' when g % 100 < 70 then 'GET' when g % 100 < 85 then 'POST'
                                  when g % 100 < 90 then 'PUT' when g % 100 < 95 then 'PATCH' when g % 100 < 99 then 'DELETE' else 'PUT' end as method) m
  cross join lateral (select case when (g / 3) % 10 < 8 then ($6::uuid[])[1 + (g / 13) % cardinality($6::uuid[])]
                                  else ($7::uuid[])[1 + (g / 13) % cardinality($7::uuid[])] end as caller) c
`;

/** The plan's telling lines: scans and their index, sorts, rows removed by a filter, buffers, times. */
function planSummary(plan: string[]): string[] {
  return plan
    .filter((line) => /Scan|Sort|Limit|Nested Loop|Hash|Rows Removed|Buffers|Execution Time|Planning Time/.test(line))
    .map((line) => line.replace(/\s+\(cost=[^)]*\)/, '').trimEnd())
    .slice(0, 24);
}

async function runSize(rows: number, explain: boolean): Promise<ScoutSize> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url);
  let database: OpenDatabase | null = null;
  const direct = benchOwned(new pg.Client({ connectionString: scratch.url }));
  direct.on('error', () => undefined);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    await migrateToLatest(database.db);
    await seed(database.db, config);
    const app = await buildApp({ config, database });
    closers.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const { cookie, call } = await signedInCaller(base);
    const get = (path: string) => async () => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<{ items: unknown[] }>;
    };

    const started = performance.now();
    await direct.connect();
    const project = String(((await call('GET', '/v1/user/claims')) as { ProjectUUID: string }).ProjectUUID);
    const components: string[] = [];
    for (const name of COMPONENTS) components.push(await deployComponent(call, name));
    const others = (await direct.query<{ uuid: string }>(`insert into projects (name) select 'Other ' || i from generate_series(1, 4) i returning uuid`)).rows.map((row) => row.uuid);
    const users = (await direct.query<{ uuid: string }>(`insert into users (name, email, kind) select case when i % 4 = 0 then '' else 'Person ' || i end, 'person' || i || '@bench.test', 'person' from generate_series(1, ${PERSONS}) i returning uuid`)).rows.map((row) => row.uuid);
    const apiUsers = (await direct.query<{ uuid: string }>(`insert into users (name, email, kind) select 'Robot ' || i, '', 'api' from generate_series(1, ${API_USERS}) i returning uuid`)).rows.map((row) => row.uuid);
    // Ahead of the server's clock by a minute: the newest rows are "just now".
    const now = Date.now() + 60_000;
    const values = [new Date(now), rows, project, others, COMPONENTS, components, users, apiUsers, GONE];
    await direct.query(SEED_EVENTS, values);
    await direct.query(SEED_CALLS, [new Date(now), rows, project, others, COMPONENTS, users, apiUsers]);
    await direct.query('vacuum (analyze) events');
    await direct.query('vacuum (analyze) api_calls');
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`  ${scratch.name}: ${rows.toLocaleString('en')} events and ${rows.toLocaleString('en')} API calls seeded and vacuumed in ${seedSeconds.toFixed(1)} s`);

    const half = Math.floor(rows * 0.3);
    const eventAt = async (direction: 'desc' | 'asc') => {
      const { rows: [row] } = await direct.query<{ ms: string; uuid: string }>(`select (extract(epoch from created_at) * 1000)::bigint as ms, uuid from events where project_uuid = $1 and kept order by created_at ${direction}, uuid ${direction} offset $2 limit 1`, [project, half]);
      return `${row!.ms}_${row!.uuid}`;
    };
    const callAt = async (direction: 'desc' | 'asc') => {
      const { rows: [row] } = await direct.query<{ ms: string; seq: string }>(`select (extract(epoch from created_at) * 1000)::bigint as ms, seq from api_calls where project_uuid = $1 order by created_at ${direction}, seq ${direction} offset $2 limit 1`, [project, half]);
      return `${row!.ms}_${row!.seq}`;
    };
    const newTime = String((await direct.query<{ ms: string }>('select (extract(epoch from created_at) * 1000)::bigint as ms from events where project_uuid = $1 order by created_at desc offset 20 limit 1', [project])).rows[0]!.ms);
    const context: Context = { project, users, apiUsers, now, newTime, eventsDeep: { desc: await eventAt('desc'), asc: await eventAt('asc') }, apiDeep: { desc: await callAt('desc'), asc: await callAt('asc') } };

    const baselineRunner = httpRunner(get('/v1/user/claims'));
    const loadavg = os.loadavg();
    const cases: ScoutCase[] = [];
    const plans: { key: string; lines: string[] }[] = [];
    for (const c of CASES) {
      const work = get(c.path(context));
      const items = (await work()).items.length;
      for (let i = 0; i < WARMUP; i++) await work();
      // The case and the baseline alternately, so a passing load on the machine hits both alike.
      const [times] = await interleaved([httpRunner(work), baselineRunner], RUNS);
      cases.push({ key: c.key, name: c.name, list: c.list, indexed: c.indexed, http: summarise(times!), items });
      if (explain) {
        const { list } = await captureStatements(work);
        const main = list.filter((statement) => /from "(events|api_calls)"/.test(statement.text));
        for (const statement of main) {
          const result = await direct.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
          plans.push({ key: c.key, lines: [statement.text.replace(/\s+/g, ' ').slice(0, 600), `-- values: ${JSON.stringify(statement.values).slice(0, 300)}`, ...planSummary(result.rows.map((row) => String(row['QUERY PLAN'])))] });
        }
      }
    }
    const [baselineTimes] = await interleaved([baselineRunner], RUNS);
    return { rows, seedSeconds, loadavg, baseline: summarise(baselineTimes!), cases, explain: plans };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await scratch.drop();
  }
}

export async function runScoutBench(): Promise<ScoutFigures> {
  const started = new Date();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const pgVersion = String((await admin.query('show server_version')).rows[0].server_version);
  await admin.end();
  const { execSync } = await import('node:child_process');
  const uptime = execSync('uptime').toString().trim();
  const sizes: ScoutSize[] = [];
  const largest = Math.max(...SIZES);
  for (const rows of SIZES) sizes.push(await runSize(rows, rows === largest));
  return { started, uptime, pgVersion, sizes };
}

const ms = (value: number) => value.toFixed(1).padStart(7);

export function printScoutFigures(figures: ScoutFigures): void {
  console.log(`\nScout logs (issue 17): ${figures.started.toISOString()}, PostgreSQL ${figures.pgVersion}, ${os.cpus().length} cores`);
  console.log(`uptime: ${figures.uptime}`);
  for (const size of figures.sizes) {
    console.log(`\n${size.rows.toLocaleString('en')} events + ${size.rows.toLocaleString('en')} API calls (seeded in ${size.seedSeconds.toFixed(0)} s; load ${size.loadavg.map((n) => n.toFixed(2)).join(' ')})`);
    console.log(`  baseline: authenticated claims call p50 ${ms(size.baseline.p50)} ms, p95 ${ms(size.baseline.p95)} ms`);
    console.log(`  ${'case'.padEnd(58)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}  x base  items`);
    for (const c of size.cases) {
      console.log(`  ${c.name.padEnd(58)} ${ms(c.http.p50)} ${ms(c.http.p95)}  ${(c.http.p50 / size.baseline.p50).toFixed(1).padStart(6)}  ${String(c.items).padStart(5)}`);
    }
  }
  if (figures.sizes.length > 1) {
    const small = figures.sizes[0]!;
    const big = figures.sizes[figures.sizes.length - 1]!;
    console.log(`\nGrowth from ${small.rows.toLocaleString('en')} to ${big.rows.toLocaleString('en')} rows (p50 ratio; index-served cases should stay under ${GROWTH_LIMIT}x):`);
    for (const c of big.cases) {
      const before = small.cases.find((candidate) => candidate.key === c.key);
      if (!before) continue;
      const ratio = c.http.p50 / before.http.p50;
      const verdict = c.indexed ? (ratio < GROWTH_LIMIT ? 'ok' : 'GREW') : 'not index-served';
      console.log(`  ${c.name.padEnd(58)} ${ms(before.http.p50)} -> ${ms(c.http.p50)} ms  ${ratio.toFixed(2)}x  ${verdict}`);
    }
    const baseRatio = big.baseline.p50 / small.baseline.p50;
    console.log(`  ${'baseline (claims)'.padEnd(58)} ${ms(small.baseline.p50)} -> ${ms(big.baseline.p50)} ms  ${baseRatio.toFixed(2)}x`);
  }
  const largest = figures.sizes[figures.sizes.length - 1];
  if (largest && largest.explain.length > 0) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of Luma's SQL at ${largest.rows.toLocaleString('en')} rows:`);
    for (const plan of largest.explain) console.log(`--- ${plan.key}\n${plan.lines.join('\n')}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runScoutBench()
    .then(printScoutFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
