// The import call (docs/lists.md "Import"): multipart with primary_key and field_map first, then the
// file (so the server streams it straight into the import). XMLHttpRequest rather than fetch: its
// upload events drive the wizard's progress bar. Errors are the clients' ApiRequestError, and a
// server error opens the report modal like any other main-host call.
import { HOST_PREFIX } from '../../../runtime/api/contract';
import { browserStorage } from '../../../runtime/client/storage';
import { tenantHeaders } from '../../../runtime/client/client';
import { refPath } from '../../../runtime/client/components';
import { connectionFailed, errorEffects, mapHttpError, type ApiRequestError } from '../../../runtime/client/errors';
import { openReportError } from './reportError';
import type { FieldMapEntry, ImportResult } from '../../../runtime/api/import';

export type { FieldMapEntry, ImportResult } from '../../../runtime/api/import';

export interface ImportRequest {
  ref: string;
  file: Blob & { name?: string };
  /** A field key, 'uuid', or '' (every row creates). */
  primaryKey: string;
  fieldMap: FieldMapEntry[];
  /** Bytes sent so far and the total (the upload phase). */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** The whole file has been sent: the server is importing. */
  onUploaded?: () => void;
  signal?: AbortSignal;
}

export const importUrl = (ref: string) => `${HOST_PREFIX.main}/v1/system/component/${refPath(ref)}/import`;

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

export function importRecords(request: ImportRequest): Promise<ImportResult> {
  return new Promise<ImportResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', importUrl(request.ref));
    xhr.withCredentials = true;
    // No client timeout: a large file may take longer than the main host's 30 s to upload and import.
    for (const [name, value] of Object.entries(tenantHeaders(browserStorage, true))) xhr.setRequestHeader(name, value);
    const fail = (error: ApiRequestError) => {
      if (errorEffects(error).report) openReportError(error.requestUuid);
      reject(error);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded, event.total);
    };
    xhr.upload.onload = () => request.onUploaded?.();
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResult);
      else fail(mapHttpError(xhr.status, body, { get: (name: string) => xhr.getResponseHeader(name) }, 'main'));
    };
    xhr.onerror = () => fail(connectionFailed('network', 'main'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('primary_key', request.primaryKey);
    form.append('field_map', JSON.stringify(request.fieldMap));
    form.append('file', request.file, request.file.name ?? 'import.csv');
    xhr.send(form);
  });
}
