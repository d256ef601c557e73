// Public apps as entities (docs/public-apps.md): create one (an app of kind 'public' with an empty v1
// on dev, its hostnames, the API user it runs as, portal or not), list, read and change them. Admins
// only. The project may hold config.publicAppLimit of them (409 'maximumPublicAppsReached'); a
// hostname another app holds, in any project, is 409 'hostnameAlreadyExists'. Versions, deploys and
// removal are the app calls (apps/).
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import { EMPTY_APP_DEFINITION } from '../../../runtime/api/apps';
import { PUBLIC_APP_MESSAGE, type PublicApp } from '../../../runtime/api/public-apps';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';
import { uuidv7 } from '../db/uuid7';
import type { Config } from '../platform/config';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { findMember, lockProject } from '../iam/members-sql';
import { requireAdmin } from '../iam/access';
import type { Accountability } from '../auth/tenancy';
import { appNotFound, assertNameFree, checkChanges, checkName, FIRST_VERSION, invalid, shapeApps } from '../apps/apps';
import { findApp, insertVersion } from '../apps/sql';
import { checkHostnames, hostnameExists, isUniqueViolation } from './hostnames';
import { countPublicApps, hostnamesOf, hostnamesTaken, publicAppsOfProject, replaceHostnames, settingsOf } from './sql';

type Db = Kysely<Database>;
type Settings = { api_user_uuid?: string | null; portal?: boolean };

export async function shapePublicApps(db: Db, rows: AppRow[]): Promise<PublicApp[]> {
  const uuids = rows.map((row) => row.uuid);
  const [apps, settings, hostnames] = await Promise.all([shapeApps(db, rows), settingsOf(db, uuids), hostnamesOf(db, uuids)]);
  return apps.map((app) => {
    const own = settings.get(app.uuid);
    return { ...app, hostnames: hostnames.get(app.uuid) ?? [], api_user_uuid: own?.api_user_uuid ?? null, api_user_name: own?.api_user_name ?? null, portal: own?.portal ?? false };
  });
}

/** The project's public app with that id (404 otherwise, a platform app too). */
export async function publicAppRow(db: Db, projectUuid: string, id: string, forUpdate = false): Promise<AppRow> {
  const row = await findApp(db, projectUuid, id, forUpdate);
  if (!row || row.kind !== 'public') throw appNotFound();
  return row;
}

/** The API user and portal flag of a body: the user must be one of the project's API users (417). */
async function checkSettings(db: Db, projectUuid: string, input: Record<string, unknown>): Promise<Settings> {
  const settings: Settings = {};
  if (input.portal !== undefined) {
    if (typeof input.portal !== 'boolean') throw invalid('portal', COMPONENT_MESSAGE.invalidInput);
    settings.portal = input.portal;
  }
  if (input.api_user_uuid !== undefined) {
    const uuid = input.api_user_uuid;
    if (uuid === null || uuid === '') settings.api_user_uuid = null;
    else {
      if (!isUuid(uuid)) throw invalid('api_user_uuid', COMPONENT_MESSAGE.invalidInput);
      const member = await findMember(db, projectUuid, uuid.toLowerCase());
      if (!member || member.kind !== 'api') throw invalid('api_user_uuid', COMPONENT_MESSAGE.invalidSelection);
      settings.api_user_uuid = uuid.toLowerCase();
    }
  }
  return settings;
}

async function saveHostnames(db: Db, appUuid: string, hostnames: string[]): Promise<void> {
  const taken = await hostnamesTaken(db, hostnames, appUuid);
  if (taken.length > 0) throw hostnameExists(hostnames, taken);
  await replaceHostnames(db, appUuid, hostnames);
}

/** A concurrent write that took one of the hostnames first fails on the primary key: the same 409. */
const answerRace = (hostnames: string[] | undefined) => (error: unknown) => {
  if (hostnames && isUniqueViolation(error) && String((error as { constraint?: unknown }).constraint ?? '').startsWith('public_app_hostnames')) throw hostnameExists(hostnames, hostnames);
  throw error;
};

export async function listPublicApps(db: Db, accountability: Accountability): Promise<PublicApp[]> {
  return shapePublicApps(db, await publicAppsOfProject(db, requireAdmin(accountability)));
}

export async function readPublicApp(db: Db, accountability: Accountability, id: string): Promise<PublicApp> {
  const row = await publicAppRow(db, requireAdmin(accountability), id);
  return (await shapePublicApps(db, [row]))[0]!;
}

export async function createPublicApp(db: Db, config: Pick<Config, 'publicAppLimit' | 'publicUrl' | 'writeOrigins'>, accountability: Accountability, body: unknown): Promise<PublicApp> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const name = checkName(input.name);
  const changes = checkChanges({ ...input, name: undefined, hostnames: undefined, api_user_uuid: undefined, portal: undefined });
  const hostnames = checkHostnames(input.hostnames, config);
  const settings = await checkSettings(db, projectUuid, input);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      await lockProject(trx, projectUuid);
      if ((await countPublicApps(trx, projectUuid)) >= config.publicAppLimit) throw new HttpError(409, PUBLIC_APP_MESSAGE.limitReached);
      await assertNameFree(trx, projectUuid, name);
      const at = nowDate();
      const row = await trx
        .insertInto('apps')
        .values({ uuid: uuidv7(), project_uuid: projectUuid, kind: 'public', name, label: changes.label ?? name, icon: changes.icon ?? null, onboarding_required: changes.onboarding_required ?? false, dev_version: FIRST_VERSION, public_version: null, created_at: at, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertVersion(trx, row.uuid, FIRST_VERSION, EMPTY_APP_DEFINITION);
      await trx.insertInto('public_apps').values({ app_uuid: row.uuid, api_user_uuid: settings.api_user_uuid ?? null, portal: settings.portal ?? false }).execute();
      await saveHostnames(trx, row.uuid, hostnames);
      return row;
    })
    .catch(answerRace(hostnames));
  return (await shapePublicApps(db, [row]))[0]!;
}

export async function updatePublicApp(db: Db, config: Pick<Config, 'publicUrl' | 'writeOrigins'>, accountability: Accountability, id: string, body: unknown): Promise<PublicApp> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const changes = checkChanges({ ...input, hostnames: undefined, api_user_uuid: undefined, portal: undefined });
  const hostnames = input.hostnames === undefined ? undefined : checkHostnames(input.hostnames, config);
  const settings = await checkSettings(db, projectUuid, input);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      if (changes.name !== undefined) await lockProject(trx, projectUuid);
      const current = await publicAppRow(trx, projectUuid, id, true);
      if (changes.name !== undefined && changes.name !== current.name) await assertNameFree(trx, projectUuid, changes.name, current.uuid);
      if (hostnames) await saveHostnames(trx, current.uuid, hostnames);
      if (Object.keys(settings).length > 0) await trx.updateTable('public_apps').set(settings).where('app_uuid', '=', current.uuid).execute();
      return trx.updateTable('apps').set({ ...changes, updated_at: nowDate() }).where('uuid', '=', current.uuid).returningAll().executeTakeFirstOrThrow();
    })
    .catch(answerRace(hostnames));
  return (await shapePublicApps(db, [row]))[0]!;
}
