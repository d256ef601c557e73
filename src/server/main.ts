// Entry point: `npx tsx src/server/main.ts`. Opens (and migrates and seeds) the database, then listens.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations/index';
import { seed } from './db/seed';
import { startHousekeeping } from './housekeeping';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const seeded = await seed(database.db, config);
  const app = await buildApp({ config, database });
  const stopHousekeeping = startHousekeeping(database.db, config, (error) => app.log.error({ err: error }, 'housekeeping failed'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      stopHousekeeping();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    `Luma is running at http://localhost:${port}`,
    database.kind === 'pglite' ? `Database: PGlite at ${database.location}` : `Database: PostgreSQL at ${database.location}`,
    `Sign in as ${seeded.adminEmail}`,
  ];
  if (seeded.generatedPassword) {
    lines.push(`with password ${seeded.generatedPassword} (shown once; set LUMA_ADMIN_PASSWORD to choose it)`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('Luma failed to start:', error);
  process.exit(1);
});
