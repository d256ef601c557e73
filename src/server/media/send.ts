// Sends a stored file's bytes (the download call and the file URL): the headers of media-serve,
// a single byte range when asked (206, or 416 past the end), HEAD without a body.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaFileRow } from '../db/schema-media';
import { fileNotFound } from './rows';
import { fileHeaders, parseRange, rangeNotSatisfiable } from './serve';
import type { StorageDriver } from './storage/driver';
import { headerValue } from '../platform/validate';

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  driver: StorageDriver,
  row: MediaFileRow,
  options: { download: boolean; cache: 'public' | 'private' },
): Promise<FastifyReply> {
  const size = Number(row.size);
  const range = parseRange(headerValue(request.headers.range), size);
  if (range === 'unsatisfiable') throw rangeNotSatisfiable(size);
  const headers = fileHeaders(row, options);
  if (request.method === 'HEAD') {
    // An empty stream: Fastify's HEAD route keeps the Content-Length of a streamed reply (an absent body would be 0).
    return reply.code(200).headers({ ...headers, 'content-length': String(size) }).send(Readable.from([]));
  }
  const stored = await driver.get(row.key, range ?? undefined);
  if (!stored) throw fileNotFound();
  reply.headers(headers);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', String(range.end - range.start + 1));
  } else {
    reply.code(200).header('content-length', String(size));
  }
  return reply.send(stored.body);
}
