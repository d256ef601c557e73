// The list API's work per request, in CPU time rather than wall-clock time (issue 12, "Targets over
// HTTP"): on a shared machine a p50 moves with the neighbours' load, CPU time spent per request much
// less. One server process holds Luma's app and the bare Fastify route of list.ts (the typed table's
// statements, no auth); a client in a child process calls one of them N times in a row, and the
// server process's CPU (process.cpuUsage) and the CPU of the PostgreSQL backends of the scratch
// database (/proc/<pid>/stat) are read before and after. Background work (the job queue's polling,
// the bus) is measured over an idle stretch and subtracted.
//   npx tsx tests/bench/list-cpu.ts
//   LUMA_BENCH_CPU_REQUESTS=2000 LUMA_BENCH_CPU_RECORDS=20000 LUMA_BENCH_CASES=first,range
//   LUMA_BENCH_CPU_PROFILE=/tmp/luma.cpuprofile: a V8 CPU profile of the Luma runs of the first case
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/auth/seed';
import { benchConfig, signedInCaller } from './api-client';
import { createComponent, publish, startBareRoute } from './list';
import { benchOwned, captureStatements } from './list-capture';
import { LIST_CASES } from './list-cases';
import { load } from './list-measure';
import { createTypedTable, SEED_RECORDS } from './list-data';
import { scratchDatabase } from './scratch-db';

const env = (key: string, fallback: number) => (process.env[key] ? Number(process.env[key]) : fallback);
const REQUESTS = env('LUMA_BENCH_CPU_REQUESTS', 2000);
const RECORDS = env('LUMA_BENCH_CPU_RECORDS', 20_000);
const OTHERS = env('LUMA_BENCH_OTHER_RECORDS', 20_000);
const ROUNDS = env('LUMA_BENCH_CPU_ROUNDS', 3);
const WANTED = process.env.LUMA_BENCH_CASES?.split(',').map((key) => key.trim());
const CASES = LIST_CASES.filter((c) => !c.exactCount && (!WANTED || WANTED.includes(c.key)));
const PROFILE = process.env.LUMA_BENCH_CPU_PROFILE;
const TICK_MS = 1000 / 100; // USER_HZ

/** The child: `count` sequential GETs of `url` with `headers` (kept-alive), then exit. */
const CLIENT = `
const [url, count, headers, expected] = [process.env.U, Number(process.env.N), JSON.parse(process.env.H), Number(process.env.E)];
(async () => {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== expected) { console.error('status', response.status); process.exit(1); }
  }
})();`;

function runClient(url: string, headers: Record<string, string>, count: number, expected = 200): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], { env: { ...process.env, U: url, N: String(count), H: JSON.stringify(headers), E: String(expected) }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exited ${code}`))));
  });
}

/** CPU ms of each PostgreSQL backend serving `database` (user + system), by pid. */
async function backendCpu(direct: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await direct.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks;
}

/** CPU ms the backends spent between two readings (a backend that ended meanwhile is lost). */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

interface Sample {
  node: number;
  db: number;
  wall: number;
}

async function measure(direct: pg.Client, database: string, work: () => Promise<void>): Promise<Sample> {
  const db0 = await backendCpu(direct, database);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const db1 = await backendCpu(direct, database);
  return { node: (cpu.user + cpu.system) / 1000, db: backendDelta(db0, db1), wall };
}

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url);
  let database: OpenDatabase | null = null;
  const direct = benchOwned(new pg.Client({ connectionString: scratch.url }));
  const pool = benchOwned(new pg.Pool({ connectionString: scratch.url, max: 10, idleTimeoutMillis: 0 }));
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    await migrateToLatest(database.db);
    await seed(database.db, config);
    const app = await buildApp({ config, database, checkResponses: false });
    closers.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    // The same server with the caller cache off (LUMA_CALLER_CACHE_SECONDS=0), on the same database and
    // session: the baseline for what the cache saves, measured in the same run.
    const uncached = await buildApp({ config: benchConfig(scratch.url, { LUMA_CALLER_CACHE_SECONDS: '0' }), database, checkResponses: false });
    closers.push(() => uncached.close());
    await uncached.listen({ port: 0, host: '127.0.0.1' });
    const uncachedBase = `http://127.0.0.1:${(uncached.server.address() as AddressInfo).port}/api`;
    const { cookie, call } = await signedInCaller(base);
    // LUMA_BENCH_CPU_APILOG=0: the project's API call log off (what Scout's capture costs).
    if (process.env.LUMA_BENCH_CPU_APILOG === '0') await call('PUT', '/v1/system/api-log/settings', { enabled: false });
    const component = await createComponent(call, 'bench_orders', 'Orders');
    const other = await createComponent(call, 'bench_other', 'Other');
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, RECORDS, OTHERS]);
    await publish(call, component);
    await publish(call, other);
    await createTypedTable(direct, RECORDS);
    await direct.query('vacuum (analyze) records');
    const bare = startBareRoute(pool);
    closers.push(() => bare.close());
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    if (process.env.LUMA_BENCH_CPU_EXPLAIN === '1') {
      // The plans of Luma's statements for each case, as captured from its server.
      for (const c of CASES) {
        const { list } = await captureStatements(() => call('GET', `/v3/system/component/${component}/models?${c.query}`));
        for (const statement of list) {
          const plan = await direct.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
          console.log(`--- ${c.name}: ${statement.text}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
        }
      }
    }
    if (process.env.LUMA_BENCH_CPU_PREPARED === '1') {
      // What preparing Luma's statements would save (docs/benchmarks.md "The caller cache"): each captured
      // statement run 300 times unnamed (parsed and planned every time, as today) and as a named statement
      // (planned once when PostgreSQL settles on a generic plan), timed on the test's own connection; and
      // which plan PostgreSQL settles on after six executions (a generic plan shows $n in its conditions).
      for (const c of CASES) {
        const { list } = await captureStatements(() => call('GET', `/v3/system/component/${component}/models?${c.query}`));
        for (const [index, statement] of list.entries()) {
          const time = async (named: boolean) => {
            const t0 = performance.now();
            for (let i = 0; i < 300; i++) await direct.query({ ...(named ? { name: `bench_${c.key}_${index}` } : {}), text: statement.text, values: statement.values });
            return ((performance.now() - t0) / 300) * 1000;
          };
          await time(false);
          const unnamed = await time(false);
          const named = await time(true);
          const sqlName = `plan_${c.key}_${index}`;
          await direct.query(`prepare ${sqlName} as ${statement.text}`);
          const args = statement.values.map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`)).join(', ');
          for (let i = 0; i < 6; i++) await direct.query(`execute ${sqlName}(${args})`);
          const plan = (await direct.query(`explain execute ${sqlName}(${args})`)).rows.map((row) => row['QUERY PLAN']).join(' | ');
          await direct.query(`deallocate ${sqlName}`);
          console.log(`${c.name} #${index}: unnamed ${unnamed.toFixed(0)} us, named ${named.toFixed(0)} us; after 6 runs: ${/\$\d/.test(plan) ? 'GENERIC' : 'custom'}: ${plan.slice(0, 220)}`);
        }
      }
    }
    const clients = env('LUMA_BENCH_CPU_CLIENTS', 0);
    if (clients > 0) {
      // Concurrent clients on the first page (in this process, as list.ts does): Luma, then the bare route, twice.
      const first = LIST_CASES[0]!;
      for (let round = 0; round < 2; round++) {
        const luma = await load(`${base}/v3/system/component/${component}/models?${first.query}`, { cookie }, clients, 6);
        const lumaUncached = await load(`${uncachedBase}/v3/system/component/${component}/models?${first.query}`, { cookie }, clients, 6);
        const bareLoad = await load(`${bareBase}/typed/${first.key}`, {}, clients, 6);
        const share = (rps: number) => `${((100 * rps) / bareLoad.rps).toFixed(0)}%`;
        console.log(
          `${clients} clients, first page: Luma ${luma.rps.toFixed(0)} requests/s (${share(luma.rps)}), caller cache off ${lumaUncached.rps.toFixed(0)} (${share(lumaUncached.rps)}), bare ${bareLoad.rps.toFixed(0)}`,
        );
      }
    }
    if (REQUESTS === 0) return;
    const idle = await measure(direct, scratch.name, () => new Promise((resolve) => setTimeout(resolve, 3000)));
    const idleRate = { node: idle.node / idle.wall, db: idle.db / idle.wall };
    console.log(`list CPU bench: ${RECORDS} + ${OTHERS} records, ${REQUESTS} sequential requests a run, ${ROUNDS} rounds; loadavg ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    console.log(`idle background: node ${(idleRate.node * 1000).toFixed(1)} us/ms, postgres ${(idleRate.db * 1000).toFixed(1)} us/ms (subtracted)`);
    console.log('per request, CPU in us (median of rounds): node = the server process; pg = its PostgreSQL backends; wall = the client\'s sequential time');
    const perRequest = (s: Sample) => ({
      node: ((s.node - idleRate.node * s.wall) / REQUESTS) * 1000,
      db: ((s.db - idleRate.db * s.wall) / REQUESTS) * 1000,
      wall: (s.wall / REQUESTS) * 1000,
    });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const f = (n: number) => n.toFixed(0).padStart(5);
    const pick = (list: ReturnType<typeof perRequest>[], key: 'node' | 'db' | 'wall') => median(list.map((r) => r[key]));
    let profiled = false;
    /** One probe: the median CPU per request of `rounds` runs of REQUESTS calls. */
    const probe = async (url: string, headers: Record<string, string>, profile: boolean, expected = 200) => {
      await runClient(url, headers, 200, expected);
      const runs: ReturnType<typeof perRequest>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        if (profile && PROFILE && !profiled) {
          profiled = true;
          const session = new Session();
          session.connect();
          await session.post('Profiler.enable');
          await session.post('Profiler.setSamplingInterval', { interval: 50 });
          await session.post('Profiler.start');
          runs.push(perRequest(await measure(direct, scratch.name, () => runClient(url, headers, REQUESTS, expected))));
          const { profile: taken } = await session.post('Profiler.stop');
          writeFileSync(PROFILE, JSON.stringify(taken));
          session.disconnect();
        } else {
          runs.push(perRequest(await measure(direct, scratch.name, () => runClient(url, headers, REQUESTS, expected))));
        }
      }
      return { node: pick(runs, 'node'), db: pick(runs, 'db'), wall: pick(runs, 'wall') };
    };
    const line = (name: string, luma: { node: number; db: number; wall: number }, bare: { node: number; db: number; wall: number } | null) =>
      console.log(
        `${name.padEnd(34)} Luma node ${f(luma.node)} pg ${f(luma.db)} wall ${f(luma.wall)}` +
          (bare ? ` | bare node ${f(bare.node)} pg ${f(bare.db)} wall ${f(bare.wall)} | extra node ${f(luma.node - bare.node)} pg ${f(luma.db - bare.db)} wall ${f(luma.wall - bare.wall)}` : ''),
      );
    if (process.env.LUMA_BENCH_CPU_FIXED !== '0') {
      const bare404 = await probe(`${bareBase}/typed/none`, {}, false, 404);
      line('404 under /api (finds the caller)', await probe(`${base}/v0/none`, { cookie }, false, 404), bare404);
      line('  the same, caller cache off', await probe(`${uncachedBase}/v0/none`, { cookie }, false, 404), bare404);
      line('claims (finds the caller)', await probe(`${base}/v1/user/claims`, { cookie }, false), null);
      line('  the same, caller cache off', await probe(`${uncachedBase}/v1/user/claims`, { cookie }, false), null);
    }
    for (const c of CASES) {
      const bareRun = await probe(`${bareBase}/typed/${c.key}`, {}, false);
      const path = `/v3/system/component/${component}/models?${c.query}`;
      line(c.name, await probe(`${base}${path}`, { cookie }, true), bareRun);
      line('  the same, caller cache off', await probe(`${uncachedBase}${path}`, { cookie }, false), bareRun);
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
