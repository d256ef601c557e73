// Uploading files into a media library from the browser (spec section 7, "Upload media").
// A minimal stand-in written by the widgets' part until the resumable version (tus, docs/media-upload.md)
// lands with the same signature: one multipart POST per file to the media host, with XHR progress.
import { HOST_PREFIX } from '../api/contract';
import type { MediaLibraryItem } from '../api/media';
import { tenantHeaders } from '../client/client';
import { connectionFailed, mapHttpError } from '../client/errors';
import { browserStorage } from '../client/storage';

// The types are the resumable version's (UploadTarget, UploadCallbacks), so callers compile against both.
export interface UploadTarget {
  libraryUuid: string;
  /** The directory key ('' is the root). */
  path: string;
  /** Default private (spec section 9). */
  isPublic: boolean;
  expiresAt?: string | null;
  metadata?: Record<string, string>;
  /** The widget's field key (spec section 7 "Upload media"). */
  fieldKey?: string;
  replace?: boolean;
}

export interface UploadCallbacks {
  onProgress?(fileIndex: number, loaded: number, total: number): void;
}

export const UPLOAD_URL = `${HOST_PREFIX.media}/v2/dms/media/upload`;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** The answer's files as library items, whatever list shape it comes in ({data}, {items} or a list). */
export function uploadedItems(body: unknown): MediaLibraryItem[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? ((body as { data?: unknown; items?: unknown }).data ?? (body as { items?: unknown }).items) : null;
  const items = Array.isArray(list) ? list : body && typeof body === 'object' && 'key' in body ? [body] : [];
  return items
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && typeof (item as { key?: unknown }).key === 'string')
    .map((item) => ({
      library_uuid: String(item.library_uuid ?? ''),
      key: String(item.key),
      public_url: typeof item.public_url === 'string' ? item.public_url : null,
    }));
}

function uploadOne(file: Blob & { name?: string }, target: UploadTarget, index: number, options: UploadCallbacks, signal?: AbortSignal): Promise<MediaLibraryItem[]> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(tenantHeaders(browserStorage, false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.(index, event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(index, file.size, file.size);
        resolve(uploadedItems(body));
      } else reject(mapHttpError(xhr.status, body, { get: (name: string) => xhr.getResponseHeader(name) }, 'media'));
    };
    xhr.onerror = () => reject(connectionFailed('network', 'media'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    // The fields before the file, so the server knows the target before the bytes arrive.
    const form = new FormData();
    form.append('uuid', target.libraryUuid);
    form.append('path', target.path);
    form.append('is_public', String(target.isPublic));
    if (target.replace) form.append('replace', 'true');
    if (target.fieldKey) form.append('field_key', target.fieldKey);
    if (target.expiresAt) form.append('expiresAt', target.expiresAt);
    if (target.metadata) form.append('metadata', JSON.stringify(target.metadata));
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
}

/** Uploads the files one after the other; resolves with every stored file's library item. */
export async function uploadFiles(
  files: readonly (Blob & { name?: string })[],
  target: UploadTarget,
  options: UploadCallbacks = {},
  signal?: AbortSignal,
): Promise<MediaLibraryItem[]> {
  const done: MediaLibraryItem[] = [];
  for (const [index, file] of files.entries()) done.push(...(await uploadOne(file, target, index, options, signal)));
  return done;
}
