// The settings pipeline shared by the save and fork-from-schema calls: schema (ajv), field
// normalisation, the settings rules and the relation rule against the foreign component.
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import {
  checkRelation,
  checkSettingsRules,
  COMPONENT_MESSAGE,
  fieldErrors,
  isEmptyRelation,
  lowerRoutePaths,
  normaliseField,
  prefillFields,
  validateSettings,
} from '../../../runtime/components/index';
import { findComponentByUuid, findVersion, versionsOf } from './sql';
import type { ComponentRow, Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { findComponentByRef } from './model';

type Db = Kysely<Database>;

const confNotValid = (errors: { field: string; messages: string[] }[]) => new HttpError(417, COMPONENT_MESSAGE.confNotValid, errors);

function normaliseFields(settings: ComponentSettings): ComponentSettings {
  return {
    ...settings,
    fields: settings.fields.map((field) => normaliseField(field)),
    actions: settings.actions.map((action) => ({ ...action, fields: (action.fields ?? []).map((field) => normaliseField(field)) })),
  };
}

/** A stored model as the pipeline would store it now (for comparisons); unchanged if it no longer validates. */
export function normaliseSettings(value: unknown): ComponentSettings {
  const validated = validateSettings(value);
  if (!validated.ok) return value as ComponentSettings;
  const again = validateSettings(normaliseFields(validated.settings));
  return again.ok ? again.settings : (value as ComponentSettings);
}

/** The settings a relation's foreign key is checked against (dev version, else live, else the newest); null for no valid foreign side. */
async function foreignSettings(db: Db, self: ComponentRow, own: ComponentSettings, relation: { foreign?: string | null; foreign_uuid?: string | null }) {
  const target = isUuid(relation.foreign_uuid)
    ? await findComponentByUuid(db, self.project_uuid, relation.foreign_uuid.toLowerCase())
    : await findComponentByRef(db, self.project_uuid, relation.foreign);
  if (!target) return null;
  if (target.uuid === self.uuid) return own;
  // Spec section 5: the foreign components offered are those "in the same scope" (an unscoped one
  // relates to unscoped ones). Another scope's component is no valid foreign side, whether or not it
  // is active; an inactive one of the same scope is (two new components are related before either can
  // be switched on: active needs fields first), docs/components.md "Relations".
  if ((target.scope ?? null) !== (self.scope ?? null)) return null;
  const name = target.dev_version ?? target.public_version;
  const version = name ? await findVersion(db, target.uuid, name) : (await versionsOf(db, target.uuid)).at(-1);
  const settings = version?.settings as Partial<ComponentSettings> | undefined;
  return settings && Array.isArray(settings.fields) ? { fields: settings.fields } : null;
}

/**
 * A version's model ready to store: 417 'confNotValid' (schema, errors at JSON paths such as
 * fields.2.type) or 417 'fieldsNotValid' (field, action, route, function and relation rules, and a
 * name or key the schema refuses: validateSettings).
 */
export async function prepareSettings(db: Db, row: ComponentRow, value: unknown, version: string): Promise<ComponentSettings> {
  if (!isPlainObject(value)) throw confNotValid([{ field: 'settings', messages: [COMPONENT_MESSAGE.requiredField] }]);
  // Route paths are forced to lower case (spec section 5); a path equal to another once lowered is refused.
  const lowered = lowerRoutePaths(value.routes);
  if (lowered.errors.length > 0) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, lowered.errors);
  // What a client may leave out (a key derived from the name, default length bounds) is filled first.
  const validated = validateSettings(prefillFields({ ...value, ...(value.routes === undefined ? {} : { routes: lowered.routes }), version }));
  if (!validated.ok) throw new HttpError(417, validated.message, validated.errors);
  const settings = normaliseFields(validated.settings);

  const errors = fieldErrors();
  errors.addAll(checkSettingsRules(settings));
  for (const [index, field] of settings.fields.entries()) {
    if (isEmptyRelation(field.relation)) continue;
    const problem = checkRelation(field.relation, await foreignSettings(db, row, settings, field.relation ?? {}));
    if (problem) errors.add(`fields.${index}.relation`, problem);
  }
  const problems = errors.list();
  if (problems.length > 0) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, problems);

  // Normalisation never leaves the schema; checked anyway, so nothing invalid is ever stored.
  const final = validateSettings(settings);
  if (!final.ok) throw confNotValid(final.errors);
  return final.settings;
}
