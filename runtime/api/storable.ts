// Text PostgreSQL cannot store: a NUL (U+0000) is refused in text and jsonb, and a lone UTF-16
// surrogate is refused in jsonb (or silently replaced in text). Input holding either is the
// caller's mistake (a 400), never a database error (a 500). One definition for browser and server.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unstorableText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * JSON text parsed with every key and string checked: the value, or `unstorable` when some key or
 * string holds text the database cannot store. Throws what JSON.parse throws.
 */
export function parseStorableJson(text: string): { value: unknown; unstorable: boolean } {
  let unstorable = false;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    if (unstorableText(key) || (typeof item === 'string' && unstorableText(item))) unstorable = true;
    return item;
  });
  return { value, unstorable };
}
