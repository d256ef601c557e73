// The integration host's shapes (spec sections 3 "Integration" and 7 "Integration host"; APPS.md
// "Integrations"). Paths are under HOST_PREFIX.integration (/api/integration):
//   GET  /integrations          the project's integrations (any member): Integration[]
//   GET  /integrations/explore  the catalogue with each entry's state in the project (any member)
//   POST /integrate             install or activate {id} (admins, or 'settings {id}'): Integration
//   PUT  /integrate             update {id, disabled?, onboarded?, settings?} (same): Integration
// An integration with default_active (luma-media) is installed in every project: no row means active.
import { arrayOf, closed, judged, stringSchema } from './schemas';

/** Message keys the integration host answers with (catalogue: runtime/i18n/integrations.*.ts). */
export const INTEGRATION_MESSAGE = {
  notFound: 'integrationNotFound',
  notInstalled: 'integrationNotInstalled',
  /** A call of a deactivated integration (the media host answers it with 403). */
  disabled: 'integrationDisabled',
  settingUnknown: 'integrationSettingUnknown',
  /** Spec section 8: 'failed to install or uninstall a template or integration'. */
  installFailed: 'integrationInstallFailed',
} as const;

/** An integration id: lower-case letters, digits and dashes ('luma-media'). */
export const INTEGRATION_ID_PATTERN = /^[a-z][a-z0-9-]{1,63}$/;
export const INTEGRATION_SETTINGS_MAX_BYTES = 16 * 1024;

/** Where an integration's pages live (spec section 2: /admin/integrations/page/:id, /home/integrations/page/:id). */
export const integrationPagePath = (id: string, area: 'admin' | 'home' = 'admin') => `/${area}/integrations/page/${encodeURIComponent(id)}`;

/** One setting an integration declares; PUT /integrate accepts only declared keys of the declared type. */
export interface IntegrationSettingField {
  key: string;
  type: 'string' | 'boolean' | 'number';
  /** English label (the screens translate `integrations.setting.{id}.{key}` when the catalogue has it). */
  label: string;
}

export interface IntegrationPage {
  /** '/admin/integrations/page/luma-media' */
  path: string;
  label: string;
  /** Also reachable by members at the /home path. */
  home_path: string | null;
}

/** A catalogue entry (GET /integrations/explore) with its state in the caller's project. */
export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
  /** The permissions it exposes to roles: '{verb} {id}' (spec section 6). */
  permissions: string[];
  pages: IntegrationPage[];
  settings: IntegrationSettingField[];
  /** Installed and active in every project until an admin deactivates it. */
  default_active: boolean;
  installed: boolean;
  disabled: boolean;
}

/** Spec section 3 "Integration": id, path, onboarded, disabled, template.renderevents. */
export interface Integration {
  id: string;
  name: string;
  /** Its main page: '/admin/integrations/page/{id}'. */
  path: string;
  onboarded: boolean;
  disabled: boolean;
  /** renderevents: the widgets (module/type) whose source chooser the integration renders into. */
  template: { renderevents: string[] };
  settings: Record<string, unknown>;
  /** When an admin last changed it (null: the default state, never written). */
  updated_at: string | null;
}

export interface IntegrateBody {
  id: string;
}

export interface IntegrationUpdateBody {
  id: string;
  disabled?: boolean;
  onboarded?: boolean;
  settings?: Record<string, unknown>;
}

// ---- Route schemas ----------------------------------------------------------------------------------

const booleanSchema = { type: 'boolean' } as const;
const settingsSchema = { type: 'object', additionalProperties: true } as const;
const pageSchema = closed({ path: stringSchema, label: stringSchema, home_path: { anyOf: [stringSchema, { type: 'null' }] } }, ['path', 'label', 'home_path']);
const settingFieldSchema = closed({ key: stringSchema, type: { type: 'string', enum: ['string', 'boolean', 'number'] }, label: stringSchema }, ['key', 'type', 'label']);

export const integrationSchema = closed(
  {
    id: stringSchema,
    name: stringSchema,
    path: stringSchema,
    onboarded: booleanSchema,
    disabled: booleanSchema,
    template: closed({ renderevents: arrayOf(stringSchema) }, ['renderevents']),
    settings: settingsSchema,
    updated_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
  },
  ['id', 'name', 'path', 'onboarded', 'disabled', 'template', 'settings', 'updated_at'],
);
export const integrationListSchema = arrayOf(integrationSchema);
export const catalogueEntrySchema = closed(
  {
    id: stringSchema,
    name: stringSchema,
    description: stringSchema,
    permissions: arrayOf(stringSchema),
    pages: arrayOf(pageSchema),
    settings: arrayOf(settingFieldSchema),
    default_active: booleanSchema,
    installed: booleanSchema,
    disabled: booleanSchema,
  },
  ['id', 'name', 'description', 'permissions', 'pages', 'settings', 'default_active', 'installed', 'disabled'],
);
export const catalogueSchema = arrayOf(catalogueEntrySchema);
export const integrateBodySchema = { type: 'object', properties: { id: judged('a catalogue id (unknown: 404)') }, additionalProperties: false } as const;
export const integrationUpdateBodySchema = {
  type: 'object',
  properties: {
    id: judged('an installed integration id (unknown: 404)'),
    disabled: judged('boolean: true deactivates, false activates'),
    onboarded: judged('boolean'),
    settings: judged("object of the entry's declared settings (replaces them)"),
  },
  additionalProperties: false,
} as const;
