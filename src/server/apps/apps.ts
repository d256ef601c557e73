// Platform apps as entities (docs/apps.md): create, read, change and remove an app and its
// onboarding. Writes are for the project's admins; a member reads an app only in an environment whose
// version is set (spec section 4). Another project's app, or a malformed id, is 404.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import { APP_LIMITS, APP_MESSAGE, APP_NAME_PATTERN, EMPTY_APP_DEFINITION, type App, type AppWithDefinition } from '../../../runtime/api/apps';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { workspacesInProject } from '../components/sql';
import { lockProject } from '../iam/members-sql';
import { requireAdmin } from '../iam/access';
import { requireProject, type Accountability } from '../auth/tenancy';
import { appsOfProject, findApp, findVersion, insertVersion, nameTaken, replaceAppWorkspaces, versionNamesOf, workspacesOfApps } from './sql';

type Db = Kysely<Database>;
export type Changes = { name?: string; label?: string; icon?: string | null; onboarding_required?: boolean };

export const appNotFound = () => new HttpError(404, APP_MESSAGE.notFound);
export const invalid = (field: string, message: string, values?: Record<string, number>) =>
  new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message], ...(values ? { values: [values] } : {}) }]);

const iso = (value: Date | string) => new Date(value).toISOString();
export const FIRST_VERSION = 'v1';

/** The app with that id in the project (404 otherwise). */
export async function appRow(db: Db, projectUuid: string, id: string, forUpdate = false): Promise<AppRow> {
  const row = await findApp(db, projectUuid, id, forUpdate);
  if (!row) throw appNotFound();
  return row;
}

/** The rows as the API's App, with versions and workspaces in two queries. */
export async function shapeApps(db: Db, rows: AppRow[]): Promise<App[]> {
  const uuids = rows.map((row) => row.uuid);
  const [versions, workspaces] = await Promise.all([versionNamesOf(db, uuids), workspacesOfApps(db, uuids)]);
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    label: row.label,
    icon: row.icon,
    dev_version: row.dev_version,
    public_version: row.public_version,
    onboarding: { required: row.onboarding_required, finished: row.onboarding_finished },
    versions: versions.filter((version) => version.app_uuid === row.uuid).map((version) => version.name),
    workspaces: workspaces.filter((link) => link.app_uuid === row.uuid).map(({ uuid, name }) => ({ uuid, name })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

export async function withDefinition(db: Db, row: AppRow, version: string): Promise<AppWithDefinition> {
  const [app] = await shapeApps(db, [row]);
  const definition = await findVersion(db, row.uuid, version);
  if (!definition) throw appNotFound();
  return { ...app!, version, definition };
}

export function checkName(value: unknown): string {
  if (value === undefined || value === null || value === '') throw invalid('name', COMPONENT_MESSAGE.requiredField);
  if (typeof value !== 'string' || !APP_NAME_PATTERN.test(value)) throw invalid('name', APP_MESSAGE.nameRule);
  return value;
}

function checkText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value)) throw invalid(field, COMPONENT_MESSAGE.invalidInput);
  if (value.length > max) throw invalid(field, COMPONENT_MESSAGE.cantBeMoreThenChars, { max });
  return value.trim();
}

export function checkChanges(input: Record<string, unknown>): Changes {
  const changes: Changes = {};
  if (input.name !== undefined) changes.name = checkName(input.name);
  if (input.label !== undefined) changes.label = checkText(input.label, 'label', APP_LIMITS.labelMax);
  if (input.icon !== undefined) changes.icon = input.icon === null || input.icon === '' ? null : checkText(input.icon, 'icon', APP_LIMITS.iconMax);
  if (input.onboarding_required !== undefined) {
    if (typeof input.onboarding_required !== 'boolean') throw invalid('onboarding_required', COMPONENT_MESSAGE.invalidInput);
    changes.onboarding_required = input.onboarding_required;
  }
  return changes;
}

/** The workspace uuids of a body, each one of the project's (417 otherwise). */
async function checkWorkspaces(db: Db, projectUuid: string, value: unknown): Promise<string[]> {
  if (!Array.isArray(value) || value.length > 100 || !value.every(isUuid)) throw invalid('workspaces', COMPONENT_MESSAGE.invalidInput);
  const wanted = [...new Set(value.map((uuid) => uuid.toLowerCase()))];
  const found = await workspacesInProject(db, projectUuid, wanted);
  if (found.length !== wanted.length) throw invalid('workspaces', COMPONENT_MESSAGE.invalidSelection);
  return wanted;
}

export async function assertNameFree(db: Db, projectUuid: string, name: string, except?: string): Promise<void> {
  if (await nameTaken(db, projectUuid, name, except)) throw new HttpError(409, APP_MESSAGE.exists, [{ field: 'name', messages: [APP_MESSAGE.exists] }]);
}

export async function listApps(db: Db, accountability: Accountability): Promise<App[]> {
  return shapeApps(db, await appsOfProject(db, requireAdmin(accountability)));
}

/** A new app with an empty v1 on dev, linked to the given workspaces or the caller's own. */
/** `uuid`: the new app's id when it is given (a snapshot's apply keeps its ids). */
export async function createApp(db: Db, accountability: Accountability, body: unknown, uuid?: string): Promise<AppWithDefinition> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const name = checkName(input.name);
  const changes = checkChanges({ ...input, name: undefined });
  const workspaces = input.workspaces === undefined ? (accountability.workspace_uuid ? [accountability.workspace_uuid] : []) : await checkWorkspaces(db, projectUuid, input.workspaces);
  const row = await db.transaction().execute(async (trx) => {
    await lockProject(trx, projectUuid);
    await assertNameFree(trx, projectUuid, name);
    const at = nowDate();
    const row = await trx
      .insertInto('apps')
      .values({ uuid: uuid ?? uuidv7(), project_uuid: projectUuid, name, label: changes.label ?? name, icon: changes.icon ?? null, onboarding_required: changes.onboarding_required ?? false, dev_version: FIRST_VERSION, public_version: null, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertVersion(trx, row.uuid, FIRST_VERSION, EMPTY_APP_DEFINITION);
    await replaceAppWorkspaces(trx, row.uuid, workspaces);
    return row;
  });
  return withDefinition(db, row, FIRST_VERSION);
}

/**
 * An app with a version's definition. Admins name any version (default: the environment's, else dev);
 * a member reads the environment's version only, and an app without one is 404 to them.
 */
export async function readApp(db: Db, accountability: Accountability, id: string, version: string | undefined): Promise<AppWithDefinition> {
  const projectUuid = requireProject(accountability);
  const row = await appRow(db, projectUuid, id);
  const envVersion = accountability.env === 'live' ? row.public_version : row.dev_version;
  if (accountability.is_admin) {
    const chosen = version || envVersion || row.dev_version;
    if (!chosen) throw appNotFound();
    return withDefinition(db, row, chosen);
  }
  if (!envVersion || (version && version !== envVersion)) throw appNotFound();
  return withDefinition(db, row, envVersion);
}

export async function updateApp(db: Db, accountability: Accountability, id: string, body: unknown): Promise<App> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const changes = checkChanges(input);
  const workspaces = input.workspaces === undefined ? undefined : await checkWorkspaces(db, projectUuid, input.workspaces);
  const row = await db.transaction().execute(async (trx) => {
    if (changes.name !== undefined) await lockProject(trx, projectUuid);
    const current = await appRow(trx, projectUuid, id, true);
    if (changes.name !== undefined && changes.name !== current.name) await assertNameFree(trx, projectUuid, changes.name, current.uuid);
    if (workspaces) await replaceAppWorkspaces(trx, current.uuid, workspaces);
    return trx.updateTable('apps').set({ ...changes, updated_at: nowDate() }).where('uuid', '=', current.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return (await shapeApps(db, [row]))[0]!;
}

export async function removeApp(db: Db, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await appRow(db, projectUuid, id);
  await db.deleteFrom('apps').where('uuid', '=', row.uuid).execute();
  return {};
}

/** Marks the app's onboarding finished (or not): admins, who carry a project's onboarding (spec section 4). */
export async function setOnboarding(db: Db, accountability: Accountability, id: string, body: unknown): Promise<App> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  if (typeof input.finished !== 'boolean') throw invalid('finished', COMPONENT_MESSAGE.invalidInput);
  const current = await appRow(db, projectUuid, id);
  const row = await db.updateTable('apps').set({ onboarding_finished: input.finished, updated_at: nowDate() }).where('uuid', '=', current.uuid).returningAll().executeTakeFirstOrThrow();
  return (await shapeApps(db, [row]))[0]!;
}
