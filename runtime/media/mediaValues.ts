// The values the media widgets store (spec section 3 "Values"), read the same way by the widgets, the
// list cells and the server's record check (src/server/records/media-values.ts):
//   input/image (old):   '/media/library/{library_uuid}/get/{key}'
//   input/imagev2:       {localURL, publicURL}; the old string is still read
//   input/file:          a string path, or a list of them when the field is multiple
//   image/carousel:      a list of image v2 values (strings read too)
// A URL is either a library path of this product or an external http(s) URL; nothing else (no
// javascript:, data: or relative paths) is stored, and a library key never leaves its library.
// Kept in one file: the functions are small and only make sense together.
import { normaliseKey } from './keys';

export interface ImageValue {
  localURL: string;
  publicURL: string;
}

export interface LibraryRef {
  libraryUuid: string;
  key: string;
}

const LIBRARY_PATH = /^\/media\/library\/([^/?#]+)\/get\/([^?#]+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a decoded key is a plain path inside a library: exactly what the storage's normaliseKey
 * accepts unchanged ('..', empty segments, backslashes, NUL, look-alike dots and slashes refused).
 */
export function isSafeLibraryKey(key: string): boolean {
  return normaliseKey(key) === key;
}

/**
 * The library and key of a media file URL '/media/library/{library_uuid}/get/{key}', or null when the
 * text is not such a URL or its key is not safe (encoded slashes and dots are decoded first, so
 * '%2e%2e%2f' is judged as '../').
 */
export function parseLibraryUrl(url: string): LibraryRef | null {
  const match = LIBRARY_PATH.exec(url);
  if (!match) return null;
  let libraryUuid: string;
  let key: string;
  try {
    libraryUuid = decodeURIComponent(match[1]!);
    key = match[2]!.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  if (!UUID.test(libraryUuid) || !isSafeLibraryKey(key)) return null;
  return { libraryUuid: libraryUuid.toLowerCase(), key };
}

/** An absolute http or https URL (the external source). */
export function isExternalUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** What a stored URL is: a library file, an external URL, or neither (refused). */
export function classifyMediaUrl(url: string): 'library' | 'external' | 'invalid' {
  if (parseLibraryUrl(url)) return 'library';
  if (isExternalUrl(url)) return 'external';
  return 'invalid';
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An image value (v2 object or the old string path) as {localURL, publicURL}; null when empty. */
export function readImageValue(value: unknown): ImageValue | null {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    return parseLibraryUrl(value) ? { localURL: value, publicURL: '' } : { localURL: '', publicURL: value };
  }
  if (!isRecord(value)) return null;
  const localURL = text(value.localURL);
  const publicURL = text(value.publicURL);
  return localURL || publicURL ? { localURL, publicURL } : null;
}

/** The URL to show an image value with: the library path when there is one (the session may read it), else the public URL. */
export function imageSrc(value: ImageValue): string {
  return value.localURL || value.publicURL;
}

/** The images of a field's value, in order: one for an image input, each item for a carousel. */
export function readImageList(value: unknown): ImageValue[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(readImageValue).filter((item): item is ImageValue => item !== null);
}

/** The paths of a file input's value (a string, or a list when multiple). */
export function readFileList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/** A library file as an image v2 value. */
export function imageValueOf(file: { local_url?: string | null; public_url?: string | null }): ImageValue {
  return { localURL: file.local_url ?? '', publicURL: file.public_url ?? '' };
}

/** The media renderers of spec section 2 ("Form widgets by module and type"). */
export const MEDIA_RENDERERS: ReadonlySet<string> = new Set(['input/image', 'input/imagev2', 'input/file', 'image/carousel']);

/** Every URL a media field's value holds, for the server's check; non-string parts are the shape rule's. */
export function mediaUrlsOf(renderer: string, value: unknown): string[] {
  if (!MEDIA_RENDERERS.has(renderer) || value === null || value === undefined) return [];
  if (renderer === 'input/file') return readFileList(value);
  return readImageList(value).flatMap((image) => [image.localURL, image.publicURL].filter((url) => url !== ''));
}

/** The file name a path ends with, decoded ('dir/a%20b.pdf' -> 'a b.pdf'). */
export function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Extensions a file field allows (custom_data.extensions: a list or 'pdf, docx'), lower case without dots; empty: any. */
export function allowedExtensions(extensions: unknown): string[] {
  const list = Array.isArray(extensions) ? extensions : typeof extensions === 'string' ? extensions.split(/[,\s]+/) : [];
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().replace(/^\*?\./, '').toLowerCase())
    .filter(Boolean);
}

/** Whether a file name has one of the allowed extensions (any name when none is set). */
export function hasAllowedExtension(name: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const dot = name.lastIndexOf('.');
  return dot >= 0 && allowed.includes(name.slice(dot + 1).toLowerCase());
}
