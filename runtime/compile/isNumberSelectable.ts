/** Selectables whose values are numbers: their items get the integer range from..to, sorted. */
export function isNumberSelectable(module: string, type: string): boolean {
  return type === 'number' && (module === 'select' || module === 'checkbox' || module === 'radio');
}
