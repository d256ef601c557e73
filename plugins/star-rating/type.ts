// The star rating's field type: pure data, read by the server (its value is checked with this
// schema) and by the app (the field settings offer it). No React here: the server imports this file.
import type { FieldTypeDeclaration } from '../../runtime/fieldTypes';

export const RATING_MAX = 5;

export const fieldTypes: readonly FieldTypeDeclaration[] = [
  {
    module: 'input',
    type: 'rating',
    label: 'Star rating',
    value: { type: 'integer', minimum: 0, maximum: RATING_MAX },
  },
];
