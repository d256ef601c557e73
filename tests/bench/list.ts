// The list API against its physical limit (issue 12), npm run bench (figures, never a pass/fail):
// at each size (LUMA_BENCH_SIZES, default 100000,1000000) a fresh database on the local PostgreSQL
// holds a 10-field component's records (generate_series) beside another component's records in the
// same table, and a plain typed table (bench_typed) with the same rows and a careful DBA's indexes.
// Per case, interleaved call by call in the same run:
//   typed SQL   the typed table's page and bounded count, sent directly (one connection, unprepared)
//   Luma SQL    the statements Luma's server sent for the same request, captured (list-capture.ts)
//               and replayed the same way
//   bare HTTP   the typed table's statements behind a bare Fastify route (no auth, a pool of Luma's size)
//   Luma HTTP   the list API with a session
// then 16 clients on the first page against both HTTP servers, and the growth from the smallest to the
// largest size. Last, the same cases over HTTP on the embedded PGlite (a new user's default database).
// Alone: npm run bench -- list (or npx tsx tests/bench/list.ts).
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { buildApp } from '../../src/server/app';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/auth/seed';
import { benchConfig, signedInCaller, startBenchServer, type BenchCall } from './api-client';
import { benchOwned, captureStatements, type CapturedStatement } from './list-capture';
import { LIST_CASES, type ListCase, type ListTarget } from './list-cases';
import { createTypedTable, FIELDS, SEED_RECORDS, sameIds } from './list-data';
import { scratchDatabase } from './scratch-db';
import { httpRunner, interleaved, load, statementRunner, summarise, type Runner, type Timing } from './list-measure';


import { CASES, CASE_SECONDS, CLIENTS, EXPLAIN, LOAD_SECONDS, MIN_RUNS, OTHERS, PGLITE_RECORDS, POOL_SIZE, RUNS, SIZES, SLOW_MS, WARMUP } from './list-settings';
import { printListFigures } from './list-print';


interface Answer {
  total: number;
  ids: string[];
}

export interface CaseFigures {
  key: string;
  name: string;
  target: ListTarget;
  indexed: boolean;
  runs: number;
  typedSql: Timing;
  lumaSql: Timing;
  bareHttp: Timing;
  lumaHttp: Timing;
  /** The list API with its bounded total counted on every call (the totals kept between requests forgotten before each). */
  lumaHttpCounted: Timing;
  /** The captured statements, in the order they were sent, with their role (page or count). */
  statements: { role: string; text: string }[];
  typedRoles: string[];
  warnings: string[];
  answer: Answer;
}

export interface SizeFigures {
  records: number;
  others: number;
  seedSeconds: number;
  loadavg: number[];
  cases: CaseFigures[];
  concurrency: { luma: number; bare: number; errors: number };
  fixed: { name: string; p50: number }[];
  explain: string[];
}

export interface PgliteFigures {
  records: number;
  others: number;
  seedSeconds: number;
  cases: { key: string; name: string; runs: number; http: Timing; warnings: string[]; answer: Answer }[];
}

export interface ListBenchFigures {
  started: Date;
  loadavg: number[];
  pgVersion: string;
  sizes: SizeFigures[];
  pglite: PgliteFigures | null;
}

// ---------------------------------------------------------------------------------------------
// Shared steps.

const listPath = (component: string, c: ListCase) => `/v3/system/component/${component}/models?${c.query}`;

/** Luma's answer reduced to what the typed table can be compared on. */
function lumaAnswer(c: ListCase, body: Record<string, unknown>): Answer {
  const items = (body.items ?? []) as Record<string, unknown>[];
  if (c.exactCount) return { total: Number(items[0]?.n ?? NaN), ids: [] };
  return { total: Number(body.total), ids: items.map((item) => String(item.uuid)) };
}

function typedAnswer(c: ListCase, results: pg.QueryResult[]): Answer {
  const count = results[c.typed.findIndex((statement) => statement.role === 'count')];
  const page = results[c.typed.findIndex((statement) => statement.role === 'page')];
  return { total: Number(count?.rows[0]?.total ?? NaN), ids: (page?.rows ?? []).map((row) => String(row.id)) };
}

function disagreement(label: string, c: ListCase, a: Answer, b: Answer): string[] {
  const problems: string[] = [];
  if (a.total !== b.total) problems.push(`${label}: total ${a.total} vs ${b.total}`);
  if (!c.exactCount && !sameIds(a.ids, b.ids)) problems.push(`${label}: first ids differ (${a.ids.slice(0, 2).join(',')}... vs ${b.ids.slice(0, 2).join(',')}...)`);
  return problems;
}

/** The role of a captured statement: the bounded count selects count(*) ... limit; the rest is the page. */
const roleOf = (c: ListCase, statement: CapturedStatement) => (c.exactCount ? 'count' : /count\s*\(/i.test(statement.text) ? 'count' : 'page');

export async function createComponent(call: BenchCall, name: string, label: string): Promise<string> {
  const { uuid } = (await call('POST', '/v3/system/component', { name, label: { en_US: label } })) as { uuid: string };
  const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
  // The users' saved search (title and code) is what tells Luma that code is searched: it gets a trigram index.
  await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields: FIELDS, presets: PRESETS } });
  return uuid;
}

const PRESETS = [{ name: 'Search by title and code', roles: null, context: { default: false, expr: null, filters: { filterOn: ['title', 'code'], dateField: 'created_at' } } }];

export const publish = (call: BenchCall, uuid: string) => call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'live', ref: uuid });

/** Warm-up rounds: every case that stays under SLOW_MS a round runs again; slow cases warm up once. */
async function warmUp(runners: Runner[][]): Promise<number[]> {
  const last = runners.map(() => Infinity);
  let warming = runners.map((_, i) => i);
  for (let round = 0; round < WARMUP && warming.length > 0; round++) {
    const fast: number[] = [];
    for (const i of warming) {
      let total = 0;
      for (const run of runners[i]!) total += (await run()).reduce((a, b) => a + b, 0);
      last[i] = total;
      if (total < SLOW_MS) fast.push(i);
    }
    warming = fast;
  }
  return last;
}

const runsFor = (iterationMs: number) => Math.max(MIN_RUNS, Math.min(RUNS, Math.floor((CASE_SECONDS * 1000) / Math.max(iterationMs, 0.001))));

export function startBareRoute(pool: pg.Pool): FastifyInstance {
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { key: string } }>('/typed/:key', async (request, reply) => {
    const c = LIST_CASES.find((candidate) => candidate.key === request.params.key);
    if (!c) return reply.code(404).send({});
    // Page and count at once on two connections, as Luma does.
    const results = await Promise.all(c.typed.map((statement) => pool.query(statement.text, statement.values)));
    const page = results[c.typed.findIndex((statement) => statement.role === 'page')];
    const count = results[c.typed.findIndex((statement) => statement.role === 'count')];
    return { items: page?.rows ?? [], total: count?.rows[0]?.total ?? 0 };
  });
  return bare;
}

// ---------------------------------------------------------------------------------------------
// One size on PostgreSQL.

async function runSize(records: number, explain: boolean): Promise<SizeFigures> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url);
  let database: OpenDatabase | null = null;
  const direct = benchOwned(new pg.Client({ connectionString: scratch.url }));
  const pool = benchOwned(new pg.Pool({ connectionString: scratch.url, max: POOL_SIZE }));
  // Dropping the database on Ctrl-C ends these connections: that must not crash the exit.
  direct.on('error', () => undefined);
  pool.on('error', () => undefined);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    // The platform started here, so the bench can forget the list totals Luma keeps between requests.
    const { platform, base } = await startBenchServer(database, config, closers);
    const { cookie, call } = await signedInCaller(base);

    const started = performance.now();
    const component = await createComponent(call, 'bench_orders', 'Orders');
    const other = await createComponent(call, 'bench_other', 'Other');
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, records, OTHERS]);
    // Deploying creates the indexes the filterable fields need, over the records already there.
    await publish(call, component);
    await publish(call, other);
    await createTypedTable(direct, records);
    // Vacuumed as well as analysed: otherwise autovacuum starts on the fresh rows during the measurements.
    await direct.query('vacuum (analyze) records');
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`  ${scratch.name}: ${records.toLocaleString('en')} + ${OTHERS.toLocaleString('en')} records and the typed table seeded, deployed and vacuumed in ${seedSeconds.toFixed(1)} s`);

    const bare = startBareRoute(pool);
    closers.push(() => bare.close());
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
    const bareCall = async (c: ListCase) => (await (await fetch(`${bareBase}/typed/${c.key}`)).json()) as Record<string, unknown>;
    const lumaCall = (c: ListCase) => call('GET', listPath(component, c));
    /** A list call as the first look at its filter: its total is counted, not taken from the totals kept. */
    const lumaCounted = (c: ListCase) => {
      platform.totals.clear();
      return lumaCall(c);
    };

    // Capture Luma's statements and check, once, that every way of asking gives the same answer.
    const prepared = [];
    for (const c of CASES) {
      const { list } = await captureStatements(() => lumaCounted(c));
      if (list.length === 0) throw new Error(`${c.name}: no list statement captured`);
      const luma = lumaAnswer(c, await lumaCall(c));
      const typed = typedAnswer(c, await Promise.all(c.typed.map((statement) => direct.query(statement.text, statement.values))));
      const bareBody = await bareCall(c);
      const bareAnswer: Answer = { total: Number(bareBody.total), ids: ((bareBody.items ?? []) as { id: string }[]).map((row) => row.id) };
      const warnings = [...disagreement('Luma vs typed table', c, luma, typed), ...disagreement('bare route vs typed table', c, bareAnswer, typed)];
      if (c.exactCount && luma.total !== records) warnings.push(`exact count ${luma.total}, expected ${records}`);
      for (const warning of warnings) console.log(`  WARNING ${c.name}: ${warning}`);
      const runners: Runner[] = [statementRunner(direct, c.typed), statementRunner(direct, list), httpRunner(() => bareCall(c)), httpRunner(() => lumaCall(c)), httpRunner(() => lumaCounted(c))];
      prepared.push({ c, list, runners, warnings, answer: luma });
    }

    const iteration = await warmUp(prepared.map((p) => p.runners));
    const loadavg = os.loadavg();
    const cases: CaseFigures[] = [];
    for (const [i, p] of prepared.entries()) {
      const runs = runsFor(iteration[i]!);
      // A few more warm-up runs of the case itself right before it is measured.
      await interleaved(p.runners, iteration[i]! < SLOW_MS ? 10 : 1);
      const [typedSql, lumaSql, bareHttp, lumaHttp, lumaHttpCounted] = (await interleaved(p.runners, runs)).map(summarise);
      cases.push({
        key: p.c.key,
        name: p.c.name,
        target: p.c.target,
        indexed: p.c.indexed,
        runs,
        typedSql: typedSql!,
        lumaSql: lumaSql!,
        bareHttp: bareHttp!,
        lumaHttp: lumaHttp!,
        lumaHttpCounted: lumaHttpCounted!,
        statements: p.list.map((statement) => ({ role: roleOf(p.c, statement), text: statement.text })),
        typedRoles: p.c.typed.map((statement) => statement.role),
        warnings: p.warnings,
        answer: p.answer,
      });
    }

    // 16 clients on the first page: Luma, then the bare route, back to back (each warmed up 1 s first).
    const first = LIST_CASES[0]!;
    await load(`${base}${listPath(component, first)}`, { cookie }, CLIENTS, 1);
    const luma = await load(`${base}${listPath(component, first)}`, { cookie }, CLIENTS, LOAD_SECONDS);
    await load(`${bareBase}/typed/${first.key}`, {}, CLIENTS, 1);
    const bareLoad = await load(`${bareBase}/typed/${first.key}`, {}, CLIENTS, LOAD_SECONDS);

    // Where Luma's fixed cost goes: an HTTP round trip that reaches no route, and an authenticated call
    // that only answers the caller's claims (the one statement that finds the caller).
    const get = (path: string) => async () => (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
    const [none, claims] = await interleaved([httpRunner(get('/v0/none')), httpRunner(get('/v1/user/claims'))], 200);
    const fixed = [
      { name: 'HTTP round trip to no route (404)', p50: summarise(none!).p50 },
      { name: 'authenticated claims (finds the caller)', p50: summarise(claims!).p50 },
    ];

    const plans: string[] = [];
    if (explain) {
      for (const p of prepared) {
        for (const [label, statements] of [
          ['Luma', p.list],
          ['typed', p.c.typed],
        ] as const) {
          for (const statement of statements) {
            const result = await direct.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
            plans.push(`--- ${p.c.name}, ${label} ${roleOf(p.c, statement)} statement:\n${statement.text}\n-- values: ${JSON.stringify(statement.values)}\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
          }
        }
      }
    }
    return {
      records,
      others: OTHERS,
      seedSeconds,
      loadavg,
      cases,
      concurrency: { luma: luma.rps, bare: bareLoad.rps, errors: luma.errors + bareLoad.errors },
      fixed,
      explain: plans,
    };
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await scratch.drop();
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite: the same cases over HTTP, as a new user gets them (no ANALYZE but what Luma's deploy does).

async function runPglite(records: number): Promise<PgliteFigures> {
  const config = benchConfig('', { LUMA_DATA_DIR: 'memory://' });
  const database = await openDatabase(config);
  let app: FastifyInstance | null = null;
  try {
    if (!database.pglite) throw new Error('expected the embedded PGlite');
    await migrateToLatest(database.db);
    await seed(database.db, config);
    app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const { call } = await signedInCaller(base);
    const started = performance.now();
    const component = await createComponent(call, 'bench_orders', 'Orders');
    const other = await createComponent(call, 'bench_other', 'Other');
    const { rows } = await database.pglite.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await database.pglite.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, records, OTHERS]);
    await publish(call, component);
    await publish(call, other);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`  PGlite: ${records.toLocaleString('en')} + ${OTHERS.toLocaleString('en')} records seeded and deployed in ${seedSeconds.toFixed(1)} s`);

    const runners = CASES.map((c) => [httpRunner(() => call('GET', listPath(component, c)))]);
    const iteration = await warmUp(runners);
    const cases: PgliteFigures['cases'] = [];
    for (const [i, c] of CASES.entries()) {
      const runs = runsFor(iteration[i]!);
      const [http] = (await interleaved(runners[i]!, runs)).map(summarise);
      const answer = lumaAnswer(c, await call('GET', listPath(component, c)));
      const warnings = c.exactCount && answer.total !== records ? [`exact count ${answer.total}, expected ${records}`] : [];
      cases.push({ key: c.key, name: c.name, runs, http: http!, warnings, answer });
    }
    return { records, others: OTHERS, seedSeconds, cases };
  } finally {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

export async function runListBench(): Promise<ListBenchFigures> {
  const started = new Date();
  const loadavg = os.loadavg();
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const pgVersion = String((await admin.query('show server_version')).rows[0]?.server_version);
  await admin.end();
  const sizes: SizeFigures[] = [];
  const ordered = [...SIZES].sort((a, b) => a - b);
  for (const records of ordered) {
    console.log(`list bench: PostgreSQL, ${records.toLocaleString('en')} records...`);
    sizes.push(await runSize(records, EXPLAIN && records === ordered[ordered.length - 1]));
  }
  let pglite: PgliteFigures | null = null;
  if (PGLITE_RECORDS > 0) {
    console.log(`list bench: PGlite, ${PGLITE_RECORDS.toLocaleString('en')} records...`);
    pglite = await runPglite(PGLITE_RECORDS);
    const onPg = sizes.find((size) => size.records === PGLITE_RECORDS);
    for (const c of pglite.cases) {
      const same = onPg?.cases.find((candidate) => candidate.key === c.key);
      const listCase = LIST_CASES.find((candidate) => candidate.key === c.key)!;
      if (same) c.warnings.push(...disagreement('PGlite vs PostgreSQL', listCase, c.answer, same.answer));
      for (const warning of c.warnings) console.log(`  WARNING PGlite ${c.name}: ${warning}`);
    }
  }
  return { started, loadavg, pgVersion, sizes, pglite };
}

// ---------------------------------------------------------------------------------------------
// Printing.


export { printListFigures };

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runListBench()
    .then(printListFigures)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
