// Permission strings are '{verb} {component ref}' (spec section 6), matched case-insensitively
// against the caller's permission list. An admin passes every check.

export interface PermissionSubject {
  is_admin: boolean;
  permissions: readonly string[];
}

/** Lower case, trimmed, inner whitespace collapsed: 'Read  Orders ' and 'read orders' are one permission. */
export function normalizePermission(permission: string): string {
  return permission.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** hasPermission(subject, 'read orders') or hasPermission(subject, 'read', 'orders'). */
export function hasPermission(subject: PermissionSubject, verbOrPermission: string, ref?: string): boolean {
  if (subject.is_admin) return true;
  const wanted = normalizePermission(ref === undefined ? verbOrPermission : `${verbOrPermission} ${ref}`);
  if (wanted === '') return false;
  return subject.permissions.some((permission) => typeof permission === 'string' && normalizePermission(permission) === wanted);
}
