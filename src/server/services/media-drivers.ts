// The storage driver of a library (src/server/storage, helper S's drivers): one per library row
// version, kept while the row is unchanged, so a list does not build an S3 client per call.
import type { Config } from '../config';
import type { MediaLibraryRow } from '../db/schema-media';
import type { StorageDriver } from '../storage/driver';

export interface DriverContext {
  config: Config;
}

export function libraryDriver(_context: DriverContext, _library: MediaLibraryRow): StorageDriver {
  throw new Error('storage drivers arrive with the media-storage branch');
}

/** Forgets the driver of a library (updated or removed). */
export function forgetLibraryDriver(_libraryUuid: string): void {}

/** The content type of a file from its first bytes (never the client's word). */
export async function sniffContentType(_head: Uint8Array, _name: string): Promise<string> {
  return 'application/octet-stream';
}

/** How many leading bytes sniffContentType wants. */
export const SNIFF_BYTES = 4100;

/** A 250 px preview of an image file (null: not an image, or none can be made). */
export async function previewOf(
  _context: DriverContext,
  _library: MediaLibraryRow,
  _row: import('../db/schema-media').MediaFileRow,
): Promise<{ body: import('node:stream').Readable; size: number; contentType: string } | null> {
  return null;
}
