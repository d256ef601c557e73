// The browser's resumable upload (docs/media-upload.md): each file goes through the tus endpoint
// with tus-js-client, one after the other, with progress per file. A dropped connection is retried
// from the server's offset (retryDelays); the upload's URL is kept in localStorage under a fingerprint
// of the file and its target, so a reloaded page resumes instead of starting over. Aborting the
// signal stops the transfer and terminates the upload on the server (its partial bytes are removed).
// Framework-free: the upload machine (machines/upload.machine.ts) and the screens call it.
import { Upload, type DetailedError, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { HEADER, isApiError, type FieldError } from '../api/contract';
import type { MediaFile } from '../api/media';
import { TUS_ENDPOINT, TUS_META, TUS_RESULT_HEADER, UPLOAD_MESSAGE, decodeResultHeader, tusResultPath } from '../api/media-upload';
import { tenantHeaders } from '../client/client';
import { CONNECTION_FAILED } from '../client/errors';
import { browserStorage, type KeyValueStore } from '../client/storage';

export interface UploadTarget {
  libraryUuid: string;
  /** The directory key ('' is the root). */
  path: string;
  isPublic: boolean;
  /** ISO date-time, not in the past. */
  expiresAt?: string | null;
  metadata?: Record<string, string>;
  /** The widget's field key (spec section 7 "Upload media"). */
  fieldKey?: string;
  /** Replace a file already at the key. */
  replace?: boolean;
}

export interface UploadCallbacks {
  onProgress?(fileIndex: number, loaded: number, total: number): void;
  /** A request failed for a reason worth waiting out (no connection, a server error): tried again soon. */
  onRetry?(fileIndex: number, attempt: number, offline: boolean): void;
  /** Bytes flow again after a retry. */
  onResumed?(fileIndex: number): void;
  onFileStored?(fileIndex: number, file: MediaFile): void;
}

export interface UploadEnvironment {
  /** Tenant headers come from here (default: localStorage). */
  storage?: KeyValueStore;
  /** More headers on every request (a bearer secret, or a cookie from Node). */
  headers?: Record<string, string>;
  /** Origin of the server (default: the page's); Node callers and tests give one. */
  origin?: string;
  /** Waits between retries (ms); the last is the longest wait before the upload fails. */
  retryDelays?: number[];
  /** Waits while asking for the result of an upload whose final answer was lost (ms). */
  resultDelays?: number[];
  /** Anything else tus-js-client takes (a file reader or an HTTP stack under Node, in tests). */
  tus?: Partial<UploadOptions>;
}

/** Wait steps: a dropped connection is tried again for about two minutes, then the upload fails. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
const RESULT_DELAYS = [0, 500, 1000, 2000, 4000];

/** The server refused the upload (a message key, maybe with field errors), or the connection never came back. */
export class UploadFailed extends Error {
  override readonly name = 'UploadFailed';
  constructor(
    readonly fileIndex: number,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly messageKey: string,
    readonly fieldErrors: FieldError[] = [],
    readonly requestUuid: string | null = null,
  ) {
    super(messageKey);
  }
}

/**
 * Every byte is on the server, but no answer said where it was stored (the final reply was lost and
 * the result did not come in time): the server goes on storing it (spec: 'the upload continues in
 * the background').
 */
export class UploadInBackground extends Error {
  override readonly name = 'UploadInBackground';
  constructor(
    readonly fileIndex: number,
    readonly uploadUrl: string,
    /** The files stored before this one. */
    readonly stored: MediaFile[],
  ) {
    super('uploadInBackground');
  }
}

function abortError(): Error {
  return typeof DOMException === 'function' ? new DOMException('The upload was cancelled', 'AbortError') : Object.assign(new Error('The upload was cancelled'), { name: 'AbortError' });
}

function pageOrigin(): string {
  return typeof location !== 'undefined' ? location.origin : 'http://localhost';
}

function tusMetadataOf(file: { name?: string; type?: string }, target: UploadTarget): Record<string, string> {
  const meta: Record<string, string> = {
    [TUS_META.libraryUuid]: target.libraryUuid,
    [TUS_META.path]: target.path,
    [TUS_META.filename]: file.name || 'file',
    [TUS_META.isPublic]: target.isPublic ? 'true' : 'false',
  };
  if (target.expiresAt) meta[TUS_META.expiresAt] = target.expiresAt;
  if (target.metadata && Object.keys(target.metadata).length > 0) meta[TUS_META.metadata] = JSON.stringify(target.metadata);
  if (target.fieldKey) meta[TUS_META.fieldKey] = target.fieldKey;
  if (target.replace) meta[TUS_META.replace] = 'true';
  return meta;
}

/** The server's refusal, read from its ApiError body. */
function failureOf(fileIndex: number, error: Error | DetailedError): UploadFailed {
  const response = (error as DetailedError).originalResponse as HttpResponse | null | undefined;
  if (!response) return new UploadFailed(fileIndex, 0, CONNECTION_FAILED);
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = null;
  }
  const status = response.getStatus();
  if (isApiError(body)) return new UploadFailed(fileIndex, status, body.message, body.errors ?? [], response.getHeader(HEADER.requestUuid) ?? null);
  return new UploadFailed(fileIndex, status, status === 0 ? CONNECTION_FAILED : 'badRequest', [], response.getHeader(HEADER.requestUuid) ?? null);
}

function retryable(error: DetailedError): boolean {
  const status = error.originalResponse ? error.originalResponse.getStatus() : 0;
  // No answer (a dropped connection, offline), a server error, a lock or offset conflict: try again.
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The stored file of a finished upload whose final answer carried none (it was lost, or too large for a header). */
async function fetchResult(uploadUrl: string, headers: Record<string, string>, delays: number[], signal: AbortSignal): Promise<MediaFile | null> {
  const id = uploadUrl.split('/').pop() ?? '';
  const url = new URL(tusResultPath(decodeURIComponent(id)), uploadUrl).toString();
  for (const delay of delays) {
    await wait(delay, signal);
    try {
      const response = await fetch(url, { headers, credentials: 'same-origin', signal });
      if (response.ok) return (await response.json()) as MediaFile;
    } catch (error) {
      if (signal.aborted) throw abortError();
      void error; // no connection yet: ask again after the next wait
    }
  }
  return null;
}

/** DELETEs an upload until the server confirms it is gone (204, 404 or 410), on a slow retry list. */
async function terminateLater(url: string, headers: Record<string, string>, delays: readonly number[] = [250, 1000, 3000, 6000]): Promise<void> {
  for (const delay of delays) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const response = await fetch(url, { method: 'DELETE', headers: { ...headers, 'Tus-Resumable': '1.0.0' }, credentials: 'same-origin' });
      if (response.ok || response.status === 404 || response.status === 410) return;
    } catch {
      // no answer: try again
    }
  }
}

/** tus options that report each retry (with whether the browser is offline), the resume after it, and the progress. */
function retryAndProgress(fileIndex: number, callbacks: UploadCallbacks) {
  let retrying = false;
  let attempts = 0;
  return {
    onShouldRetry: (error: DetailedError) => {
      if (!retryable(error)) return false;
      attempts += 1;
      retrying = true;
      callbacks.onRetry?.(fileIndex, attempts, typeof navigator !== 'undefined' && navigator.onLine === false);
      return true;
    },
    onProgress: (loaded: number, total: number) => {
      if (retrying && loaded > 0) {
        retrying = false;
        callbacks.onResumed?.(fileIndex);
      }
      callbacks.onProgress?.(fileIndex, loaded, total);
    },
  };
}

/** Resumes the latest earlier upload of the same file (its fingerprint), else starts a new one. */
function startOrResume(upload: Upload, signal: AbortSignal): void {
  upload
    .findPreviousUploads()
    .then((previous) => {
      if (signal.aborted) return;
      const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    })
    .catch(() => upload.start());
}

/** One file through tus; resolves with its MediaFile. */
function uploadOne(
  file: Blob & { name?: string; lastModified?: number },
  fileIndex: number,
  target: UploadTarget,
  callbacks: UploadCallbacks,
  signal: AbortSignal,
  env: UploadEnvironment,
  stored: MediaFile[],
): Promise<MediaFile> {
  const headers = { ...tenantHeaders(env.storage ?? browserStorage, false), ...env.headers };
  const endpoint = new URL(TUS_ENDPOINT, env.origin ?? pageOrigin()).toString();
  return new Promise<MediaFile>((resolve, reject) => {
    const upload: Upload = new Upload(file as File, {
      endpoint,
      metadata: tusMetadataOf(file, target),
      headers,
      retryDelays: env.retryDelays ?? RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The same bytes to another library or directory are another upload.
      fingerprint: async () =>
        ['luma-tus', file.name ?? 'file', file.type, file.size, file.lastModified ?? 0, target.libraryUuid, target.path, endpoint].join('|'),
      ...retryAndProgress(fileIndex, callbacks),
      onError: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(failureOf(fileIndex, error));
      },
      onSuccess: ({ lastResponse }) => {
        signal.removeEventListener('abort', onAbort);
        const header = lastResponse.getHeader(TUS_RESULT_HEADER);
        if (header) {
          try {
            return resolve(decodeResultHeader(header) as MediaFile);
          } catch {
            // a mangled header: ask for the result instead
          }
        }
        const url = upload.url ?? '';
        fetchResult(url, headers, env.resultDelays ?? RESULT_DELAYS, signal).then(
          (result) => (result ? resolve(result) : reject(new UploadInBackground(fileIndex, url, [...stored]))),
          reject,
        );
      },
      ...env.tus,
    });
    const onAbort = () => {
      // Stops the transfer and sends DELETE: the server drops the partial bytes. tus-js-client gives
      // up on the DELETE after its short retry list (a PATCH still draining on the server holds the
      // upload's lock for up to a few seconds), so a refused DELETE is tried again on a longer one.
      const url = upload.url;
      upload.abort(true).catch(() => (url ? terminateLater(url, headers) : undefined));
      reject(abortError());
    };
    if (signal.aborted) return reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    startOrResume(upload, signal);
  });
}

/**
 * Uploads the files one after the other to the target; resolves with their MediaFiles in order.
 * Rejects with UploadFailed (the server's message key), UploadInBackground (all bytes sent, no
 * result), or an AbortError when the signal aborts (the current upload is terminated).
 */
export async function uploadFiles(
  files: readonly (Blob & { name?: string; lastModified?: number })[],
  target: UploadTarget,
  callbacks: UploadCallbacks = {},
  signal: AbortSignal = new AbortController().signal,
  env: UploadEnvironment = {},
): Promise<MediaFile[]> {
  const stored: MediaFile[] = [];
  for (const [index, file] of files.entries()) {
    if (signal.aborted) throw abortError();
    const result = await uploadOne(file, index, target, callbacks, signal, env, stored);
    stored.push(result);
    callbacks.onFileStored?.(index, result);
  }
  return stored;
}

export { UPLOAD_MESSAGE };
