// Document paths (docs/documents.md "Paths"): a document is named by a normalised path inside its
// library, like a media key ('contracts/2026/offer'). The character rules are the media keys' own
// (runtime/media/keys.ts normaliseKey: look-alikes of '/', '\' and '.', invisible and control
// characters, percent-encoded bytes, reserved '.luma-' segments, byte limits); on top of them a
// document path is forgiving where a typed path is harmlessly sloppy (segments trimmed, empty
// segments as in 'a//b/' dropped) and capped at 32 segments.
//
// Refused (null): not a string, empty, absolute ('/a', 'C:\a', '\\host', '~/a'), a backslash anywhere,
// '.' or '..' segments (or any segment of dots only), control characters (NUL included), look-alikes
// of '/', '\' and '.' that Unicode compatibility folding would turn into them (fullwidth solidus,
// one-dot leader, ...), and other slash-like characters (division slash, fraction slash), a segment
// longer than 255 characters, more than 32 segments, more than 1024 characters in all.
import { normaliseKey } from '../media/keys';

export const DOCUMENT_PATH_MAX = 1024;
export const DOCUMENT_SEGMENT_MAX = 255;
export const DOCUMENT_DEPTH_MAX = 32;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Slash-like characters compatibility folding leaves alone. */
const SLASH_LIKE = /[\u2215\u2044\u29f8\u29f9\u2571\u2572\u27cb\u27cd\u3033\u30fb]/;
const STRUCTURAL = /[/\\.]/g;

const countStructural = (text: string) => (text.match(STRUCTURAL) ?? []).length;

export function normaliseDocumentPath(input: unknown): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > DOCUMENT_PATH_MAX * 2) return null;
  if (CONTROL.test(input) || SLASH_LIKE.test(input) || input.includes('\\')) return null;
  // A look-alike folds into '/', '\' or '.': refused rather than guessed at.
  if (countStructural(input.normalize('NFKC')) !== countStructural(input)) return null;
  const start = input.trimStart();
  if (start.startsWith('/') || /^[a-zA-Z]:/.test(start) || start.startsWith('~')) return null;
  const segments: string[] = [];
  for (const raw of input.normalize('NFC').split('/')) {
    const segment = raw.trim();
    if (segment === '') continue;
    if (segment === '.' || segment === '..' || /^\.+$/.test(segment)) return null;
    if (segment.length > DOCUMENT_SEGMENT_MAX) return null;
    segments.push(segment);
  }
  if (segments.length === 0 || segments.length > DOCUMENT_DEPTH_MAX) return null;
  const path = segments.join('/');
  if (path.length > DOCUMENT_PATH_MAX) return null;
  // The media keys' character rules decide the rest (they never repair, so the result is path itself).
  return normaliseKey(path) === path ? path : null;
}

/** A directory prefix for listings: '' (the root) or a normalised path. */
export function normaliseDocumentDir(input: unknown): string | null {
  if (input === undefined || input === null) return '';
  if (typeof input === 'string' && input.replace(/\//g, '').trim() === '') return '';
  return normaliseDocumentPath(input);
}

export function documentParent(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function documentName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A path for a URL: each segment encoded, the slashes kept. */
export function encodeDocumentPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
