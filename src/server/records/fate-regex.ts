// A field's regex rule (a JavaScript pattern, tested without flags: runtime/validation/textMessages.ts)
// as a PostgreSQL ARE pattern that matches the same texts, for the records' fate (fate-sql.ts). Only
// the common subset is translated; anything whose meaning differs or is unclear (word boundaries,
// lookbehind, backreferences, named groups, Unicode property escapes, a literal `{`, bounds over 255)
// answers null, and the fate lists the field as not counted rather than guess.

/** The characters JavaScript's \s and trim() take as white space (ECMAScript WhiteSpace and LineTerminator). */
export const JS_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** What `.` does not match in JavaScript without the s flag. */
const LINE_END = '\n\r\u2028\u2029';

const CLASS_OUTSIDE: Record<string, string> = {
  d: '[0-9]',
  D: '[^0-9]',
  w: '[a-zA-Z0-9_]',
  W: '[^a-zA-Z0-9_]',
  s: `[${JS_SPACE}]`,
  S: `[^${JS_SPACE}]`,
};
const CLASS_INSIDE: Record<string, string> = { d: '0-9', w: 'a-zA-Z0-9_', s: JS_SPACE };
/** Escapes that mean one character alike in both (ARE reads \uXXXX as JavaScript does without the u flag). */
const SAME_ESCAPES = new Set(['t', 'n', 'r', 'f', 'v']);
const BOUND = /^\{(\d+)(,(\d*))?\}/;
const MAX_BOUND = 255;

/** One escape at pattern[i] ('\\'): its ARE text and length, or null when it has no safe translation. */
function escape(pattern: string, i: number, inBracket: boolean): [string, number] | null {
  const next = pattern[i + 1];
  if (next === undefined) return null;
  const table = inBracket ? CLASS_INSIDE : CLASS_OUTSIDE;
  if (table[next] !== undefined) return [table[next]!, 2];
  if (SAME_ESCAPES.has(next)) return [`\\${next}`, 2];
  if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(pattern.slice(i + 2, i + 6))) return [pattern.slice(i, i + 6), 6];
  // Letters and digits are escapes with their own meaning (\b, \B, \1, \k, \p, \x, \c, \0...): not translated.
  if (/[a-zA-Z0-9]/.test(next)) return null;
  // Any other character escaped is itself in both dialects.
  return [`\\${next}`, 2];
}

/** A bracket expression at pattern[i] ('['): its ARE text and length, or null. */
function bracket(pattern: string, i: number): [string, number] | null {
  let out = '[';
  let j = i + 1;
  if (pattern[j] === '^') {
    out += '^';
    j += 1;
  }
  // `[]` matches nothing and `[^]` anything in JavaScript; in ARE a leading ] is a literal.
  if (pattern[j] === ']') return null;
  while (j < pattern.length && pattern[j] !== ']') {
    const char = pattern[j]!;
    if (char === '\\') {
      const next = pattern[j + 1];
      if (next === 'D' || next === 'W' || next === 'S') return null;
      // A class beside a '-' is a literal '-' in JavaScript, a range in ARE once spelled out.
      if (CLASS_INSIDE[next ?? ''] !== undefined && (pattern[j - 1] === '-' || pattern[j + 2] === '-')) return null;
      const found = escape(pattern, j, true);
      if (!found) return null;
      out += found[0];
      j += found[1];
      continue;
    }
    // [: [. [= open classes and collating elements in ARE.
    if (char === '[' && /[:.=]/.test(pattern[j + 1] ?? '')) return null;
    out += char;
    j += 1;
  }
  if (j >= pattern.length) return null;
  return [`${out}]`, j + 1 - i];
}

/** The group opener at pattern[i] ('('): what ARE shares (plain, (?:, (?=, (?!), else null. */
function group(pattern: string, i: number): [string, number] | null {
  if (pattern[i + 1] !== '?') return ['(', 1];
  const kind = pattern.slice(i, i + 3);
  return kind === '(?:' || kind === '(?=' || kind === '(?!' ? [kind, 3] : null;
}

function bound(pattern: string, i: number): [string, number] | null {
  const match = BOUND.exec(pattern.slice(i));
  if (!match) return null;
  const numbers = [match[1], match[3]].filter((n) => n !== undefined && n !== '').map(Number);
  return numbers.every((n) => n <= MAX_BOUND) ? [match[0], match[0].length] : null;
}

/** The pattern in PostgreSQL's dialect, or null when it cannot be said safely. */
export function sqlPattern(pattern: string): string | null {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    let found: [string, number] | null;
    if (char === '\\') found = escape(pattern, i, false);
    else if (char === '[') found = bracket(pattern, i);
    else if (char === '(') found = group(pattern, i);
    else if (char === '{') found = bound(pattern, i);
    else if (char === '.') found = [`[^${LINE_END}]`, 1];
    else if (char === '}' || char === ']') found = null;
    else found = [char, 1];
    if (!found) return null;
    out += found[0];
    i += found[1];
  }
  return out;
}
