// Which of the relation select's buttons show (spec section 2 "Relation select"): Create when the user
// may create on the related component; Edit when the user may edit it, a related model is chosen,
// and the relation is not one-to-many. Permissions name the component by ref or by uuid.
import { hasPermission, type PermissionSubject } from '../../../../runtime/permissions/hasPermission';

export interface RelationButtons {
  create: boolean;
  edit: boolean;
}

export function mayOnForeign(subject: PermissionSubject | null, verbs: readonly string[], refs: readonly string[]): boolean {
  if (!subject) return false;
  return verbs.some((verb) => refs.some((ref) => ref !== '' && hasPermission(subject, verb, ref)));
}

export function relationButtons(input: {
  subject: PermissionSubject | null;
  /** The foreign component's ref and uuid (either may name it in a permission). */
  refs: readonly string[];
  type: 'one-to-one' | 'one-to-many';
  /** A related model is chosen (and known, so it can be opened). */
  chosen: boolean;
  readOnly: boolean;
}): RelationButtons {
  if (input.readOnly) return { create: false, edit: false };
  return {
    create: mayOnForeign(input.subject, ['create'], input.refs),
    edit: input.type !== 'one-to-many' && input.chosen && mayOnForeign(input.subject, ['update', 'edit'], input.refs),
  };
}
