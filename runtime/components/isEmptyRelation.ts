import type { Relation } from '../../schemas';

/** No relation: null, or every part cleared (what the relationship editor's Remove leaves). */
export function isEmptyRelation(relation: Partial<Relation> | null | undefined): boolean {
  return !relation || (!relation.foreign && !relation.foreign_uuid && !relation.key && !relation.type);
}
