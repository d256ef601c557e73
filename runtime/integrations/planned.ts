// The integrations of spec section 1 that have no provider in this Luma yet (storefront, fiscal
// processor, OCR, AI assistant, delivery): in the catalogue with the settings they will take and the
// 'not configured' state; POST /integrate refuses them (409 integrationNotConfigured).
import type { IntegrationSettingsSchema } from '../api/integrations';
import type { CatalogueDefinition } from './catalogue';

const url = (title: string) => ({ type: 'string' as const, title, format: 'uri' as const, maxLength: 500 });
const text = (title: string, maxLength = 200) => ({ type: 'string' as const, title, maxLength });
/** A secret setting (writeOnly: never in a snapshot; a password input on the settings form). */
const secret = (title: string, maxLength = 200) => ({ ...text(title, maxLength), writeOnly: true });
const settings = (properties: IntegrationSettingsSchema['properties'], required: string[]): IntegrationSettingsSchema => ({ type: 'object', properties, required, additionalProperties: false });

function planned(id: string, name: string, description: string, schema: IntegrationSettingsSchema, paid: boolean): CatalogueDefinition {
  return {
    id,
    name,
    description,
    permissions: [`use ${id}`],
    pages: [],
    settings_schema: schema,
    default_active: false,
    paid,
    onboarding: true,
    provider: 'missing',
    renderevents: [],
  };
}

export const PLANNED_INTEGRATIONS: readonly CatalogueDefinition[] = [
  planned(
    'luma-storefront',
    'Storefront',
    'Sell the records of a component (products) in an online shop: catalogue, cart and orders.',
    settings({ shop_url: url('Shop address'), currency: { type: 'string', title: 'Currency', enum: ['RSD', 'EUR', 'USD'] }, products_component: text('Products component') }, ['shop_url']),
    true,
  ),
  planned(
    'luma-fiscal',
    'Fiscal processor',
    'Fiscalise receipts through a fiscal processor (a V-SDC or L-PFR endpoint).',
    settings({ processor_url: url('Processor address'), tin: { type: 'string', title: 'Tax number (PIB)', pattern: '^[0-9]{9}$' }, pac: secret('PAC', 64) }, ['processor_url', 'tin']),
    true,
  ),
  planned(
    'luma-ocr',
    'OCR',
    'Read the text of uploaded images and PDF files into record fields.',
    settings({ endpoint: url('OCR service address'), language: { type: 'string', title: 'Language', enum: ['srp', 'srp_latn', 'eng'] } }, ['endpoint']),
    false,
  ),
  planned(
    'luma-assistant',
    'AI assistant',
    'An assistant that answers questions about your records and drafts text in forms.',
    settings(
      { endpoint: url('Model service address'), api_key: secret('API key', 500), model: text('Model', 100), max_tokens: { type: 'integer', title: 'Answer length (tokens)', minimum: 1, maximum: 32000 } },
      ['endpoint', 'api_key', 'model'],
    ),
    false,
  ),
  planned(
    'luma-delivery',
    'Delivery',
    'Create shipments with a courier from orders and follow their state.',
    settings({ carrier: { type: 'string', title: 'Courier', enum: ['d-express', 'post-express', 'aks', 'bex'] }, sender_address: text('Sender address'), sender_phone: text('Sender phone', 32) }, ['carrier']),
    false,
  ),
];
