// One version's model: read it, and save the whole ComponentModel (general data, settings and
// workspace links) in one transaction, with every rule of docs/components.md applied.
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import {
  canEditFields,
  checkSwitches,
  COMPONENT_MESSAGE,
  componentRef,
  isValidVersionName,
  validateComponentCreate,
} from '../../../runtime/components/index';
import { findVersion, replaceComponentWorkspaces, updateComponent, updateVersionSettings, workspacesInProject } from './sql';
import { toJson } from '../db/json';
import type { ComponentRow, Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { assertNameFree, assertNoDependencies, nameTakenMeansExists } from './components';
import { bodyObject, FieldErrors, parseBoolean, parseOptionalText, parseProps, parseSort, parseWorkspaceUuids } from './input';
import { componentNotFound, conflict, mayOnComponent, requireEnvironmentSettingsPermission, requireSettingsPermission, resolveComponent, shapeComponent, type ComponentModel } from './model';
import { normaliseSettings, prepareSettings } from './rules';
import { requireProject, type Accountability } from '../auth/tenancy';
import { hooks } from '../platform/hooks';

type Db = Kysely<Database>;

/** The model of one existing version (404 when the version does not exist). */
export async function loadModel(db: Db, row: ComponentRow, version: string, locale: string | undefined): Promise<ComponentModel> {
  const stored = isValidVersionName(version) ? await findVersion(db, row.uuid, version) : undefined;
  if (!stored) throw componentNotFound();
  return { ...(await shapeComponent(db, row, locale)), settings: stored.settings as ComponentSettings };
}

/** version null: the request environment's version (dev: dev_version, live: public_version). */
export async function getSettings(db: Db, accountability: Accountability, ref: string, version: string | null, locale: string | undefined): Promise<ComponentModel> {
  const row = await resolveComponent(db, requireProject(accountability), ref);
  // A named version is for the settings screen; the environment's version serves the record screens too.
  if (version === null) requireEnvironmentSettingsPermission(accountability, row);
  else requireSettingsPermission(accountability, row);
  const wanted = version ?? (accountability.env === 'dev' ? row.dev_version : row.public_version);
  if (wanted === null) throw new HttpError(404, COMPONENT_MESSAGE.componentWrongEnvironment);
  const model = await loadModel(db, row, wanted, locale);
  return mayOnComponent(accountability, 'settings', row) ? model : { ...model, settings: recordReaderSettings(model.settings, accountability) };
}

/**
 * The environment's model as a record screen's reader (no `settings` on the component) gets it: without
 * the fields they may not see (spec section 6, field visibility: roles.see), nor those fields' list
 * columns. Whoever may edit the settings gets the whole model, since a save stores the whole model.
 */
function recordReaderSettings(settings: ComponentSettings, accountability: Accountability): ComponentSettings {
  if (accountability.is_admin) return settings;
  const roles = new Set(accountability.roles.map((role) => role.uuid));
  const hidden = new Set(settings.fields.filter((field) => (field.roles?.see ?? []).length > 0 && !field.roles!.see!.some((role) => roles.has(role))).map((field) => field.key));
  if (hidden.size === 0) return settings;
  return {
    ...settings,
    fields: settings.fields.filter((field) => !hidden.has(field.key)),
    list: { ...settings.list, fields: (settings.list?.fields ?? []).filter((column) => !hidden.has(column.key)) },
  };
}

function labelsEqual(a: Record<string, string>, b: Record<string, string>): boolean {
  return isDeepStrictEqual(a ?? {}, b ?? {});
}

export async function saveSettings(
  db: Db,
  accountability: Accountability,
  ref: string,
  version: string | null,
  body: unknown,
  locale: string | undefined,
): Promise<ComponentModel> {
  const projectUuid = requireProject(accountability);
  const input = bodyObject(body);
  const row = await db.transaction().execute(async (tx) => {
    const row = await resolveComponent(tx, projectUuid, ref, true);
    requireSettingsPermission(accountability, row);
    const stored = version !== null && isValidVersionName(version) ? await findVersion(tx, row.uuid, version) : undefined;
    if (!stored || version === null) throw componentNotFound();

    const settings = await prepareSettings(tx, row, input.settings, version);

    const identity = validateComponentCreate({
      name: input.name === undefined ? row.name : input.name,
      label: input.label === undefined ? row.label : input.label,
      scope: input.scope === undefined ? row.scope : input.scope,
      tag: input.tag === undefined ? row.tag : input.tag,
    });
    if (!identity.ok) throw new HttpError(417, identity.message, identity.errors);
    const { name, label } = identity.body;
    const scope = identity.body.scope ?? null;
    const tag = identity.body.tag ?? null;
    const errors = new FieldErrors();
    const icon = parseOptionalText(input.icon, errors, 'icon', row.icon);
    const sort = parseSort(input.sort, errors, row.sort);
    const is_active = parseBoolean(input.is_active, errors, 'is_active', row.is_active);
    const is_public = parseBoolean(input.is_public, errors, 'is_public', row.is_public);
    const props = parseProps(input.props, errors, row.props);
    const workspaces = parseWorkspaceUuids(input.workspaces, errors, isUuid);
    if (workspaces) {
      const known = await workspacesInProject(tx, projectUuid, workspaces);
      workspaces.forEach((workspace, index) => {
        if (!known.includes(workspace)) errors.add(`workspaces.${index}`, COMPONENT_MESSAGE.invalidSelection);
      });
    }
    errors.fail();

    const switches = checkSwitches({ is_active, is_public }, settings);
    if (switches.length > 0) throw new HttpError(417, switches[0]!.messages[0]!, switches);

    await assertNameFree(tx, projectUuid, scope, name, row.uuid);
    // The ref changes with the scope, and with the name when scoped: dependants name it by ref.
    const renamed = componentRef({ uuid: row.uuid, scope, name }) !== componentRef(row);
    if (renamed || !labelsEqual(label, row.label) || tag !== row.tag || scope !== row.scope) await assertNoDependencies(tx, row);

    if (canEditFields(row, version) !== null) {
      const before = normaliseSettings(stored.settings);
      if (!isDeepStrictEqual(before.fields, settings.fields) || !isDeepStrictEqual(before.integrations, settings.integrations)) {
        throw conflict(COMPONENT_MESSAGE.liveVersionNotEditable);
      }
    }

    await updateComponent(tx, row.uuid, { name, scope, tag, label: toJson(label), icon, sort, is_active, is_public, props: toJson(props) });
    await updateVersionSettings(tx, row.uuid, version, settings);
    // Saving a version an environment points to brings that environment's unique indexes in line (records/hooks.ts).
    await hooks.emitFilter('components.settings', { component: row, version, settings, previous: stored.settings as ComponentSettings }, { accountability }, { db: tx });
    if (workspaces) await replaceComponentWorkspaces(tx, row.uuid, workspaces);
    return row;
  }).catch(nameTakenMeansExists);
  // The field indexes of a version an environment points to, once committed (CONCURRENTLY on PostgreSQL).
  await hooks.emitAction('components.settings', { component: row }, { db });
  // Answered as saved, re-read from the database.
  const saved = await resolveComponent(db, projectUuid, row.uuid);
  return loadModel(db, saved, version!, locale);
}
