// A fresh luma_bench_* database on the PostgreSQL server of DATABASE_URL (else the local one), for
// one bench run: its URL, and drop() to remove it (connections still open on it are ended).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function scratchDatabase(serverUrl = BENCH_POSTGRES_URL): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `luma_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
