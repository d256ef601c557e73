import type { CompileInput, FieldDefinition, ViewField } from '../../schemas';

function allowed(listed: readonly string[] | null | undefined, input: CompileInput): boolean {
  if (input.isAdmin || !listed || listed.length === 0) return true;
  return input.roles.some((role) => listed.includes(role));
}

/**
 * Field visibility and editability (spec section 6): visible for admins, when roles.see is null or
 * empty, or when the caller holds a listed role; editable the same way with roles.edit, except that a
 * protected field is never editable on the model edit page (the old value is kept).
 */
export function fieldAccess(
  field: Pick<FieldDefinition, 'roles' | 'protected'>,
  input: CompileInput,
): Pick<ViewField, 'visible' | 'editable' | 'readOnlyReason'> {
  const visible = allowed(field.roles?.see, input);
  if (field.protected && input.page === 'model_edit') return { visible, editable: false, readOnlyReason: 'protected' };
  if (!allowed(field.roles?.edit, input)) return { visible, editable: false, readOnlyReason: 'role' };
  return { visible, editable: true, readOnlyReason: null };
}
