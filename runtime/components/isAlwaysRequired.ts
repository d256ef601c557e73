/**
 * Fields the record form requires whatever their Required tick says: a date field reports required
 * whenever its value is empty (spec section 5, "Record form rules"). The form marks them, and the field
 * settings show Required ticked and fixed, so the two never disagree.
 */
export function isAlwaysRequired(module: string | undefined, type: string | undefined): boolean {
  return module === 'picker' && type === 'date';
}
