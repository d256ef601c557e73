// vitest's globalSetup of the API projects: one migrated, empty database made once per run, which
// every test file's database starts from instead of running all the migrations again
// (docs/testing.md "How long the suite takes"). On PGlite that also skips initdb, which costs more
// than the migrations: a fresh in-memory PGlite took 3 to 9 s on this 2-core machine, one loaded from
// a dumped data directory 1 to 1.6 s. On PostgreSQL a file's database is `create database ... template`.
// The harness (tests/api/harness.ts createScratchDatabase) still runs migrateToLatest on the copy, a
// no-op when the template is current, so a file never runs on a stale schema.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (dumpDataDir), or '' when none was made. */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database to copy, or '' when none was made. */
    postgresTemplate: string;
  }
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `run` on a client of `url` (its own connection, closed after). */
export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function pgliteTemplate(): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'luma-test-template-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    const dump = await database.pglite!.dumpDataDir('none');
    const path = join(dir, 'pglite.tar');
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    return { path, remove: () => rm(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

/** A new PostgreSQL database `name` (copied from `template` when given), opened and migrated. */
export async function newPostgresDatabase(adminUrl: string, name: string, template = ''): Promise<OpenDatabase> {
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await migrateToLatest(database.db);
  return database;
}

async function postgresTemplate(adminUrl: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `luma_template_${randomBytes(6).toString('hex')}`;
  // A template must have no open connection while it is copied.
  await (await newPostgresDatabase(adminUrl, name)).close();
  return { name, remove: async () => void (await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`))) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  if (project.name === 'api-pglite') {
    const template = await pgliteTemplate();
    project.provide('pgliteTemplate', template.path);
    return template.remove;
  }
  if (project.name === 'api-postgres') {
    const adminUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
    // No PostgreSQL here: the harness skips (or, in CI, fails) the files itself, saying why.
    const reachable = await withAdminClient(adminUrl, (client) => client.query('select 1')).then(() => true, () => false);
    if (!reachable) return async () => undefined;
    const template = await postgresTemplate(adminUrl);
    project.provide('postgresTemplate', template.name);
    return template.remove;
  }
  return async () => undefined;
}
