// List throughput with one and with two web instances on one PostgreSQL (docs/platform.md), in the
// same run: real processes (tsx src/server/main.ts, LUMA_ROLE=web) on 127.0.0.1, a scratch database,
// 16 concurrent clients calling the first page of a 20,000-record list for a fixed time. Figures,
// never a pass/fail. `npx tsx tests/bench/instances.ts` runs it alone.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer, stopServer, type ChildServer } from '../api/child-server';
import { BENCH_ADMIN, signedInCaller } from './api-client';
import { scratchDatabase } from './scratch-db';

const ADMIN = BENCH_ADMIN;
const CLIENTS = 16;
const RECORDS = Number(process.env.LUMA_BENCH_INSTANCE_RECORDS ?? 20_000);
const SECONDS = Number(process.env.LUMA_BENCH_INSTANCE_SECONDS ?? 8);
const WARMUP_SECONDS = 2;

/** A started server and its API base URL. */
async function startInstance(env: Record<string, string>): Promise<{ server: ChildServer; base: string }> {
  const server = await startServer(env);
  return { server, base: `http://127.0.0.1:${server.port}/api` };
}

/** CLIENTS loops, client i on bases[i % bases.length], for `seconds`; answers requests per second. */
async function load(bases: string[], path: string, cookie: string, seconds: number): Promise<{ rps: number; errors: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const url = `${bases[i % bases.length]}${path}`;
      while (performance.now() < until) {
        const response = await fetch(url, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.ok) done++;
        else errors++;
      }
    }),
  );
  return { rps: done / ((performance.now() - started) / 1000), errors };
}

export interface InstanceFigures {
  records: number;
  seconds: number;
  one: number;
  two: number;
  errors: number;
}

export async function runInstancesBench(): Promise<InstanceFigures> {
  const scratch = await scratchDatabase();
  const env = {
    DATABASE_URL: scratch.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LUMA_ROLE: 'web',
    LUMA_ADMIN_EMAIL: ADMIN.email,
    LUMA_ADMIN_PASSWORD: ADMIN.password,
    LUMA_DEMO: '0',
    LUMA_LOG_LEVEL: 'warn',
    LUMA_APP_DIR: '/nonexistent',
  };
  const instances: { server: ChildServer; base: string }[] = [];
  const direct = new pg.Client({ connectionString: scratch.url });
  try {
    // One after the other: the first migrates and seeds.
    instances.push(await startInstance(env));
    const base = instances[0]!.base;
    const { cookie, call } = await signedInCaller(base);
    const { uuid } = (await call('POST', '/v3/system/component', { name: 'bench_items', label: { en_US: 'Items' } })) as { uuid: string };
    const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
    const fields = ['title', 'code'].map((key, i) => ({ name: key, key, auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 0, max: 200 } }, sortOrder: i, label: { en_US: key } }));
    await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields } });
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(
      `insert into records (project_uuid, component_uuid, env, data, created_by, updated_by, created_at, updated_at)
       select $1, $2, 'live', jsonb_build_object('title', 'Item ' || g, 'code', 'C' || g), $3, $3,
         timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + g * interval '1 second'
       from generate_series(1, $4::int) g`,
      [rows[0]!.project, uuid, rows[0]!.user, RECORDS],
    );
    await call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'live', ref: uuid });
    await direct.query('vacuum (analyze) records');
    const path = `/v3/system/component/${uuid}/models?limit=10`;

    await load([base], path, cookie, WARMUP_SECONDS);
    const one = await load([base], path, cookie, SECONDS);
    instances.push(await startInstance(env));
    const bases = instances.map((instance) => instance.base);
    await load(bases, path, cookie, WARMUP_SECONDS);
    const two = await load(bases, path, cookie, SECONDS);
    return { records: RECORDS, seconds: SECONDS, one: one.rps, two: two.rps, errors: one.errors + two.errors };
  } finally {
    for (const instance of instances) await stopServer(instance.server, 'SIGTERM');
    await direct.end().catch(() => undefined);
    await scratch.drop();
  }
}

export function printInstanceFigures(f: InstanceFigures): void {
  console.log(`\nList throughput, ${CLIENTS} concurrent clients, first page of ${f.records.toLocaleString('en')} records, ${f.seconds} s each, web instances on one PostgreSQL (127.0.0.1)`);
  console.log(`one instance: ${f.one.toFixed(0)} requests/s`);
  console.log(`two instances: ${f.two.toFixed(0)} requests/s`);
  console.log(`ratio two/one: ${(f.two / f.one).toFixed(2)}x${f.errors ? ` (${f.errors} failed requests)` : ''}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runInstancesBench()
    .then(printInstanceFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
