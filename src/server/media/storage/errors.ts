// Errors of the storage drivers (docs/media-storage.md "Errors"). The media host maps them:
// notFound -> 404 fileNotFound, range -> 416, unavailable -> libraryUnavailable, invalidKey -> invalidKey.
// An aborted put rejects with an Error named 'AbortError' (abortError below), as Node's streams do.

export type StorageErrorCode = 'notFound' | 'range' | 'unavailable' | 'invalidKey';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

/** The error an aborted put rejects with: name 'AbortError', the signal's reason as its cause. */
export function abortError(signal?: AbortSignal): Error {
  const error = new Error('The upload was aborted', { cause: signal?.reason });
  error.name = 'AbortError';
  return error;
}

/** A range for a stored object of size bytes, clamped at its end; throws 'range' when it cannot be satisfied. */
export function resolveRange(range: { start: number; end?: number }, size: number): { start: number; end: number } {
  const { start } = range;
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (!Number.isSafeInteger(start) || start < 0 || start >= size || (range.end !== undefined && (!Number.isSafeInteger(range.end) || range.end < start))) {
    throw new StorageError('range', `Range ${start}-${range.end ?? ''} cannot be satisfied for ${size} bytes`);
  }
  return { start, end };
}
