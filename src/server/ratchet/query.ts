// runReadOnlyQuery (docs/ratchet.md "The console"): one statement of a ratchet connection run
// read-only, at most `limit` rows, stopped on the server at `timeoutMs` or when `signal` fires. The
// console streams its rows (onColumns, onRows); thunder data sets and the external select (select.ts) take them
// gathered. Every failure is a RatchetError (422 with its message key).
import { RATCHET_LIMITS, RATCHET_MESSAGE, type RatchetColumn } from '../../../runtime/api/ratchet';
import type { RatchetConnectionRow } from '../db/schema-ratchet';
import { open, SecretNotOpened } from '../platform/secret-box';
import { RatchetError, type ConnectionSpec, type Driver } from './driver';
import { mariadbDriver } from './mariadb';
import { postgresDriver } from './postgres';
import { singleStatement } from './statement';
import { resolveTarget } from './target';

const DRIVERS: Record<ConnectionSpec['kind'], Driver> = { postgres: postgresDriver, mariadb: mariadbDriver };

export interface QueryOptions {
  /** Rows at most (default and most RATCHET_LIMITS.rowCap). */
  limit?: number;
  /** The statement timeout (default RATCHET_LIMITS.timeoutMs; tests give less). */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Values bound to the statement's parameters (bindSearch in statement.ts makes them). */
  params?: unknown[];
  /** Stops the statement on the server (a cancel, a client gone). */
  signal?: AbortSignal;
  /** The columns, once, before any row (streaming callers). */
  onColumns?: (columns: RatchetColumn[]) => void;
  /** Rows in batches, awaited; without it the rows are gathered into the result. */
  onRows?: (rows: unknown[][]) => Promise<void>;
}

export interface QueryResult {
  columns: RatchetColumn[];
  /** Gathered rows (empty when onRows took them). */
  rows: unknown[][];
  rowCount: number;
  /** More rows than the limit: the answer stopped there. */
  capped: boolean;
  command: string;
  ms: number;
}

/** A stored connection as the drivers take it: its password opened (422 ratchetPasswordUnreadable when no key of this server opens it). */
export function connectionSpec(row: RatchetConnectionRow): ConnectionSpec {
  let password: string | null;
  try {
    password = row.password === null ? null : open(row.password, 'ratchet-password');
  } catch (error) {
    if (error instanceof SecretNotOpened) throw new RatchetError(RATCHET_MESSAGE.passwordUnreadable);
    throw error;
  }
  return { kind: row.kind, host: row.host, port: row.port, database: row.database, user: row.user, password, tls: row.tls };
}

/** Connects and signs in: the server's version, or a RatchetError saying why not. */
export async function testConnection(spec: ConnectionSpec, connectTimeoutMs: number = RATCHET_LIMITS.connectTimeoutMs): Promise<string> {
  const target = await resolveTarget(spec.host);
  return DRIVERS[spec.kind].test(spec, target, connectTimeoutMs);
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined) return RATCHET_LIMITS.rowCap;
  return Math.max(1, Math.min(RATCHET_LIMITS.rowCap, Math.floor(limit)));
}

/** One statement, read-only, capped and stopped on time (see the file's head). */
export async function runReadOnlyQuery(connection: RatchetConnectionRow | ConnectionSpec, sql: string, options: QueryOptions = {}): Promise<QueryResult> {
  const spec = 'project_uuid' in connection ? connectionSpec(connection) : connection;
  const statement = singleStatement(sql, spec.kind);
  const timeoutMs = Math.max(1, Math.min(options.timeoutMs ?? RATCHET_LIMITS.timeoutMs, RATCHET_LIMITS.timeoutMs));
  const started = performance.now();
  // The target is resolved and vetted at every connect (DNS rebinding reaches nothing new).
  const target = await resolveTarget(spec.host);
  const stop = new AbortController();
  const onAbort = () => stop.abort('cancelled');
  if (options.signal?.aborted) throw new RatchetError(RATCHET_MESSAGE.cancelled);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // The database's own timeout stops the statement; this one stops it should the database not (MySQL's
  // max_execution_time is for SELECT only) and bounds connecting too.
  const timer = setTimeout(() => stop.abort('timeout'), timeoutMs + 1_000);
  let columns: RatchetColumn[] = [];
  const rows: unknown[][] = [];
  try {
    const outcome = await DRIVERS[spec.kind].run({
      spec,
      target,
      statement,
      params: options.params,
      limit: clampLimit(options.limit),
      timeoutMs,
      connectTimeoutMs: Math.min(options.connectTimeoutMs ?? RATCHET_LIMITS.connectTimeoutMs, timeoutMs + 1_000),
      signal: stop.signal,
      columns: (given) => {
        columns = given;
        options.onColumns?.(given);
      },
      rows: async (batch) => {
        if (stop.signal.aborted) throw new RatchetError(stop.signal.reason === 'timeout' ? RATCHET_MESSAGE.timeout : RATCHET_MESSAGE.cancelled);
        if (options.onRows) await options.onRows(batch);
        else rows.push(...batch);
      },
    });
    return { columns, rows, rowCount: outcome.rowCount, capped: outcome.capped, command: outcome.command, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
