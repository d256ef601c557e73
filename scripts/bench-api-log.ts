// A quick measure (not a test) of what the API call log costs a request: 2000 GETs of
// /api/v1/user/claims through inject() on an in-memory PGlite, after a warm-up, reporting the
// median of 3 rounds. Run here and on a checkout without the log to compare:
//   npx tsx scripts/bench-api-log.ts
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrations/index';
import { seed } from '../src/server/auth/seed';

const N = 2000;
const config = loadConfig({ PORT: '0', LUMA_DATA_DIR: 'memory://', LUMA_ADMIN_EMAIL: 'admin@luma.test', LUMA_ADMIN_PASSWORD: 'correct horse battery staple', LUMA_APP_DIR: '/nonexistent', LUMA_LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
await migrateToLatest(database.db);
await seed(database.db, config);
const app = await buildApp({ config, database, checkResponses: false });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'admin@luma.test', password: 'correct horse battery staple' } });
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const round = async () => {
  const start = performance.now();
  for (let i = 0; i < N; i += 1) {
    const response = await app.inject({ method: 'GET', url: '/api/v1/user/claims', headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
  }
  return performance.now() - start;
};
await round();
const times: number[] = [];
for (let r = 0; r < 3; r += 1) times.push(await round());
times.sort((a, b) => a - b);
const median = times[1]!;
const logged = await database.db.selectFrom('api_calls' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst().catch(() => null);
console.log(JSON.stringify({ requests: N, medianMs: Math.round(median), perRequestUs: Math.round((median / N) * 1000), rounds: times.map(Math.round), logged: logged ? Number((logged as { n: unknown }).n) : 'no api_calls table' }));
await app.close();
await database.close();
process.exit(0);
