// Import bench (figures, never a pass/fail on time): a 100,000-row CSV of a 10-field component
// (three filterable fields, so publishing gives it list indexes) through the import API end to end
// (real HTTP to a buildApp listening on port 0, with a session), in the same run:
// - on PostgreSQL, into an empty component, and into one that already holds 1,000,000 records
//   (LUMA_BENCH_IMPORT_EXISTING; seeded with generate_series, then published so its indexes exist),
//   on a fresh luma_bench_* database of DATABASE_URL (else postgres://postgres@127.0.0.1:5432/postgres),
//   dropped afterwards;
// - PostgreSQL COPY of the same rows into a table shaped like records (without its indexes): the baseline;
// - on in-memory PGlite (no DATABASE_URL, LUMA_DATA_DIR=memory://), into an empty component.
// Alone: npx tsx tests/bench/import.ts
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/db/seed';
import { CopyIn } from '../../src/server/services/record-import-sql';
import { csv, multipartBody } from '../api/import-fixtures';
import { BENCH_ADMIN, signedInCaller, type BenchCall } from './api-client';
import { scratchDatabase } from './scratch-db';

export interface ImportBenchFigures {
  rows: number;
  fields: number;
  bytes: number;
  /** Records the full component held before its import. */
  existing: number;
  /** The import API into an empty component (PostgreSQL). */
  emptyMs: number;
  emptyRowsPerSecond: number;
  /** The import API into a component already holding `existing` records, with its indexes (PostgreSQL). */
  fullMs: number;
  fullRowsPerSecond: number;
  copyMs: number;
  copyRowsPerSecond: number;
  /** COPY of the same rows into the full component's records (all its indexes), rolled back: the database's own floor. */
  copyFullMs: number;
  copyFullRowsPerSecond: number;
  /** The import API on in-memory PGlite, empty component. */
  pgliteMs: number;
  pgliteRowsPerSecond: number;
}

const ADMIN = BENCH_ADMIN;
const FIELD_COUNT = 10;
const EXISTING = Number(process.env.LUMA_BENCH_IMPORT_EXISTING ?? 1_000_000);
/** The env the bench imports into: the components are published there, so their list indexes exist. */
const ENV = 'live';

function fieldDefinitions() {
  const fields: Record<string, unknown>[] = [];
  for (let i = 0; i < FIELD_COUNT; i += 1) {
    const key = `f${i}`;
    // Three filterable fields: deploying gives them list indexes, which every insert then maintains.
    const filterable = i < 3;
    if (i % 3 === 2) fields.push({ name: `field ${i}`, key, auto_key: false, module: 'input', type: 'number', filterable, constraints: { min: 0, max: 1_000_000_000 } });
    else fields.push({ name: `field ${i}`, key, auto_key: false, module: 'input', type: 'text', filterable, constraints: { length: { min: 1, max: 255 } } });
  }
  return fields;
}

function generateRows(count: number): { header: string[]; rows: (string | number)[][] } {
  const header = Array.from({ length: FIELD_COUNT }, (_, i) => `f${i}`);
  const rows: (string | number)[][] = [];
  for (let n = 1; n <= count; n += 1) rows.push(header.map((_, i) => (i % 3 === 2 ? n * (i + 1) : `value ${n}-${i}, "q"`)));
  return { header, rows };
}

interface BenchServer {
  base: string;
  cookie: string;
  call: BenchCall;
  close(): Promise<void>;
}

async function benchServer(databaseUrl: string | null): Promise<BenchServer & { database: Awaited<ReturnType<typeof openDatabase>> }> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl ?? '',
    LUMA_DATA_DIR: 'memory://',
    LUMA_ADMIN_EMAIL: ADMIN.email,
    LUMA_ADMIN_PASSWORD: ADMIN.password,
    LUMA_APP_DIR: '/nonexistent/luma-app',
    LUMA_LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  await seed(database.db, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const { cookie, call } = await signedInCaller(base);
  return {
    base,
    cookie,
    call,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A 10-field component, its version saved (not yet published). */
async function benchComponent(call: BenchCall, name: string): Promise<string> {
  const { uuid } = (await call('POST', '/v3/system/component', { name, label: { en_US: name } })) as { uuid: string };
  const model = await call('GET', `/v3/system/component/settings/${uuid}/v1`);
  await call('POST', `/v3/system/component/settings/${uuid}/v1`, { ...model, settings: { ...(model.settings as object), fields: fieldDefinitions() } });
  return uuid;
}

const publish = (call: BenchCall, uuid: string) => call('POST', '/v3/system/component/version/publish', { version: 'v1', env: ENV, ref: uuid });

/** The import API, end to end: answers its time in ms. */
async function timeImport(server: BenchServer, component: string, body: Buffer, contentType: string, rowCount: number): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${server.base}/v1/system/component/${component}/import`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'x-project-env': ENV, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  const answer = await response.json();
  const ms = performance.now() - start;
  if (response.status !== 200 || answer.created !== rowCount) throw new Error(`import failed: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return ms;
}

export async function runImportBench(rowCount = 100_000): Promise<ImportBenchFigures> {
  const scratch = await scratchDatabase();

  const { header, rows } = generateRows(rowCount);
  const file = csv([header, ...rows]);
  const { body, contentType } = multipartBody({ file, primaryKey: '', fieldMap: '' });

  let emptyMs: number;
  let fullMs: number;
  let copyMs: number;
  let copyFullMs: number;
  const server = await benchServer(scratch.url);
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    await client.connect();
    // Into an empty component.
    const empty = await benchComponent(server.call, 'bench_empty');
    await publish(server.call, empty);
    await client.query('vacuum (analyze) records');
    emptyMs = await timeImport(server, empty, body, contentType, rowCount);

    // COPY of the same rows (as the import stores them) into a same-shaped table, without indexes.
    await client.query(`create table records_copy (like records including defaults)`);
    const { rows: scope } = await client.query(`select project_uuid, component_uuid, created_by from records limit 1`);
    const { project_uuid: project, component_uuid: componentUuid, created_by: user } = scope[0];
    const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    const copyText = (component: string) => {
      const lines: string[] = [];
      for (const row of rows) {
        const data: Record<string, unknown> = {};
        header.forEach((key, i) => (data[key] = row[i]));
        lines.push(`${project}\t${component}\t${ENV}\t${escape(JSON.stringify(data))}\t${user}\t${user}\n`);
      }
      return Buffer.from(lines.join(''));
    };
    const timeCopy = async (table: string, payload: Buffer, end: 'commit' | 'rollback') => {
      const start = performance.now();
      const copy = new CopyIn(`copy ${table} (project_uuid, component_uuid, env, data, created_by, updated_by) from stdin`, payload);
      await client.query('begin');
      client.query(copy as never);
      await copy;
      const ms = performance.now() - start;
      await client.query(end);
      return ms;
    };
    copyMs = await timeCopy('records_copy', copyText(componentUuid), 'commit');
    const copied = Number((await client.query('select count(*) as n from records_copy')).rows[0].n);
    if (copied !== rowCount) throw new Error(`COPY wrote ${copied} rows`);
    await client.query('drop table records_copy');

    // Into a component already holding EXISTING records, seeded in SQL, then published (its indexes built).
    const full = await benchComponent(server.call, 'bench_full');
    const started = performance.now();
    await client.query(
      `insert into records (project_uuid, component_uuid, env, version, data, created_by, created_at, updated_by, updated_at)
       select $1, $2, $3, 1,
         jsonb_build_object('f0', 'seeded ' || g, 'f1', md5(g::text), 'f2', g % 100000, 'f3', 'three ' || (g % 97), 'f4', 'four',
           'f5', g * 6, 'f6', 'six ' || g, 'f7', 'seven', 'f8', g % 1000, 'f9', 'nine ' || (g % 13)),
         $4, timestamptz '2026-01-01' + g * interval '1 millisecond', $4, timestamptz '2026-01-01' + g * interval '1 millisecond'
       from generate_series(1, $5::int) g`,
      [project, full, ENV, user, EXISTING],
    );
    await publish(server.call, full);
    // Vacuumed as well as analysed: otherwise autovacuum starts on the fresh rows during the measurement.
    await client.query('vacuum (analyze) records');
    console.log(`seeded ${EXISTING.toLocaleString('en-US')} records and published in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    copyFullMs = await timeCopy('records', copyText(full), 'rollback');
    // The rolled-back rows' index entries go before the import is timed.
    await client.query('vacuum records');
    fullMs = await timeImport(server, full, body, contentType, rowCount);
  } finally {
    await client.end().catch(() => undefined);
    await server.close();
    await scratch.drop();
  }

  // In-memory PGlite, an empty component.
  const lite = await benchServer(null);
  let pgliteMs: number;
  try {
    const component = await benchComponent(lite.call, 'bench_lite');
    await publish(lite.call, component);
    pgliteMs = await timeImport(lite, component, body, contentType, rowCount);
  } finally {
    await lite.close();
  }

  const perSecond = (ms: number) => rowCount / (ms / 1000);
  const figures: ImportBenchFigures = {
    rows: rowCount,
    fields: FIELD_COUNT,
    bytes: Buffer.byteLength(file),
    existing: EXISTING,
    emptyMs,
    emptyRowsPerSecond: perSecond(emptyMs),
    fullMs,
    fullRowsPerSecond: perSecond(fullMs),
    copyMs,
    copyRowsPerSecond: perSecond(copyMs),
    copyFullMs,
    copyFullRowsPerSecond: perSecond(copyFullMs),
    pgliteMs,
    pgliteRowsPerSecond: perSecond(pgliteMs),
  };
  printImportFigures(figures);
  return figures;
}

export function printImportFigures(figures: ImportBenchFigures): void {
  const rate = (value: number) => Math.round(value).toLocaleString('en-US');
  const line = (label: string, ms: number, perSecond: number) => console.log(`${label}: ${(ms / 1000).toFixed(2)} s = ${rate(perSecond)} rows/s`);
  console.log(`\nImport: ${figures.rows.toLocaleString('en-US')} rows x ${figures.fields} fields (${(figures.bytes / 1024 / 1024).toFixed(1)} MB CSV)`);
  line('import API, PostgreSQL, empty component', figures.emptyMs, figures.emptyRowsPerSecond);
  line(`import API, PostgreSQL, component holding ${figures.existing.toLocaleString('en-US')} records`, figures.fullMs, figures.fullRowsPerSecond);
  line('PostgreSQL COPY of the same rows into a same-shaped table (no indexes)', figures.copyMs, figures.copyRowsPerSecond);
  line(`PostgreSQL COPY of the same rows into the component holding ${figures.existing.toLocaleString('en-US')} records (its indexes; rolled back)`, figures.copyFullMs, figures.copyFullRowsPerSecond);
  line('import API, PGlite (in memory), empty component', figures.pgliteMs, figures.pgliteRowsPerSecond);
  console.log(`COPY is ${(figures.copyRowsPerSecond / figures.emptyRowsPerSecond).toFixed(1)}x the empty import's rate, ${(figures.copyRowsPerSecond / figures.fullRowsPerSecond).toFixed(1)}x the full one's`);
  console.log(`the full import runs at ${((figures.fullRowsPerSecond / figures.copyFullRowsPerSecond) * 100).toFixed(0)}% of COPY into the same component`);
  console.log(`full / empty: ${(figures.fullRowsPerSecond / figures.emptyRowsPerSecond).toFixed(2)}; PGlite / PostgreSQL empty: ${(figures.pgliteRowsPerSecond / figures.emptyRowsPerSecond).toFixed(2)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runImportBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
