// The import's batched writes (docs/lists.md "Import"): one multi-row INSERT ... SELECT FROM
// (VALUES ...) for the new records and one UPDATE ... FROM (VALUES ...) for the matched ones per
// batch, inside the import's transaction. The constants (project, component, env, user) are bound
// once per statement, so a row costs one parameter (insert) or three (update).
import { sql, type Kysely } from 'kysely';
import type { RecordScope } from '../db/queries/records';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Rows per statement: far below PostgreSQL's 65535 bound parameters (3 per update row). */
export const IMPORT_BATCH_ROWS = 5000;

export async function insertRecordBatch(db: Db, scope: RecordScope, userUuid: string, rows: Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0) return 0;
  // clock_timestamp(): the rows keep the file's order on created_at.
  const result = await sql`
    insert into records (project_uuid, component_uuid, env, data, created_by, updated_by, created_at, updated_at)
    select ${scope.projectUuid}::uuid, ${scope.componentUuid}::uuid, ${scope.env}, v.data, ${userUuid}::uuid, ${userUuid}::uuid, clock_timestamp(), clock_timestamp()
    from (values ${sql.join(rows.map((data) => sql`(${toJson(data)}::jsonb)`))}) as v(data)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
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
