// The resumable upload (tus 1.0.0 protocol; docs/media-upload.md). Under HOST_PREFIX.media (/api/media):
//   POST   /v2/dms/media/upload/tus                create an upload: Upload-Length and Upload-Metadata
//                                                  (TUS_META keys); every check is made here, before any byte
//   HEAD   /v2/dms/media/upload/tus/{id}           the server's offset (resume from it)
//   PATCH  /v2/dms/media/upload/tus/{id}           bytes at Upload-Offset (application/offset+octet-stream)
//   DELETE /v2/dms/media/upload/tus/{id}           cancel: the partial upload is removed
//   GET    /v2/dms/media/upload/tus/{id}/result    the stored MediaFile once the last byte is stored
//                                                  (404 uploadNotFinished before; the final PATCH also
//                                                  answers it in TUS_RESULT_HEADER)
import { HOST_PREFIX } from './contract';

export const TUS_PATH = '/v2/dms/media/upload/tus';
/** The full path the browser and the tus server use (the tus server builds its Location URLs on it). */
export const TUS_ENDPOINT = `${HOST_PREFIX.media}${TUS_PATH}`;

/** Upload-Metadata keys (values are base64 in the header, per the protocol). */
export const TUS_META = {
  libraryUuid: 'library_uuid',
  /** The directory key inside the library ('' or absent: the root). */
  path: 'path',
  filename: 'filename',
  /** 'true' or 'false' (default private). */
  isPublic: 'is_public',
  /** ISO date-time, not in the past; absent: never expires. */
  expiresAt: 'expiresAt',
  /** A JSON object of string values. */
  metadata: 'metadata',
  /** 'true': replace a file already at the key (needs the delete permission on it, judged by storeFile). */
  replace: 'replace',
  /** The widget's field key, carried for the client's bookkeeping (spec section 7 "Upload media"). */
  fieldKey: 'field_key',
} as const;

/** The final PATCH answers the stored MediaFile here, as base64url JSON (when it fits in a header). */
export const TUS_RESULT_HEADER = 'Luma-Media-File';
/** Headers the browser may read from a tus reply. */
export const TUS_EXPOSED_HEADERS = [TUS_RESULT_HEADER];

/** Partial uploads with no byte for this long are removed (housekeeping of each instance). */
export const TUS_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Message keys of the upload (catalogue: runtime/i18n/media.*.ts, besides MEDIA_MESSAGE). */
export const UPLOAD_MESSAGE = {
  lengthRequired: 'uploadLengthRequired',
  uploadNotFinished: 'uploadNotFinished',
  uploadNotFound: 'uploadNotFound',
} as const;

export function tusResultPath(id: string): string {
  return `${TUS_ENDPOINT}/${encodeURIComponent(id)}/result`;
}

/** base64url of UTF-8 JSON, and back: the result header (no btoa/Buffer so it runs in both places). */
export function encodeResultHeader(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeResultHeader(header: string): unknown {
  const base64 = header.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
