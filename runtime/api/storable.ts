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
  // Without an escape, every key and string is a stretch of the text itself (a raw control character
  // is not JSON, and a surrogate pair cannot straddle a quote): text that is storable as a whole has
  // only storable keys and strings, and needs no reviver (three times dearer than a plain parse).
  if (!text.includes('\\') && !unstorableText(text)) return { value: JSON.parse(text) as unknown, unstorable: false };
  let unstorable = false;
  const value: unknown = JSON.parse(text, (key, item: unknown) => {
    if (unstorableText(key) || (typeof item === 'string' && unstorableText(item))) unstorable = true;
    return item;
  });
  return { value, unstorable };
}

/** The text with NUL and surrogates replaced by U+FFFD, so an error can name where unstorable text was. */
export function storableCopy(text: string): string {
  return text.replace(/[\u0000\uD800-\uDFFF]/g, '\uFFFD');
}

export interface StorableLimits {
  /** Deepest nesting taken (the root is depth 0). */
  depth: number;
  /** Most values (objects, arrays, strings, numbers...) taken in all. */
  nodes: number;
}

const NO_LIMITS: StorableLimits = { depth: Infinity, nodes: Infinity };

/**
 * Where in a parsed JSON value the first thing the database cannot take is ('body.data.title'), or
 * null: a key or string with unstorable text, a number that is not finite, or (with `limits`) nesting
 * or size beyond them (answered at `root`). Characters that make the path itself unstorable are replaced.
 */
export function unstorableAt(value: unknown, root: string, limits: StorableLimits = NO_LIMITS): string | null {
  const stack: { value: unknown; at: string; depth: number }[] = [{ value, at: root, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, at, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > limits.nodes || depth > limits.depth) return root;
    if (typeof current === 'string') {
      if (unstorableText(current)) return at;
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return at;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, at: `${at}.${index}`, depth: depth + 1 }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const here = `${at}.${key.slice(0, 100)}`;
        if (unstorableText(key)) return storableCopy(here);
        stack.push({ value: item, at: here, depth: depth + 1 });
      }
    }
  }
  return null;
}
