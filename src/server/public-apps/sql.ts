// SQL for public apps: their settings row, their hostnames (unique across the platform: the primary
// key) and the lookup by a request's Host. Every lookup by id is scoped to a project.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';

type Db = Kysely<Database>;

export interface PublicAppRow {
  app: AppRow;
  api_user_uuid: string | null;
  portal: boolean;
}

export async function publicAppsOfProject(db: Db, projectUuid: string): Promise<AppRow[]> {
  return db.selectFrom('apps').selectAll().where('project_uuid', '=', projectUuid).where('kind', '=', 'public').orderBy('name').execute();
}

export async function countPublicApps(db: Db, projectUuid: string): Promise<number> {
  const { n } = await db.selectFrom('apps').select((eb) => eb.fn.countAll<string>().as('n')).where('project_uuid', '=', projectUuid).where('kind', '=', 'public').executeTakeFirstOrThrow();
  return Number(n);
}

export async function settingsOf(db: Db, appUuids: string[]): Promise<Map<string, { api_user_uuid: string | null; portal: boolean; api_user_name: string | null }>> {
  if (appUuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('public_apps as p')
    .leftJoin('users as u', 'u.uuid', 'p.api_user_uuid')
    .select(['p.app_uuid', 'p.api_user_uuid', 'p.portal', 'u.name as api_user_name'])
    .where('p.app_uuid', 'in', appUuids)
    .execute();
  return new Map(rows.map((row) => [row.app_uuid, { api_user_uuid: row.api_user_uuid, portal: row.portal, api_user_name: row.api_user_name ?? null }]));
}

export async function hostnamesOf(db: Db, appUuids: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(appUuids.map((uuid) => [uuid, []]));
  if (appUuids.length === 0) return found;
  const rows = await db.selectFrom('public_app_hostnames').select(['app_uuid', 'hostname']).where('app_uuid', 'in', appUuids).orderBy('created_at').orderBy('hostname').execute();
  for (const row of rows) found.get(row.app_uuid)?.push(row.hostname);
  return found;
}

/** The hostnames of `wanted` another app holds already (any project's). */
export async function hostnamesTaken(db: Db, wanted: string[], except: string | null): Promise<string[]> {
  if (wanted.length === 0) return [];
  let query = db.selectFrom('public_app_hostnames').select('hostname').where('hostname', 'in', wanted);
  if (except) query = query.where('app_uuid', '<>', except);
  return (await query.execute()).map((row) => row.hostname);
}

export async function replaceHostnames(db: Db, appUuid: string, hostnames: string[]): Promise<void> {
  await db.deleteFrom('public_app_hostnames').where('app_uuid', '=', appUuid).where('hostname', 'not in', hostnames).execute();
  const kept = new Set((await db.selectFrom('public_app_hostnames').select('hostname').where('app_uuid', '=', appUuid).execute()).map((row) => row.hostname));
  const added = hostnames.filter((hostname) => !kept.has(hostname));
  if (added.length > 0) await db.insertInto('public_app_hostnames').values(added.map((hostname) => ({ hostname, app_uuid: appUuid }))).execute();
}

/** The public app a hostname serves (any project), with its settings; undefined when none does. */
export async function publicAppByHostname(db: Db, hostname: string): Promise<PublicAppRow | undefined> {
  const row = await db
    .selectFrom('public_app_hostnames as h')
    .innerJoin('apps as a', 'a.uuid', 'h.app_uuid')
    .innerJoin('public_apps as p', 'p.app_uuid', 'a.uuid')
    .selectAll('a')
    .select(['p.api_user_uuid', 'p.portal'])
    .where('h.hostname', '=', hostname)
    .where('a.kind', '=', 'public')
    .executeTakeFirst();
  if (!row) return undefined;
  const { api_user_uuid, portal, ...app } = row;
  return { app: app as AppRow, api_user_uuid, portal };
}
