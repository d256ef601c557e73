// Opens the database: embedded PGlite when DATABASE_URL is unset, else PostgreSQL through pg.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../platform/config';
import { PGliteDialect } from './dialect-pglite';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up message (a directory, or the URL without password). */
  location: string;
  /** PGlite: the instance behind db (pg-boss drives it through db's serialised connection). */
  pglite: PGlite | null;
  /** PostgreSQL: the connection string (the bus's listening connection and pg-boss's pool use it). */
  url: string | null;
  close(): Promise<void>;
}

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

export interface OpenOptions {
  /** PGlite: start from this dumped data directory (`pglite.dumpDataDir('none')`) instead of an empty one; the test suite's migrated template (tests/api/template-databases.ts). */
  pgliteDump?: Blob;
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<OpenDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite(config.dataDir, options.pgliteDump);
}

async function openPGlite(dataDir: string, dump?: Blob): Promise<OpenDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  const location = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) mkdirSync(location, { recursive: true });
  // pg_trgm: the trigram indexes of searched fields (docs/records.md "Indexes"), as on PostgreSQL.
  const pglite = await PGlite.create(location, { extensions: { pg_trgm }, ...(dump ? { loadDataDir: dump } : {}) });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', location, pglite, url: null, close: () => db.destroy() };
}

/** Statements that begin with this comment are prepared once per connection and then only executed. */
export const PREPARE = '/* prepare */';
const MAX_PREPARED = 64;

/** Statement names by text: the texts marked PREPARE are the code's own (the caller lookup, and the plain listing's two per component), so the map stays small. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `luma_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size < 1024) statementNames.set(text, name);
  }
  return name;
}

/** The texts this process has prepared on PostgreSQL (diagnostics and tests). */
export function preparedStatementTexts(): string[] {
  return [...statementNames.keys()];
}

/**
 * A pg client that prepares the statements marked with PREPARE (a named statement per connection, so
 * PostgreSQL parses and plans it once): the query every request makes to find its caller is the
 * hottest statement of all, and its planning costs more than its execution.
 */
class PreparingClient extends pg.Client {
  /** Named statements this connection holds; a cap keeps a connection's plan cache bounded. */
  private prepared = new Set<string>();

  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && text.startsWith(PREPARE) && args.length <= 2) {
      const name = statementName(text);
      if (this.prepared.has(name) || this.prepared.size < MAX_PREPARED) {
        this.prepared.add(name);
        return (super.query as (config: unknown) => never)({ name, text, values });
      }
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', location: redact(url), pglite: null, url, close: () => db.destroy() };
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'PostgreSQL';
  }
}
