// The luma-simple driver (docs/media-storage.md "Local"): a library's files on the local disk,
// under {mediaDir}/{project uuid}/{root dir}. A put streams into a temp file in {mediaDir}/.tmp
// (same file system) and is renamed into place once complete, so readers never see half a file and
// an aborted or failed put leaves nothing (a replaced file stays as it was). The temp file is
// flushed to disk (fsync) before the rename, so a crash never leaves a renamed but empty file.
// Every path is checked to stay under the library's root after resolution, on top of the keys'
// own normalisation.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, rmdir, stat, statfs, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver, StoredObject } from './driver';
import { abortError, resolveRange, StorageError } from './errors';
import { checkStorageKey, checkStoragePrefix } from './storageKeys';

export interface LocalDriverOptions {
  /** The library's root directory (absolute or relative to the working directory). */
  root: string;
  /** Where puts are written before they are renamed into place; on the same file system as root. */
  tmpDir: string;
}

/** A driver whose objects are files: previews read them from disk instead of streaming them. */
export interface FileBackedDriver extends StorageDriver {
  /** The file of key (absent or not), after the same checks as every other call. */
  pathOf(key: string): string;
}

export function isFileBacked(driver: StorageDriver): driver is FileBackedDriver {
  return typeof (driver as Partial<FileBackedDriver>).pathOf === 'function';
}

/** The library's directory and the temp directory puts are written in (resolved). */
interface LocalDirs {
  root: string;
  tmpDir: string;
}

/** The path of key under the root; a path that resolves outside it is refused. */
function inside({ root }: LocalDirs, key: string): string {
  const path = resolve(root, key);
  if (key === '' ? path !== root : !path.startsWith(root + sep)) {
    throw new StorageError('invalidKey', `Key leaves the library: ${JSON.stringify(key)}`);
  }
  return path;
}

function pathIn(dirs: LocalDirs, key: string): string {
  checkStorageKey(key);
  return inside(dirs, key);
}

/** Removes empty directories from dir up to (not including) the root. */
async function prune({ root }: LocalDirs, dir: string): Promise<void> {
  while (dir !== root && dir.startsWith(root + sep)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    dir = dirname(dir);
  }
}

/** Streams body into a temp file, then renames it into place at target (nothing is left on failure). */
async function putFile({ tmpDir }: LocalDirs, target: string, body: Readable, signal: AbortSignal | undefined): Promise<StoredObject> {
  if (signal?.aborted) {
    body.destroy();
    throw abortError(signal);
  }
  await mkdir(tmpDir, { recursive: true });
  const tmp = join(tmpDir, `${randomUUID()}.part`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(tmp, { flags: 'wx', flush: true }), signal ? { signal } : {});
    if (signal?.aborted) throw abortError(signal);
    await mkdir(dirname(target), { recursive: true });
    await rename(tmp, target);
  } catch (error) {
    body.destroy();
    await rm(tmp, { force: true });
    if (signal?.aborted) throw abortError(signal);
    throw error;
  }
  return { size };
}

async function deleteFiles(dirs: LocalDirs, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    const path = pathIn(dirs, key);
    try {
      await unlink(path);
    } catch (error) {
      if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
      continue;
    }
    await prune(dirs, dirname(path));
  }
}

async function deleteUnder(dirs: LocalDirs, prefix: string): Promise<void> {
  checkStoragePrefix(prefix);
  const dir = inside(dirs, prefix);
  if (prefix === '') {
    // The whole library: its contents, not the root itself (it may be shared with sub-libraries' parents).
    const entries = await readdir(dirs.root).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const entry of entries) await rm(join(dirs.root, entry), { recursive: true, force: true });
    return;
  }
  const info = await stat(dir).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
  if (info === null || !info.isDirectory()) return;
  await rm(dir, { recursive: true, force: true });
  await prune(dirs, dirname(dir));
}

async function moveFile(dirs: LocalDirs, from: string, to: string): Promise<void> {
  const source = pathIn(dirs, from);
  const target = pathIn(dirs, to);
  if (source === target) return;
  if (target.startsWith(source + sep)) throw new StorageError('invalidKey', `Cannot move ${from} into itself`);
  const info = await stat(source).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
  if (info === null) throw new StorageError('notFound', `Nothing at ${from}`);
  await mkdir(dirname(target), { recursive: true });
  await rename(source, target);
  await prune(dirs, dirname(source));
}

async function checkDirs({ root, tmpDir }: LocalDirs): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
    await access(root, constants.R_OK | constants.W_OK);
    await mkdir(tmpDir, { recursive: true });
    await access(tmpDir, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new StorageError('unavailable', `The library's directory cannot be used: ${(error as Error).message}`, { cause: error });
  }
}

export function createLocalDriver(options: LocalDriverOptions): FileBackedDriver {
  const dirs: LocalDirs = { root: resolve(options.root), tmpDir: resolve(options.tmpDir) };
  const pathOf = (key: string): string => pathIn(dirs, key);
  return {
    pathOf,
    async put(key, body, { signal }) {
      return putFile(dirs, pathOf(key), body, signal);
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await fileStat(path);
      if (info === null) return null;
      if (range === undefined) return { body: createReadStream(path), size: info.size };
      const { start, end } = resolveRange(range, info.size);
      return { body: createReadStream(path, { start, end }), size: info.size };
    },
    async head(key): Promise<StoredObject | null> {
      const info = await fileStat(pathOf(key));
      return info === null ? null : { size: info.size };
    },
    async delete(keys) {
      await deleteFiles(dirs, keys);
    },
    async deletePrefix(prefix) {
      await deleteUnder(dirs, prefix);
    },
    async move(from, to) {
      await moveFile(dirs, from, to);
    },
    publicUrl() {
      return null;
    },
    async freeSpace() {
      const info = await statfs(await nearestExisting(dirs.root));
      return Number(info.bavail) * Number(info.bsize);
    },
    async check() {
      await checkDirs(dirs);
    },
  };
}

/**
 * Removes what crashed puts left in tmpDir (their '.part' files) last modified before `before`; a put
 * in progress keeps writing its file, so a day-old one is abandoned. Answers how many were removed.
 */
export async function removeStaleTemp(tmpDir: string, before: Date): Promise<number> {
  const entries = await readdir(tmpDir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
  let removed = 0;
  for (const entry of entries) {
    if (!entry.endsWith('.part')) continue;
    const path = join(tmpDir, entry);
    const info = await stat(path).catch(() => null);
    if (info === null || !info.isFile() || info.mtime >= before) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

async function fileStat(path: string): Promise<{ size: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size } : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function nearestExisting(path: string): Promise<string> {
  let dir = path;
  for (;;) {
    try {
      await stat(dir);
      return dir;
    } catch {
      const up = dirname(dir);
      if (up === dir) return dir;
      dir = up;
    }
  }
}

export type { Readable };
