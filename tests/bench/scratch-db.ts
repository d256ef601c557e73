// Fresh luma_bench_* databases on the PostgreSQL server of DATABASE_URL (else the local one), one per
// bench run, dropped afterwards, and on Ctrl-C or SIGTERM too (connections still open on them are ended).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const created = new Set<string>();

async function dropAll(names: string[]): Promise<void> {
  if (names.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) {
      await admin.query(`drop database if exists ${name} with (force)`);
      created.delete(name);
    }
  } finally {
    await admin.end();
  }
}

let signalsHooked = false;
function dropOnSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: dropping ${[...created].join(', ') || 'nothing'}`);
      dropAll([...created]).finally(() => process.exit(130));
    });
  }
}

/** A fresh luma_bench_* database on the local PostgreSQL; answers its URL and how to drop it. */
export async function scratchDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  dropOnSignals();
  const name = `luma_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  created.add(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropAll([name]) };
}

