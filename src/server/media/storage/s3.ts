// The s3 driver (docs/media-storage.md "S3"): a library's objects in a bucket of any S3-compatible
// endpoint (AWS, MinIO, Ceph, R2, s3rver in the tests), under the library's root dir as a key
// prefix. Puts stream through @aws-sdk/lib-storage's multipart Upload (5 MiB parts, a few in flight:
// memory stays bounded whatever the file's size); an aborted or failed put aborts its multipart
// upload, so nothing is left at the key nor as orphaned parts.
import { Transform, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageDriver, StoredObject } from './driver';
import { abortError, resolveRange, StorageError } from './errors';
import { isActiveContent } from './sniff';
import { checkStorageKey, checkStoragePrefix, storageKeyOf } from './storageKeys';

export interface S3DriverOptions {
  bucket: string;
  /** Key prefix of the library inside the bucket ('' for the bucket's root). */
  root: string;
  endpoint: string | null;
  region: string | null;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL of public links (a CDN or the bucket's website); null: files are served through Luma. */
  host: string | null;
  /** Multipart part size in bytes (at least 5 MiB, S3's minimum). */
  partSize?: number;
  /** Parts uploaded at once (memory: about partSize x queueSize per put). */
  queueSize?: number;
  /** Milliseconds to wait for a connection; check() fails after it. */
  connectTimeoutMs?: number;
}

/** Larger objects cannot be copied with one CopyObject call (S3's limit); they are streamed instead. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;
const DELETE_BATCH = 1000;
const MIN_PART_SIZE = 5 * 1024 * 1024;

const clients = new Map<string, S3Client>();
const MAX_CLIENTS = 32;

/** One client per endpoint and credentials (clients hold connection pools); the oldest goes when too many. */
function clientFor(options: S3DriverOptions): S3Client {
  const id = JSON.stringify([options.endpoint, options.region, options.accessKeyId, options.secretAccessKey, options.connectTimeoutMs]);
  let client = clients.get(id);
  if (client !== undefined) return client;
  client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    region: options.region || 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers differ in the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: options.connectTimeoutMs ?? 5000 },
  });
  clients.set(id, client);
  if (clients.size > MAX_CLIENTS) {
    const [oldest] = clients.keys();
    clients.get(oldest!)?.destroy();
    clients.delete(oldest!);
  }
  return client;
}

/** Forgets (and closes) every cached client; for tests and shutdown. */
export function closeS3Clients(): void {
  for (const client of clients.values()) client.destroy();
  clients.clear();
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return status(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** Anything but a plain 'not there' from the storage means the library cannot be used right now. */
function unavailable(error: unknown, what: string): never {
  if (error instanceof StorageError) throw error;
  const detail = error instanceof S3ServiceException ? `${error.name} (${status(error) ?? '?'})` : (error as Error)?.message ?? String(error);
  throw new StorageError('unavailable', `${what}: ${detail}`, { cause: error });
}

/** The first length bytes of body; body is destroyed once they are through. */
function limitStream(body: Readable, length: number): Readable {
  let left = length;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (left <= 0) return callback();
      const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
      left -= part.length;
      callback(null, part);
      if (left <= 0) {
        limited.end();
        body.unpipe(limited);
        body.destroy();
      }
    },
  });
  body.on('error', (error) => limited.destroy(error));
  limited.on('close', () => body.destroy());
  return body.pipe(limited);
}

/** Encodes a key for a URL path, segment by segment. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** What a driver's calls share: the client, the bucket and the multipart settings. */
interface S3Bucket {
  client: S3Client;
  Bucket: string;
  partSize: number;
  queueSize: number;
}

type ByteRange = { start: number; end?: number };

async function headObject({ client, Bucket }: S3Bucket, Key: string): Promise<StoredObject | null> {
  try {
    const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
    return { size: answer.ContentLength ?? 0 };
  } catch (error) {
    if (isNotFound(error)) return null;
    return unavailable(error, `head ${Key}`);
  }
}

async function* listObjects({ client, Bucket }: S3Bucket, Prefix: string): AsyncGenerator<{ key: string; size: number }[]> {
  let ContinuationToken: string | undefined;
  do {
    let page;
    try {
      page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
    } catch (error) {
      return unavailable(error, `list ${Prefix}`);
    }
    const items = (page.Contents ?? []).filter((o) => o.Key !== undefined).map((o) => ({ key: o.Key!, size: o.Size ?? 0 }));
    if (items.length > 0) yield items;
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

async function deleteObjects({ client, Bucket }: S3Bucket, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    let answer;
    try {
      answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    } catch (error) {
      return unavailable(error, 'delete');
    }
    const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length > 0) throw new StorageError('unavailable', `delete failed for ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
  }
}

/** Streams body to Key; the multipart upload is aborted (parts removed) when anything fails. */
async function uploadObject(bucket: S3Bucket, Key: string, body: Readable, ContentType: string, signal?: AbortSignal): Promise<number> {
  const { client, Bucket, partSize, queueSize } = bucket;
  let size = 0;
  let bodyError: unknown;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  // The error reaches lib-storage through its read of counter; this only keeps it from being unhandled.
  counter.on('error', () => undefined);
  body.on('error', (error) => {
    bodyError ??= error;
    counter.destroy(error);
  });
  const onAbort = (): void => {
    body.destroy();
    counter.destroy(abortError(signal));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  body.pipe(counter);
  // No upload.abort(): it settles done() at once while parts are still in flight. Failing the
  // body instead lets lib-storage finish its uploaders and send AbortMultipartUpload before done() rejects.
  // Served from a public host (its own origin), active content still downloads instead of rendering.
  const ContentDisposition = isActiveContent(ContentType) ? 'attachment' : undefined;
  const uploader = new Upload({ client, params: { Bucket, Key, Body: counter, ContentType, ContentDisposition }, partSize, queueSize, leavePartsOnError: false });
  try {
    if (signal?.aborted) throw abortError(signal);
    await uploader.done();
  } catch (error) {
    body.destroy();
    if (signal?.aborted) throw abortError(signal);
    if (bodyError !== undefined) throw bodyError;
    return unavailable(error, `put ${Key}`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted) {
    // Aborted after the last byte went out: the caller no longer wants the object.
    await deleteObjects(bucket, [Key]).catch(() => undefined);
    throw abortError(signal);
  }
  return size;
}

async function copyObject(bucket: S3Bucket, from: string, to: string, size: number): Promise<void> {
  const { client, Bucket } = bucket;
  if (size <= MAX_COPY_BYTES) {
    try {
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${encodeURIComponent(Bucket)}/${encodeKey(from)}`, MetadataDirective: 'COPY' }));
      return;
    } catch (error) {
      return unavailable(error, `copy ${from}`);
    }
  }
  let answer;
  try {
    answer = await client.send(new GetObjectCommand({ Bucket, Key: from }));
  } catch (error) {
    return unavailable(error, `get ${from}`);
  }
  await uploadObject(bucket, to, answer.Body as Readable, answer.ContentType ?? 'application/octet-stream');
}

/** The object at Key, or the bytes of range of it (its size read first, so the range is resolved here). */
async function getObject(bucket: S3Bucket, Key: string, range: ByteRange | undefined): Promise<{ body: Readable; size: number } | null> {
  let Range: string | undefined;
  let size: number | undefined;
  if (range !== undefined) {
    const head = await headObject(bucket, Key);
    if (head === null) return null;
    const { start, end } = resolveRange(range, head.size);
    Range = `bytes=${start}-${end}`;
    size = head.size;
  }
  try {
    const answer = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.Bucket, Key, Range }));
    const body = answer.Body as Readable;
    if (range === undefined) return { body, size: answer.ContentLength ?? 0 };
    return { body: rangeBody(body, answer, resolveRange(range, size!)), size: size! };
  } catch (error) {
    if (isNotFound(error)) return null;
    if (status(error) === 416) throw new StorageError('range', `Range cannot be satisfied for ${Key}`, { cause: error });
    return unavailable(error, `get ${Key}`);
  }
}

/**
 * The body of a ranged GET as exactly the range's bytes. Some S3-compatible servers answer more than
 * the range (s3rver: 'bytes=0-0' is the whole object); what starts at the range's start is cut to its
 * length, anything else is refused.
 */
function rangeBody(body: Readable, answer: { ContentLength?: number; ContentRange?: string }, { start, end }: { start: number; end: number }): Readable {
  const wanted = end - start + 1;
  const answeredStart = Number(/^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1] ?? 0);
  if (answer.ContentLength === wanted) return body;
  if (answeredStart !== start || (answer.ContentLength ?? 0) < wanted) {
    body.destroy();
    throw new StorageError('unavailable', `The storage answered ${answer.ContentRange ?? 'no range'} for bytes=${start}-${end}`);
  }
  return limitStream(body, wanted);
}

/** Moves the object at source, or every object under it (a directory), to target. */
async function moveObjects(bucket: S3Bucket, source: string, target: string, from: string): Promise<void> {
  const object = await headObject(bucket, source);
  if (object !== null) {
    await copyObject(bucket, source, target, object.size);
    await deleteObjects(bucket, [source]);
    return;
  }
  // A directory: every object under it, copied and then removed (not atomic: a failure halfway
  // leaves the copies made so far in both places, never a missing object).
  let moved = 0;
  for await (const page of listObjects(bucket, `${source}/`)) {
    for (const item of page) await copyObject(bucket, item.key, `${target}/${item.key.slice(source.length + 1)}`, item.size);
    await deleteObjects(bucket, page.map((o) => o.key));
    moved += page.length;
  }
  if (moved === 0) throw new StorageError('notFound', `Nothing at ${from}`);
}

export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const bucket: S3Bucket = {
    client: clientFor(options),
    Bucket: options.bucket,
    partSize: Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE),
    queueSize: options.queueSize ?? 4,
  };
  const root = options.root;
  const full = (key: string): string => {
    checkStorageKey(key);
    return storageKeyOf(root, key);
  };
  const fullPrefix = (prefix: string): string => {
    checkStoragePrefix(prefix);
    const dir = storageKeyOf(root, prefix);
    return dir === '' ? '' : `${dir}/`;
  };

  return {
    async put(key, body, { contentType, signal }) {
      return { size: await uploadObject(bucket, full(key), body, contentType, signal) };
    },
    async get(key, range) {
      return getObject(bucket, full(key), range);
    },
    async head(key) {
      return headObject(bucket, full(key));
    },
    async delete(keys) {
      await deleteObjects(bucket, keys.map(full));
    },
    async deletePrefix(prefix) {
      for await (const page of listObjects(bucket, fullPrefix(prefix))) await deleteObjects(bucket, page.map((o) => o.key));
    },
    async move(from, to) {
      const source = full(from);
      const target = full(to);
      if (source === target) return;
      if (target.startsWith(`${source}/`)) throw new StorageError('invalidKey', `Cannot move ${from} into itself`);
      await moveObjects(bucket, source, target, from);
    },
    publicUrl(key) {
      if (!options.host) return null;
      return `${options.host.replace(/\/+$/, '')}/${encodeKey(full(key))}`;
    },
    async freeSpace() {
      return null;
    },
    async check() {
      try {
        await bucket.client.send(new HeadBucketCommand({ Bucket: bucket.Bucket }));
      } catch (error) {
        return unavailable(error, `bucket ${bucket.Bucket}`);
      }
    },
  };
}
