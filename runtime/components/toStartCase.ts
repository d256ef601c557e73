/**
 * Start Case for field names ('customer name', 'customer_name', 'customerName' -> 'Customer Name').
 * Words split at anything but letters, marks and digits and at lower-to-upper case steps; the first
 * letter of each word is raised, the rest kept (so 'VAT id' -> 'VAT Id'). Idempotent.
 */
export function toStartCase(value: string): string {
  return value
    .replace(/(\p{Ll}\p{M}*)(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => {
      const [first = '', ...rest] = [...word];
      return first.toUpperCase() + rest.join('');
    })
    .join(' ');
}
