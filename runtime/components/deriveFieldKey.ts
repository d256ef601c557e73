import { normaliseFieldKey } from './normaliseFieldKey';

/** The key derived from a field name while auto_key is on: 'Customer Name' -> 'customer_name'. */
export function deriveFieldKey(name: string): string {
  return normaliseFieldKey(name.trim().replace(/\s+/g, ' '));
}
