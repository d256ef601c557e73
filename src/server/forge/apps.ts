// Forge apps as entities (docs/forge.md): create, list, read and remove, deploy a release and roll
// back to the one deployed before. Writes and the admin reads are for the project's admins; the
// workspace list and opening an app are for its members. Another project's app, or a malformed id, is 404.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import { FORGE_LIMITS, FORGE_MESSAGE, FORGE_NAME_PATTERN, type ForgeApp, type ForgeWorkspaceApp } from '../../../runtime/api/forge';
import type { Database } from '../db/schema';
import type { ForgeAppRow } from '../db/schema-forge';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import type { Config } from '../platform/config';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { lockProject } from '../iam/members-sql';
import { requireAdmin } from '../iam/access';
import { requireProject, type Accountability } from '../auth/tenancy';
import { findRelease, releasesOf, removeReleases, shapeRelease } from './releases';

type Db = Kysely<Database>;

export const forgeAppNotFound = () => new HttpError(404, FORGE_MESSAGE.notFound);
const invalid = (field: string, message: string, values?: Record<string, number>) =>
  new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message], ...(values ? { values: [values] } : {}) }]);
const iso = (value: Date | string) => new Date(value).toISOString();

export async function forgeAppRow(db: Db, projectUuid: string, id: string, forUpdate = false): Promise<ForgeAppRow> {
  if (!isUuid(id)) throw forgeAppNotFound();
  let query = db.selectFrom('forge_apps').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', id.toLowerCase());
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw forgeAppNotFound();
  return row;
}

async function shapeApps(db: Db, rows: ForgeAppRow[]): Promise<ForgeApp[]> {
  const uuids = rows.map((row) => row.uuid);
  const releases = await releasesOf(db, 'app', uuids);
  const deploys =
    uuids.length === 0
      ? []
      : await db
          .selectFrom('forge_deploys')
          .innerJoin('forge_releases', 'forge_releases.uuid', 'forge_deploys.release_uuid')
          .select(['forge_deploys.app_uuid', 'forge_deploys.release_uuid', 'forge_deploys.deployed_at', 'forge_releases.number'])
          .where('forge_deploys.app_uuid', 'in', uuids)
          .orderBy('forge_deploys.seq', 'desc')
          .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    label: row.label,
    icon: row.icon,
    live_release: row.live_release,
    releases: releases.filter((release) => release.owner_uuid === row.uuid).map(shapeRelease),
    deploys: deploys.filter((deploy) => deploy.app_uuid === row.uuid).map((deploy) => ({ release: deploy.release_uuid, number: deploy.number, deployed_at: iso(deploy.deployed_at) })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

export async function shapeApp(db: Db, row: ForgeAppRow): Promise<ForgeApp> {
  return (await shapeApps(db, [row]))[0]!;
}

function checkText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value)) throw invalid(field, COMPONENT_MESSAGE.invalidInput);
  if (value.length > max) throw invalid(field, COMPONENT_MESSAGE.cantBeMoreThenChars, { max });
  return value.trim();
}

export async function listForgeApps(db: Db, accountability: Accountability): Promise<ForgeApp[]> {
  const projectUuid = requireAdmin(accountability);
  return shapeApps(db, await db.selectFrom('forge_apps').selectAll().where('project_uuid', '=', projectUuid).orderBy('name').execute());
}

export async function readForgeApp(db: Db, accountability: Accountability, id: string): Promise<ForgeApp> {
  return shapeApp(db, await forgeAppRow(db, requireAdmin(accountability), id));
}

/** A new forge app without releases, linked to the caller's workspace. */
export async function createForgeApp(db: Db, accountability: Accountability, body: unknown): Promise<ForgeApp> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  if (input.name === undefined || input.name === null || input.name === '') throw invalid('name', COMPONENT_MESSAGE.requiredField);
  if (typeof input.name !== 'string' || !FORGE_NAME_PATTERN.test(input.name)) throw invalid('name', 'appNameRule');
  const name = input.name;
  const label = input.label === undefined || input.label === '' ? name : checkText(input.label, 'label', FORGE_LIMITS.labelMax);
  const icon = input.icon === undefined || input.icon === null || input.icon === '' ? null : checkText(input.icon, 'icon', FORGE_LIMITS.iconMax);
  const row = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectUuid);
    const taken = await trx.selectFrom('forge_apps').select('uuid').where('project_uuid', '=', projectUuid).where('name', '=', name).executeTakeFirst();
    if (taken) throw new HttpError(409, FORGE_MESSAGE.exists, [{ field: 'name', messages: [FORGE_MESSAGE.exists] }]);
    const at = nowDate();
    const created = await trx.insertInto('forge_apps').values({ uuid: uuidv7(), project_uuid: projectUuid, name, label, icon, live_release: null, created_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow();
    if (accountability.workspace_uuid) await trx.insertInto('forge_app_workspaces').values({ app_uuid: created.uuid, workspace_uuid: accountability.workspace_uuid }).execute();
    return created;
  });
  return shapeApp(db, row);
}

export async function removeForgeApp(db: Db, config: Pick<Config, 'dataDir'>, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await forgeAppRow(db, projectUuid, id);
  const releases = await releasesOf(db, 'app', [row.uuid]);
  await db.deleteFrom('forge_apps').where('uuid', '=', row.uuid).execute();
  await removeReleases(db, config, projectUuid, releases);
  return {};
}

async function setLive(db: Db, accountability: Accountability, row: ForgeAppRow, releaseUuid: string): Promise<void> {
  await db.updateTable('forge_apps').set({ live_release: releaseUuid, updated_at: nowDate() }).where('uuid', '=', row.uuid).execute();
  await db.insertInto('forge_deploys').values({ app_uuid: row.uuid, release_uuid: releaseUuid, deployed_at: nowDate(), deployed_by: accountability.user.uuid }).execute();
}

/** Makes a release of the app the live one. */
export async function deployRelease(db: Db, accountability: Accountability, id: string, body: unknown): Promise<ForgeApp> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  await db.transaction().execute(async (trx) => {
    const row = await forgeAppRow(trx, projectUuid, id, true);
    const release = await findRelease(trx, projectUuid, { kind: 'app', uuid: row.uuid }, input.release);
    await setLive(trx, accountability, row, release.uuid);
  });
  return shapeApp(db, await forgeAppRow(db, projectUuid, id));
}

/** Deploys again the release that was live before the current one (409 when there is none). */
export async function rollBack(db: Db, accountability: Accountability, id: string): Promise<ForgeApp> {
  const projectUuid = requireAdmin(accountability);
  await db.transaction().execute(async (trx) => {
    const row = await forgeAppRow(trx, projectUuid, id, true);
    const deploys = await trx.selectFrom('forge_deploys').select(['release_uuid', 'seq']).where('app_uuid', '=', row.uuid).orderBy('seq', 'desc').execute();
    // The live deploy is the newest; the one to return to is the newest before it naming another release.
    const previous = deploys.slice(1).find((deploy) => deploy.release_uuid !== row.live_release);
    if (!row.live_release || !previous) throw new HttpError(409, FORGE_MESSAGE.nothingToRollBack);
    // The rolled-back deploy leaves the history, so a second roll back goes one further.
    await trx.deleteFrom('forge_deploys').where('app_uuid', '=', row.uuid).where('seq', '=', deploys[0]!.seq).execute();
    await trx.updateTable('forge_apps').set({ live_release: previous.release_uuid, updated_at: nowDate() }).where('uuid', '=', row.uuid).execute();
  });
  return shapeApp(db, await forgeAppRow(db, projectUuid, id));
}

/** The forge apps of the caller's workspace that have a live release (the home's forge-app tiles). */
export async function workspaceForgeApps(db: Db, accountability: Accountability): Promise<ForgeWorkspaceApp[]> {
  const projectUuid = requireProject(accountability);
  if (!accountability.workspace_uuid) return [];
  const rows = await db
    .selectFrom('forge_apps')
    .innerJoin('forge_app_workspaces', 'forge_app_workspaces.app_uuid', 'forge_apps.uuid')
    .innerJoin('forge_releases', 'forge_releases.uuid', 'forge_apps.live_release')
    .select(['forge_apps.uuid', 'forge_apps.name', 'forge_apps.label', 'forge_apps.icon', 'forge_releases.number'])
    .where('forge_apps.project_uuid', '=', projectUuid)
    .where('forge_app_workspaces.workspace_uuid', '=', accountability.workspace_uuid)
    .orderBy('forge_apps.name')
    .execute();
  return rows.map((row) => ({ uuid: row.uuid, name: row.name, label: row.label, icon: row.icon, release: row.number }));
}
