import { defaultSettings, normaliseField, type FieldDraft } from '../../../runtime/components';
import type { CompileInput, ComponentSettings, FieldDefinition } from '../../../schemas';

/** A stored field: normalised like the settings screen stores it, key as given. */
export const field = (draft: FieldDraft & { key: string }): FieldDefinition => normaliseField({ auto_key: false, name: draft.key, ...draft });

export const settingsWith = (fields: FieldDefinition[], patch: Partial<ComponentSettings> = {}): ComponentSettings => ({
  ...defaultSettings('v1'),
  fields,
  ...patch,
});

export const input = (patch: Partial<CompileInput> = {}): CompileInput => ({
  component: { uuid: '7c0e8a52-4bd4-4c55-8d0c-2b1e0c6d7a11', ref: 'shop/orders', name: 'orders', label: { en_US: 'Orders', sr: 'Porudžbine' } },
  locale: 'en_US',
  roles: [],
  isAdmin: false,
  page: 'model_create',
  ...patch,
});
