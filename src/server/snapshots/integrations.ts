// The integrations part of a snapshot (docs/snapshots.md "Integrations", format 2): each installed
// integration with its activation state and its settings without the secret ones (those its JSON
// Schema marks `writeOnly`: never the value, not a hash, not the key). An apply installs, changes and
// deactivates them through the integrations' own service (integrations/integrations.ts: the settings
// screen's rules and messages) and keeps the project's own secrets: a document never carries one.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import { SNAPSHOT_MESSAGE } from '../../../runtime/api/snapshots';
import { catalogueEntry, type CatalogueDefinition } from '../../../runtime/integrations/catalogue';
import { secretSettingKeys, withoutSecrets } from '../../../runtime/integrations/settings';
import { sameJson } from '../../../runtime/snapshots/diff';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { installedEntries, integrate, integrationNotFound, updateIntegration, type IntegrationOptions } from '../integrations/integrations';
import { at, type ApplyContext } from './apply-context';
import type { Item } from './prepare';

type Db = Kysely<Database>;

/** An apply without the operator's configuration (a template's install): no activation secret, so no paid first install. */
export const NO_INTEGRATION_OPTIONS: IntegrationOptions = { activationSecret: null, nbsUrl: null };

async function storedSettings(db: Db, projectUuid: string): Promise<Map<string, { disabled: boolean; onboarded: boolean; settings: Record<string, unknown> }>> {
  const rows = await db.selectFrom('integrations').select(['id', 'disabled', 'onboarded', 'settings']).where('project_uuid', '=', projectUuid).execute();
  return new Map(rows.map((row) => [row.id, { disabled: row.disabled, onboarded: row.onboarded, settings: isPlainObject(row.settings) ? row.settings : {} }]));
}

/** The project's installed integrations, by id: `{ id, disabled, onboarded, settings }` without the secret settings. */
export async function integrationsOf(db: Db, projectUuid: string) {
  const rows = await storedSettings(db, projectUuid);
  const entries = [...(await installedEntries(db, projectUuid))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return entries.map((entry) => {
    const row = rows.get(entry.id);
    return { id: entry.id, disabled: row?.disabled ?? false, onboarded: row?.onboarded ?? false, settings: withoutSecrets(entry.settings_schema, row?.settings ?? {}) };
  });
}

const refused = (field: string, message: string) => new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message] }]);

/** The document's items by id, each a catalogue entry named once, carrying no secret setting. */
function wantedOf(items: unknown[]): Map<string, { entry: CatalogueDefinition; item: Item }> {
  const wanted = new Map<string, { entry: CatalogueDefinition; item: Item }>();
  items.forEach((item, index) => {
    if (!isPlainObject(item) || typeof item.id !== 'string' || item.id === '') throw refused(`integrations.${index}.id`, COMPONENT_MESSAGE.requiredField);
    const entry = catalogueEntry(item.id);
    if (!entry) throw new HttpError(404, integrationNotFound().message, [{ field: `integrations.${item.id}.id`, messages: [integrationNotFound().message] }]);
    if (wanted.has(entry.id)) throw refused(`integrations.${entry.id}.id`, COMPONENT_MESSAGE.invalidInput);
    const settings = isPlainObject(item.settings) ? item.settings : {};
    const secret = secretSettingKeys(entry.settings_schema).find((key) => Object.prototype.hasOwnProperty.call(settings, key));
    if (secret !== undefined) throw refused(`integrations.${entry.id}.settings.${secret}`, SNAPSHOT_MESSAGE.secretSetting);
    wanted.set(entry.id, { entry, item });
  });
  return wanted;
}

/**
 * Makes the document's integrations the project's (a document without the part, format 1, leaves them
 * as they are). One the project lacks is installed (a paid one's first install needs its activation
 * code, which no document carries: 417 invalidActivationCode at `integrations.{id}.activation_code`);
 * its settings are saved with the project's own secrets kept; one marked onboarded whose required
 * secret the project does not have stays to be onboarded (installed, not configured); an installed one
 * the document does not list is deactivated (nothing uninstalls one; its settings stay).
 */
export async function applyIntegrations(db: Db, context: ApplyContext, projectUuid: string, items: unknown[] | undefined, options: IntegrationOptions): Promise<void> {
  if (items === undefined) return;
  const wanted = wantedOf(items);
  const current = new Map((await integrationsOf(db, projectUuid)).map((item) => [item.id, item]));
  const stored = await storedSettings(db, projectUuid);
  const change = (body: Record<string, unknown>) => updateIntegration(db, context.accountability, body, options);
  for (const [id, have] of current) {
    if (!wanted.has(id) && !have.disabled) await change({ id, disabled: true }).catch((error: unknown) => at('integrations', { id }, error));
  }
  for (const [id, { entry, item }] of wanted) {
    const have = current.get(id);
    const given = Object.fromEntries(['disabled', 'onboarded', 'settings'].filter((key) => item[key] !== undefined).map((key) => [key, item[key]]));
    if (have && sameJson(have, { ...have, ...given })) continue;
    const work = async () => {
      if (!have) await integrate(db, context.accountability, { id }, options);
      // The save keeps the project's stored secrets the document leaves out (integrations' keepSecrets).
      // Onboarded on the source, but a required secret this project does not have yet: installed, to be onboarded here.
      const secretKeys = secretSettingKeys(entry.settings_schema);
      const storedSecrets = stored.get(id)?.settings ?? {};
      const secretMissing = (entry.settings_schema.required ?? []).some((key) => secretKeys.includes(key) && storedSecrets[key] === undefined);
      await change({ id, ...given, onboarded: given.onboarded === true && secretMissing ? false : given.onboarded });
    };
    await work().catch((error: unknown) => at('integrations', item, error));
  }
}
