// Reading an uploaded bundle (a zip) with yauzl (docs/forge.md "Bundles"). Everything is judged on
// the central directory before a byte is unpacked: the entry count, each name (no absolute path, no
// drive letter, no backslash, no '.' or '..' segment, no NUL or control character, not under
// __luma/), no symlink, an allowed file type, and the sum of the declared unpacked sizes; yauzl then
// checks while unpacking that no entry inflates past its declared size (validateEntrySizes), so a
// zip bomb stops at the bound instead of filling the disk. Names are decoded here (decodeStrings
// off): yauzl's own checks would answer with its own texts, ours answer with the message keys.
import { PassThrough, pipeline, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FORGE_FILE_TYPES, FORGE_LIMITS, FORGE_MESSAGE, FORGE_RESERVED_PREFIX } from '../../../runtime/api/forge';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import { HttpError } from '../platform/errors';

export interface BundleEntry {
  path: string;
  size: number;
  open(): Promise<Readable>;
}

export interface Bundle {
  entries: BundleEntry[];
  size: number;
  close(): void;
}

/** A refused bundle: 417 with the reason at `file` (the path it concerns as the error's value). */
export const bundleError = (message: string, path?: string) =>
  new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field: 'file', messages: [message], ...(path !== undefined ? { values: [{ path }] } : {}) }]);

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

/** The extension of a path, lower-case ('' when none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A bundle path as stored and served, or null when it is unsafe (traversal, absolute, odd characters). */
export function safeBundlePath(name: string): string | null {
  if (name.length === 0 || name.length > FORGE_LIMITS.pathMax) return null;
  if (/[\u0000-\u001f\u007f\\:*?"<>|]/.test(name)) return null;
  if (name.startsWith('/')) return null;
  const segments = name.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.trim() !== segment)) return null;
  if (name.startsWith(FORGE_RESERVED_PREFIX)) return null;
  return name;
}

function decodeName(raw: Buffer): string | null {
  const text = raw.toString('utf8');
  // A name that is not UTF-8 decodes to replacement characters: refused rather than guessed at.
  return text.includes('\ufffd') ? null : text;
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) => (error || !zip ? reject(bundleError(FORGE_MESSAGE.bundleNotZip)) : resolve(zip)));
  });
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(bundleError(FORGE_MESSAGE.bundleNotZip)));
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(bundleError(FORGE_MESSAGE.bundleNotZip));
      // Through a pass-through joined by pipeline(): an entry inflating past its declared size errors
      // inside yauzl's chain, and pipeline() carries that to the stream the storage reads.
      const out = new PassThrough();
      pipeline(stream, out, () => undefined);
      resolve(out);
    });
  });
}

interface Judged {
  path: string;
  entry: Entry;
}

/** One entry judged on its metadata: a file to keep, a directory to skip, or a refusal. */
function judgeEntry(entry: Entry): Judged | 'directory' {
  const name = decodeName(entry.fileNameRaw ?? (entry.fileName as unknown as Buffer));
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  const shown = name ?? '?';
  if (name === null) throw bundleError(FORGE_MESSAGE.bundleUnsafePath, shown);
  if (mode === S_IFLNK) throw bundleError(FORGE_MESSAGE.bundleSymlink, shown);
  const isDirectory = name.endsWith('/') || mode === S_IFDIR;
  const path = safeBundlePath(isDirectory ? name.replace(/\/$/, '') : name);
  if (path === null) throw bundleError(FORGE_MESSAGE.bundleUnsafePath, shown);
  if (isDirectory) return 'directory';
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw bundleError(FORGE_MESSAGE.bundleNotZip, path);
  if (!Object.prototype.hasOwnProperty.call(FORGE_FILE_TYPES, extensionOf(path))) throw bundleError(FORGE_MESSAGE.bundleFileType, path);
  if (entry.uncompressedSize > FORGE_LIMITS.fileBytes) throw bundleError(FORGE_MESSAGE.bundleTooLarge, path);
  return { path, entry };
}

/** Without an index.html at the root, one folder holding every file is taken as the root (a zipped dist/). */
function rootOf(files: Judged[]): string {
  if (files.some((file) => file.path === 'index.html')) return '';
  const tops = new Set(files.map((file) => (file.path.includes('/') ? file.path.slice(0, file.path.indexOf('/') + 1) : '')));
  const [top] = [...tops];
  return tops.size === 1 && top ? top : '';
}

/**
 * The bundle in a zip's bytes, judged on its central directory; `requireIndex` asks for an
 * index.html at its root. Close it when done (its entries open streams of the same buffer).
 */
export async function readBundle(buffer: Buffer, options: { requireIndex: boolean }): Promise<Bundle> {
  if (buffer.length > FORGE_LIMITS.zipBytes) throw bundleError(FORGE_MESSAGE.bundleTooLarge);
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > FORGE_LIMITS.entries) throw bundleError(FORGE_MESSAGE.bundleTooManyFiles);
    const files = (await readEntries(zip)).map(judgeEntry).filter((judged): judged is Judged => judged !== 'directory');
    if (files.length === 0) throw bundleError(FORGE_MESSAGE.bundleEmpty);
    const size = files.reduce((sum, file) => sum + file.entry.uncompressedSize, 0);
    if (size > FORGE_LIMITS.totalBytes) throw bundleError(FORGE_MESSAGE.bundleTooLarge);
    const root = rootOf(files);
    const paths = new Set<string>();
    const entries = files.map(({ path, entry }): BundleEntry => {
      const inRoot = path.slice(root.length);
      // Two names for one file (a repeated entry) would make which one is served a matter of order.
      if (paths.has(inRoot.toLowerCase())) throw bundleError(FORGE_MESSAGE.bundleUnsafePath, path);
      paths.add(inRoot.toLowerCase());
      return { path: inRoot, size: entry.uncompressedSize, open: () => openEntry(zip, entry) };
    });
    if (options.requireIndex && !paths.has('index.html')) throw bundleError(FORGE_MESSAGE.bundleNoIndex);
    return { entries, size, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}
