// A media library's storage (docs/media.md "Storage"). Keys are already normalised by
// runtime/media/keys.ts and relative to the library's root dir; a driver never sees '..', a
// leading slash or a NUL. Bodies stream: nothing holds a whole file in memory.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
}

export interface StorageDriver {
  /** Writes body at key, replacing what is there; resolves with the bytes written. Aborting the
   * signal (or the body erroring) leaves nothing at key. */
  put(key: string, body: Readable, options: { contentType: string; signal?: AbortSignal }): Promise<StoredObject>;
  /** The object's bytes, or a byte range of them (inclusive end); null when absent. */
  get(key: string, range?: { start: number; end?: number }): Promise<{ body: Readable; size: number } | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removes the keys; absent keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Removes every key under a prefix (a directory with its contents). */
  deletePrefix(prefix: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** The public URL of a key (s3 with a host), or null: then files are served through Luma. */
  publicUrl(key: string): string | null;
  /** Free bytes the storage reports, or null when it cannot say (s3). */
  freeSpace(): Promise<number | null>;
  /** Throws when the storage cannot be reached (the library is then 'unavailable'). */
  check(): Promise<void>;
}
