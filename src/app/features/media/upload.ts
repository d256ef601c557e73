// The upload modal's one seam to the upload call. Until runtime/media/upload.ts (resumable, tus)
// lands, this is the plain multipart POST /v2/dms/media/upload of spec section 7, one file per
// request so each has its own progress and cancel, over XMLHttpRequest for its upload events.
// Swap `uploadOne` for the resumable uploader without touching the modal.
import { HOST_PREFIX } from '../../../../runtime/api/contract';
import { browserStorage } from '../../../../runtime/client/storage';
import { tenantHeaders } from '../../../../runtime/client/client';
import { connectionFailed, errorEffects, mapHttpError, type ApiRequestError } from '../../../../runtime/client/errors';
import { openReportError } from '../../api/reportError';

export interface UploadTarget {
  libraryUuid: string;
  /** The directory ('' is the root). */
  path: string;
  isPublic: boolean;
  /** ISO date-time or null. */
  expiresAt: string | null;
  metadata: Record<string, string>;
}

export type UploadOne = (file: File, target: UploadTarget, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<unknown>;

export const uploadUrl = `${HOST_PREFIX.media}/v2/dms/media/upload`;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

export const uploadOne: UploadOne = (file, target, onProgress, signal) =>
  new Promise<unknown>((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.withCredentials = true;
    // No client timeout: a large file may take longer than the media host's 30 s.
    for (const [name, value] of Object.entries(tenantHeaders(browserStorage, false))) xhr.setRequestHeader(name, value);
    const fail = (error: ApiRequestError) => {
      const effects = errorEffects(error);
      if (effects.report) openReportError(error.requestUuid);
      if (effects.toLogin && typeof window !== 'undefined') window.location.assign('/login');
      reject(error);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else fail(mapHttpError(xhr.status, body, { get: (name: string) => xhr.getResponseHeader(name) }, 'media'));
    };
    xhr.onerror = () => fail(connectionFailed('network', 'media'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    // Fields before the file, so the server knows where the bytes go before they arrive.
    form.append('uuid', target.libraryUuid);
    form.append('path', target.path);
    form.append('is_public', String(target.isPublic));
    if (target.expiresAt) form.append('expiresAt', target.expiresAt);
    form.append('metadata', JSON.stringify(target.metadata));
    form.append('file', file, file.name);
    xhr.send(form);
  });
