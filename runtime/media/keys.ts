// Media keys (docs/media-storage.md "Keys"): a key is a normalised path inside a library,
// 'dir/sub/a.png', segments joined by '/', no leading or trailing slash. Every key that reaches a
// storage driver went through normaliseKey, so no key leaves its library: '..', '.', empty
// segments, absolute paths, backslashes, NUL and control characters, percent-encoded bytes
// (%2e%2e, %2f: the route decodes once; a key never carries an encoded byte), and Unicode tricks
// (look-alike slashes and dots, characters that compatibility-normalise to '/', '\' or '.',
// invisible format characters such as bidi overrides) are refused, never repaired.
// Pure: runs in the browser and on the server.

/** Bytes of one segment (the usual file-system limit for a file name). */
export const MAX_SEGMENT_BYTES = 255;
/** Bytes of a whole key (S3's key limit; the library's root dir is checked by the driver). */
export const MAX_KEY_BYTES = 1024;
/** Segments starting with this are Luma's own (the preview cache); a key never holds one. */
export const RESERVED_PREFIX = '.luma-';
/** The directory, next to an object, holding its cached previews. */
export const PREVIEW_DIR = '.luma-previews';

/**
 * Characters that look like a slash, a backslash or a dot without being one. NFKC catches most
 * look-alikes (U+FF0F, U+FF0E, U+2024, U+2025, U+FE52, U+FE68, U+FF3C); these have no
 * compatibility mapping and are listed by hand.
 */
const LOOK_ALIKES = new Set([
  0x2215, // DIVISION SLASH
  0x2044, // FRACTION SLASH
  0x2216, // SET MINUS
  0x29f5, // REVERSE SOLIDUS OPERATOR
  0x29f6, // SOLIDUS WITH OVERBAR
  0x29f7, // REVERSE SOLIDUS WITH HORIZONTAL STROKE
  0x29f8, // BIG SOLIDUS
  0x29f9, // BIG REVERSE SOLIDUS
  0x2571, // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
  0x2572, // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT
  0x27cb, // MATHEMATICAL RISING DIAGONAL
  0x27cd, // MATHEMATICAL FALLING DIAGONAL
  0x1735, // PHILIPPINE SINGLE PUNCTUATION
  0x3033, // VERTICAL KANA REPEAT MARK UPPER HALF
  0x2cc6, // COPTIC CAPITAL LETTER OLD COPTIC ESH (a slash glyph)
  0xff0f, // FULLWIDTH SOLIDUS
  0xff3c, // FULLWIDTH REVERSE SOLIDUS
  0xfe68, // SMALL REVERSE SOLIDUS
  0x2024, // ONE DOT LEADER
  0x2025, // TWO DOT LEADER
  0x2026, // HORIZONTAL ELLIPSIS
  0xff0e, // FULLWIDTH FULL STOP
  0xfe52, // SMALL FULL STOP
  0xff61, // HALFWIDTH IDEOGRAPHIC FULL STOP
  0x0701, // SYRIAC SUPRALINEAR FULL STOP
  0x0702, // SYRIAC SUBLINEAR FULL STOP
  0xa4f8, // LISU LETTER TONE MYA TI
  0xa60e, // VAI FULL STOP
  0x10a50, // KHAROSHTHI PUNCTUATION DOT
  0x1d16d, // MUSICAL SYMBOL COMBINING AUGMENTATION DOT
]);

/** Control (C0, DEL, C1), format (bidi overrides, zero-width joiners, soft hyphen), line/paragraph separators, lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** A percent-encoded byte: keys are decoded exactly once, by the route. */
const PERCENT_ENCODED = /%[0-9a-f]{2}/i;
/** A Windows drive ('C:') as the first segment. */
const DRIVE = /^[a-z]:/i;

const encoder = new TextEncoder();
const byteLength = (s: string): number => encoder.encode(s).length;

/** True when a single character may not stand inside a segment (a lone surrogate is one such character). */
function badChar(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  if (ch === '\\' || LOOK_ALIKES.has(code) || INVISIBLE.test(ch)) return true;
  if (ch === '.' || ch === '/') return false;
  // Anything that compatibility-normalises into a separator or a dot (U+FF0F -> '/', U+2025 -> '..').
  const compat = ch.normalize('NFKC');
  return compat !== ch && /[./\\]/.test(compat);
}

/** True when s (already NFC) is acceptable as one segment of a key. */
function isSegment(s: string): boolean {
  if (s === '' || s === '.' || s === '..' || s.trim() === '') return false;
  if (s.toLowerCase().startsWith(RESERVED_PREFIX)) return false;
  if (byteLength(s) > MAX_SEGMENT_BYTES) return false;
  for (const ch of s) if (ch === '/' || badChar(ch)) return false;
  return true;
}

/**
 * The normalised key of input ('dir/sub/a.png'), NFC-normalised, or null when input is not a key
 * that stays inside its library. Never repairs: a refused input is refused, not rewritten.
 */
export function normaliseKey(input: unknown): string | null {
  if (typeof input !== 'string' || input === '') return null;
  if (PERCENT_ENCODED.test(input)) return null;
  const key = input.normalize('NFC');
  if (key.startsWith('/') || key.endsWith('/')) return null;
  if (byteLength(key) > MAX_KEY_BYTES) return null;
  const segments = key.split('/');
  if (DRIVE.test(segments[0]!)) return null;
  for (const segment of segments) if (!isSegment(segment)) return null;
  return key;
}

/**
 * A directory path as a client sends it: '' or '/' is the library's root (''); one leading and one
 * trailing slash are tolerated ('/dir/sub/' is 'dir/sub': every path is inside the library anyway).
 * null when what is left is not a key.
 */
export function normaliseDirPath(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let path = input;
  if (path.startsWith('/')) path = path.slice(1);
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') return input.length <= 2 && !input.includes('//') ? '' : null;
  return normaliseKey(path);
}

/** Joins keys or segments ('' parts are skipped: joinKey('', 'a.png') is 'a.png'); null when the result is not a key. */
export function joinKey(...parts: readonly string[]): string | null {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined === '' ? null : normaliseKey(joined);
}

/** The directory holding key ('' at the root). */
export function parentOf(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

/** The last segment of key. */
export function baseName(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? key : key.slice(slash + 1);
}

/** The lower-cased extension of a name without the dot ('' for none, '.htaccess' has none). */
export function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** True when key is dir itself or inside it (dir '' is the root: everything is inside). */
export function isWithin(key: string, dir: string): boolean {
  return dir === '' || key === dir || key.startsWith(`${dir}/`);
}

/**
 * The key of the cached preview of key: next to it, in PREVIEW_DIR (a reserved segment no user key
 * can hold). A name too long for the width prefix is replaced by a 64-bit hash of it (extension kept).
 */
export function previewKeyOf(key: string, width: number): string {
  const parent = parentOf(key);
  const base = baseName(key);
  let cached = `${width}-${base}`;
  if (byteLength(cached) > MAX_SEGMENT_BYTES) {
    const ext = extensionOf(base);
    cached = `${width}-${hash64(base)}${ext !== '' && byteLength(ext) < 32 ? `.${ext}` : ''}`;
  }
  const path = `${PREVIEW_DIR}/${cached}`;
  return parent === '' ? path : `${parent}/${path}`;
}

/** Two FNV-1a 32-bit hashes (different offsets) of s's UTF-8 bytes, as 16 hex digits. */
function hash64(s: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (const byte of encoder.encode(s)) {
    a = Math.imul(a ^ byte, 0x01000193) >>> 0;
    b = Math.imul(b ^ byte, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** Replaces what normaliseKey would refuse inside one name with '_' (or drops it when invisible). */
function cleanName(input: string, slash: 'strip' | 'replace'): string {
  let out = '';
  for (const ch of input.normalize('NFC')) {
    if (ch === '/' || ch === '\\' || LOOK_ALIKES.has(ch.codePointAt(0)!)) out += slash === 'strip' ? '' : '_';
    else if (INVISIBLE.test(ch)) continue;
    else if (badChar(ch)) out += '_';
    else out += ch;
  }
  return out.replace(/%(?=[0-9a-f]{2})/gi, '_');
}

/** No drive letter ('C:' is refused as a key's first segment) and no reserved prefix. */
function unreserved(name: string): string {
  const fixed = name.replace(/^([a-z]):/i, '$1_');
  return fixed.toLowerCase().startsWith(RESERVED_PREFIX) ? `_${fixed}` : fixed;
}

/** Cuts s to at most max UTF-8 bytes without splitting a character. */
function cutBytes(s: string, max: number): string {
  if (byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (byteLength(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * A file's name as stored (spec section 5: spaces become underscores). A browser's full path
 * ('C:\\fakepath\\a b.png') keeps its last part; what a key cannot hold becomes '_'; the
 * extension survives cutting to MAX_SEGMENT_BYTES. Always one valid segment ('file' when nothing is left).
 */
export function sanitiseFileName(input: string): string {
  const last = String(input).split(/[/\\]/).pop() ?? '';
  let name = unreserved(cleanName(last, 'replace').replace(/\s/g, '_'));
  if (byteLength(name) > MAX_SEGMENT_BYTES) {
    const ext = extensionOf(name);
    const tail = ext !== '' && byteLength(ext) < 32 ? `.${ext}` : '';
    name = cutBytes(name.slice(0, name.length - tail.length), MAX_SEGMENT_BYTES - byteLength(tail)) + tail;
  }
  return normaliseKey(name) === name ? name : 'file';
}

/**
 * A directory's name as typed (spec section 5: a slash is stripped from it). Whatever else a
 * segment cannot hold becomes '_'; surrounding white space is trimmed. '' when nothing usable is
 * left, so the caller's 'required, min 2' rule answers.
 */
export function sanitiseDirName(input: string): string {
  const name = cutBytes(unreserved(cleanName(String(input), 'strip').trim()), MAX_SEGMENT_BYTES).trim();
  return normaliseKey(name) === name ? name : '';
}

/**
 * A library's root dir (media_libraries.dir): '' for the storage's root, else a key; a leading '$'
 * marks a sub-library (spec section 3), whose files live under the dir without the '$'.
 * null when the dir is not a key.
 */
export function parseLibraryDir(dir: string | null | undefined): { root: string; subLibrary: boolean } | null {
  const raw = dir ?? '';
  const subLibrary = raw.startsWith('$');
  const root = normaliseDirPath(subLibrary ? raw.slice(1) : raw);
  if (root === null || (subLibrary && root === '')) return null;
  return { root, subLibrary };
}
