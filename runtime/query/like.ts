/** A search text as an ILIKE pattern (escape character '\'): %, _ and \ match themselves. */
export function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
