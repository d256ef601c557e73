/** Fields whose value is text (spec section 3 "Defaults": string fields). */
export function isStringField(module: string | undefined, type: string | undefined): boolean {
  if (module === 'text') return true;
  if (module === 'input') return type === 'text' || type === 'email' || type === 'password' || type === 'text_i18n';
  return false;
}
