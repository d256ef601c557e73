// A fresh Luma server per test file, on the database LUMA_TEST_DB names:
// pglite => in-memory PGlite; postgres => a throw-away database luma_test_<random> on
// DATABASE_URL (or postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, onTestFinished, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ManualClock, setClock } from '../../src/server/platform/clock';
import { loadConfig, type Config } from '../../src/server/platform/config';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { resolveSecretKeys, setSecretKeys } from '../../src/server/platform/secret-box';
import { seed } from '../../src/server/auth/seed';
import { startPlatform, type Platform } from '../../src/server/instance';
import type { Mailer } from '../../src/server/platform/mail';

export const ADMIN_EMAIL = 'admin@luma.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';
/** The key that seals the secrets at rest in tests (docs/security.md "Secrets at rest"); a test that rotates installs others. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
export const DB_KIND: 'pglite' | 'postgres' = process.env.LUMA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/**
 * The bound on a file's shared state built in beforeAll: the migrated and seeded server of useServer,
 * and what a file builds on it (components, members, thousands of records, a listening server). That
 * work is many statements, API calls and password hashes, which on a loaded 2-core machine passes the
 * project's 60 s hook bound (a server's start alone took longer with eight suites running). It catches a
 * hang; it never times the work (docs/testing.md "The load rule").
 */
export const SETUP_TIMEOUT_MS = 300_000;

import { DEFAULT_POSTGRES_URL, newPostgresDatabase, withAdminClient } from './template-databases';
const postgresUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;

async function probePostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why this run cannot reach its database (then the suites are skipped), or null. */
export const unavailable: string | null = await (async () => {
  if (DB_KIND !== 'postgres') return null;
  const problem = await probePostgres();
  if (problem === null) return null;
  if (process.env.CI === 'true' || process.env.DATABASE_URL) {
    throw new Error(`LUMA_TEST_DB=postgres: PostgreSQL at ${postgresUrl} does not answer: ${problem}`);
  }
  const reason = `PostgreSQL not reachable at ${DEFAULT_POSTGRES_URL} (${problem}); set DATABASE_URL to run this suite`;
  console.warn(`[api-postgres] SKIPPED: ${reason}`);
  return reason;
})();

/** describe(), or a visibly skipped describe naming the reason when the database is missing. */
export function describeApi(name: string, body: () => void): void {
  if (unavailable) describe.skip(`${name} [skipped: ${unavailable}]`, body);
  else describe(name, body);
}

export interface ScratchDatabase {
  database: OpenDatabase;
  drop(): Promise<void>;
}

let pgliteDump: Blob | undefined;

/** The run's migrated PGlite data directory (tests/api/template-databases.ts), read once per file. */
function pgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplate');
  if (!path) return undefined;
  pgliteDump ??= new Blob([readFileSync(path)]);
  return pgliteDump;
}

/**
 * An empty, migrated database of this run's kind (not seeded): a copy of the run's template when
 * there is one, then migrateToLatest (a no-op on a current copy).
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (DB_KIND === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' }, { pgliteDump: pgliteTemplate() });
    await migrateToLatest(database.db);
    return { database, drop: () => database.close() };
  }
  const name = `luma_test_${randomBytes(6).toString('hex')}`;
  const database = await newPostgresDatabase(postgresUrl, name, inject('postgresTemplate'));
  return {
    database,
    async drop() {
      await database.close();
      await withAdminClient(postgresUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Test configuration: fixed admin password, small throttle limits, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    LUMA_DATA_DIR: 'memory://',
    LUMA_ADMIN_EMAIL: ADMIN_EMAIL,
    LUMA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LUMA_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LUMA_LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
    LUMA_APP_DIR: '/nonexistent/luma-app',
    LUMA_LOG_LEVEL: 'silent',
    LUMA_SECRET_KEY: TEST_SECRET_KEY,
    // The caller cache (docs/iam.md "Who is calling") is on where a change reaches it before the writing
    // statement returns (PGlite), so tests that change a role or a session in SQL see it on their next
    // call. On PostgreSQL the change's NOTIFY arrives a little after the commit: there the cache is off,
    // and tests/api/caller-cache.test.ts turns it on and waits for each change.
    LUMA_CALLER_CACHE_SECONDS: DB_KIND === 'pglite' ? '60' : '0',
    // The list totals (docs/lists.md "Totals") likewise: a test that writes records in SQL sees the new
    // total on its next list on PGlite; tests/api/list-totals.test.ts covers PostgreSQL with waits.
    LUMA_LIST_TOTAL_CACHE_SECONDS: DB_KIND === 'pglite' ? '60' : '0',
    // Self-tuning indexes (docs/lists.md) off: on a busy machine any list may pass the slow threshold,
    // and an index built by a job mid-test would change the plans and index sets other files assert.
    // tests/api/record-indexes-auto.test.ts turns them on.
    LUMA_INDEX_AUTO_MAX: '0',
    ...overrides,
  });
}

export interface TestServer {
  app: FastifyInstance;
  database: OpenDatabase;
  config: Config;
  /** Jobs (pg-boss, role all) and bus of the server, shared by appWith apps. */
  platform: Platform;
  /** Another app on the same database with other settings (closed with the server). */
  appWith(overrides: Record<string, string>): Promise<FastifyInstance>;
}

export interface UseServerOptions {
  /** Outgoing mail of the server (and of appWith apps); by default the log. */
  mailer?: Mailer;
}

/** Registers beforeAll/afterAll for a fresh, migrated and seeded server; read it inside tests. */
export function useServer(overrides: Record<string, string> = {}, options: UseServerOptions = {}): () => TestServer {
  let server: TestServer | null = null;
  let scratch: ScratchDatabase | null = null;
  let platform: Platform | null = null;
  const extraApps: FastifyInstance[] = [];
  beforeAll(async () => {
    if (unavailable) return;
    scratch = await createScratchDatabase();
    const config = testConfig(overrides);
    // The secret keys are the process's (buildApp installs them only when none are): a file before
    // this one in the same worker (isolate: false) may have left a rotation's keys installed.
    setSecretKeys(resolveSecretKeys(config));
    await seed(scratch.database.db, config);
    const database = scratch.database;
    const shared = await startPlatform(database, config, { log: (error, message) => console.error(message, error) });
    platform = shared;
    const app = await buildApp({ config, database, mailer: options.mailer, platform: shared });
    await app.ready();
    server = {
      app,
      database,
      config,
      platform: shared,
      async appWith(more) {
        const extra = await buildApp({ config: testConfig({ ...overrides, ...more }), database, mailer: options.mailer, platform: shared });
        await extra.ready();
        extraApps.push(extra);
        return extra;
      },
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    await server?.app.close();
    await platform?.stop();
    await scratch?.drop();
  }, SETUP_TIMEOUT_MS);
  return () => {
    if (!server) throw new Error('server not started');
    return server;
  };
}

export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((candidate) => candidate.name === 'luma_session');
  return cookie ? `luma_session=${cookie.value}` : undefined;
}

/** Signs in and answers the Cookie header value of the new session. */
export async function login(app: FastifyInstance, email = ADMIN_EMAIL, password = ADMIN_PASSWORD, remoteAddress?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });
  const cookie = sessionCookie(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/**
 * Stops the server's clock for the rest of this test: it starts at the real time and moves only by
 * clock.advance(), so expiry, idle time and windows are tested by moving time, never by sleeping.
 * The system clock is back after the test. (Each test file runs in its own worker, so no other file sees it.)
 */
export function useManualClock(start: number = Date.now()): ManualClock {
  const clock = new ManualClock(start);
  setClock(clock);
  onTestFinished(() => setClock(null));
  return clock;
}

/** The same for a hook that builds state: the clock is stopped while `run` runs, and the system clock is back after it. */
export async function withManualClock<T>(start: number, run: (clock: ManualClock) => Promise<T>): Promise<T> {
  const clock = new ManualClock(start);
  setClock(clock);
  try {
    return await run(clock);
  } finally {
    setClock(null);
  }
}

/**
 * Waits on a condition: polls `probe` (vi.waitFor) until it answers a value other than undefined, and
 * answers it; after `timeoutMs` fails naming `what`. The timeout bounds a hang, it never times work.
 */
export function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined, intervalMs = 20): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
