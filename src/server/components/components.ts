// Component lifecycle: create, list, menu, clone and delete (docs/components.md).
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import { COMPONENT_MESSAGE, componentRef, defaultSettings, validateComponentCreate } from '../../../runtime/components/index';
import {
  deleteComponent,
  findComponentByName,
  insertComponent,
  insertVersion,
  listComponentsOfProject,
  replaceComponentWorkspaces,
  versionsOf,
  workspacesOfComponents,
} from './sql';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import { bodyObject } from './input';
import {
  conflict,
  dependenciesOf,
  ownWorkflows,
  mayOnComponent,
  requireSettingsPermission,
  resolveComponent,
  shapeComponents,
  toMenuItem,
  type Component,
  type MenuItem,
} from './model';
import { requireProject, type Accountability } from '../auth/tenancy';
import { hooks } from '../platform/hooks';
import type { ComponentWrite } from './hook-events';

type Db = Kysely<Database>;

export const FIRST_VERSION = 'v1';

const componentExists = () => new HttpError(417, COMPONENT_MESSAGE.componentExists, [{ field: 'name', messages: [COMPONENT_MESSAGE.componentExists] }]);

/** 417 'componentExists' when the name is taken in that scope. */
export async function assertNameFree(db: Db, projectUuid: string, scope: string | null, name: string, exceptUuid?: string): Promise<void> {
  const existing = await findComponentByName(db, projectUuid, scope, name);
  if (existing && existing.uuid !== exceptUuid) throw componentExists();
}

/**
 * A concurrent writer may take the name between the check and the write: the unique index
 * (components_name_key) then refuses it, answered as the same 417 rather than a 500.
 */
export function nameTakenMeansExists(error: unknown): never {
  const { code, constraint } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; constraint?: unknown };
  if (code === '23505' && (constraint === undefined || constraint === 'components_name_key')) throw componentExists();
  throw error;
}

/** 409 while other components depend on it (removal, clone, label/tag/scope edits). */
export async function assertNoDependencies(db: Db, row: Parameters<typeof dependenciesOf>[1]): Promise<void> {
  if ((await dependenciesOf(db, row)).length > 0) throw conflict(COMPONENT_MESSAGE.componentRemovalBlockedByDependency);
}

/** `uuid`: the new component's id when it is given (a snapshot's apply keeps its ids), else a new one. */
export async function createComponent(db: Db, accountability: Accountability, body: unknown, uuid?: string): Promise<{ uuid: string; version: string }> {
  const projectUuid = requireProject(accountability);
  if (!accountability.is_admin) throw forbidden();
  const checked = validateComponentCreate(bodyObject(body));
  if (!checked.ok) throw new HttpError(417, checked.message, checked.errors);
  const { name, label, scope, tag } = checked.body;
  const write: ComponentWrite = { accountability };
  const row = await db
    .transaction()
    .execute(async (tx) => {
      await assertNameFree(tx, projectUuid, scope ?? null, name);
      const row = await insertComponent(tx, {
        uuid: uuid ?? crypto.randomUUID(),
        project_uuid: projectUuid,
        name,
        scope: scope ?? null,
        tag: tag ?? null,
        label: toJson(label),
        dev_version: FIRST_VERSION,
        public_version: null,
      });
      // Its records' partition (records/hooks.ts).
      await hooks.emitFilter('components.create', { component: row }, write, { db: tx });
      await insertVersion(tx, row.uuid, FIRST_VERSION, defaultSettings(FIRST_VERSION));
      return row;
    })
    .catch(nameTakenMeansExists);
  await hooks.emitAction('components.create', { component: row }, { db });
  return { uuid: row.uuid, version: FIRST_VERSION };
}

/** Components whose version for the request's environment is set, that the caller may see. */
export async function componentMenu(db: Db, accountability: Accountability, locale: string | undefined): Promise<MenuItem[]> {
  const rows = await listComponentsOfProject(db, requireProject(accountability));
  return rows
    .filter((row) => (accountability.env === 'dev' ? row.dev_version : row.public_version) !== null)
    .filter((row) => mayOnComponent(accountability, 'see', row))
    .map((row) => toMenuItem(row, locale));
}

/** Every component of the project the caller may change the settings of (all, for admins). */
export async function listComponents(db: Db, accountability: Accountability, locale: string | undefined): Promise<Component[]> {
  const rows = await listComponentsOfProject(db, requireProject(accountability));
  return shapeComponents(db, accountability.is_admin ? rows : rows.filter((row) => mayOnComponent(accountability, 'settings', row)), locale);
}

export async function removeComponent(db: Db, accountability: Accountability, ref: string): Promise<Record<string, never>> {
  const projectUuid = requireProject(accountability);
  const row = await db.transaction().execute(async (tx) => {
    const row = await resolveComponent(tx, projectUuid, ref, true);
    requireSettingsPermission(accountability, row);
    await assertNoDependencies(tx, row);
    if ((await ownWorkflows(tx, row.uuid)).length > 0) throw conflict(COMPONENT_MESSAGE.componentHasWorkflows);
    // Its records' partition (and the indexes on it) is dropped by housekeeping (dropOrphanPartitions).
    await deleteComponent(tx, row.uuid);
    return row;
  });
  await hooks.emitAction('components.delete', { component: row }, { db });
  return {};
}

/** A new component with the same general data, scope and workspaces, every version copied; dev points
 * where the source's dev points, live to nothing (it is not public until published). */
export async function cloneComponent(db: Db, accountability: Accountability, body: unknown): Promise<{ uuid: string }> {
  const projectUuid = requireProject(accountability);
  const input = bodyObject(body);
  const cloned = await db.transaction().execute(async (tx) => {
    const source = await resolveComponent(tx, projectUuid, input.ref, true);
    requireSettingsPermission(accountability, source);
    const checked = validateComponentCreate({ name: input.name, label: source.label, scope: source.scope, tag: source.tag });
    if (!checked.ok) throw new HttpError(417, checked.message, checked.errors.filter((error) => error.field === 'name'));
    await assertNoDependencies(tx, source);
    await assertNameFree(tx, projectUuid, source.scope, checked.body.name);
    const clone = await insertComponent(tx, {
      uuid: crypto.randomUUID(),
      project_uuid: projectUuid,
      name: checked.body.name,
      scope: source.scope,
      tag: source.tag,
      label: toJson(source.label),
      icon: source.icon,
      sort: source.sort,
      is_public: false,
      is_active: source.is_active,
      is_custom: source.is_custom,
      dev_version: source.dev_version,
      public_version: null,
      props: toJson(source.props),
    });
    const write: ComponentWrite = { accountability };
    await hooks.emitFilter('components.create', { component: clone }, write, { db: tx });
    for (const version of await versionsOf(tx, source.uuid)) {
      await insertVersion(tx, clone.uuid, version.name, version.settings, version.created_at);
      // The dev version's unique indexes (records/hooks.ts).
      await hooks.emitFilter('components.settings', { component: clone, version: version.name, settings: version.settings as ComponentSettings, previous: version.settings as ComponentSettings }, write, { db: tx });
    }
    const links = await workspacesOfComponents(tx, [source.uuid]);
    await replaceComponentWorkspaces(tx, clone.uuid, links.map((link) => link.uuid));
    return clone;
  }).catch(nameTakenMeansExists);
  // Its field indexes, once committed (records/hooks.ts).
  await hooks.emitAction('components.clone', { component: cloned }, { db });
  return { uuid: cloned.uuid };
}

/** Permission strings for each component: read|create|update|delete|see|settings {ref}. */
export const COMPONENT_VERBS = ['read', 'create', 'update', 'delete', 'see', 'settings', 'run'] as const;

export async function componentPermissionStrings(db: Db, projectUuid: string): Promise<string[]> {
  const rows = await listComponentsOfProject(db, projectUuid);
  return rows.flatMap((row) => COMPONENT_VERBS.map((verb) => `${verb} ${componentRef(row)}`));
}
