// Entry point: `npx tsx src/server/main.ts`. Opens (and migrates and seeds) the database, starts the
// platform (jobs and bus) and, unless LUMA_ROLE=worker, listens. LUMA_ROLE (docs/platform.md):
// 'all' (default) serves HTTP and runs jobs; 'web' serves HTTP and only sends jobs; 'worker' runs
// jobs and serves no HTTP.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations/index';
import { seed } from './auth/seed';
import { resolveSecretKeys, setSecretKeys } from './platform/secret-box';
import { sealClearSecrets, unknownKeyIds } from './platform/secrets-at-rest';
import { syncAllRecordIndexes } from './records/indexes';
import { startPlatform } from './instance';
import { declarePluginFieldTypes } from './platform/plugins';
import { createProcessLogger, errorLogOf } from './platform/log';
import { scrubText } from './platform/redact';
import { boxed, listenLine } from './platform/banner';
import { configureScriptPool } from './usercode/sandbox';

/** How long a shutdown waits for open connections to end before it closes them (docs/platform.md). */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // One process log for the app and the platform, every line redacted (docs/security.md "Secrets in logs").
  const logger = createProcessLogger(config.logLevel);
  const logError = errorLogOf(logger);
  // Workflow nodes and sparks run user code on the worker role too (docs/user-code.md "Memory").
  configureScriptPool({ size: config.scriptWorkers, memoryBytes: config.scriptMemoryBytes });
  // A worker checks imported records too, so it knows the plugins' field types as the web role does.
  await declarePluginFieldTypes(config.plugins);
  // The key of the secrets at rest first: with DATABASE_URL and no LUMA_SECRET_KEY, nothing is opened.
  setSecretKeys(resolveSecretKeys(config));
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  // Secrets stored in clear before sealing existed are sealed now (idempotent; several instances may race).
  reportSealing(await sealClearSecrets(database.db));
  const unknown = Object.entries(await unknownKeyIds(database.db));
  if (unknown.length > 0) {
    console.error(
      `Secrets at rest sealed with keys this server was not given (${unknown.map(([id, n]) => `key ${id}: ${n}`).join(', ')}); ` +
        'they do not open until that key is in LUMA_SECRET_KEY_PREVIOUS (docs/security.md "Rotating the key")',
    );
  }
  const seeded = await seed(database.db, config);
  // Record partitions and indexes as the components' versions need them (idempotent; quick when in line).
  await syncAllRecordIndexes(database.db, logError);
  const platform = await startPlatform(database, config, { log: logError });
  const app: FastifyInstance | null = config.role === 'worker' ? null : await buildApp({ config, database, platform, logger });
  // Every connection, so that none can hold the shutdown past its grace time (below).
  const connections = new Set<Socket>();
  app?.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    // The HTTP server closes once its last connection has: whatever a client still holds open after
    // the grace time (a socket that never answers a close frame, a request that never ends) is cut.
    const cut = setTimeout(() => {
      console.warn(`Shutdown: ${connections.size} connection(s) still open after ${SHUTDOWN_GRACE_MS} ms, closed`);
      for (const socket of connections) socket.destroy();
    }, SHUTDOWN_GRACE_MS);
    cut.unref();
    try {
      // Stop taking requests first, then let running job slices finish, then the bus, then the database.
      await app?.close();
      await platform.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      logError(error, 'Shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal while closing (a process group's signal, then tsx passing it on)
  // must not kill the process half-way through its shutdown; `closing` makes it a no-op.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const lines: string[] = [];
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // The role is said only when it is not the everyday one (HTTP, jobs and bus in one process).
    lines.push(`Luma is running at http://localhost:${port}${config.role === 'all' ? '' : ` (role ${config.role})`}`);
    lines.push(listenLine(config.host));
  } else {
    lines.push('Luma worker is running (role worker: jobs only, no HTTP)');
  }
  lines.push(database.kind === 'pglite' ? `Database: PGlite at ${database.location}` : `Database: PostgreSQL at ${database.location}`);
  if (app) lines.push(`Sign in as ${seeded.adminEmail}`);
  if (seeded.generatedPassword) {
    lines.push(`with password ${seeded.generatedPassword} (shown once; set LUMA_ADMIN_PASSWORD to choose it)`);
  }
  // Last and boxed: the one thing to read after the build and the start-up logs.
  console.log(boxed(lines));
}

function reportSealing(result: Awaited<ReturnType<typeof sealClearSecrets>>): void {
  const sealed = Object.entries(result.sealed).filter(([, count]) => count > 0);
  if (sealed.length > 0) console.log(`Sealed secrets stored in clear: ${sealed.map(([store, count]) => `${store} ${count}`).join(', ')}`);
}

main().catch((error: unknown) => {
  // Before the logger exists (a bad setting), so the error's text is redacted here.
  console.error('Luma failed to start:', scrubText(error instanceof Error ? (error.stack ?? error.message) : String(error)));
  process.exit(1);
});
