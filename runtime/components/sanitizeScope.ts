import { sanitizeTag } from './sanitizeTag';

/** Scope (spec section 5): '::' becomes '_' first, then the tag rule. */
export function sanitizeScope(value: string): string {
  return sanitizeTag(value.replace(/::/g, '_'));
}
