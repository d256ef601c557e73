// Reading a multipart/form-data body part by part (media upload, upload/share, record import), with
// a body the parser cannot read answered as the client's mistake (docs/security.md "HTTP edges"):
// no boundary, another multipart type, a malformed part header or a body that ends before its closing
// boundary is 400 badRequest at `body`, never a 500. The parser's own limits (too many parts, a file
// over its size) keep their 413; a refusal of the handler (permission, quota, rules) keeps its answer.
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ERROR_KEY } from '../../../runtime/api/contract';
import { badRequest, HttpError } from './errors';

/** The answer to a body the multipart parser could not read. */
export const malformedForm = () => badRequest([{ field: 'body', messages: ['invalid'] }]);

/** A 4xx already chosen (ours, or the parser's limits and premature close): kept as it is. */
function isClientError(error: unknown): boolean {
  if (error instanceof HttpError) return error.status < 500;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** What the handler threw, told apart from what the parser threw. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Calls `handle` for each part in order. A request that is not multipart is 415; an error of the
 * parser (thrown while reading the next part, or raised on a file's stream that the handler was
 * reading, which then fails in its own way) is 400 malformedForm; anything else `handle` throws is
 * passed on as it is.
 */
export async function eachPart(request: FastifyRequest, handle: (part: Multipart) => Promise<void>): Promise<void> {
  if (!request.isMultipart()) throw new HttpError(415, ERROR_KEY.unsupportedMediaType);
  // A file's stream may break before the handler has it (the parser read the whole body at once):
  // its `errored` tells then, the listener when it breaks while being read.
  let streamError: unknown = null;
  const files: Readable[] = [];
  try {
    // parts() itself throws when the content type has no boundary; its iterator when the body breaks.
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push(part.file);
        part.file.once('error', (error: unknown) => (streamError ??= error));
      }
      try {
        await handle(part);
      } catch (error) {
        throw new HandlerFailure(error);
      }
    }
  } catch (caught) {
    if (caught instanceof HandlerFailure) {
      streamError ??= files.find((file) => file.errored)?.errored ?? null;
      if (streamError === null || isClientError(caught.error)) throw caught.error;
      throw isClientError(streamError) ? streamError : malformedForm();
    }
    if (isClientError(caught)) throw caught;
    throw malformedForm();
  }
}
