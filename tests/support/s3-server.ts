// A REAL S3-compatible server for the tests (docs/media-storage.md "Testing against S3"): s3rver
// (an S3 implementation over the file system, speaking the S3 REST protocol) started in this
// process on a free port with its own temp directory. The s3 driver talks to it
// over HTTP with @aws-sdk/client-s3 exactly as it talks to AWS, MinIO or any other endpoint.
//
// What s3rver 3.7.1 does not do, said openly: it refuses unknown access key ids but does not verify
// SigV4 signatures (a wrong secret passes); it answers 'Range: bytes=0-0' with the whole object
// (the s3 driver cuts a longer answer to the range asked, see s3.ts); it reads CopyObject's
// x-amz-copy-source with decodeURI, where S3 decodes it whole, so a source key holding '+', '#',
// '?', '&', '=' or '%' is not found (copySourceAsS3 below hands it the header it can read: the same
// key, encoded so that decodeURI gives it back); and it has no AbortMultipartUpload. That last gap
// is filled here: it has no AbortMultipartUpload (DELETE
// ?uploadId= answers 405), so an aborted multipart upload would leave its parts in s3rver's
// 'uploads' dir forever. The middleware below implements that one call the way S3 does (the
// upload's parts are removed, 204; an unknown upload id is 404 NoSuchUpload), so the driver's
// "abort leaves nothing" is tested against a server that behaves like S3. Everything else
// (multipart initiate/part/complete, ranges, copy, batch delete, ListObjectsV2) is s3rver's own.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's fixed dummy credentials (its DUMMY_ACCOUNT); another access key id is refused. */
export const S3RVER_KEY = 'S3RVER';
export const S3RVER_SECRET = 'S3RVER';
export const S3RVER_REGION = 'us-east-1';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: KoaMiddleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

export interface S3TestServer {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** s3rver's data directory (buckets are dirs; multipart parts wait in '{bucket}/uploads'... see pendingUploads). */
  directory: string;
  /** A client for the test's own checks. */
  client: S3Client;
  createBucket(name: string): Promise<void>;
  /** Multipart uploads s3rver still holds parts of (created, neither completed nor aborted). */
  pendingUploads(bucket: string): Promise<string[]>;
  /** How many AbortMultipartUpload calls the server answered. */
  abortCalls(): number;
  /** Every request since start (or the last clearRequests): 'PUT ?partNumber&uploadId', 'POST ?uploads', 'GET' ... */
  requests(): string[];
  clearRequests(): void;
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 and a free port, in a fresh temp directory; stop() removes it. */
export async function startS3Server(): Promise<S3TestServer> {
  const S3rver = require('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'luma-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: false });
  let aborts = 0;
  let log: string[] = [];
  const record: KoaMiddleware = async (ctx, next) => {
    // x-id (the SDK's operation name) is left out: 'PUT ?partNumber&uploadId' reads as the S3 call.
    const query = Object.keys(ctx.query).filter((name) => name !== 'x-id').sort();
    log.push(query.length > 0 ? `${ctx.method} ?${query.join('&')}` : ctx.method);
    return next();
  };

  // AbortMultipartUpload (see the header): DELETE /{bucket}/{key}?uploadId={id}.
  const uploadsDir = (bucket: string): string => join(directory, bucket, '._S3rver_uploads');
  const abortMultipart: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (ctx.method !== 'DELETE' || uploadId === undefined) return next();
    aborts++;
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    const dir = join(uploadsDir(bucket), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !(await exists(dir))) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  };
  // CopyObject's source as S3 reads it (decodeURIComponent), re-encoded for s3rver's decodeURI.
  const copySourceAsS3: KoaMiddleware = async (ctx, next) => {
    const headers = (ctx as unknown as { headers: Record<string, string | undefined> }).headers;
    const source = headers['x-amz-copy-source'];
    if (ctx.method === 'PUT' && source !== undefined) {
      try {
        headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(source));
      } catch {
        // Not decodable: left as sent, s3rver answers it.
      }
    }
    return next();
  };
  server.middleware.unshift(record, abortMultipart, copySourceAsS3);

  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = s3ClientFor(endpoint);
  return {
    endpoint,
    region: S3RVER_REGION,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_SECRET,
    directory,
    client,
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async pendingUploads(bucket) {
      try {
        return await readdir(uploadsDir(bucket));
      } catch {
        return [];
      }
    },
    abortCalls: () => aborts,
    requests: () => [...log],
    clearRequests() {
      log = [];
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function s3ClientFor(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: S3RVER_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_SECRET },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

export type { Server };
