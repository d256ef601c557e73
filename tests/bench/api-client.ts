// The bench's client of a running server: signs in and calls the API with JSON, failing loudly.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/auth/seed';
import type { OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { startPlatform, type Platform } from '../../src/server/instance';
import { loadConfig, type Config } from '../../src/server/platform/config';
export const BENCH_ADMIN = { email: 'bench@luma.local', password: 'bench-password-1' };

/** An in-process server's configuration: the bench admin, no log, no browser app; `databaseUrl` '' with LUMA_DATA_DIR for PGlite. */
export function benchConfig(databaseUrl: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    DATABASE_URL: databaseUrl,
    LUMA_ADMIN_EMAIL: BENCH_ADMIN.email,
    LUMA_ADMIN_PASSWORD: BENCH_ADMIN.password,
    LUMA_LOG_LEVEL: 'silent',
    LUMA_APP_DIR: '/nonexistent',
    // A server on DATABASE_URL needs the key of the secrets at rest (docs/security.md "Secrets at rest").
    LUMA_SECRET_KEY: Buffer.alloc(32, 11).toString('base64'),
    // No self-tuning indexes (docs/lists.md): the list benches measure what the schema declares, as before;
    // the switch bench (index-switch.ts) turns them on.
    LUMA_INDEX_AUTO_MAX: '0',
    ...extra,
  });
}

export type BenchCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Signs in as the bench admin at `base` (the /api URL) and answers a JSON caller with that session. */
export async function signedInCaller(base: string): Promise<{ cookie: string; call: BenchCall }> {
  const login = await fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
  const cookie = login.headers.getSetCookie().find((value) => value.startsWith('luma_session='))?.split(';')[0];
  if (!cookie) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const call: BenchCall = async (method, path, body) => {
    // A kept-alive socket the server closed while the process was busy (an in-process PGlite seed
    // holds the event loop for half a minute) resets the next request before it is read: sent again.
    const response = await send(method, path, body).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } })?.cause?.code !== 'ECONNRESET') throw error;
      return send(method, path, body);
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return { cookie, call };
}

/**
 * An in-process server on `database`: migrated, seeded with the bench admin, its platform started
 * (the bench can reach its list totals), listening on a free port. Each stopper is pushed on
 * `closers` as it starts (the caller runs them in reverse), so a failure half-way still stops what ran.
 */
export async function startBenchServer(database: OpenDatabase, config: Config, closers: (() => Promise<unknown>)[]): Promise<{ platform: Platform; base: string }> {
  await migrateToLatest(database.db);
  await seed(database.db, config);
  const platform = await startPlatform(database, config);
  closers.push(() => platform.stop());
  const app = await buildApp({ config, database, platform });
  closers.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { platform, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api` };
}
