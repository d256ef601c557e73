// The integration host's shapes (spec sections 3 "Integration" and 7 "Integration host"; APPS.md
// "Integrations"). Paths are under HOST_PREFIX.integration (/api/integration):
//   GET  /integrations          the project's integrations (any member): Integration[]
//   GET  /integrations/explore  the catalogue with each entry's state in the project (any member)
//   POST /integrate             install or activate {id, activation_code?} (admins, or 'settings {id}'): Integration
//   PUT  /integrate             update {id, disabled?, onboarded?, settings?} (same): Integration
//   GET  /invoicing/services/nbs/search?vatNumber=  the Serbian VAT company lookup ('use luma-invoicing')
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
  /** Spec section 8: 'invalid activation code' (a paid entry installed without a valid one). */
  invalidActivationCode: 'invalidActivationCode',
  /** The entry needs an outside service this Luma has no provider or endpoint for. */
  notConfigured: 'integrationNotConfigured',
  /** Spec section 5: deactivation is refused while an installed workspace template depends on it. */
  requiredByTemplate: 'integrationRequiredByTemplate',
} as const;

/**
 * An entry's state of service in this Luma: 'ready' works; 'notConfigured' works once the operator
 * configures its provider (LUMA_NBS_URL for invoicing); 'unavailable' has no provider in this Luma yet
 * (it cannot be installed; its settings are shown for what it will take).
 */
export type IntegrationService = 'ready' | 'notConfigured' | 'unavailable';

/** An integration id: lower-case letters, digits and dashes ('luma-media'). */
export const INTEGRATION_ID_PATTERN = /^[a-z][a-z0-9-]{1,63}$/;
export const INTEGRATION_SETTINGS_MAX_BYTES = 16 * 1024;

/** Where an integration's pages live (spec section 2: /admin/integrations/page/:id, /home/integrations/page/:id). */
export const integrationPagePath = (id: string, area: 'admin' | 'home' = 'admin') => `/${area}/integrations/page/${encodeURIComponent(id)}`;

/**
 * One setting in an entry's JSON Schema (the subset runtime/integrations/settings.ts judges and @rjsf/core
 * renders): a string (maxLength, pattern, enum, format 'uri' or 'email'), a number or integer (minimum,
 * maximum) or a boolean. `title` is English; the screens translate `integrations.setting.{id}.{key}`.
 */
export interface IntegrationSettingSchema {
  type: 'string' | 'number' | 'integer' | 'boolean';
  title: string;
  description?: string;
  maxLength?: number;
  pattern?: string;
  enum?: string[];
  format?: 'uri' | 'email';
  minimum?: number;
  maximum?: number;
  /**
   * A secret (an API key, a password, a token, a PAC): JSON Schema's own keyword. The one rule every
   * part reads (runtime/integrations/settings.ts secretSettingKeys): write-only (no answer carries its
   * value, only `Integration.secrets_set`; a save without it keeps it: keepSecrets), the settings form
   * shows it as an empty password input, a project snapshot never carries it (docs/snapshots.md "Integrations").
   */
  writeOnly?: boolean;
}

/** An entry's settings: a closed object of declared properties (PUT /integrate takes only these). */
export interface IntegrationSettingsSchema {
  type: 'object';
  properties: Record<string, IntegrationSettingSchema>;
  required?: string[];
  additionalProperties: false;
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
  settings_schema: IntegrationSettingsSchema;
  /** Installed and active in every project until an admin deactivates it. */
  default_active: boolean;
  /** Installing it the first time takes an activation code. */
  paid: boolean;
  /** Once installed it needs onboarding (its settings filled, then marked onboarded; spec section 4). */
  onboarding: boolean;
  service: IntegrationService;
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
  /** Spec section 4 'required onboarding': active, needs onboarding, and not onboarded yet. */
  onboarding_required: boolean;
  service: IntegrationService;
  /** renderevents: the widgets (module/type) whose source chooser the integration renders into. */
  template: { renderevents: string[] };
  /** Its settings without the secret (writeOnly) ones; `{}` for a member who may not change them. */
  settings: Record<string, unknown>;
  /**
   * The secret (writeOnly) settings that hold a value, by key, in the schema's order: a secret's value
   * is never answered (write-only, docs/integrations.md "Secret settings"); `[]` for a member who may
   * not change the settings.
   */
  secrets_set: string[];
  /** When an admin last changed it (null: the default state, never written). */
  updated_at: string | null;
}

export interface IntegrateBody {
  id: string;
  /** Needed to install a paid entry the first time (not to activate it again). */
  activation_code?: string;
}

/** GET /invoicing/services/nbs/search?vatNumber= (spec section 7): the company a 9-digit VAT number (PIB) names. */
export interface NbsCompany {
  /** Matični broj: the billing form's main number. */
  mb: string;
  name: string;
  address: string;
  /** The city. */
  place: string;
}

export const INVOICING_INTEGRATION_ID = 'luma-invoicing';
export const VAT_NUMBER_PATTERN = /^[0-9]{9}$/;
/** Message keys of the VAT lookup (catalogue: runtime/i18n/integrations.*.ts). */
export const NBS_MESSAGE = {
  /** Spec section 8: 'company not found by tax number'. */
  notFound: 'companyNotFoundByTaxNumber',
  /** The provider did not answer, or answered something else than its protocol. */
  providerFailed: 'nbsProviderFailed',
  invalidVatNumber: 'invalidVatNumber',
} as const;

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
const serviceSchema = { type: 'string', enum: ['ready', 'notConfigured', 'unavailable'] } as const;
const settingsJsonSchema = { type: 'object', additionalProperties: true, description: 'a JSON Schema (runtime/api/integrations.ts IntegrationSettingsSchema)' } as const;

export const integrationSchema = closed(
  {
    id: stringSchema,
    name: stringSchema,
    path: stringSchema,
    onboarded: booleanSchema,
    disabled: booleanSchema,
    onboarding_required: booleanSchema,
    service: serviceSchema,
    template: closed({ renderevents: arrayOf(stringSchema) }, ['renderevents']),
    settings: { ...settingsSchema, description: 'the settings without the secret (writeOnly) ones' },
    secrets_set: { ...arrayOf(stringSchema), description: 'the secret (writeOnly) settings that hold a value (their values are never answered)' },
    updated_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
  },
  ['id', 'name', 'path', 'onboarded', 'disabled', 'onboarding_required', 'service', 'template', 'settings', 'secrets_set', 'updated_at'],
);
export const integrationListSchema = arrayOf(integrationSchema);
export const catalogueEntrySchema = closed(
  {
    id: stringSchema,
    name: stringSchema,
    description: stringSchema,
    permissions: arrayOf(stringSchema),
    pages: arrayOf(pageSchema),
    settings_schema: settingsJsonSchema,
    default_active: booleanSchema,
    paid: booleanSchema,
    onboarding: booleanSchema,
    service: serviceSchema,
    installed: booleanSchema,
    disabled: booleanSchema,
  },
  ['id', 'name', 'description', 'permissions', 'pages', 'settings_schema', 'default_active', 'paid', 'onboarding', 'service', 'installed', 'disabled'],
);
export const catalogueSchema = arrayOf(catalogueEntrySchema);
export const integrateBodySchema = {
  type: 'object',
  properties: { id: judged('a catalogue id (unknown: 404)'), activation_code: judged('the activation code of a paid entry (invalid: 417 invalidActivationCode)') },
  additionalProperties: false,
} as const;
export const nbsSearchQuerySchema = closed({ vatNumber: { type: 'string', description: '9 digits (else 417 invalidVatNumber)' } }, []);
export const nbsCompanySchema = closed({ mb: stringSchema, name: stringSchema, address: stringSchema, place: stringSchema }, ['mb', 'name', 'address', 'place']);
export const integrationUpdateBodySchema = {
  type: 'object',
  properties: {
    id: judged('an installed integration id (unknown: 404)'),
    disabled: judged('boolean: true deactivates, false activates'),
    onboarded: judged('boolean'),
    settings: judged("object of the entry's declared settings (replaces them; a secret left out or '' keeps its stored value, null clears it unless required)"),
  },
  additionalProperties: false,
} as const;
