// Integrations of a project (spec sections 3 and 7 "Integration host"; docs/integrations.md): the
// catalogue with each entry's state, installing (activating) one, and changing its state and settings.
// A default-active entry (luma-media) is installed in every project with no row; the first change an
// admin makes writes its row (integrations, migration 0012). Any member may read; changes need an
// admin or 'settings {id}'. The project is the caller's (tenancy headers checked by the session hook).
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import {
  INTEGRATION_MESSAGE,
  INTEGRATION_SETTINGS_MAX_BYTES,
  type CatalogueEntry,
  type Integration,
} from '../../../runtime/api/integrations';
import { catalogueEntry, INTEGRATION_CATALOGUE, type CatalogueDefinition } from '../../../runtime/integrations/catalogue';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import { nowDate } from '../platform/clock';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import type { IntegrationsTable } from '../db/schema-media';
import type { Selectable } from 'kysely';
import { fieldsNotValid, forbidden, HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { bodyObject } from '../components/input';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;
type IntegrationRow = Selectable<IntegrationsTable>;

export const integrationNotFound = () => new HttpError(404, INTEGRATION_MESSAGE.notFound);
const invalid = (field: string, message: string = COMPONENT_MESSAGE.invalidInput) => fieldsNotValid([{ field, messages: [message] }]);

/** The project's integration rows, by id. */
async function rowsOf(db: Db, projectUuid: string): Promise<Map<string, IntegrationRow>> {
  const rows = await db.selectFrom('integrations').selectAll().where('project_uuid', '=', projectUuid).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Installed: a default-active entry always is; another once it has a row. */
const isInstalled = (entry: CatalogueDefinition, row: IntegrationRow | undefined) => entry.default_active || row !== undefined;

/** Settings may hold an outside service's keys: only those who may change them read them. */
const maySeeSettings = (accountability: Accountability, id: string) => hasPermission(accountability, 'settings', id);

function integrationOf(entry: CatalogueDefinition, row: IntegrationRow | undefined, withSettings = true): Integration {
  return {
    id: entry.id,
    name: entry.name,
    path: entry.pages[0]?.path ?? '',
    onboarded: row?.onboarded ?? false,
    disabled: row?.disabled ?? false,
    template: { renderevents: [...entry.renderevents] },
    settings: withSettings && isPlainObject(row?.settings) ? row.settings : {},
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** GET /integrations: the installed integrations of the caller's project (any member; settings only for those who may change them). */
export async function listIntegrations(db: Db, accountability: Accountability): Promise<Integration[]> {
  const rows = await rowsOf(db, requireProject(accountability));
  return INTEGRATION_CATALOGUE.filter((entry) => isInstalled(entry, rows.get(entry.id))).map((entry) =>
    integrationOf(entry, rows.get(entry.id), maySeeSettings(accountability, entry.id)),
  );
}

/** GET /integrations/explore: every catalogue entry with its state in the caller's project (any member). */
export async function exploreIntegrations(db: Db, accountability: Accountability): Promise<CatalogueEntry[]> {
  const rows = await rowsOf(db, requireProject(accountability));
  return INTEGRATION_CATALOGUE.map((entry) => {
    const row = rows.get(entry.id);
    return {
      id: entry.id,
      name: entry.name,
      description: entry.description,
      permissions: [...entry.permissions],
      pages: entry.pages.map((page) => ({ ...page })),
      settings: entry.settings.map((field) => ({ ...field })),
      default_active: entry.default_active,
      installed: isInstalled(entry, row),
      disabled: row?.disabled ?? false,
    };
  });
}

/** The catalogue entries installed in the project (active or deactivated). */
export async function installedEntries(db: Db, projectUuid: string): Promise<CatalogueDefinition[]> {
  const rows = await rowsOf(db, projectUuid);
  return INTEGRATION_CATALOGUE.filter((entry) => isInstalled(entry, rows.get(entry.id)));
}

/**
 * Whether the integration is active in the project: installed and not deactivated. The media host
 * asks this before every media call (403 integrationDisabled otherwise).
 */
export async function isIntegrationActiveIn(db: Db, projectUuid: string, id: string): Promise<boolean> {
  const entry = catalogueEntry(id);
  if (!entry) return false;
  const row = await db.selectFrom('integrations').select('disabled').where('project_uuid', '=', projectUuid).where('id', '=', id).executeTakeFirst();
  return isInstalled(entry, row as IntegrationRow | undefined) && !(row?.disabled ?? false);
}

/** The catalogue entry a body names, after the caller may change it (404 for an unknown id, checked first). */
function entryToChange(accountability: Accountability, id: unknown): { entry: CatalogueDefinition; projectUuid: string } {
  const projectUuid = requireProject(accountability);
  if (id === undefined || id === null || id === '') throw invalid('id', COMPONENT_MESSAGE.requiredField);
  const entry = catalogueEntry(id);
  if (!entry) throw integrationNotFound();
  // Spec section 6: 'settings' holders of a thing may change it; an admin passes every check.
  if (!hasPermission(accountability, 'settings', entry.id)) throw forbidden();
  return { entry, projectUuid };
}

/** Only the entry's declared settings, each of its declared type; '__proto__' and friends are unknown keys. */
function checkSettings(entry: CatalogueDefinition, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid('settings');
  if (JSON.stringify(value).length > INTEGRATION_SETTINGS_MAX_BYTES) throw invalid('settings', COMPONENT_MESSAGE.cantBeMoreThenChars);
  const errors: { field: string; messages: string[] }[] = [];
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = entry.settings.find((candidate) => candidate.key === key);
    const item = value[key];
    if (!field) errors.push({ field: `settings.${key}`, messages: [INTEGRATION_MESSAGE.settingUnknown] });
    else if (item !== null && typeof item !== field.type) errors.push({ field: `settings.${key}`, messages: [COMPONENT_MESSAGE.invalidInput] });
    else settings[key] = item;
  }
  if (errors.length > 0) throw fieldsNotValid(errors);
  return settings;
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(field);
  return value;
}

async function write(
  db: Db,
  projectUuid: string,
  entry: CatalogueDefinition,
  change: { disabled?: boolean; onboarded?: boolean; settings?: Record<string, unknown> },
): Promise<Integration> {
  const now = nowDate();
  const values = {
    project_uuid: projectUuid,
    id: entry.id,
    disabled: change.disabled ?? false,
    onboarded: change.onboarded ?? false,
    settings: toJson(change.settings ?? {}),
    created_at: now,
    updated_at: now,
  };
  const updates = {
    updated_at: now,
    ...(change.disabled === undefined ? {} : { disabled: change.disabled }),
    ...(change.onboarded === undefined ? {} : { onboarded: change.onboarded }),
    ...(change.settings === undefined ? {} : { settings: toJson(change.settings) }),
  };
  // One statement: two admins changing it at once both land, the later one's fields winning.
  const row = await db
    .insertInto('integrations')
    .values(values)
    .onConflict((conflict) => conflict.columns(['project_uuid', 'id']).doUpdateSet(updates))
    .returningAll()
    .executeTakeFirstOrThrow();
  return integrationOf(entry, row);
}

/** POST /integrate {id}: installs the entry, or activates it again when it was deactivated. */
export async function integrate(db: Db, accountability: Accountability, body: unknown): Promise<Integration> {
  const input = bodyObject(body);
  const { entry, projectUuid } = entryToChange(accountability, input.id);
  return write(db, projectUuid, entry, { disabled: false });
}

/** PUT /integrate {id, disabled?, onboarded?, settings?}: changes an installed integration. */
export async function updateIntegration(db: Db, accountability: Accountability, body: unknown): Promise<Integration> {
  const input = bodyObject(body);
  const { entry, projectUuid } = entryToChange(accountability, input.id);
  const change = {
    disabled: optionalBoolean(input.disabled, 'disabled'),
    onboarded: optionalBoolean(input.onboarded, 'onboarded'),
    settings: input.settings === undefined ? undefined : checkSettings(entry, input.settings),
  };
  if (!entry.default_active) {
    const row = await db.selectFrom('integrations').select('id').where('project_uuid', '=', projectUuid).where('id', '=', entry.id).executeTakeFirst();
    if (!row) throw new HttpError(404, INTEGRATION_MESSAGE.notInstalled);
  }
  // Deactivating an integration a template depends on will be refused here once templates can be
  // installed (APPS.md "Templates"); no template exists yet.
  return write(db, projectUuid, entry, change);
}
