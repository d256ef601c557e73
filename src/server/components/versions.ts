// Version calls: fork (from a version or a pasted schema), remove and publish (docs/components.md).
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import { canFork, canRemoveVersion, COMPONENT_MESSAGE, isValidVersionName, NAME_RULE } from '../../../runtime/components/index';
import { deleteVersion, findVersion, insertVersion, updateComponent, versionNamesOf } from './sql';
import type { ComponentRow, Database } from '../db/schema';
import { badRequest, HttpError } from '../platform/errors';
import { assertStorableJson, bodyObject } from './input';
import { componentNotFound, conflict, requireSettingsPermission, resolveComponent, shapeComponent, type Component, type ComponentModel } from './model';
import { prepareSettings } from './rules';
import { loadModel } from './settings';
import { requireProject, type Accountability } from '../auth/tenancy';
import { hooks } from '../platform/hooks';

type Db = Kysely<Database>;

const fieldError = (field: string, message: string) => new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message] }]);

/** A version name given in a body: 417 when missing or malformed. */
export function versionName(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw fieldError(field, COMPONENT_MESSAGE.requiredField);
  if (!isValidVersionName(value)) throw fieldError(field, NAME_RULE.versionName);
  return value;
}

async function versionNames(db: Db, row: ComponentRow): Promise<string[]> {
  return (await versionNamesOf(db, [row.uuid])).map((version) => version.name);
}

/** 409 'cantForkVersionExists' (the name itself was checked before). */
async function assertForkable(db: Db, row: ComponentRow, name: string): Promise<void> {
  const problem = canFork(await versionNames(db, row), name);
  if (problem === COMPONENT_MESSAGE.cantForkVersionExists) throw conflict(problem);
  if (problem) throw fieldError('name', problem);
}

/** Within a transaction: the component, locked, after the settings permission check. */
async function lockedComponent(db: Db, accountability: Accountability, ref: unknown): Promise<ComponentRow> {
  const row = await resolveComponent(db, requireProject(accountability), ref, true);
  requireSettingsPermission(accountability, row);
  return row;
}

export async function forkVersion(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<ComponentModel> {
  const input = bodyObject(body);
  const { row, name } = await db.transaction().execute(async (tx) => {
    const row = await lockedComponent(tx, accountability, input.ref);
    const name = versionName(input.name, 'name');
    const from = isValidVersionName(input.from) ? await findVersion(tx, row.uuid, input.from) : undefined;
    if (!from) throw componentNotFound();
    await assertForkable(tx, row, name);
    await insertVersion(tx, row.uuid, name, { ...(from.settings as object), version: name });
    return { row, name };
  });
  await hooks.emitAction('components.fork', { component: row }, { db });
  return loadModel(db, row, name, locale);
}

/** The pasted schema may come as an object or as its JSON text. */
function parseSchema(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new HttpError(417, COMPONENT_MESSAGE.confNotValid, [{ field: 'schema', messages: [COMPONENT_MESSAGE.invalidInput] }]);
  }
}

export async function forkVersionFromSchema(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<ComponentModel> {
  const input = bodyObject(body);
  const { row, name } = await db.transaction().execute(async (tx) => {
    const row = await lockedComponent(tx, accountability, input.ref);
    const name = versionName(input.version, 'version');
    const schema = parseSchema(input.schema);
    assertStorableJson(schema, 'schema');
    const settings = await prepareSettings(tx, row, schema, name);
    await assertForkable(tx, row, name);
    await insertVersion(tx, row.uuid, name, settings);
    return { row, name };
  });
  await hooks.emitAction('components.fork', { component: row }, { db });
  return loadModel(db, row, name, locale);
}

export async function removeVersion(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<Component> {
  const input = bodyObject(body);
  const row = await db.transaction().execute(async (tx) => {
    const row = await lockedComponent(tx, accountability, input.ref);
    const name = versionName(input.version, 'version');
    const problem = canRemoveVersion({ versions: await versionNames(tx, row), dev_version: row.dev_version, public_version: row.public_version }, name);
    if (problem === COMPONENT_MESSAGE.notFound) throw componentNotFound();
    if (problem) throw conflict(problem);
    await deleteVersion(tx, row.uuid, name);
    await updateComponent(tx, row.uuid, {});
    return row;
  });
  await hooks.emitAction('components.version.remove', { component: row }, { db });
  return shapeComponent(db, await resolveComponent(db, row.project_uuid, row.uuid), locale);
}

export async function publishVersion(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<Component> {
  const input = bodyObject(body);
  const row = await db.transaction().execute(async (tx) => {
    const row = await lockedComponent(tx, accountability, input.ref);
    if (input.env !== 'dev' && input.env !== 'live') throw badRequest([{ field: 'env', messages: [COMPONENT_MESSAGE.invalidSelection] }]);
    const name = versionName(input.version, 'version');
    const stored = await findVersion(tx, row.uuid, name);
    if (!stored) throw componentNotFound();
    await updateComponent(tx, row.uuid, input.env === 'dev' ? { dev_version: name } : { public_version: name });
    // The environment's unique fields get their indexes now (409 'uniqueIndexConflict' rolls it all
    // back), and the deploy's event commits with it (docs/event-bus.md): records/hooks.ts, events/hooks.ts.
    await hooks.emitFilter('components.deploy', { component: row, env: input.env, version: name, settings: stored.settings as ComponentSettings }, { accountability }, { db: tx });
    return row;
  });
  // The field indexes, once committed: built CONCURRENTLY on PostgreSQL, so writers go on meanwhile.
  await hooks.emitAction('components.deploy', { component: row }, { db });
  return shapeComponent(db, await resolveComponent(db, row.project_uuid, row.uuid), locale);
}
