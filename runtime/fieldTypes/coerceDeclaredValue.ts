import type { ValueSchema } from './declaration';

/**
 * A declared type's value as its schema stores it, where a form or a CSV cell gives it as text:
 * blank text is empty, a numeric string becomes its number for an 'integer' or 'number' schema,
 * 'true'/'false' a boolean for a 'boolean' one. Anything else is left for the schema to refuse.
 */
export function coerceDeclaredValue(schema: ValueSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  const type = schema.type;
  if (type === 'integer' || type === 'number') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : value;
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}
