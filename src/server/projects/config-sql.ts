// SQL for config entries: project-level (user_uuid null) and per-user, unique by path.
import { sql, type Kysely } from 'kysely';
import { clockNow } from '../db/now';
import { toJson } from '../db/json';
import type { ConfigRow, Database } from '../db/schema';

type Db = Kysely<Database>;

export function findProjectConfig(db: Db, projectUuid: string, path: string): Promise<ConfigRow | undefined> {
  return db
    .selectFrom('config')
    .selectAll()
    .where('project_uuid', '=', projectUuid)
    .where('user_uuid', 'is', null)
    .where('path', '=', path)
    .executeTakeFirst();
}

export function listProjectConfig(db: Db, projectUuid: string): Promise<ConfigRow[]> {
  return db.selectFrom('config').selectAll().where('project_uuid', '=', projectUuid).where('user_uuid', 'is', null).orderBy('path').execute();
}

export function listUserConfig(db: Db, projectUuid: string, userUuid: string, path?: string): Promise<ConfigRow[]> {
  let query = db.selectFrom('config').selectAll().where('project_uuid', '=', projectUuid).where('user_uuid', '=', userUuid);
  if (path !== undefined) query = query.where('path', '=', path);
  return query.orderBy('path').execute();
}

export function upsertUserConfig(db: Db, projectUuid: string, userUuid: string, path: string, data: unknown): Promise<ConfigRow> {
  return db
    .insertInto('config')
    .values({ uuid: crypto.randomUUID(), project_uuid: projectUuid, user_uuid: userUuid, path, data: toJson(data) })
    .onConflict((oc) =>
      oc
        .columns(['project_uuid', 'user_uuid', 'path'])
        .where('user_uuid', 'is not', null)
        .doUpdateSet({ data: (eb) => eb.ref('excluded.data'), updated_at: clockNow() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertProjectConfig(db: Db, projectUuid: string, path: string, data: unknown): Promise<void> {
  await db.insertInto('config').values({ uuid: crypto.randomUUID(), project_uuid: projectUuid, user_uuid: null, path, data: toJson(data) }).execute();
}

/** Writes a project-level entry (user_uuid null), remembering who wrote it. */
export function upsertProjectConfig(db: Db, projectUuid: string, path: string, data: unknown, writer: string): Promise<ConfigRow> {
  return db
    .insertInto('config')
    .values({ uuid: crypto.randomUUID(), project_uuid: projectUuid, user_uuid: null, path, data: toJson(data), updated_by: writer })
    .onConflict((oc) =>
      oc
        .columns(['project_uuid', 'path'])
        .where('user_uuid', 'is', null)
        .doUpdateSet({ data: (eb) => eb.ref('excluded.data'), updated_by: writer, updated_at: clockNow() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
