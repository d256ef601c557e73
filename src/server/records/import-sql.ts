// The import's batched writes (docs/lists.md "Import"), inside the import's transaction: per batch,
// the new records in one COPY ... FROM STDIN on PostgreSQL (no statement to parse and no parameter to
// bind per row) or one INSERT ... SELECT FROM jsonb_array_elements(one JSON array) on PGlite (its query
// API has no COPY FROM STDIN), and one UPDATE ... FROM (VALUES ...) for the matched ones (the
// constants bound once per statement, three parameters per row).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { isEmbedded } from '../db/dialect-pglite';
import { partitionName, partitionTable } from './partitions-sql';
import type { RecordScope } from './sql';
import { uuidv7 } from '../db/uuid7';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import { embeddedJson, IMPORT_BATCH_ROWS } from './import-rows';

type Db = Kysely<Database>;

export { IMPORT_BATCH_ROWS };

/** The new records of a batch, made ready to send before the previous batch's write is done (buildRecordBatch). */
export interface RecordBatch {
  count: number;
  /** PGlite: the INSERT's one parameter, a JSON array of [uuid (v7), data] pairs. */
  json?: string;
  /** PostgreSQL: the COPY text of the rows, in chunks sent one after another. */
  copy?: Buffer[];
}

/** Rows per chunk of COPY text built between two turns of the event loop (buildRecordBatchSliced). */
const COPY_CHUNK_ROWS = 500;

/**
 * The new records of a batch in one INSERT (PGlite), into the component's partition: the batch is
 * one parameter, a JSON array of [uuid (v7), data] pairs, read back in order, so `seq` numbers the rows in the file's order.
 */
async function insertRecordBatchEmbedded(db: Db, scope: RecordScope, userUuid: string, json: string, at: Date): Promise<number> {
  const result = await sql`
    insert into ${partitionTable(scope.componentUuid)} (uuid, project_uuid, component_uuid, env, data, created_by, updated_by, created_at, updated_at)
    select (e.row ->> 0)::uuid, ${scope.projectUuid}::uuid, ${scope.componentUuid}::uuid, ${scope.env}, e.row -> 1, ${userUuid}::uuid, ${userUuid}::uuid, ${at}, ${at}
    from jsonb_array_elements(${json}::jsonb) with ordinality as e(row, n)
    order by e.n`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * COPY ... FROM STDIN as a pg submittable: pg hands it the connection once the server asks for the
 * data, and it sends the whole payload (one batch, already in memory) at once. Awaitable: it settles
 * when the server is ready for the next query, with the server's error if COPY failed.
 */
export class CopyIn implements PromiseLike<number> {
  private settle!: (error?: Error) => void;
  private readonly finished = new Promise<void>((resolve, reject) => (this.settle = (error) => (error ? reject(error) : resolve())));
  private error: Error | undefined;
  /** Rows the server reported copied. */
  private copied = 0;
  private readonly chunks: Buffer[];
  constructor(
    readonly text: string,
    payload: Buffer | Buffer[],
  ) {
    this.chunks = Array.isArray(payload) ? payload : [payload];
  }
  then<A = number, B = never>(onCopied?: ((rows: number) => A | PromiseLike<A>) | null, onError?: ((error: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return this.finished.then(() => this.copied).then(onCopied, onError);
  }
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    const size = 256 * 1024;
    for (const chunk of this.chunks) {
      for (let offset = 0; offset < chunk.length; offset += size) connection.sendCopyFromChunk(chunk.subarray(offset, offset + size));
    }
    connection.endCopyFrom();
  }
  handleCommandComplete(message: { text?: string }): void {
    this.copied = Number(/^COPY (\d+)/.exec(message.text ?? '')?.[1] ?? 0);
  }
  /**
   * pg drops its active query on an ErrorResponse and does not hand it the ReadyForQuery after it,
   * so a refused COPY (a value jsonb refuses, a unique index) settles here, or it never would.
   */
  handleError(error: Error): void {
    this.error = error;
    this.settle(error);
  }
  handleReadyForQuery(): void {
    this.settle(this.error);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * A value in COPY's text format: backslash, tab, newline and carriage return escaped. JSON text never
 * holds the last three raw (JSON.stringify escapes them), so for it only backslashes are doubled.
 */
export const copyText = (text: string) => (/[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text);
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** JSON text in COPY's text format: it holds no raw tab, newline or carriage return, so only backslashes are doubled. */
const copyJson = (json: string) => (json.includes('\\') ? json.replaceAll('\\', '\\\\') : json);

/**
 * A batch's COPY text: one line per record, tab-separated, in the file's order. Each value is
 * escaped for COPY's text format (copyText): JSON text holds no raw tab, newline or carriage
 * return (JSON.stringify escapes them), so only its backslashes are doubled. Each line is written
 * into one buffer as it is made: a string of the whole batch, joined by `+=`, cost more to flatten
 * and encode in Buffer.from than all the rows' write checks took.
 */
function copyPayload(scope: RecordScope, userUuid: string, rows: Record<string, unknown>[], at: Date, from = 0, to = rows.length): Buffer {
  const stamp = at.toISOString();
  const prefix = `\t${scope.projectUuid}\t${scope.componentUuid}\t${copyText(scope.env)}\t`;
  const suffix = `\t${userUuid}\t${userUuid}\t${stamp}\t${stamp}\n`;
  let buffer = Buffer.alloc(0);
  let length = 0;
  for (let index = from; index < to; index += 1) {
    const data = rows[index]!;
    const line = uuidv7() + prefix + copyJson(toJson(data)) + suffix;
    // Sized by the first line (rows of a file are alike): usually the only allocation of the batch.
    if (buffer.length === 0) buffer = Buffer.allocUnsafe((to - from) * (line.length + 32) + line.length * 3);
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    const most = length + line.length * 3;
    if (most > buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, most));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    length += buffer.write(line, length);
  }
  return buffer.subarray(0, length);
}

/**
 * The new records of a batch through COPY (PostgreSQL) into the component's partition, on the
 * transaction's own connection: the submittable goes to pg's client.query as the statement text,
 * which Kysely passes through. COPY reads the rows in the file's order, so `seq` numbers them so.
 */
async function copyRecordBatch(db: Db, scope: RecordScope, payload: Buffer[]): Promise<number> {
  const copy = new CopyIn(
    `copy ${partitionName(scope.componentUuid)} (uuid, project_uuid, component_uuid, env, data, created_by, updated_by, created_at, updated_at) from stdin`,
    payload,
  );
  await db.executeQuery(CompiledQuery.raw(copy as unknown as string));
  return await copy;
}

/**
 * The new records of a batch ready to send (ids given, text built): done while the previous batch
 * is still being written, so the database waits for nothing between two batches.
 */
export function buildRecordBatch(db: Db, scope: RecordScope, userUuid: string, rows: Record<string, unknown>[], at: Date): RecordBatch {
  if (rows.length === 0) return { count: 0 };
  return isEmbedded(db) ? { count: rows.length, json: embeddedJson(rows) } : { count: rows.length, copy: [copyPayload(scope, userUuid, rows, at)] };
}

/**
 * buildRecordBatch for the import, whose build runs while the previous batch's COPY is being sent:
 * on PostgreSQL the text is built COPY_CHUNK_ROWS at a time with a turn of the event loop between,
 * so pg can go on handing the socket the COPY in flight (what the kernel's buffer did not take waits
 * for the loop; a 5,000-row build in one go held it for 15 to 35 ms). PGlite runs on this thread
 * anyway: its parameter is built at once.
 */
export async function buildRecordBatchSliced(db: Db, scope: RecordScope, userUuid: string, rows: Record<string, unknown>[], at: Date): Promise<RecordBatch> {
  if (rows.length === 0 || isEmbedded(db)) return buildRecordBatch(db, scope, userUuid, rows, at);
  const copy: Buffer[] = [];
  for (let from = 0; from < rows.length; from += COPY_CHUNK_ROWS) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    copy.push(copyPayload(scope, userUuid, rows, at, from, Math.min(rows.length, from + COPY_CHUNK_ROWS)));
  }
  return { count: rows.length, copy };
}

/** Writes a built batch, all created `at`: COPY on PostgreSQL, one INSERT on PGlite. Answers the rows written. */
export async function writeRecordBatch(db: Db, scope: RecordScope, userUuid: string, batch: RecordBatch, at: Date): Promise<number> {
  if (batch.count === 0) return 0;
  return batch.copy ? copyRecordBatch(db, scope, batch.copy) : insertRecordBatchEmbedded(db, scope, userUuid, batch.json!, at);
}

/** The new records of a batch, in file order, all created `at`: COPY on PostgreSQL, one INSERT on PGlite. */
export async function insertRecordBatch(db: Db, scope: RecordScope, userUuid: string, rows: Record<string, unknown>[], at: Date): Promise<number> {
  return writeRecordBatch(db, scope, userUuid, buildRecordBatch(db, scope, userUuid, rows, at), at);
}

export interface RecordUpdate {
  uuid: string;
  /** The version read; a row changed since is not updated (counted as missing). */
  version: number;
  data: Record<string, unknown>;
}

/** Updates matched records (version + 1); answers how many rows changed. */
export async function updateRecordBatch(db: Db, scope: RecordScope, userUuid: string, rows: RecordUpdate[]): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(rows.map((row) => sql`(${row.uuid}::uuid, ${row.version}::integer, ${toJson(row.data)}::jsonb)`));
  const result = await sql`
    update records as r
    set data = v.data, version = r.version + 1, updated_by = ${userUuid}::uuid, updated_at = clock_timestamp()
    from (values ${values}) as v(uuid, version, data)
    where r.uuid = v.uuid and r.version = v.version
      and r.project_uuid = ${scope.projectUuid}::uuid and r.component_uuid = ${scope.componentUuid}::uuid
      and r.env = ${scope.env} and r.deleted_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Live records whose `key` (data->>key) is one of `texts`: uuid and that text. */
export async function takenValues(db: Db, scope: RecordScope, key: string, texts: string[]): Promise<{ uuid: string; value: string }[]> {
  if (texts.length === 0) return [];
  const result = await sql<{ uuid: string; value: string }>`
    select uuid, data ->> ${key} as value from records
    where project_uuid = ${scope.projectUuid}::uuid and component_uuid = ${scope.componentUuid}::uuid and env = ${scope.env}
      and deleted_at is null and data ->> ${key} in (${sql.join(texts)})`.execute(db);
  return result.rows;
}
