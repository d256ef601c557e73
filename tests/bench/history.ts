// Record history bench (figures, never a pass/fail on time): what revisions cost the writes they are
// kept with (docs/history.md), in the same run, on the same server and database: single record writes
// (a create and an update each, through the HTTP API, one after another) and an import (a CSV through
// the import API), each into a fresh 10-field component with the history's hooks registered and
// then removed (history/hooks.ts unregisterHistoryHooks), alternating twice, best time of each.
// Budget (issue 34): revisions cost at most 30% of write and of import throughput. On PostgreSQL
// (a fresh luma_bench_* database of DATABASE_URL, else the local server) when LUMA_BENCH_HISTORY_PG=1,
// else PGlite in memory. Writes: LUMA_BENCH_HISTORY_WRITES (default 500); import rows:
// LUMA_BENCH_HISTORY_ROWS (default 20,000). Alone: npm run bench -- history
import { fileURLToPath } from 'node:url';
import { csv, multipartBody } from '../api/import-fixtures';
import { hooks } from '../../src/server/platform/hooks';
import { registerHistoryHooks, unregisterHistoryHooks } from '../../src/server/history/hooks';
import { benchServer, type BenchServer } from './import';
import { scratchDatabase } from './scratch-db';

const ENV = 'live';

type Pair = { with: number; without: number };

export interface HistoryBenchFigures {
  database: 'pglite' | 'postgres';
  writes: number;
  rows: number;
  /** Per second of wall time: what a caller sees, and what a busy machine disturbs most. */
  writesPerSecond: Pair;
  importRowsPerSecond: Pair;
  /** Per second of this process's CPU (the server and, on PGlite, the database): steadier on a shared machine. */
  writesPerCpuSecond: Pair;
  importRowsPerCpuSecond: Pair;
}

/** Wall and CPU time of `work`, in seconds. */
async function timed(work: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
}

const fields = Array.from({ length: 10 }, (_, i) =>
  i % 3 === 2
    ? { name: `field ${i}`, key: `f${i}`, auto_key: false, module: 'input', type: 'number', filterable: i < 3, constraints: { min: 0, max: 1_000_000_000 } }
    : { name: `field ${i}`, key: `f${i}`, auto_key: false, module: 'input', type: 'text', filterable: i < 3, constraints: { length: { min: 1, max: 255 } } },
);
const rowOf = (n: number) => Object.fromEntries(fields.map((field, i) => [field.key, i % 3 === 2 ? n * (i + 1) : `value ${n}-${i}`]));

async function component(server: BenchServer, name: string): Promise<string> {
  const { uuid } = (await server.call('POST', '/v3/system/component', { name, label: { en_US: name } })) as { uuid: string };
  const model = await server.call('GET', `/v3/system/component/settings/${uuid}/v1`);
  await server.call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields } });
  await server.call('POST', '/v3/system/component/version/publish', { version: 'v1', env: ENV, ref: uuid });
  return uuid;
}

/** `count` creates and as many updates through the record API: answers their wall and CPU seconds. */
function timeWrites(server: BenchServer, uuid: string, count: number) {
  return timed(async () => {
    for (let n = 0; n < count; n += 1) {
      const created = (await server.call('POST', `/v3/system/component/${uuid}/model`, { data: rowOf(n) })) as { uuid: string; __version__: number };
      await server.call('POST', `/v3/system/component/${uuid}/model/${created.uuid}`, { version: created.__version__, data: { f0: `changed ${n}` } });
    }
  });
}

/** The import API with `rows` new records: answers its wall and CPU seconds. */
function timeImport(server: BenchServer, uuid: string, rows: number) {
  const file = csv([fields.map((field) => field.key), ...Array.from({ length: rows }, (_, n) => Object.values(rowOf(n)))]);
  const { body, contentType } = multipartBody({ file, filename: 'rows.csv', primaryKey: '', fieldMap: '' });
  return timed(async () => {
    const response = await fetch(`${server.base}/v1/system/component/${uuid}/import`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'x-project-env': ENV, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    const answer = (await response.json()) as { created?: number };
    if (response.status !== 200 || answer.created !== rows) throw new Error(`import failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  });
}

export async function runHistoryBench(): Promise<HistoryBenchFigures> {
  const writes = Number(process.env.LUMA_BENCH_HISTORY_WRITES ?? 500);
  const rows = Number(process.env.LUMA_BENCH_HISTORY_ROWS ?? 20_000);
  const onPostgres = process.env.LUMA_BENCH_HISTORY_PG === '1';
  const scratch = onPostgres ? await scratchDatabase() : null;
  const server = await benchServer(scratch?.url ?? null);
  // Best (highest) throughput of each kind: per wall second and per CPU second.
  const best: Record<string, number> = {};
  const keep = (name: string, value: number) => {
    best[name] = Math.max(best[name] ?? 0, value);
  };
  try {
    // A first round unmeasured: the server's code paths and the database's caches are warm for both.
    await timeWrites(server, await component(server, 'bench_history_warm'), Math.min(50, writes));
    for (let round = 0; round < 2; round += 1) {
      for (const kept of round === 0 ? [true, false] : [false, true]) {
        if (kept) registerHistoryHooks(hooks);
        else unregisterHistoryHooks(hooks);
        const key = kept ? 'With' : 'Without';
        const w = await timeWrites(server, await component(server, `bench_history_w${round}${key}`), writes);
        const i = await timeImport(server, await component(server, `bench_history_i${round}${key}`), rows);
        keep(`writes${key}`, (writes * 2) / w.wall);
        keep(`writesCpu${key}`, (writes * 2) / w.cpu);
        keep(`import${key}`, rows / i.wall);
        keep(`importCpu${key}`, rows / i.cpu);
      }
    }
    const kept = Number((await server.database.db.selectFrom('record_revisions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    if (kept < 2 * (writes * 2 + rows)) throw new Error(`only ${kept} revisions were kept`);
  } finally {
    registerHistoryHooks(hooks);
    await server.close();
    await scratch?.drop();
  }
  return {
    database: onPostgres ? 'postgres' : 'pglite',
    writes: writes * 2,
    rows,
    writesPerSecond: { with: best.writesWith!, without: best.writesWithout! },
    importRowsPerSecond: { with: best.importWith!, without: best.importWithout! },
    writesPerCpuSecond: { with: best.writesCpuWith!, without: best.writesCpuWithout! },
    importRowsPerCpuSecond: { with: best.importCpuWith!, without: best.importCpuWithout! },
  };
}

export function printHistoryFigures(figures: HistoryBenchFigures): void {
  const cost = (pair: Pair) => (1 - pair.with / pair.without) * 100;
  const line = (label: string, pair: Pair, unit: string) => {
    const percent = cost(pair);
    console.log(
      `${label}: ${pair.without.toFixed(0)} ${unit}/s without revisions, ${pair.with.toFixed(0)} with: revisions cost ${percent.toFixed(1)}% (budget 30%: ${percent <= 30 ? 'within' : 'OVER'})`,
    );
  };
  console.log(`\nRecord history (${figures.database}; ${figures.writes} single writes, ${figures.rows.toLocaleString('en-US')}-row imports, best of 2 each)`);
  line('record writes', figures.writesPerSecond, 'writes');
  line('import', figures.importRowsPerSecond, 'rows');
  line('record writes per CPU second', figures.writesPerCpuSecond, 'writes');
  line('import per CPU second', figures.importRowsPerCpuSecond, 'rows');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runHistoryBench()
    .then(printHistoryFigures)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
