// The MariaDB and MySQL driver of ratchet (docs/ratchet.md), through `mysql2`. The session is made
// read-only (`SET SESSION TRANSACTION READ ONLY`, which holds for DDL's implicit commits too), the
// statement time capped (MariaDB's max_statement_time, else MySQL's max_execution_time) and the
// statement run in `START TRANSACTION READ ONLY`. Rows stream: the connection pauses while a batch is
// written, and at the cap (one row more seen) or a cancel the statement is stopped with `KILL QUERY`
// from a second connection. Several statements are refused by the protocol (multipleStatements off),
// and LOAD DATA LOCAL cannot read this server's files (LOCAL_FILES off, no stream factory).
import { createConnection } from 'node:net';
import mysql from 'mysql2';
import type { Connection, FieldPacket } from 'mysql2';
import { RATCHET_MESSAGE, type RatchetColumn } from '../../../runtime/api/ratchet';
import { BATCH, detailOf, networkOrTls, RatchetError, type ConnectionSpec, type Driver, type DriverOutcome, type DriverRun } from './driver';
import type { Target } from './target';

const TYPE_NAMES = new Map<number, string>(Object.entries(mysql.Types as unknown as Record<string, number>).map(([name, id]) => [id, name.toLowerCase()]));

function open(spec: ConnectionSpec, target: Target, connectTimeoutMs: number): Connection {
  return mysql.createConnection({
    // The socket goes to the vetted address; the name stays the host so that TLS checks the certificate against it.
    host: target.servername,
    port: spec.port,
    stream: () => createConnection({ host: target.address, port: spec.port }),
    database: spec.database,
    user: spec.user,
    password: spec.password ?? '',
    ssl: spec.tls ? { rejectUnauthorized: true, verifyIdentity: true } : undefined,
    connectTimeout: connectTimeoutMs,
    multipleStatements: false,
    flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
    rowsAsArray: true,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
  });
}

function connectError(error: unknown, password: string | null): RatchetError {
  const { errno } = error as { errno?: number };
  const detail = detailOf(error, password);
  // ER_ACCESS_DENIED_ERROR, ER_ACCESS_DENIED_NO_PASSWORD_ERROR
  if (errno === 1045 || errno === 1698) return new RatchetError(RATCHET_MESSAGE.wrongPassword, detail);
  // ER_BAD_DB_ERROR, ER_DBACCESS_DENIED_ERROR
  if (errno === 1049 || errno === 1044) return new RatchetError(RATCHET_MESSAGE.unknownDatabase, detail);
  return new RatchetError(networkOrTls(error) ?? RATCHET_MESSAGE.unreachable, detail);
}

async function connected(spec: ConnectionSpec, target: Target, connectTimeoutMs: number): Promise<Connection> {
  const connection = open(spec, target, connectTimeoutMs);
  connection.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(connectError(error, spec.password)) : resolve()))).catch((error: unknown) => {
    connection.destroy();
    throw error;
  });
  return connection;
}

function query(connection: Connection, sql: string): Promise<unknown> {
  return new Promise((resolve, reject) => connection.query(sql, (error, result) => (error ? reject(error) : resolve(result))));
}

/** Stops the connection's running statement from a second connection (best effort). */
async function killQuery(spec: ConnectionSpec, target: Target, threadId: number): Promise<void> {
  const side = open(spec, target, 5_000);
  side.on('error', () => undefined);
  await query(side, `KILL QUERY ${Math.floor(threadId)}`).catch(() => undefined);
  side.destroy();
}

/** Read-only session, transaction and statement time. */
async function prepare(connection: Connection, timeoutMs: number): Promise<void> {
  await query(connection, 'SET SESSION TRANSACTION READ ONLY');
  const seconds = Math.max(0.001, timeoutMs / 1000).toFixed(3);
  await query(connection, `SET SESSION max_statement_time = ${seconds}`).catch(() => query(connection, `SET SESSION max_execution_time = ${Math.max(1, Math.floor(timeoutMs))}`));
  await query(connection, 'START TRANSACTION READ ONLY');
}

function statementError(error: unknown, run: DriverRun, reason: string | null): RatchetError {
  const { errno } = error as { errno?: number };
  const detail = detailOf(error, run.spec.password);
  if (reason) return new RatchetError(reason, detail);
  // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  if (errno === 1792) return new RatchetError(RATCHET_MESSAGE.readOnly, detail);
  // ER_STATEMENT_TIMEOUT (MariaDB), ER_QUERY_TIMEOUT (MySQL), ER_QUERY_INTERRUPTED
  if (errno === 1969 || errno === 3024 || errno === 1317) return new RatchetError(RATCHET_MESSAGE.timeout, detail);
  return new RatchetError((errno ? null : networkOrTls(error)) ?? RATCHET_MESSAGE.queryFailed, detail);
}

const cell = (value: unknown) => (Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value);

/** Streams one statement's rows; resolves at its end, at the cap, or rejects with its error. */
function stream(connection: Connection, run: DriverRun, stop: () => void): Promise<DriverOutcome> {
  return new Promise((resolve, reject) => {
    let rowCount = 0;
    let batch: unknown[][] = [];
    let described = false;
    let done = false;
    let writing: Promise<void> = Promise.resolve();
    const describe = (fields: FieldPacket[]) => {
      if (described) return;
      described = true;
      run.columns(fields.map((field) => ({ name: field.name, type: TYPE_NAMES.get(field.columnType ?? field.type ?? -1) ?? '' }) satisfies RatchetColumn));
    };
    const flush = () => {
      const rows = batch;
      batch = [];
      if (rows.length === 0) return;
      connection.pause();
      writing = writing.then(() => run.rows(rows)).then(() => connection.resume());
      // The rows could not be handed on (the caller went away): the statement is stopped by the cancel.
      writing.catch((error: unknown) => {
        if (done) return;
        done = true;
        reject(error);
      });
    };
    const finish = (outcome: DriverOutcome) => {
      if (done) return;
      done = true;
      flush();
      writing.then(() => resolve(outcome), reject);
    };
    // With parameters, a server-side prepared statement: the values are bound, never put into the text.
    const running = run.params && run.params.length > 0 ? connection.execute(run.statement, run.params as (string | number | null)[]) : connection.query(run.statement);
    running.on('fields', describe);
    running.on('result', (row: unknown) => {
      if (done) return;
      if (!Array.isArray(row)) {
        // An OK packet: a statement without rows.
        describe([]);
        return finish({ rowCount: 0, capped: false, command: 'OK' });
      }
      if (rowCount >= run.limit) {
        stop();
        return finish({ rowCount, capped: true, command: 'SELECT' });
      }
      rowCount += 1;
      batch.push(row.map(cell));
      if (batch.length >= BATCH) flush();
    });
    running.on('error', (error: unknown) => {
      if (done) return;
      done = true;
      reject(error);
    });
    running.on('end', () => {
      // After an error (which comes first) there is nothing to describe.
      if (done) return;
      describe([]);
      finish({ rowCount, capped: false, command: 'SELECT' });
    });
  });
}

export const mariadbDriver: Driver = {
  async test(spec, target, connectTimeoutMs) {
    const connection = await connected(spec, target, connectTimeoutMs);
    try {
      const rows = (await query(connection, 'SELECT VERSION()')) as unknown[][];
      const version = String(rows[0]?.[0] ?? '');
      return `${/mariadb/i.test(version) ? 'MariaDB' : 'MySQL'} ${version}`.trim();
    } finally {
      connection.destroy();
    }
  },

  async run(run) {
    const connection = await connected(run.spec, run.target, run.connectTimeoutMs);
    let reason: string | null = null;
    const kill = () => void killQuery(run.spec, run.target, connection.threadId);
    const cancel = () => {
      reason = run.signal.reason === 'timeout' ? RATCHET_MESSAGE.timeout : RATCHET_MESSAGE.cancelled;
      kill();
    };
    try {
      await prepare(connection, run.timeoutMs);
      if (run.signal.aborted) cancel();
      else run.signal.addEventListener('abort', cancel, { once: true });
      return await stream(connection, run, kill);
    } catch (error) {
      if (error instanceof RatchetError) throw error;
      throw statementError(error, run, reason);
    } finally {
      run.signal.removeEventListener('abort', cancel);
      // Never back to a pool: the session's settings and any stopped statement go with it.
      connection.destroy();
    }
  },
};
