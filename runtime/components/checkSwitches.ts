import type { FieldError } from '../api/contract';
import type { FieldDefinition } from '../../schemas';
import { checkFields } from './checkFields';
import { COMPONENT_MESSAGE as M } from './messageKeys';

/**
 * Active only when fields are set up (at least one field, all valid); public only when also active.
 * `settings` is the model the switch applies to (null when the component has no such version).
 */
export function checkSwitches(
  switches: { is_active: boolean; is_public: boolean },
  settings: { fields: readonly FieldDefinition[] } | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const fields = settings?.fields ?? [];
  if (switches.is_active && (fields.length === 0 || checkFields(fields).length > 0)) {
    errors.push({ field: 'is_active', messages: [M.activeNeedsFields] });
  }
  if (switches.is_public && !switches.is_active) errors.push({ field: 'is_public', messages: [M.publicNeedsActive] });
  return errors;
}
