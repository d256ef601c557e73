import { defaultSettings, normaliseField, type FieldDraft } from '../../../runtime/components';
import type { ComponentSettings, FieldDefinition } from '../../../schemas';

export const field = (draft: FieldDraft): FieldDefinition => normaliseField(draft);

/** A rich, valid model: every part set, fields of seven modules with their custom_data shapes. */
export function richSettings(): ComponentSettings {
  return {
    ...defaultSettings('v2.1-beta'),
    appearance: { icon: 'mdi-cart', list_entrypoint: 'default', create_entrypoint: null, edit_entrypoint: 'orders-edit' },
    presets: [
      {
        name: 'Open orders',
        roles: ['b0e6b8a4-6d8e-4a0e-9d4f-1a2b3c4d5e6f'],
        context: {
          default: true,
          filters: { dateField: 'created_at', dateFrom: null, dateTo: null, filter: 'open', filterOn: ['status'], perPage: 10, currentPage: 1, sortDesc: true, sortBy: 'created_at', $adv: { and: [] } },
          expr: null,
        },
      },
    ],
    list: {
      fields: [
        { key: 'customer_name', label: 'Customer', sortOrder: 0, formatter: null, provided_template_component: false, component_template: null },
        { key: 'uuid', label: { en_US: 'Id', sr: 'Id' }, sortOrder: 1, formatter: 'return value.slice(0, 8)', provided_template_component: false, component_template: null },
      ],
    },
    fields: [
      field({ name: 'customer name', module: 'input', type: 'text', unique: true, constraints: { required: true, length: { min: 2, max: 120 }, not_allowed_words: 'foo, bar', regex: '^[A-Z]' } }),
      field({ name: 'order total', module: 'input', type: 'number', constraints: { length: { min: 0, max: null } } }),
      field({ name: 'notes', module: 'text', type: 'editor', label: { en_US: 'Notes', sr: 'Beleške' } }),
      field({
        name: 'status',
        module: 'select',
        type: 'text',
        constraints: { selectables: { items: ['open', { value: 'closed', label: { en_US: 'Closed' } }], custom: false, multiple: false, range: null } },
      }),
      field({
        name: 'customer',
        module: 'select',
        type: 'relation',
        relation: { foreign: 'shop/customers', foreign_uuid: '5f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f', key: ['customer', 'uuid'], type: 'one-to-one' },
        constraints: { relation: { label: '{{name}} ({{email}})', searchOn: ['name', 'email'] } },
      }),
      field({
        name: 'delivery',
        module: 'picker',
        type: 'datetime',
        constraints: {
          custom_data: { is12h: false, minuteStep: 15, format: 'yyyy-MM-dd HH:mm', availableHours: '08-17', disablePastDates: true, from: null, to: null },
          date: { pattern: 'YYYY-MM-DD', disable_past_dates: true, disabled_dates: { days: [0, 6], days_of_month: [1], dates: ['2025-01-01'], ranges: [{ from: '2025-12-24', to: '2025-12-26' }] } },
        },
      }),
      field({ name: 'paid', module: 'checkbox', type: 'bool', filterable: true }),
      field({ name: 'photos', module: 'image', type: 'carousel', constraints: { custom_data: { width: 800, height: 600, max_images: 3, libraries: [] } } }),
      field({
        name: 'lines',
        module: 'fieldset',
        type: 'default',
        constraints: { custom_data: [field({ name: 'sku', module: 'input', type: 'text' }), field({ name: 'qty', module: 'input', type: 'number' })] },
      }),
      field({ name: 'extra', module: 'data', type: 'json', roles: { see: ['r1'], edit: null }, context: [{ key: 'filter:status', value: 'open' }], mutators: { get: 'return value', set: null } }),
    ],
    model: { events: ['Before::Create', 'Create', 'custom-event'], disable: true, timestamps: true, cleanup_after: 30 },
    functions: [{ name: 'total', expr: 'return 1' }],
    actions: [{ name: 'Close order', display_condition: 'return true', fields: [field({ name: 'reason', module: 'select', type: 'text' })], action: 'return {}' }],
    config: { any: ['json', 1, null] },
    integrations: [{ name: 'stripe' }],
    routes: { 'orders/summary': { code: 'return 1' }, ping: { code: '' } },
    templates: [],
    templates_dist: { dist: 'https://cdn/x.js', sdk_version: 6 },
  };
}
