// The field settings form's pure parts: a new field, what is stored on submit, and the rule
// messages of checkFields for the edited field, keyed by path inside it ('name', 'constraints.length.max').
import { checkFields, COMPONENT_MESSAGE, deriveFieldKey, normaliseField, toStartCase, type FieldDraft } from '../../../../../../runtime/components';
import type { FieldDefinition } from '../../../../../../schemas';

/** The key the field will have: derived from its name while auto-key is on (the default), else as typed. */
export function draftKey(draft: FieldDraft): string {
  return (draft.auto_key ?? true) ? deriveFieldKey(toStartCase(draft.name ?? '')) : (draft.key ?? '');
}

export const newFieldDraft = (sortOrder: number): FieldDraft => ({ name: '', key: '', auto_key: true, sortOrder, label: {}, group: 'general' });

/** Context entries with an empty key or value are dropped when the field is stored (spec section 2). */
export function prepareField(draft: FieldDraft): FieldDefinition {
  const context = (draft.context ?? []).filter((c) => c.key.trim() !== '' && c.value.trim() !== '');
  return normaliseField({ ...draft, context });
}

/** The messages for field `index` of `fields` (and the list-wide ones, under ''). */
export function errorsForField(fields: readonly FieldDraft[], index: number, listPath = 'fields'): Record<string, string[]> {
  const prefix = `${listPath}.${index}`;
  const out: Record<string, string[]> = {};
  for (const { field, messages } of checkFields(fields, listPath)) {
    if (field === listPath) (out[''] ??= []).push(...messages);
    else if (field === prefix || field.startsWith(`${prefix}.`)) (out[field.slice(prefix.length + 1)] ??= []).push(...messages);
  }
  return out;
}

/** The refusal the form states: a duplicate says so; anything else is 'fields not valid'. */
export function refusalKey(errors: Record<string, string[]>): string | null {
  const all = Object.values(errors).flat();
  if (all.length === 0) return null;
  return all.includes(COMPONENT_MESSAGE.fieldWithSameNameOrKeyExists) ? COMPONENT_MESSAGE.fieldWithSameNameOrKeyExists : COMPONENT_MESSAGE.fieldsNotValid;
}

/** Fields with `field` at `index` (replacing) or appended (index = length). */
export function withField(fields: readonly FieldDefinition[], index: number, field: FieldDefinition): FieldDefinition[] {
  const next = [...fields];
  next.splice(index, index < fields.length ? 1 : 0, field);
  return next;
}

/** Moves a field up or down; sortOrder follows the position. */
export function moveField(fields: readonly FieldDefinition[], index: number, delta: -1 | 1): FieldDefinition[] {
  const to = index + delta;
  if (to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next.map((f, i) => ({ ...f, sortOrder: i }));
}
