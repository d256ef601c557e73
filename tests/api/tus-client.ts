// A bare tus 1.0.0 client over node:http for the upload tests and the media bench: each call is one
// protocol request, so a test can stop a PATCH half-way (the socket destroyed) and resume from the
// server's offset. Bodies are generated streams, never a file in the repo and never held whole.
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { TUS_ENDPOINT } from '../../runtime/api/media-upload';

export interface TusAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** base64 of each value, joined as the Upload-Metadata header. */
export function tusMetadata(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

/**
 * Deterministic bytes: a 1 MiB block of pseudo-random bytes, each copy stamped with its index, so
 * equal offsets give equal bytes on every run and a misplaced block changes the digest.
 */
export function blockSource(seed = 1): (index: number) => Buffer {
  const base = Buffer.alloc(1024 * 1024);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < base.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    base.writeUInt32LE(x >>> 0, i);
  }
  return (index) => {
    const block = Buffer.from(base);
    block.writeUInt32LE(index, 0);
    return block;
  };
}

/** The bytes [start, end) of the generated stream, chunk by chunk. */
export function* generatedChunks(start: number, end: number, seed = 1): Generator<Buffer> {
  const block = blockSource(seed);
  const size = 1024 * 1024;
  for (let at = start; at < end; ) {
    const index = Math.floor(at / size);
    const from = at - index * size;
    const to = Math.min(size, end - index * size);
    yield block(index).subarray(from, to);
    at += to - from;
  }
}

export function generatedSha256(length: number, seed = 1): string {
  const hash = createHash('sha256');
  for (const chunk of generatedChunks(0, length, seed)) hash.update(chunk);
  return hash.digest('hex');
}

export class TusClient {
  constructor(
    readonly port: number,
    readonly headers: Record<string, string>,
  ) {}

  call(method: string, path: string, headers: Record<string, string> = {}, body?: Iterable<Buffer>): Promise<TusAnswer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: this.port, method, path, headers: { 'Tus-Resumable': '1.0.0', ...this.headers, ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      void writeAll(req, body).then(() => req.end(), reject);
    });
  }

  create(length: number, meta: Record<string, string>, firstBytes?: Iterable<Buffer>, firstLength = 0): Promise<TusAnswer> {
    const headers: Record<string, string> = { 'Upload-Length': String(length), 'Upload-Metadata': tusMetadata(meta) };
    if (firstBytes) Object.assign(headers, { 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(firstLength) });
    return this.call('POST', TUS_ENDPOINT, headers, firstBytes);
  }

  head(location: string): Promise<TusAnswer> {
    return this.call('HEAD', location);
  }

  /** PATCH the bytes [offset, end) of the generated stream. */
  patch(location: string, offset: number, end: number, seed = 1): Promise<TusAnswer> {
    return this.call(
      'PATCH',
      location,
      { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), 'Content-Length': String(end - offset) },
      generatedChunks(offset, end, seed),
    );
  }

  /**
   * PATCH [offset, end) but destroy the connection once `stopAfter` bytes are written: what a dropped
   * network does. Resolves when the socket is gone.
   */
  patchThenDrop(location: string, offset: number, end: number, stopAfter: number, seed = 1): Promise<void> {
    return new Promise((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: this.port,
        method: 'PATCH',
        path: location,
        headers: {
          'Tus-Resumable': '1.0.0',
          ...this.headers,
          'Content-Type': 'application/offset+octet-stream',
          'Upload-Offset': String(offset),
          'Content-Length': String(end - offset),
        },
      });
      req.on('error', () => undefined);
      req.on('close', () => resolve());
      let sent = 0;
      void (async () => {
        for (const chunk of generatedChunks(offset, end, seed)) {
          const part = chunk.subarray(0, Math.min(chunk.length, stopAfter - sent));
          sent += part.length;
          if (!req.write(part)) await new Promise((r) => req.once('drain', r));
          if (sent >= stopAfter) break;
        }
        // The bytes are out of this process; the server may not have them all yet, and never will
        // have the rest: the socket goes.
        req.destroy();
      })();
    });
  }
}

async function writeAll(req: import('node:http').ClientRequest, body: Iterable<Buffer> | undefined): Promise<void> {
  if (!body) return;
  for (const chunk of body) {
    if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
  }
}
