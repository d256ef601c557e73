// The storage driver of a library (src/server/media/storage: driverFor), kept per library row version so
// a list does not build an S3 client per call, and with the storage's errors turned into the media
// host's answers: notFound -> 404 fileNotFound, range -> 416, unavailable -> 503
// libraryUnavailable, invalidKey -> 400 invalidKey. Sniffing and previews are the storage's too.
import type { Readable } from 'node:stream';
import { MEDIA_MESSAGE } from '../../../runtime/api/media';
import type { Config } from '../platform/config';
import type { MediaFileRow, MediaLibraryRow } from '../db/schema-media';
import { HttpError } from '../platform/errors';
import type { StorageDriver } from './storage/driver';
import { isStorageError } from './storage/errors';
import { driverFor } from './storage/factory';
import { PreviewError, previewOf as storagePreviewOf } from './storage/preview';
import { sniffBuffer, SNIFF_BYTES as STORAGE_SNIFF_BYTES } from './storage/sniff';

export interface DriverContext {
  config: Pick<Config, 'dataDir'>;
}

function hostError(error: unknown): unknown {
  if (isStorageError(error)) {
    switch (error.code) {
      case 'notFound':
        return new HttpError(404, MEDIA_MESSAGE.fileNotFound);
      case 'range':
        return new HttpError(416, MEDIA_MESSAGE.fileNotFound);
      case 'invalidKey':
        return new HttpError(400, MEDIA_MESSAGE.invalidKey);
      case 'unavailable':
        return new HttpError(503, MEDIA_MESSAGE.libraryUnavailable);
    }
  }
  // A storage that cannot be reached (connection refused, DNS, TLS, credentials refused by the endpoint).
  const code = (error as { code?: unknown; name?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof code === 'string' && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|EHOSTUNREACH)$/.test(code)) {
    return new HttpError(503, MEDIA_MESSAGE.libraryUnavailable);
  }
  if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || name === 'NoSuchBucket' || name === 'AccessDenied') {
    return new HttpError(503, MEDIA_MESSAGE.libraryUnavailable);
  }
  return error;
}

function mapped(driver: StorageDriver): StorageDriver {
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        throw hostError(error);
      }
    };
  return {
    put: wrap(driver.put.bind(driver)),
    get: wrap(driver.get.bind(driver)),
    head: wrap(driver.head.bind(driver)),
    delete: wrap(driver.delete.bind(driver)),
    deletePrefix: wrap(driver.deletePrefix.bind(driver)),
    move: wrap(driver.move.bind(driver)),
    publicUrl: (key) => driver.publicUrl(key),
    freeSpace: wrap(driver.freeSpace.bind(driver)),
    check: wrap(driver.check.bind(driver)),
    ...('pathOf' in driver ? { pathOf: (driver as { pathOf: unknown }).pathOf } : {}),
  } as StorageDriver;
}

const drivers = new Map<string, { version: string; raw: StorageDriver; driver: StorageDriver }>();

function versionOf(library: MediaLibraryRow): string {
  return new Date(library.updated_at).toISOString();
}

function rawDriver(context: DriverContext, library: MediaLibraryRow): StorageDriver {
  const version = versionOf(library);
  const kept = drivers.get(library.uuid);
  if (kept && kept.version === version) return kept.raw;
  let raw: StorageDriver;
  try {
    raw = driverFor(library, { dataDir: context.config.dataDir });
  } catch (error) {
    throw hostError(error);
  }
  drivers.set(library.uuid, { version, raw, driver: mapped(raw) });
  return raw;
}

export function libraryDriver(context: DriverContext, library: MediaLibraryRow): StorageDriver {
  rawDriver(context, library);
  return drivers.get(library.uuid)!.driver;
}

/** Forgets the driver of a library (updated or removed). */
export function forgetLibraryDriver(libraryUuid: string): void {
  drivers.delete(libraryUuid);
}

/** The content type of a file from its first bytes (never the client's word, nor its name). */
export async function sniffContentType(head: Uint8Array, _name: string): Promise<string> {
  return (await sniffBuffer(head)).mime;
}

/** How many leading bytes sniffContentType reads. */
export const SNIFF_BYTES = STORAGE_SNIFF_BYTES;

/** A 250 px preview of an image file: null when the file is not a previewable image; 413 past the pixel or byte limits. */
export async function previewOf(context: DriverContext, library: MediaLibraryRow, row: MediaFileRow): Promise<{ body: Readable; size: number | null; contentType: string } | null> {
  try {
    const preview = await storagePreviewOf(rawDriver(context, library), row.key, { mimeType: row.mime_type });
    return preview && { body: preview.body, size: preview.size, contentType: preview.contentType };
  } catch (error) {
    if (error instanceof PreviewError) {
      if (error.code === 'tooLarge') throw new HttpError(413, MEDIA_MESSAGE.fileTooLarge);
      return null;
    }
    throw hostError(error);
  }
}
