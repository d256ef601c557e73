import type { FieldDefinition } from '../../schemas';

/** The foreign keys a relation may use: 'uuid', plus unique input text/number or select relation fields. */
export function foreignKeyOptions(foreignSettings: { fields: readonly FieldDefinition[] }): string[] {
  const keys = foreignSettings.fields
    .filter((f) => f.unique || f.constraints?.unique === true)
    .filter(
      (f) => (f.module === 'input' && (f.type === 'text' || f.type === 'number')) || (f.module === 'select' && f.type === 'relation'),
    )
    .map((f) => f.key);
  return ['uuid', ...keys.filter((k) => k !== 'uuid')];
}
