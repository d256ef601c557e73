// Download (spec section 7): POST /v2/dms/media/library/{id}/download with the key answers the bytes
// as an attachment; the browser saves them under the file's name. The typed client reads JSON, so
// this one call fetches on its own, with the same headers and error mapping. Also a file's absolute
// address, for the details and share dialogs to show.
import { HOST_PREFIX } from '../../../../runtime/api/contract';
import type { MediaFile } from '../../../../runtime/api/media';
import { tenantHeaders } from '../../../../runtime/client/client';
import { reportServerError } from '../../../../runtime/client/clients';
import { connectionFailed, errorEffects, mapHttpError } from '../../../../runtime/client/errors';
import { browserStorage } from '../../../../runtime/client/storage';
import { downloadBlob } from '../../../../renderers/ui/download';

/** A file's address as the browser opens it: the server may answer it relative to this origin. */
export const absoluteUrl = (url: string) => (typeof window === 'undefined' || /^https?:/.test(url) ? url : `${window.location.origin}${url}`);

export const downloadUrl = (libraryUuid: string) => `${HOST_PREFIX.media}/v2/dms/media/library/${encodeURIComponent(libraryUuid)}/download`;

export async function downloadFile(file: MediaFile): Promise<void> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(file.library_uuid), {
      method: 'POST',
      headers: { ...tenantHeaders(browserStorage, false), 'Content-Type': 'application/json', Accept: '*/*' },
      body: JSON.stringify({ key: file.key }),
      credentials: 'include',
    });
  } catch {
    throw connectionFailed('network', 'media');
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the status speaks
    }
    const error = mapHttpError(response.status, body, response.headers, 'media');
    if (errorEffects(error).report) reportServerError(error);
    throw error;
  }
  downloadBlob(await response.blob(), file.name || file.key.split('/').at(-1) || 'download');
}
