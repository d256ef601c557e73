// Columns a list field may show: the component's field keys plus the virtual columns the model
// provides (spec section 3 "List field": uuid; disabled_at with model.disable; created_at and
// updated_at with model.timestamps).
import type { ComponentSettings } from '../../../../../schemas';

export function listColumnOptions(settings: Pick<ComponentSettings, 'fields' | 'model'>): { key: string; virtual: boolean }[] {
  const virtual = ['uuid'];
  if (settings.model?.disable) virtual.push('disabled_at');
  if (settings.model?.timestamps) virtual.push('created_at', 'updated_at');
  return [...settings.fields.map((f) => ({ key: f.key, virtual: false })), ...virtual.map((key) => ({ key, virtual: true }))];
}
