/** Text and password inputs need both length bounds, 0..99999 (spec section 5). */
export function needsLengthBounds(module: string | undefined, type: string | undefined): boolean {
  return module === 'input' && (type === 'text' || type === 'password');
}
