// Import bench (figures, never a pass/fail on time): a 100,000-row CSV of a 10-field component
// through the import API end to end (real HTTP to a buildApp listening on port 0, with a session),
// against PostgreSQL COPY of the same rows into a same-shaped table (uuid, jsonb data and the
// record's own columns), in the same run, on a fresh luma_bench_* database of DATABASE_URL (else
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
// Alone: npx tsx tests/bench/import.ts
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/db/seed';
import { csv, multipartBody } from '../api/import-fixtures';

export interface ImportBenchFigures {
  rows: number;
  fields: number;
  bytes: number;
  importMs: number;
  importRowsPerSecond: number;
  copyMs: number;
  copyRowsPerSecond: number;
  /** COPY rows/s over import rows/s: how many times faster the bare COPY is. */
  ratio: number;
}

const ADMIN = { email: 'admin@luma.bench', password: 'bench-admin-password-1' };
const FIELD_COUNT = 10;

/** COPY ... FROM STDIN over pg's own connection (no pg-copy-streams): the text is sent in chunks. */
class CopyIn {
  private done!: (error?: Error) => void;
  readonly finished = new Promise<void>((resolve, reject) => (this.done = (error) => (error ? reject(error) : resolve())));
  private error: Error | undefined;
  constructor(
    readonly text: string,
    private readonly payload: Buffer,
  ) {}
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    const size = 64 * 1024;
    for (let offset = 0; offset < this.payload.length; offset += size) connection.sendCopyFromChunk(this.payload.subarray(offset, offset + size));
    connection.endCopyFrom();
  }
  handleError(error: Error): void {
    this.error = error;
  }
  handleReadyForQuery(): void {
    this.done(this.error);
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

function fieldDefinitions() {
  const fields: Record<string, unknown>[] = [];
  for (let i = 0; i < FIELD_COUNT; i += 1) {
    const key = `f${i}`;
    if (i % 3 === 2) fields.push({ name: `field ${i}`, key, auto_key: false, module: 'input', type: 'number', constraints: { min: 0, max: 1_000_000_000 } });
    else fields.push({ name: `field ${i}`, key, auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } });
  }
  return fields;
}

function generateRows(count: number): { header: string[]; rows: (string | number)[][] } {
  const header = Array.from({ length: FIELD_COUNT }, (_, i) => `f${i}`);
  const rows: (string | number)[][] = [];
  for (let n = 1; n <= count; n += 1) rows.push(header.map((_, i) => (i % 3 === 2 ? n * (i + 1) : `value ${n}-${i}, "q"`)));
  return { header, rows };
}

export async function runImportBench(rowCount = 100_000): Promise<ImportBenchFigures> {
  const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `luma_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: url.toString(),
    LUMA_ADMIN_EMAIL: ADMIN.email,
    LUMA_ADMIN_PASSWORD: ADMIN.password,
    LUMA_APP_DIR: '/nonexistent/luma-app',
    LUMA_LOG_LEVEL: 'warn',
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  try {
    await migrateToLatest(database.db);
    await seed(database.db, config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

    const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const headers = { cookie, 'x-project-env': 'dev' };
    const json = { ...headers, 'content-type': 'application/json' };
    const created = await (await fetch(`${base}/v3/system/component`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'bench', label: { en_US: 'bench' } }) })).json();
    const component: string = created.uuid;
    const model = await (await fetch(`${base}/v3/system/component/settings/${component}/v1`, { headers })).json();
    const saved = await fetch(`${base}/v3/system/component/settings/${component}/v1`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...model, settings: { ...model.settings, fields: fieldDefinitions() } }),
    });
    if (!saved.ok) throw new Error(`settings save failed: ${saved.status} ${await saved.text()}`);

    const { header, rows } = generateRows(rowCount);
    const file = csv([header, ...rows]);
    const { body, contentType } = multipartBody({ file, primaryKey: '', fieldMap: '' });

    // The import API, end to end.
    const importStart = performance.now();
    const response = await fetch(`${base}/v1/system/component/${component}/import`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: new Uint8Array(body) });
    const answer = await response.json();
    const importMs = performance.now() - importStart;
    if (response.status !== 200 || answer.created !== rowCount) throw new Error(`import failed: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);

    // COPY of the same rows (as the import stores them) into a same-shaped table.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(`create table records_copy (like records including defaults)`);
      const { rows: scope } = await client.query(`select project_uuid, component_uuid, created_by from records limit 1`);
      const { project_uuid: project, component_uuid: componentUuid, created_by: user } = scope[0];
      const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
      const lines: string[] = [];
      for (const row of rows) {
        const data: Record<string, unknown> = {};
        header.forEach((key, i) => (data[key] = row[i]));
        lines.push(`${project}\t${componentUuid}\tdev\t${escape(JSON.stringify(data))}\t${user}\t${user}\n`);
      }
      const copyStart = performance.now();
      const copy = new CopyIn('copy records_copy (project_uuid, component_uuid, env, data, created_by, updated_by) from stdin', Buffer.from(lines.join('')));
      await client.query('begin');
      client.query(copy as never);
      await copy.finished;
      await client.query('commit');
      const copyMs = performance.now() - copyStart;
      const copied = Number((await client.query('select count(*) as n from records_copy')).rows[0].n);
      if (copied !== rowCount) throw new Error(`COPY wrote ${copied} rows`);

      const importRowsPerSecond = rowCount / (importMs / 1000);
      const copyRowsPerSecond = rowCount / (copyMs / 1000);
      const figures: ImportBenchFigures = {
        rows: rowCount,
        fields: FIELD_COUNT,
        bytes: Buffer.byteLength(file),
        importMs,
        importRowsPerSecond,
        copyMs,
        copyRowsPerSecond,
        ratio: copyRowsPerSecond / importRowsPerSecond,
      };
      printImportFigures(figures);
      return figures;
    } finally {
      await client.end();
    }
  } finally {
    await app.close();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function printImportFigures(figures: ImportBenchFigures): void {
  const rate = (value: number) => Math.round(value).toLocaleString('en-US');
  console.log(`\nImport: ${figures.rows.toLocaleString('en-US')} rows x ${figures.fields} fields (${(figures.bytes / 1024 / 1024).toFixed(1)} MB CSV), PostgreSQL`);
  console.log(`import API (HTTP, multipart, validated, one transaction): ${(figures.importMs / 1000).toFixed(2)} s = ${rate(figures.importRowsPerSecond)} rows/s`);
  console.log(`PostgreSQL COPY of the same rows into a same-shaped table: ${(figures.copyMs / 1000).toFixed(2)} s = ${rate(figures.copyRowsPerSecond)} rows/s`);
  console.log(`COPY is ${figures.ratio.toFixed(1)}x the import's rate`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runImportBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
