// The SQL of ratchet connections (migration 0030_ratchet). The password column holds the sealed value.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RatchetConnectionRow } from '../db/schema-ratchet';
import { nowDate } from '../platform/clock';

type Db = Kysely<Database>;

export interface ConnectionColumns {
  name: string;
  kind: RatchetConnectionRow['kind'];
  host: string;
  port: number;
  database: string;
  user: string;
  /** Sealed; undefined keeps the stored one on a change. */
  password?: string | null;
  tls: boolean;
}

export async function listConnections(db: Db, projectUuid: string): Promise<RatchetConnectionRow[]> {
  return db.selectFrom('ratchet_connections').selectAll().where('project_uuid', '=', projectUuid).orderBy('name').orderBy('uuid').execute();
}

export async function countConnections(db: Db, projectUuid: string): Promise<number> {
  const row = await db.selectFrom('ratchet_connections').select((eb) => eb.fn.countAll<string>().as('n')).where('project_uuid', '=', projectUuid).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findConnection(db: Db, projectUuid: string, uuid: string): Promise<RatchetConnectionRow | undefined> {
  return db.selectFrom('ratchet_connections').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
}

/** Whether another connection of the project has this name (case-insensitive). */
export async function nameTaken(db: Db, projectUuid: string, name: string, except: string | null): Promise<boolean> {
  let query = db
    .selectFrom('ratchet_connections')
    .select('uuid')
    .where('project_uuid', '=', projectUuid)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (except) query = query.where('uuid', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertConnection(db: Db, row: ConnectionColumns & { uuid: string; project_uuid: string; created_by: string | null }): Promise<RatchetConnectionRow> {
  return db
    .insertInto('ratchet_connections')
    .values({ ...row, password: row.password ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateConnection(db: Db, projectUuid: string, uuid: string, columns: ConnectionColumns): Promise<RatchetConnectionRow | undefined> {
  const { password, ...rest } = columns;
  return db
    .updateTable('ratchet_connections')
    .set({ ...rest, ...(password === undefined ? {} : { password }), updated_at: nowDate() })
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConnection(db: Db, projectUuid: string, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('ratchet_connections').where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
