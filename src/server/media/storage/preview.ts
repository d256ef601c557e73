// Image previews (docs/media-storage.md "Previews"): jpg, jpeg, png, webp and gif files as WebP
// images MEDIA_PREVIEW_WIDTH (250) px wide (never enlarged; gif: its first frame), made with sharp
// and cached next to the object ('dir/.luma-previews/250-a.png', previewKeyOf) so the next request
// streams the cache; when the cache cannot be written the preview is made again for each request.
//
// Decompression bombs: sharp reads the image's header first and refuses one whose width x height
// exceeds limitInputPixels (MAX_PREVIEW_PIXELS by default) before decoding a pixel; that refusal is a
// PreviewError 'tooLarge'. Files larger than MAX_PREVIEW_SOURCE_BYTES are not previewed either.
// Memory: a local file is handed to sharp by path (libvips reads what it needs); an s3 object is
// streamed to a temp file first, because sharp buffers a piped input whole.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { IMAGE_EXTENSIONS, MEDIA_PREVIEW_WIDTH } from '../../../../runtime/api/media';
import { extensionOf, previewKeyOf } from '../../../../runtime/media/keys';
import type { StorageDriver } from './driver';
import { isFileBacked } from './local';

/** Width x height above which an image is refused unread (about a 10000 x 8000 photo). */
export const MAX_PREVIEW_PIXELS = 80_000_000;
/** Source files larger than this are not previewed. */
export const MAX_PREVIEW_SOURCE_BYTES = 100 * 1024 * 1024;
export const PREVIEW_CONTENT_TYPE = 'image/webp';
/** The sniffed types a preview is made of. */
export const PREVIEW_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

// libvips' operation cache keeps recent images' pixels around; previews are made once and cached.
sharp.cache(false);

export type PreviewErrorCode = 'tooLarge' | 'unreadable' | 'notAnImage';

export class PreviewError extends Error {
  override readonly name = 'PreviewError';
  constructor(
    readonly code: PreviewErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface PreviewOptions {
  width?: number;
  maxPixels?: number;
  maxSourceBytes?: number;
  /** The file's sniffed type (media_files.mime_type); when given, only PREVIEW_MIME_TYPES are previewed. */
  mimeType?: string;
  /** Where an s3 object waits while sharp reads it. */
  tmpDir?: string;
}

export interface Preview {
  body: Readable;
  contentType: string;
  /** Bytes of the preview when known (a cached one). */
  size: number | null;
  cached: boolean;
}

/** True when key names an image a preview is made of (by extension; the sniffed type is checked too when known). */
export function isPreviewable(key: string, mimeType?: string): boolean {
  return IMAGE_EXTENSIONS.includes(extensionOf(key)) && (mimeType === undefined || PREVIEW_MIME_TYPES.includes(mimeType));
}

/**
 * The preview of key: the cached one, or made now (and cached). null when there is no object at key.
 * Throws PreviewError: notAnImage (not a previewable type), tooLarge (over the pixel or byte limit,
 * a decompression bomb included), unreadable (not decodable).
 */
export async function previewOf(driver: StorageDriver, key: string, options: PreviewOptions = {}): Promise<Preview | null> {
  const width = options.width ?? MEDIA_PREVIEW_WIDTH;
  if (!isPreviewable(key, options.mimeType)) throw new PreviewError('notAnImage', `No preview for ${key}`);
  const cacheKey = previewKeyOf(key, width);
  const cached = await driver.get(cacheKey);
  if (cached !== null) return { body: cached.body, contentType: PREVIEW_CONTENT_TYPE, size: cached.size, cached: true };

  const source = await driver.head(key);
  if (source === null) return null;
  const maxSourceBytes = options.maxSourceBytes ?? MAX_PREVIEW_SOURCE_BYTES;
  if (source.size > maxSourceBytes) throw new PreviewError('tooLarge', `${key} is ${source.size} bytes; previews are made of files up to ${maxSourceBytes} bytes`);

  const input = await localInput(driver, key, options.tmpDir);
  if (input === null) return null;
  try {
    try {
      await driver.put(cacheKey, transform(input.path, width, options.maxPixels), { contentType: PREVIEW_CONTENT_TYPE });
    } catch (error) {
      if (error instanceof PreviewError) throw error;
      // The cache could not be written (a read-only storage...): make it for this request only.
      const body = transform(input.path, width, options.maxPixels);
      const release = input.release;
      input.release = async () => undefined;
      body.once('close', () => void release());
      return { body, contentType: PREVIEW_CONTENT_TYPE, size: null, cached: false };
    }
  } finally {
    await input.release();
  }
  const made = await driver.get(cacheKey);
  if (made === null) return null;
  return { body: made.body, contentType: PREVIEW_CONTENT_TYPE, size: made.size, cached: false };
}

/** A sharp pipeline from the file at path to a WebP preview; its errors are PreviewErrors. */
function transform(path: string, width: number, maxPixels = MAX_PREVIEW_PIXELS): Readable {
  const image = sharp(path, { limitInputPixels: maxPixels, failOn: 'error', animated: false, sequentialRead: true })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 });
  // sharp emits its errors on the stream; translate them on the way.
  const emit = image.emit.bind(image);
  image.emit = ((event: string | symbol, ...args: unknown[]) => (event === 'error' ? emit('error', previewError(args[0], maxPixels)) : emit(event, ...args))) as typeof image.emit;
  return image;
}

function previewError(error: unknown, maxPixels: number): PreviewError {
  const message = (error as Error | undefined)?.message ?? String(error);
  if (/pixel limit/i.test(message)) {
    return new PreviewError('tooLarge', `The image has more than ${maxPixels} pixels (a decompression bomb, or simply too large): no preview is made`, { cause: error });
  }
  return new PreviewError('unreadable', `The image cannot be read: ${message}`, { cause: error });
}

/** The file sharp reads: the object's own file (local), or a temp copy (s3). */
async function localInput(driver: StorageDriver, key: string, tmpDir?: string): Promise<{ path: string; release: () => Promise<void> } | null> {
  if (isFileBacked(driver)) return { path: driver.pathOf(key), release: async () => undefined };
  const object = await driver.get(key);
  if (object === null) return null;
  const dir = tmpDir ?? join(tmpdir(), 'luma-previews');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.img`);
  try {
    await pipeline(object.body, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { path, release: () => rm(path, { force: true }) };
}
