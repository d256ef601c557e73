// Ratchet's targets for the tests (docs/ratchet.md): the machine's PostgreSQL (127.0.0.1:5432, user
// postgres, trust) with a throwaway luma_ratchet_* database, and its MariaDB (127.0.0.1:3306, root
// without a password, database test) with a table and a user of its own, each named uniquely and
// dropped at the end. A Luma server of its own with the process log captured (the password must never
// reach it), and a second app on the same database with a short statement timeout.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/auth/seed';
import { startPlatform, type Platform } from '../../src/server/instance';
import { createProcessLogger, errorLogOf } from '../../src/server/platform/log';
import { createScratchDatabase, testConfig, type ScratchDatabase } from './harness';
import { caller } from './iam-fixtures';

export const PG_TARGET = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const MARIADB_TARGET = { host: '127.0.0.1', port: 3306, user: 'root', database: 'test' };

const suffix = () => randomBytes(5).toString('hex');

export interface Targets {
  pgDatabase: string;
  mariadbTable: string;
  mariadbUser: string;
  mariadbPassword: string;
  pg<T>(run: (client: pg.Client) => Promise<T>): Promise<T>;
  mariadb<T>(run: (connection: mysql.Connection) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function withPg<T>(database: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...PG_TARGET, database, connectionTimeoutMillis: 30_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function withMariadb<T>(run: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ ...MARIADB_TARGET, connectTimeout: 30_000 });
  try {
    return await run(connection);
  } finally {
    await connection.end();
  }
}

/** A PostgreSQL database with `books` (3 rows) and a MariaDB table (3 rows) and user with a password. */
export async function createTargets(): Promise<Targets> {
  const pgDatabase = `luma_ratchet_${suffix()}`;
  const mariadbTable = `luma_ratchet_${suffix()}`;
  const mariadbUser = `luma_rx_${suffix()}`;
  const mariadbPassword = `pw-${randomBytes(12).toString('base64url')}`;
  await withPg('postgres', (client) => client.query(`create database ${pgDatabase}`));
  await withPg(pgDatabase, (client) => client.query(`create table books (id int primary key, title text); insert into books values (1, 'Dune'), (2, 'Emma'), (3, 'Ulysses')`));
  await withMariadb(async (connection) => {
    await connection.query(`create table ${mariadbTable} (id int primary key, title varchar(50))`);
    await connection.query(`insert into ${mariadbTable} values (1, 'Dune'), (2, 'Emma'), (3, 'Ulysses')`);
    await connection.query(`create user '${mariadbUser}'@'%' identified by '${mariadbPassword}'`);
    await connection.query(`grant select, insert on test.* to '${mariadbUser}'@'%'`);
  });
  return {
    pgDatabase,
    mariadbTable,
    mariadbUser,
    mariadbPassword,
    pg: (run) => withPg(pgDatabase, run),
    mariadb: (run) => withMariadb(run),
    async drop() {
      await withPg('postgres', (client) => client.query(`drop database if exists ${pgDatabase} with (force)`)).catch(() => undefined);
      await withMariadb(async (connection) => {
        await connection.query(`drop table if exists ${mariadbTable}`);
        await connection.query(`drop user if exists '${mariadbUser}'@'%'`);
      }).catch(() => undefined);
    },
  };
}

export interface RatchetServer {
  app: FastifyInstance;
  /** The same database and platform with LUMA_RATCHET_TIMEOUT_MS=600. */
  quick: FastifyInstance;
  scratch: ScratchDatabase;
  platform: Platform;
  port: number;
  quickPort: number;
  /** Every line of both apps' process logs (trace). */
  lines: string[];
  close(): Promise<void>;
}

export async function startRatchetServer(): Promise<RatchetServer> {
  const lines: string[] = [];
  const scratch = await createScratchDatabase();
  const config = testConfig({ LUMA_LOG_LEVEL: 'trace' });
  await seed(scratch.database.db, config);
  const logger = createProcessLogger('trace', { write: (line: string) => lines.push(line) });
  const platform = await startPlatform(scratch.database, config, { log: errorLogOf(logger) });
  const app = await buildApp({ config, database: scratch.database, platform, logger });
  const quick = await buildApp({ config: testConfig({ LUMA_LOG_LEVEL: 'trace', LUMA_RATCHET_TIMEOUT_MS: '600' }), database: scratch.database, platform, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await quick.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    quick,
    scratch,
    platform,
    lines,
    port: (app.server.address() as AddressInfo).port,
    quickPort: (quick.server.address() as AddressInfo).port,
    async close() {
      await quick.close();
      await app.close();
      await platform.stop();
      await scratch.drop();
    },
  };
}

/** The ratchet calls as `cookie` (under /api/ratchet). */
export function ratchetApi(app: () => FastifyInstance, cookie: () => string) {
  const as = caller(app, () => ({ cookie: cookie() }));
  return {
    ...as,
    list: () => as.get('/ratchet/connections'),
    create: (body: unknown) => as.post('/ratchet/connections', body),
    get: (id: string) => as.get(`/ratchet/connections/${id}`),
    change: (id: string, body: unknown) => as.send('PATCH', `/ratchet/connections/${id}`, body),
    remove: (id: string) => as.del(`/ratchet/connections/${id}`),
    test: (id: string) => as.post(`/ratchet/connections/${id}/test`),
    query: (id: string, body: unknown) => as.post(`/ratchet/connections/${id}/query`, body),
    cancel: (id: string, queryId: string) => as.post(`/ratchet/connections/${id}/cancel`, { query_id: queryId }),
  };
}

/** The NDJSON lines of a console answer. */
export function lines(body: string): Record<string, unknown>[] {
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
