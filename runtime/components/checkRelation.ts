import type { FieldDefinition, Relation } from '../../schemas';
import { foreignKeyOptions } from './foreignKeyOptions';
import { isEmptyRelation } from './isEmptyRelation';
import { COMPONENT_MESSAGE } from './messageKeys';

/**
 * A relation needs a foreign component (found: foreignSettings not null) and a full key pair whose
 * foreign key is one of foreignKeyOptions. An empty relation (no relation) passes. Null when valid.
 */
export function checkRelation(
  relation: Partial<Relation> | null | undefined,
  foreignSettings: { fields: readonly FieldDefinition[] } | null,
): 'relationshipNotValid' | null {
  if (isEmptyRelation(relation)) return null;
  const key = relation?.key;
  const fullPair = Array.isArray(key) && key.length === 2 && key.every((k) => typeof k === 'string' && k !== '');
  if (!relation?.foreign && !relation?.foreign_uuid) return COMPONENT_MESSAGE.relationshipNotValid;
  if (!fullPair || !foreignSettings) return COMPONENT_MESSAGE.relationshipNotValid;
  if (!foreignKeyOptions(foreignSettings).includes(key[1]!)) return COMPONENT_MESSAGE.relationshipNotValid;
  return null;
}
