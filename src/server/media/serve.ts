// Serving a file's bytes (docs/media.md "Serving files"): who may read it, and the headers that keep
// active content from running on the app's origin. Only a short list of passive types (raster
// images, audio, video, PDF) is ever served inline; everything else (SVG, HTML, XML, scripts,
// unknown bytes) is an attachment with a sandboxing CSP and nosniff, whatever its name says.
import type { Readable } from 'node:stream';
import { MEDIA_MESSAGE } from '../../../runtime/api/media';
import type { MediaFileRow } from '../db/schema-media';
import { HttpError } from '../platform/errors';

/** Types a browser shows without running anything in the app's origin. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'audio/aac',
  'audio/mp4',
  'audio/flac',
  'audio/x-flac',
  'application/pdf',
]);

export function isInlineType(mimeType: string): boolean {
  return INLINE_TYPES.has(mimeType.toLowerCase());
}

/** The CSP of every file reply: nothing loads, nothing runs, the document is sandboxed (a unique origin). */
export const FILE_CSP = "sandbox; default-src 'none'";
/** Inline passive media: only the file itself (images, a video's own bytes, the PDF viewer's styles). */
export const INLINE_FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** A Content-Disposition value with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One byte range of a Range header for `size` bytes: null when there is none or it is not a single
 * bytes range (then the whole file is sent, as RFC 9110 allows); 'unsatisfiable' for a range past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface FileReply {
  status: 200 | 206;
  headers: Record<string, string>;
  body: Readable;
}

/** The headers of a file's bytes: its sniffed type, inline only for passive media, attachment otherwise. */
export function fileHeaders(row: Pick<MediaFileRow, 'mime_type' | 'name' | 'public'>, options: { download: boolean; cache: 'public' | 'private' }): Record<string, string> {
  const inline = !options.download && isInlineType(row.mime_type);
  return {
    'content-type': inline ? row.mime_type : row.mime_type === 'dir' ? 'application/octet-stream' : safeType(row.mime_type),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.name),
    'content-security-policy': inline ? INLINE_FILE_CSP : FILE_CSP,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'cache-control': options.cache === 'public' ? 'public, max-age=300' : 'private, no-cache',
    // A public file may be embedded anywhere (a portal on its own hostname, a mail); a private one only here.
    'cross-origin-resource-policy': options.cache === 'public' ? 'cross-origin' : 'same-origin',
  };
}

/** An attachment keeps its real type unless that type could render as a document if a browser ignored the disposition. */
function safeType(mimeType: string): string {
  return /html|xml|svg|javascript|ecmascript|text\//i.test(mimeType) ? 'application/octet-stream' : mimeType;
}

export const rangeNotSatisfiable = (size: number) => new HttpError(416, MEDIA_MESSAGE.fileNotFound, undefined, { 'content-range': `bytes */${size}` });
