import type { FieldError } from '../api/contract';
import type { ViewSchema } from '../../schemas';
import { validateField } from './validateField';
import type { ValidationContext } from './types';

/**
 * Every field's messages for one record (docs/records.md): only fields with messages, in field order,
 * `values[i]` the parameters of `messages[i]` (null where none). Messages with a path inside the value
 * are reported at `${key}.${path}` ('title.locales.sr'). The server's 417 answer is this list.
 */
export function validateRecord(view: ViewSchema, data: Record<string, unknown>, ctx: ValidationContext): FieldError[] {
  const record: Record<string, unknown> = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const errors: FieldError[] = [];
  // Made at the first message: most records (and import rows) have none.
  let byPath: Map<string, FieldError> | null = null;
  for (const field of view.fields) {
    const value = Object.prototype.hasOwnProperty.call(record, field.key) ? record[field.key] : undefined;
    const messages = validateField(field, value, ctx);
    if (messages.length === 0) continue;
    byPath ??= new Map();
    for (const message of messages) {
      const path = message.path ? `${field.key}.${message.path}` : field.key;
      let error = byPath.get(path);
      if (!error) {
        error = { field: path, messages: [], values: [] };
        byPath.set(path, error);
        errors.push(error);
      }
      error.messages.push(message.key);
      error.values!.push(message.values ? { ...message.values } : null);
    }
  }
  return errors;
}
