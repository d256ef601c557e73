// The compiled server against the same server under tsx (issue 30; docs/server.md "Production"), in
// one run, interleaved: start-up time (spawn to the 'Luma is running at' line, on one migrated PGlite
// data directory, the two kinds alternating) and CPU per list request (the server process's user +
// system time from /proc/<pid>/stat over batches of sequential requests to the first page of a
// list, the two servers answering batch by batch in turn). Figures, never a pass/fail.
// Alone: npm run bench -- compiled (or npx tsx tests/bench/compiled.ts). Linux (/proc).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain .mjs script without type declarations
import { buildServer } from '../../scripts/build-server.mjs';
import { startServer, stopServer, type ChildServer } from '../api/child-server';
import { BENCH_ADMIN, signedInCaller } from './api-client';

const STARTS = Number(process.env.LUMA_BENCH_COMPILED_STARTS ?? 5);
const BATCHES = Number(process.env.LUMA_BENCH_COMPILED_BATCHES ?? 8);
const BATCH = Number(process.env.LUMA_BENCH_COMPILED_BATCH ?? 200);
const RECORDS = 200;

type Kind = 'compiled' | 'tsx';
const ARGS: Record<Kind, string[]> = { compiled: ['dist/server/main.js'], tsx: ['--import', 'tsx', 'src/server/main.ts'] };

const env = (dataDir: string): Record<string, string> => ({
  PORT: '0',
  HOST: '127.0.0.1',
  LUMA_DATA_DIR: dataDir,
  LUMA_ADMIN_EMAIL: BENCH_ADMIN.email,
  LUMA_ADMIN_PASSWORD: BENCH_ADMIN.password,
  LUMA_APP_DIR: '/nonexistent',
  LUMA_DEMO: '0',
  LUMA_LOG_LEVEL: 'warn',
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** User + system CPU of a process in ms, from /proc/<pid>/stat (fields 14 and 15, in clock ticks). */
function cpuMs(pid: number, tickMs: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * tickMs;
}

/** Milliseconds from spawn to the line that says the server listens, then stopped. */
async function timedStart(kind: Kind, dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startServer(env(dataDir), ARGS[kind]);
  const ms = performance.now() - started;
  await stopServer(server, 'SIGTERM');
  return ms;
}

/** A component with a few text fields and RECORDS records; answers the list's path. */
async function seedList(base: string): Promise<{ cookie: string; path: string }> {
  const { cookie, call } = await signedInCaller(base);
  const { uuid } = (await call('POST', '/v3/system/component', { name: 'bench_items', label: { en_US: 'Items' } })) as { uuid: string };
  const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
  const fields = ['title', 'code', 'note'].map((key, i) => ({ name: key, key, auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 0, max: 200 } }, sortOrder: i, label: { en_US: key } }));
  await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields } });
  await call('POST', '/v3/system/component/version/publish', { version: 'v1', env: 'live', ref: uuid });
  for (let i = 0; i < RECORDS; i++) await call('POST', `/v3/system/component/${uuid}/model`, { data: { title: `Item ${i}`, code: `C${i}`, note: 'x'.repeat(i % 50) } });
  return { cookie, path: `/v3/system/component/${uuid}/models?limit=20` };
}

/** CPU ms of `server` over `count` sequential list requests. */
async function batchCpu(server: ChildServer, url: string, cookie: string, count: number, tickMs: number): Promise<number> {
  const before = cpuMs(server.process.pid!, tickMs);
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`list: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
  return cpuMs(server.process.pid!, tickMs) - before;
}

export interface CompiledFigures {
  buildSeconds: number;
  startMs: Record<Kind, number[]>;
  cpuPerRequestMs: Record<Kind, number[]>;
  batch: number;
}

export async function runCompiledBench(): Promise<CompiledFigures> {
  const tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const builtAt = performance.now();
  await buildServer();
  const buildSeconds = (performance.now() - builtAt) / 1000;
  const scratch = mkdtempSync(join(tmpdir(), 'luma-bench-compiled-'));
  const servers: ChildServer[] = [];
  try {
    // One data directory migrated and seeded by a first start (not counted), then started on in turn.
    const startDir = join(scratch, 'start');
    await stopServer(await startServer(env(startDir), ARGS.compiled), 'SIGTERM');
    const startMs: Record<Kind, number[]> = { compiled: [], tsx: [] };
    for (let i = 0; i < STARTS; i++) {
      for (const kind of (i % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) as Kind[]) startMs[kind].push(await timedStart(kind, startDir));
    }
    // Two servers side by side, each on its own copy of the same data (the list to read is seeded once).
    const seeded = await startServer(env(join(scratch, 'compiled')), ARGS.compiled);
    servers.push(seeded);
    const { path } = await seedList(`http://127.0.0.1:${seeded.port}/api`);
    await stopServer(seeded, 'SIGTERM');
    servers.pop();
    cpSync(join(scratch, 'compiled'), join(scratch, 'tsx'), { recursive: true });
    const running = {} as Record<Kind, { server: ChildServer; url: string; cookie: string }>;
    for (const kind of ['compiled', 'tsx'] as Kind[]) {
      const server = await startServer(env(join(scratch, kind)), ARGS[kind]);
      servers.push(server);
      const base = `http://127.0.0.1:${server.port}/api`;
      running[kind] = { server, url: `${base}${path}`, cookie: (await signedInCaller(base)).cookie };
      await batchCpu(server, running[kind].url, running[kind].cookie, BATCH, tickMs); // warm-up (JIT)
    }
    const cpuPerRequestMs: Record<Kind, number[]> = { compiled: [], tsx: [] };
    for (let i = 0; i < BATCHES; i++) {
      for (const kind of (i % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) as Kind[]) {
        const { server, url, cookie } = running[kind];
        cpuPerRequestMs[kind].push((await batchCpu(server, url, cookie, BATCH, tickMs)) / BATCH);
      }
    }
    return { buildSeconds, startMs, cpuPerRequestMs, batch: BATCH };
  } finally {
    for (const server of servers) await stopServer(server, 'SIGTERM');
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function printCompiledFigures(f: CompiledFigures): void {
  const start = { compiled: median(f.startMs.compiled), tsx: median(f.startMs.tsx) };
  const cpu = { compiled: median(f.cpuPerRequestMs.compiled), tsx: median(f.cpuPerRequestMs.tsx) };
  console.log(`\nThe compiled server (node dist/server/main.js, esbuild in ${f.buildSeconds.toFixed(1)} s) against tsx (node --import tsx src/server/main.ts), interleaved, PGlite`);
  console.log(
    `start-up, spawn to 'running at' (median of ${f.startMs.compiled.length} each): compiled ${start.compiled.toFixed(0)} ms, tsx ${start.tsx.toFixed(0)} ms; ` +
      `compiled/tsx ${(start.compiled / start.tsx).toFixed(2)}x`,
  );
  console.log(
    `CPU per list request (first page of ${RECORDS}, ${f.batch} sequential requests a batch, median of ${f.cpuPerRequestMs.compiled.length} batches each): ` +
      `compiled ${(cpu.compiled * 1000).toFixed(0)} µs, tsx ${(cpu.tsx * 1000).toFixed(0)} µs; compiled/tsx ${(cpu.compiled / cpu.tsx).toFixed(2)}x`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runCompiledBench()
    .then(printCompiledFigures)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
