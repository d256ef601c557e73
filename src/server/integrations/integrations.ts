// Integrations of a project (spec sections 3 and 7 "Integration host"; docs/integrations.md): the
// catalogue with each entry's state, installing (activating) one, and changing its state and settings.
// A default-active entry (luma-media) is installed in every project with no row; the first change an
// admin makes writes its row (integrations, migration 0012). Any member may read; changes need an
// admin or 'settings {id}'. The project is the caller's (tenancy headers checked by the session hook).
// A paid entry takes an activation code to install (activation.ts); an entry without a provider is
// refused; deactivating one an installed template depends on is refused (dependencies.ts); marking
// one onboarded needs its required settings.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import {
  INTEGRATION_MESSAGE,
  INTEGRATION_SETTINGS_MAX_BYTES,
  type CatalogueEntry,
  type Integration,
  type IntegrationService,
} from '../../../runtime/api/integrations';
import { judgeSettings, keepSecrets, secretsSet, withoutSecrets } from '../../../runtime/integrations/settings';
import type { Config } from '../platform/config';
import { isValidActivationCode } from './activation';
import { joined } from '../db/joined';
import { lockTemplateDependencies, templatesDependingOn } from './dependencies';
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

/** What of the operator's configuration the integrations need: the activation secret, the NBS endpoint. */
export type IntegrationOptions = Pick<Config, 'activationSecret' | 'nbsUrl'>;

/** The entry's state of service in this Luma (runtime/api/integrations.ts IntegrationService). */
export function serviceOf(entry: CatalogueDefinition, options: IntegrationOptions): IntegrationService {
  if (entry.provider === 'builtIn') return 'ready';
  if (entry.provider === 'nbsEndpoint') return options.nbsUrl ? 'ready' : 'notConfigured';
  return 'unavailable';
}

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

/** An integration as answered: its secret (writeOnly) settings never, only which of them are set. */
function integrationOf(entry: CatalogueDefinition, row: IntegrationRow | undefined, options: IntegrationOptions, withSettings = true): Integration {
  const onboarded = row?.onboarded ?? false;
  const disabled = row?.disabled ?? false;
  const settings = withSettings && isPlainObject(row?.settings) ? row.settings : {};
  return {
    id: entry.id,
    name: entry.name,
    path: entry.pages[0]?.path ?? '',
    onboarded,
    disabled,
    onboarding_required: entry.onboarding && !onboarded && !disabled,
    service: serviceOf(entry, options),
    template: { renderevents: [...entry.renderevents] },
    settings: withoutSecrets(entry.settings_schema, settings),
    secrets_set: secretsSet(entry.settings_schema, settings),
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/** GET /integrations: the installed integrations of the caller's project (any member; settings only for those who may change them). */
export async function listIntegrations(db: Db, accountability: Accountability, options: IntegrationOptions): Promise<Integration[]> {
  const rows = await rowsOf(db, requireProject(accountability));
  return INTEGRATION_CATALOGUE.filter((entry) => isInstalled(entry, rows.get(entry.id))).map((entry) =>
    integrationOf(entry, rows.get(entry.id), options, maySeeSettings(accountability, entry.id)),
  );
}

/** GET /integrations/explore: every catalogue entry with its state in the caller's project (any member). */
export async function exploreIntegrations(db: Db, accountability: Accountability, options: IntegrationOptions): Promise<CatalogueEntry[]> {
  const rows = await rowsOf(db, requireProject(accountability));
  return INTEGRATION_CATALOGUE.map((entry) => {
    const row = rows.get(entry.id);
    return {
      id: entry.id,
      name: entry.name,
      description: entry.description,
      permissions: [...entry.permissions],
      pages: entry.pages.map((page) => ({ ...page })),
      settings_schema: structuredClone(entry.settings_schema),
      default_active: entry.default_active,
      paid: entry.paid,
      onboarding: entry.onboarding,
      service: serviceOf(entry, options),
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

/**
 * Only the entry's declared settings, each valid by its schema; '__proto__' and friends are unknown
 * keys. The stored secrets a save leaves out (or sends '') are kept (keepSecrets: the form never has them).
 */
function checkSettings(entry: CatalogueDefinition, stored: unknown, value: unknown): Record<string, unknown> {
  if (JSON.stringify(value ?? null).length > INTEGRATION_SETTINGS_MAX_BYTES) throw invalid('settings', COMPONENT_MESSAGE.cantBeMoreThenChars);
  const kept = keepSecrets(entry.settings_schema, isPlainObject(stored) ? stored : {}, value);
  const { settings, errors } = judgeSettings(entry.settings_schema, kept.value);
  if (kept.errors.length + errors.length > 0) throw fieldsNotValid([...kept.errors, ...errors]);
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
  options: IntegrationOptions,
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
  return integrationOf(entry, row, options);
}

/**
 * POST /integrate {id, activation_code?}: installs the entry, or activates it again when it was
 * deactivated. An entry without a provider is refused (409 integrationNotConfigured); a paid one's
 * first install needs its activation code (417 invalidActivationCode at activation_code).
 */
export async function integrate(db: Db, accountability: Accountability, body: unknown, options: IntegrationOptions): Promise<Integration> {
  const input = bodyObject(body);
  const { entry, projectUuid } = entryToChange(accountability, input.id);
  if (serviceOf(entry, options) === 'unavailable') throw new HttpError(409, INTEGRATION_MESSAGE.notConfigured);
  const row = await db.selectFrom('integrations').select('id').where('project_uuid', '=', projectUuid).where('id', '=', entry.id).executeTakeFirst();
  if (entry.paid && !row && !isValidActivationCode(options.activationSecret, entry.id, projectUuid, input.activation_code)) {
    throw new HttpError(417, INTEGRATION_MESSAGE.invalidActivationCode, [{ field: 'activation_code', messages: [INTEGRATION_MESSAGE.invalidActivationCode] }]);
  }
  return write(db, projectUuid, entry, { disabled: false }, options);
}

/** Marking an entry onboarded needs its required settings (those saved, or those of this change). */
async function checkOnboarding(db: Db, projectUuid: string, entry: CatalogueDefinition, settings: Record<string, unknown> | undefined): Promise<void> {
  const saved = settings ?? (await db.selectFrom('integrations').select('settings').where('project_uuid', '=', projectUuid).where('id', '=', entry.id).executeTakeFirst())?.settings;
  const { errors } = judgeSettings(entry.settings_schema, isPlainObject(saved) ? saved : {}, true);
  if (errors.length > 0) throw fieldsNotValid(errors);
}

/** Deactivating is refused while an installed template depends on the entry (spec section 5). */
async function checkDeactivation(db: Db, projectUuid: string, entry: CatalogueDefinition): Promise<void> {
  const templates = await templatesDependingOn(db, projectUuid, entry);
  if (templates.length > 0) {
    throw new HttpError(409, INTEGRATION_MESSAGE.requiredByTemplate, templates.map((id) => ({ field: `templates.${id}`, messages: [INTEGRATION_MESSAGE.requiredByTemplate] })));
  }
}

/** PUT /integrate {id, disabled?, onboarded?, settings?}: changes an installed integration. */
export async function updateIntegration(db: Db, accountability: Accountability, body: unknown, options: IntegrationOptions): Promise<Integration> {
  const input = bodyObject(body);
  const { entry, projectUuid } = entryToChange(accountability, input.id);
  const row = await db.selectFrom('integrations').select('settings').where('project_uuid', '=', projectUuid).where('id', '=', entry.id).executeTakeFirst();
  const change = {
    disabled: optionalBoolean(input.disabled, 'disabled'),
    onboarded: optionalBoolean(input.onboarded, 'onboarded'),
    settings: input.settings === undefined ? undefined : checkSettings(entry, row?.settings, input.settings),
  };
  if (!entry.default_active && !row) throw new HttpError(404, INTEGRATION_MESSAGE.notInstalled);
  if (change.onboarded === true) await checkOnboarding(db, projectUuid, entry, change.settings);
  if (change.disabled !== true) return write(db, projectUuid, entry, change, options);
  // The check and the write in one transaction that a template install waits for (dependencies.ts).
  return joined(db, async (tx) => {
    await lockTemplateDependencies(tx, projectUuid);
    await checkDeactivation(tx, projectUuid, entry);
    return write(tx, projectUuid, entry, change, options);
  });
}
