import { canEditFields } from '../../../../../runtime/components';

/** The live version's fields cannot change (spec section 4): the Fields tab is disabled then. */
export function fieldsLocked(component: { public_version: string | null }, version: string): boolean {
  return canEditFields(component, version) !== null;
}
