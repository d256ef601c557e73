// The PostgreSQL driver of ratchet (docs/ratchet.md), through `pg`. A statement runs in
// `BEGIN READ ONLY` with `SET LOCAL statement_timeout`; a query (SELECT, WITH, VALUES, TABLE) is read
// through a cursor in batches, so at most the cap and one row more are ever fetched; any other
// statement runs as it is (the read-only transaction refuses a write). The extended query protocol
// refuses a second statement. A cancel is `pg_cancel_backend` from a second connection. Values come
// as PostgreSQL's text (no parsing: the console shows what the database says).
import pg from 'pg';
import { RATCHET_MESSAGE, type RatchetColumn } from '../../../runtime/api/ratchet';
import { BATCH, detailOf, networkOrTls, RatchetError, type ConnectionSpec, type Driver, type DriverRun } from './driver';
import { firstKeyword } from './statement';
import type { Target } from './target';

const asText = { getTypeParser: () => (value: string) => value };

/** `queryMode: 'extended'` (pg 8.23; not in @types/pg): the extended protocol, which refuses a second statement. */
type Extended = pg.QueryConfig & { queryMode: 'extended' };
type ExtendedArray = pg.QueryArrayConfig & { queryMode: 'extended' };

function clientFor(spec: ConnectionSpec, target: Target, connectTimeoutMs: number): pg.Client {
  const client = new pg.Client({
    host: target.address,
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password: spec.password ?? '',
    ssl: spec.tls ? { servername: target.servername } : false,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'luma-ratchet',
    types: asText,
  });
  // A connection lost between queries: the running query rejects with it; nothing else listens.
  client.on('error', () => undefined);
  return client;
}

/** The message key of a sign-in failure (SQLSTATE 28P01, 28000 or 3D000) or of a network or TLS failure. */
function connectError(error: unknown, password: string | null): RatchetError {
  const code = (error as { code?: string }).code;
  if (code === '28P01' || code === '28000') return new RatchetError(RATCHET_MESSAGE.wrongPassword, detailOf(error, password));
  if (code === '3D000') return new RatchetError(RATCHET_MESSAGE.unknownDatabase, detailOf(error, password));
  return new RatchetError(networkOrTls(error) ?? RATCHET_MESSAGE.unreachable, detailOf(error, password));
}

async function connected(spec: ConnectionSpec, target: Target, connectTimeoutMs: number): Promise<pg.Client> {
  const client = clientFor(spec, target, connectTimeoutMs);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw connectError(error, spec.password);
  }
  return client;
}

/** The type names of the result's columns, read from pg_type in the same transaction. */
async function columnsOf(client: pg.Client, fields: pg.FieldDef[]): Promise<RatchetColumn[]> {
  const oids = [...new Set(fields.map((field) => field.dataTypeID))];
  const names = new Map<number, string>();
  if (oids.length > 0) {
    const found = await client.query<{ oid: string; name: string }>({ text: 'select oid::text as oid, format_type(oid, null) as name from pg_type where oid = any($1::oid[])', values: [oids] });
    for (const row of found.rows) names.set(Number(row.oid), row.name);
  }
  return fields.map((field) => ({ name: field.name, type: names.get(field.dataTypeID) ?? '' }));
}

function statementError(error: unknown, run: DriverRun, reason: () => string | null): RatchetError {
  const { code, message } = error as { code?: string; message?: string };
  const detail = detailOf(error, run.spec.password);
  if (code === '57014') return new RatchetError(reason() ?? RATCHET_MESSAGE.timeout, detail);
  if (code === '25006' || /data-modifying statements/.test(message ?? '')) return new RatchetError(RATCHET_MESSAGE.readOnly, detail);
  const network = code ? null : networkOrTls(error);
  if (reason()) return new RatchetError(reason()!, detail);
  return new RatchetError(network ?? RATCHET_MESSAGE.queryFailed, detail);
}

/** Stops the backend's running statement from a second connection (best effort: it may have ended). */
async function cancelBackend(spec: ConnectionSpec, target: Target, pid: number): Promise<void> {
  const side = clientFor(spec, target, 5_000);
  try {
    await side.connect();
    await side.query({ text: 'select pg_cancel_backend($1)', values: [pid] });
  } catch {
    // The statement ends anyway when the connection closes.
  } finally {
    await side.end().catch(() => undefined);
  }
}

async function readCursor(client: pg.Client, run: DriverRun): Promise<{ rowCount: number; capped: boolean }> {
  await client.query({ text: `declare luma_ratchet no scroll cursor for ${run.statement}`, values: run.params ?? [], queryMode: 'extended' } as Extended);
  let rowCount = 0;
  let described = false;
  for (;;) {
    const want = Math.min(BATCH, run.limit + 1 - rowCount);
    const batch = await client.query<unknown[]>({ text: `fetch forward ${want} from luma_ratchet`, rowMode: 'array' });
    if (!described) {
      run.columns(await columnsOf(client, batch.fields));
      described = true;
    }
    const rows = batch.rows.slice(0, run.limit - rowCount);
    if (rows.length > 0) await run.rows(rows);
    rowCount += rows.length;
    if (batch.rows.length > rows.length) return { rowCount, capped: true };
    if (batch.rows.length < want) return { rowCount, capped: false };
  }
}

async function runPlain(client: pg.Client, run: DriverRun): Promise<{ rowCount: number; capped: boolean; command: string }> {
  const result = await client.query<unknown[]>({ text: run.statement, values: run.params ?? [], rowMode: 'array', queryMode: 'extended' } as ExtendedArray);
  run.columns(result.fields ? await columnsOf(client, result.fields) : []);
  const rows = (result.rows ?? []).slice(0, run.limit);
  for (let at = 0; at < rows.length; at += BATCH) await run.rows(rows.slice(at, at + BATCH));
  return { rowCount: rows.length, capped: (result.rows ?? []).length > run.limit, command: result.command ?? '' };
}

const CURSOR_KEYWORDS = new Set(['select', 'with', 'values', 'table']);

export const postgresDriver: Driver = {
  async test(spec, target, connectTimeoutMs) {
    const client = await connected(spec, target, connectTimeoutMs);
    try {
      const result = await client.query<{ version: string }>("select current_setting('server_version') as version");
      return `PostgreSQL ${result.rows[0]?.version ?? ''}`.trim();
    } finally {
      await client.end().catch(() => undefined);
    }
  },

  async run(run) {
    const client = await connected(run.spec, run.target, run.connectTimeoutMs);
    let reason: string | null = null;
    const pid = (client as unknown as { processID: number }).processID;
    const cancel = () => {
      reason = run.signal.reason === 'timeout' ? RATCHET_MESSAGE.timeout : RATCHET_MESSAGE.cancelled;
      void cancelBackend(run.spec, run.target, pid);
    };
    try {
      await client.query('begin read only');
      await client.query(`set local statement_timeout = ${Math.max(1, Math.floor(run.timeoutMs))}`);
      if (run.signal.aborted) cancel();
      else run.signal.addEventListener('abort', cancel, { once: true });
      if (CURSOR_KEYWORDS.has(firstKeyword(run.statement, 'postgres'))) {
        return { ...(await readCursor(client, run)), command: 'SELECT' };
      }
      return await runPlain(client, run);
    } catch (error) {
      if (error instanceof RatchetError) throw error;
      throw statementError(error, run, () => reason);
    } finally {
      run.signal.removeEventListener('abort', cancel);
      await client.query('rollback').catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  },
};
