/** Tag (spec section 5): white space becomes '_', anything but letters, digits, '_' and '-' is removed. */
export function sanitizeTag(value: string): string {
  return value.replace(/\s/g, '_').replace(/[^A-Za-z0-9_-]/g, '');
}
