// A server on a scratch database (local PostgreSQL) holding N live records of the list bench's 10-field
// component, seeded in SQL, deployed and vacuumed: what the thunder and fate benches measure against.
// Everything it opens is closed, and the database dropped, when `run` ends.
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { benchConfig, signedInCaller, startBenchServer, type BenchCall } from './api-client';
import { benchOwned } from './list-capture';
import { createComponent, publish } from './list';
import { SEED_RECORDS } from './list-data';
import { scratchDatabase } from './scratch-db';

export interface SeededComponent {
  call: BenchCall;
  /** The component holding the records (a second one, empty, stands beside it as the list bench's does). */
  component: string;
  seedSeconds: number;
  /** A connection of the bench's own to the scratch database (for baselines in SQL). */
  client: pg.Client;
}

/** Runs `run` against a fresh server whose component `name` holds `records` live records. */
export async function withSeededComponent<T>(records: number, name: string, label: string, run: (seeded: SeededComponent) => Promise<T>): Promise<T> {
  const scratch = await scratchDatabase();
  const config = benchConfig(scratch.url);
  let database: OpenDatabase | null = null;
  const direct = benchOwned(new pg.Client({ connectionString: scratch.url }));
  direct.on('error', () => undefined);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    database = await openDatabase(config);
    const { base } = await startBenchServer(database, config, closers);
    const { call } = await signedInCaller(base);
    const started = performance.now();
    const component = await createComponent(call, name, label);
    const other = await createComponent(call, 'bench_other', 'Other');
    await direct.connect();
    const { rows } = await direct.query<{ project: string; user: string }>('select p.uuid as project, u.uuid as user from projects p cross join users u limit 1');
    await direct.query(SEED_RECORDS, [rows[0]!.project, component, other, rows[0]!.user, records, 0]);
    await publish(call, component);
    await direct.query('vacuum (analyze) records');
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`  ${scratch.name}: ${records.toLocaleString('en')} records seeded, deployed and vacuumed in ${seedSeconds.toFixed(1)} s`);
    return await run({ call, component, seedSeconds, client: direct });
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await scratch.drop();
  }
}
