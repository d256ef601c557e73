// The driver of a media library (docs/media-storage.md "Choosing the driver"): built from its
// media_libraries row. luma-simple: files under {mediaDir}/{project uuid}/{root dir} on the local
// disk; s3: the row's bucket, endpoint, region, key and secret, objects under the root dir. The root
// dir is the row's dir: '' is the storage's root, '$name' a sub-library whose files are under 'name'.
// Every driver this answers also drops an object's cached preview when the object is replaced,
// deleted or moved (preview.ts keeps previews next to their object).
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { MEDIA_PREVIEW_WIDTH } from '../../../../runtime/api/media';
import { parseLibraryDir, previewKeyOf } from '../../../../runtime/media/keys';
import type { MediaLibraryRow } from '../../db/schema-media';
import type { StorageDriver } from './driver';
import { StorageError } from './errors';
import { createLocalDriver, isFileBacked, removeStaleTemp, type FileBackedDriver } from './local';
import { createS3Driver } from './s3';
import { open } from '../../platform/secret-box';

export interface StorageConfig {
  /** LUMA_DATA_DIR; 'memory://...' (an in-memory database in tests) has no disk of its own. */
  dataDir: string;
  /** Where luma-simple libraries keep their files; default {dataDir}/media (a temp dir when dataDir is in memory). */
  mediaDir?: string;
}

type LibraryFields = Pick<MediaLibraryRow, 'uuid' | 'project_uuid' | 'provider' | 'dir' | 's3_bucket' | 's3_key' | 's3_secret' | 's3_endpoint' | 's3_region' | 'host'>;

/** The directory luma-simple libraries live under. */
export function mediaDirOf(config: StorageConfig): string {
  if (config.mediaDir) return resolve(config.mediaDir);
  if (config.dataDir.startsWith('memory://')) return join(tmpdir(), `luma-media-${process.pid}`);
  return resolve(config.dataDir, 'media');
}

/** Where local puts are written before they are renamed into place. */
export function mediaTempDirOf(config: StorageConfig): string {
  return join(mediaDirOf(config), '.tmp');
}

/** For housekeeping: removes temp files of puts a crash interrupted (last written before `before`). */
export function sweepMediaTemp(config: StorageConfig, before: Date): Promise<number> {
  return removeStaleTemp(mediaTempDirOf(config), before);
}

/** The root dir of a library inside its storage, and whether it is a sub-library ('$' dir). */
export function libraryRootOf(library: Pick<MediaLibraryRow, 'dir'>): { root: string; subLibrary: boolean } {
  const parsed = parseLibraryDir(library.dir);
  if (parsed === null) throw new StorageError('invalidKey', `Not a root dir: ${JSON.stringify(library.dir)}`);
  return parsed;
}

export function driverFor(library: LibraryFields, config: StorageConfig): StorageDriver {
  const { root } = libraryRootOf(library);
  if (library.provider === 'luma-simple') {
    const mediaDir = mediaDirOf(config);
    const base = join(mediaDir, library.project_uuid);
    return withPreviewCleanup(createLocalDriver({ root: root === '' ? base : join(base, ...root.split('/')), tmpDir: mediaTempDirOf(config) }));
  }
  if (!library.s3_bucket || !library.s3_key || !library.s3_secret) {
    throw new StorageError('unavailable', 'The library has no bucket or credentials');
  }
  return withPreviewCleanup(
    createS3Driver({
      bucket: library.s3_bucket,
      root,
      endpoint: library.s3_endpoint,
      region: library.s3_region,
      accessKeyId: library.s3_key,
      secretAccessKey: open(library.s3_secret, 's3-secret'),
      host: library.host,
    }),
  );
}

/**
 * The driver, dropping cached previews along with their objects: a put replaces the object (its
 * preview would be stale), a delete or a file's move leaves the preview behind. A directory's move
 * carries its previews along (they sit inside it), and deletePrefix removes them with it.
 */
export function withPreviewCleanup<D extends StorageDriver>(driver: D): D {
  const previews = (keys: readonly string[]): string[] => keys.map((key) => previewKeyOf(key, MEDIA_PREVIEW_WIDTH));
  const wrapped: StorageDriver = {
    ...driver,
    async put(key, body, options) {
      const stored = await driver.put(key, body, options);
      await driver.delete(previews([key]));
      return stored;
    },
    async delete(keys) {
      await driver.delete([...keys, ...previews(keys)]);
    },
    async move(from, to) {
      const isFile = (await driver.head(from)) !== null;
      await driver.move(from, to);
      if (isFile) await driver.delete(previews([from, to]));
    },
  };
  if (isFileBacked(driver)) (wrapped as FileBackedDriver).pathOf = driver.pathOf.bind(driver);
  return wrapped as D;
}
