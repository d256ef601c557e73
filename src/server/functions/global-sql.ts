// SQL for global functions, their signing keys, and the API user a function runs as.
import { sql, type Kysely } from 'kysely';
import { clockNow } from '../db/now';
import type { Database, UserRow } from '../db/schema';
import type { GlobalFunctionKeyRow, GlobalFunctionRow } from '../db/schema-usercode';
import type { PrincipalRole } from '../auth/caller-sql';

type Db = Kysely<Database>;

export type GlobalFunctionWrite = Partial<Pick<GlobalFunctionRow, 'name' | 'description' | 'code' | 'public' | 'signed' | 'api_user_uuid'>>;

export async function listGlobalFunctions(db: Db, projectUuid: string): Promise<GlobalFunctionRow[]> {
  return db.selectFrom('global_functions').selectAll().where('project_uuid', '=', projectUuid).orderBy('name').execute();
}

export async function findGlobalFunction(db: Db, projectUuid: string, uuid: string): Promise<GlobalFunctionRow | undefined> {
  return db.selectFrom('global_functions').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
}

export async function findGlobalFunctionByName(db: Db, projectUuid: string, name: string): Promise<GlobalFunctionRow | undefined> {
  return db.selectFrom('global_functions').selectAll().where('project_uuid', '=', projectUuid).where('name', '=', name).executeTakeFirst();
}

export async function insertGlobalFunction(db: Db, row: GlobalFunctionWrite & { uuid: string; project_uuid: string; name: string; created_by: string }): Promise<GlobalFunctionRow> {
  return db
    .insertInto('global_functions')
    .values({ ...row, created_at: clockNow(), updated_at: clockNow() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateGlobalFunction(db: Db, projectUuid: string, uuid: string, set: GlobalFunctionWrite): Promise<GlobalFunctionRow | undefined> {
  return db
    .updateTable('global_functions')
    .set({ ...set, updated_at: clockNow() })
    .where('project_uuid', '=', projectUuid)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGlobalFunction(db: Db, projectUuid: string, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('global_functions').where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function keysOf(db: Db, functionUuids: string[]): Promise<GlobalFunctionKeyRow[]> {
  if (functionUuids.length === 0) return [];
  return db.selectFrom('global_function_keys').selectAll().where('function_uuid', 'in', functionUuids).orderBy('created_at').orderBy('uuid').execute();
}

export async function insertKey(db: Db, row: { uuid: string; function_uuid: string; secret: string; hint: string }): Promise<GlobalFunctionKeyRow> {
  return db.insertInto('global_function_keys').values({ ...row, created_at: clockNow() }).returningAll().executeTakeFirstOrThrow();
}

export async function deleteKey(db: Db, functionUuid: string, keyUuid: string): Promise<boolean> {
  const result = await db.deleteFrom('global_function_keys').where('function_uuid', '=', functionUuid).where('uuid', '=', keyUuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchKey(db: Db, keyUuid: string): Promise<void> {
  await db.updateTable('global_function_keys').set({ last_used_at: clockNow() }).where('uuid', '=', keyUuid).execute();
}

/** Names of the project's API users, by uuid (for the list). */
export async function apiUserNames(db: Db, projectUuid: string, uuids: string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('project_users as pu', 'pu.user_uuid', 'u.uuid')
    .select(['u.uuid', 'u.name'])
    .where('pu.project_uuid', '=', projectUuid)
    .where('u.kind', '=', 'api')
    .where('u.uuid', 'in', uuids)
    .execute();
  return new Map(rows.map((row) => [row.uuid, row.name]));
}

/**
 * The API user as a principal of the project: its row, the project's first workspace, and its roles
 * there; undefined when it is not an active API user with an active membership of the project.
 */
export async function apiUserPrincipal(
  db: Db,
  projectUuid: string,
  userUuid: string,
): Promise<{ user: UserRow; workspace_uuid: string | null; roles: PrincipalRole[] } | undefined> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('project_users as pu', 'pu.user_uuid', 'u.uuid')
    .selectAll('u')
    .where('u.uuid', '=', userUuid)
    .where('u.kind', '=', 'api')
    .where('u.status', '=', 'active')
    .where('pu.project_uuid', '=', projectUuid)
    .where('pu.status', '=', 'active')
    .executeTakeFirst();
  if (!user) return undefined;
  const workspace = await db
    .selectFrom('workspaces')
    .select('uuid')
    .where('project_uuid', '=', projectUuid)
    .orderBy('created_at')
    .orderBy('uuid')
    .limit(1)
    .executeTakeFirst();
  const workspaceUuid = workspace?.uuid ?? null;
  const roles = await db
    .selectFrom('roles as r')
    .select(['r.uuid', 'r.name', 'r.is_admin', 'r.level', 'r.permissions'])
    .where('r.project_uuid', '=', projectUuid)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as ur')
          .select(sql`1`.as('one'))
          .whereRef('ur.role_uuid', '=', 'r.uuid')
          .where('ur.user_uuid', '=', userUuid)
          .where((eb) => eb.or([eb('ur.workspace_uuid', 'is', null), eb('ur.workspace_uuid', '=', workspaceUuid)])),
      ),
    )
    .orderBy('r.level', 'desc')
    .orderBy('r.name')
    .execute();
  return { user: user as UserRow, workspace_uuid: workspaceUuid, roles: roles as PrincipalRole[] };
}
