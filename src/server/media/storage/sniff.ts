// Content types from the bytes (docs/media-storage.md "Sniffing"): never from the client's
// Content-Type or the file's extension. The head of the stream (up to SNIFF_BYTES) is read, the
// type decided, and a stream replaying every byte (head included) handed back: the file is never
// held in memory, only its head.
//
// file-type recognises binary formats by their magic bytes; it does not detect text formats, so
// text is classified here from the same head: markup that a browser would run (HTML, SVG, XML and
// anything else starting with '<') is named as such, so the file route serves it as an attachment
// under a sandbox CSP (isActiveContent); other text is text/plain; unknown binary is
// application/octet-stream. A polyglot (a GIF header followed by HTML) is what its magic bytes say
// (image/gif): with 'X-Content-Type-Options: nosniff' a browser renders it as that type only.
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** Bytes read before deciding; file-type needs about 4 KiB, markup may start after a long prolog. */
export const SNIFF_BYTES = 16 * 1024;

export interface Sniffed {
  /** The content type decided from the bytes. */
  mime: string;
  /** The usual extension of that type ('' when unknown). */
  ext: string;
}

/** Types that run script or render markup in the browser when served inline from Luma's origin. */
const ACTIVE = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/xml',
  'text/xsl',
  'application/xslt+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/mathml+xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/x-javascript',
  'text/css',
  'application/x-shockwave-flash',
  'text/vtt',
  'application/wasm',
  'multipart/x-mixed-replace',
]);

/**
 * True when a file of this type must never be served inline from the app's origin: the file route
 * then answers 'Content-Disposition: attachment' and 'Content-Security-Policy: sandbox'. Unknown
 * and parameterised types are judged by their essence ('text/html; charset=utf-8' is active);
 * every '+xml' type is active.
 */
export function isActiveContent(mime: string): boolean {
  const essence = mime.split(';')[0]!.trim().toLowerCase();
  return ACTIVE.has(essence) || essence.endsWith('+xml') || essence === '';
}

/** The type of a whole buffer (a file's head, or all of a small file). */
export async function sniffBuffer(head: Uint8Array): Promise<Sniffed> {
  if (head.length === 0) return { mime: 'application/octet-stream', ext: '' };
  const binary = await fileTypeFromBuffer(head);
  // file-type names some text itself ('<?xml' is application/xml); the markup's own element decides then.
  if (binary !== undefined && !binary.mime.endsWith('xml') && !binary.mime.startsWith('text/')) return { mime: binary.mime, ext: binary.ext };
  const text = decodeText(head);
  if (text === null && binary !== undefined) return { mime: binary.mime, ext: binary.ext };
  if (text === null) return { mime: 'application/octet-stream', ext: '' };
  return classifyText(text);
}

/**
 * Reads the head of body, decides its type and answers a stream of all of body's bytes. Destroying
 * the answered stream destroys body; an error of body reaches the answered stream.
 */
export async function sniffStream(body: Readable, headBytes = SNIFF_BYTES): Promise<Sniffed & { stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks, length);
  const sniffed = await sniffBuffer(head.subarray(0, headBytes));
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (head.length > 0) yield head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    } finally {
      // Reached on completion, on an error and when the consumer destroys the stream early.
      await iterator.return?.();
    }
  }
  const stream = Readable.from(replay(), { objectMode: false });
  // Destroyed before it was ever read, the generator never runs its finally: end body here.
  stream.once('close', () => {
    if (!body.destroyed) body.destroy();
  });
  return { ...sniffed, stream };
}

/** The text of head (UTF-8, or UTF-16 with its BOM), or null when it is binary. */
function decodeText(head: Uint8Array): string | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeStrict('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeStrict('utf-16be', bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  // Binary files hold NULs and other control bytes; text does not (tab, newlines, form feed, escape aside).
  for (const byte of body) if (byte === 0 || (byte < 0x20 && ![9, 10, 12, 13, 27].includes(byte)) || byte === 0x7f) return null;
  // The head may end inside a character: drop up to 3 trailing bytes of an incomplete sequence.
  for (let cut = 0; cut <= 3 && cut < body.length; cut++) {
    const text = decodeStrict('utf-8', body.subarray(0, body.length - cut));
    if (text !== null) return text;
  }
  // No control bytes but not UTF-8: a legacy 8-bit encoding (Latin-1, Windows-1252...); its markup reads the same.
  return body.toString('latin1');
}

function decodeStrict(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return encoding === 'utf-8' || !/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(text) ? text : null;
  } catch {
    return null;
  }
}

/** Tags whose presence at the start makes a browser render HTML (the WHATWG sniffing list, and more). */
const HTML_START = /^<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|img|object|embed|form|input|svg|math|meta|link|base|template|frameset|frame|!--)[\s/>]/i;

function classifyText(text: string): Sniffed {
  const start = text.replace(/^[\s\u00a0\ufeff]+/, '');
  if (start.startsWith('<')) {
    // Past the XML prolog, processing instructions, comments and a doctype: the first element.
    const element = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype[^>[]*(?:\[[\s\S]*?\])?\s*>|\s+)*<([a-z][\w:.-]*)/i.exec(start);
    const name = element?.[1]?.toLowerCase() ?? '';
    if (name === 'svg' || name.endsWith(':svg') || /<svg[\s/>]/i.test(start)) return { mime: 'image/svg+xml', ext: 'svg' };
    if (name === 'html' || /^<!doctype\s+html/i.test(start) || HTML_START.test(start) || /<(?:html|script|body|iframe)[\s/>]/i.test(start)) {
      return { mime: 'text/html', ext: 'html' };
    }
    if (start.startsWith('<?xml') || name !== '') return { mime: 'application/xml', ext: 'xml' };
    // Something else starting with '<': a browser sniffing it might still see HTML; treat it as such.
    return { mime: 'text/html', ext: 'html' };
  }
  // Markup further in (after text) is still markup to a browser that ignores the type.
  if (/<(?:html|script|svg|iframe|body|object|embed)[\s/>]/i.test(text)) return { mime: 'text/html', ext: 'html' };
  return { mime: 'text/plain', ext: 'txt' };
}
