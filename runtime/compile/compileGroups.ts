import type { ViewField, ViewGroup } from '../../schemas';

/** Tabs by field group: 'general' always first, the others in first-use order (fields in sortOrder). */
export function compileGroups(fields: ViewField[], generalLabel: string): ViewGroup[] {
  const ids = ['general', ...new Set(fields.map((field) => field.group).filter((group) => group !== 'general'))];
  return ids.map((id) => ({ id, label: id === 'general' ? generalLabel : id }));
}
