import type { FieldDefinition, ViewField } from '../../schemas';

/** The relation when it is complete (a foreign component and a key pair); one-to-one unless set. */
export function compileRelation(relation: FieldDefinition['relation'] | undefined): ViewField['relation'] {
  if (!relation?.foreign || !relation.key || relation.key.length !== 2) return null;
  return { foreign: relation.foreign, key: [relation.key[0], relation.key[1]], type: relation.type ?? 'one-to-one' };
}
