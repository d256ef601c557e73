// The integration catalogue (GET /integrations/explore; APPS.md "Integrations"; spec section 1: media,
// storefront, invoicing, fiscal processor, OCR, AI assistant, delivery). luma-media works on its own;
// luma-invoicing's VAT lookup works once the operator configures its provider (LUMA_NBS_URL); the
// others have no provider in this Luma yet: listed with the settings they will take, never installable,
// so none pretends to work.
import { MEDIA_INTEGRATION_ID, MEDIA_PERMISSION } from '../api/media';
import { INVOICING_INTEGRATION_ID, integrationPagePath, type IntegrationPage, type IntegrationSettingsSchema } from '../api/integrations';
import { PLANNED_INTEGRATIONS } from './planned';

/** What an entry needs to work: nothing more ('builtIn'), the operator's NBS endpoint, or a provider Luma lacks ('missing'). */
export type IntegrationProvider = 'builtIn' | 'nbsEndpoint' | 'missing';

export interface CatalogueDefinition {
  id: string;
  name: string;
  description: string;
  permissions: readonly string[];
  pages: readonly IntegrationPage[];
  settings_schema: IntegrationSettingsSchema;
  /** Installed and active in every project (no row = active); an admin may deactivate it. */
  default_active: boolean;
  /** Installing it the first time takes an activation code (server: integrations/activation.ts). */
  paid: boolean;
  /** Needs onboarding once installed (spec section 4 'required onboarding'). */
  onboarding: boolean;
  provider: IntegrationProvider;
  /** Spec section 3 "Integration" template.renderevents: the widgets (module/type) it renders into. */
  renderevents: readonly string[];
}

/** The settings schema of an entry with none. */
export const NO_SETTINGS: IntegrationSettingsSchema = { type: 'object', properties: {}, additionalProperties: false };

/** Both pages of an integration: under /admin, and for members under /home. */
export const pagesOf = (id: string, label: string): IntegrationPage[] => [{ path: integrationPagePath(id), label, home_path: integrationPagePath(id, 'home') }];

export const INTEGRATION_CATALOGUE: readonly CatalogueDefinition[] = [
  {
    id: MEDIA_INTEGRATION_ID,
    name: 'Media library',
    description:
      'Libraries of files on the local disk or in S3-compatible storage: directories, resumable uploads, previews and share links; ' +
      'the image, file and carousel widgets pick files from them.',
    permissions: Object.values(MEDIA_PERMISSION),
    pages: pagesOf(MEDIA_INTEGRATION_ID, 'Media library'),
    settings_schema: NO_SETTINGS,
    default_active: true,
    paid: false,
    onboarding: false,
    provider: 'builtIn',
    renderevents: ['input/image', 'input/imagev2', 'input/file', 'image/carousel'],
  },
  {
    id: INVOICING_INTEGRATION_ID,
    name: 'Invoicing',
    description:
      "Your company's invoicing details, and the Serbian VAT company lookup: a 9-digit tax number (PIB) gives the company's " +
      'registration number, name, address and city, for the billing form and the invoicing page.',
    permissions: [`use ${INVOICING_INTEGRATION_ID}`],
    pages: pagesOf(INVOICING_INTEGRATION_ID, 'Invoicing'),
    settings_schema: {
      type: 'object',
      properties: {
        company: { type: 'string', title: 'Company name', maxLength: 120 },
        vat_number: { type: 'string', title: 'VAT number (PIB)', pattern: '^[0-9]{9}$', description: '9 digits' },
        main_number: { type: 'string', title: 'Registration number (MB)', pattern: '^[0-9]{8}$', description: '8 digits' },
        invoice_prefix: { type: 'string', title: 'Invoice number prefix', maxLength: 16 },
        next_number: { type: 'integer', title: 'Next invoice number', minimum: 1, maximum: 999999999 },
        currency: { type: 'string', title: 'Currency', enum: ['RSD', 'EUR'] },
        vat_rate: { type: 'number', title: 'VAT rate (%)', minimum: 0, maximum: 100 },
      },
      required: ['company', 'vat_number'],
      additionalProperties: false,
    },
    default_active: false,
    paid: true,
    onboarding: true,
    provider: 'nbsEndpoint',
    renderevents: [],
  },
  ...PLANNED_INTEGRATIONS,
];

/** The catalogue entry with that id, or undefined (an own property only: '__proto__' is no id). */
export function catalogueEntry(id: unknown): CatalogueDefinition | undefined {
  if (typeof id !== 'string') return undefined;
  return INTEGRATION_CATALOGUE.find((entry) => entry.id === id);
}
