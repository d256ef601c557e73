// An app's versions, as a component's (docs/apps.md): save a version's definition (not the live one),
// fork one into a new name, remove one that no environment shows, and deploy one to dev or live.
import type { Kysely } from 'kysely';
import { APP_ENVS, type App, type AppWithDefinition } from '../../../runtime/api/apps';
import { canFork, canRemoveVersion, COMPONENT_MESSAGE, isValidVersionName, NAME_RULE } from '../../../runtime/components/index';
import type { Database } from '../db/schema';
import type { AppRow } from '../db/schema-apps';
import { nowDate } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { bodyObject } from '../components/input';
import { requireAdmin } from '../iam/access';
import type { Accountability } from '../auth/tenancy';
import { appNotFound, appRow, invalid, shapeApps, withDefinition } from './apps';
import { storableDefinition } from './definition';
import { deleteVersion, findVersion, insertVersion, saveVersion, versionNamesOf } from './sql';

type Db = Kysely<Database>;

function versionName(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw invalid(field, COMPONENT_MESSAGE.requiredField);
  if (!isValidVersionName(value)) throw invalid(field, NAME_RULE.versionName);
  return value;
}

async function namesOf(db: Db, row: AppRow): Promise<string[]> {
  return (await versionNamesOf(db, [row.uuid])).map((version) => version.name);
}

const touch = (db: Db, row: AppRow, changes: Partial<Pick<AppRow, 'dev_version' | 'public_version'>> = {}) =>
  db.updateTable('apps').set({ ...changes, updated_at: nowDate() }).where('uuid', '=', row.uuid).returningAll().executeTakeFirstOrThrow();

/** Saves a version's pages and menu; the version live shows is not editable (fork it). */
export async function saveDefinition(db: Db, accountability: Accountability, id: string, version: string, body: unknown): Promise<AppWithDefinition> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const definition = await storableDefinition(db, projectUuid, input.definition);
  const row = await db.transaction().execute(async (trx) => {
    const row = await appRow(trx, projectUuid, id, true);
    if (!(await findVersion(trx, row.uuid, version))) throw appNotFound();
    if (row.public_version === version) throw new HttpError(409, COMPONENT_MESSAGE.liveVersionNotEditable);
    await saveVersion(trx, row.uuid, version, definition);
    return touch(trx, row);
  });
  return withDefinition(db, row, version);
}

export async function forkAppVersion(db: Db, accountability: Accountability, id: string, body: unknown): Promise<AppWithDefinition> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const name = versionName(input.name, 'name');
  const row = await db.transaction().execute(async (trx) => {
    const row = await appRow(trx, projectUuid, id, true);
    const from = isValidVersionName(input.from) ? await findVersion(trx, row.uuid, input.from) : undefined;
    if (!from) throw invalid('from', COMPONENT_MESSAGE.invalidSelection);
    const problem = canFork(await namesOf(trx, row), name);
    if (problem === COMPONENT_MESSAGE.cantForkVersionExists) throw new HttpError(409, problem, [{ field: 'name', messages: [problem] }]);
    if (problem) throw invalid('name', problem);
    await insertVersion(trx, row.uuid, name, from);
    return touch(trx, row);
  });
  return withDefinition(db, row, name);
}

export async function removeAppVersion(db: Db, accountability: Accountability, id: string, body: unknown): Promise<App> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const name = versionName(input.version, 'version');
  const row = await db.transaction().execute(async (trx) => {
    const row = await appRow(trx, projectUuid, id, true);
    const problem = canRemoveVersion({ versions: await namesOf(trx, row), dev_version: row.dev_version, public_version: row.public_version }, name);
    if (problem === COMPONENT_MESSAGE.notFound) throw appNotFound();
    if (problem) throw new HttpError(409, problem);
    await deleteVersion(trx, row.uuid, name);
    return touch(trx, row);
  });
  return (await shapeApps(db, [row]))[0]!;
}

/** Points dev or live at a version: the app shows in that environment from now on. */
export async function publishAppVersion(db: Db, accountability: Accountability, id: string, body: unknown): Promise<App> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const env = APP_ENVS.find((candidate) => candidate === input.env);
  if (!env) throw invalid('env', COMPONENT_MESSAGE.invalidSelection);
  const name = versionName(input.version, 'version');
  const row = await db.transaction().execute(async (trx) => {
    const row = await appRow(trx, projectUuid, id, true);
    if (!(await findVersion(trx, row.uuid, name))) throw appNotFound();
    return touch(trx, row, env === 'dev' ? { dev_version: name } : { public_version: name });
  });
  return (await shapeApps(db, [row]))[0]!;
}
