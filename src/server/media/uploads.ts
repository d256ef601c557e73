// The resumable upload's metadata (docs/media-upload.md "Before any byte"): the tus Upload-Metadata
// of a create read into storeFile's input, judged by the media host's own planUpload (integration,
// 'upload luma-media', library of the project and its roles, directory, key, a file already there,
// expiry, metadata, the declared length against the file limit and the quota) before the tus store
// makes its empty file. One rule set: the plain multipart upload is judged by the same function, and
// storeFile judges again when the last byte is in (the quota under a lock, a file that appeared).
import { MEDIA_MESSAGE } from '../../../runtime/api/media';
import { TUS_META, UPLOAD_MESSAGE } from '../../../runtime/api/media-upload';
import { HttpError, fieldsNotValid } from '../platform/errors';
import type { Accountability } from '../auth/tenancy';
import { planUpload, type MediaContext, type StoreFileInput } from './files';

/** What an upload will store, from its tus metadata (without the body). */
export type UploadTarget = Required<Pick<StoreFileInput, 'libraryUuid' | 'path' | 'name' | 'isPublic' | 'replace'>> &
  Pick<StoreFileInput, 'expiresAt' | 'metadata'>;

type TusMetadata = Record<string, string | null | undefined>;

const invalid = (field: string, message: string) => fieldsNotValid([{ field, messages: [message] }]);

function flag(meta: TusMetadata, field: string): boolean {
  const raw = meta[field];
  if (raw === undefined || raw === null || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw invalid(field, 'invalid');
}

/** The tus metadata read into storeFile's input (417 naming the field that cannot be read). */
export function readUploadTarget(meta: TusMetadata): UploadTarget {
  const name = meta[TUS_META.filename] ?? '';
  if (name.trim() === '') throw invalid(TUS_META.filename, MEDIA_MESSAGE.invalidKey);
  return {
    libraryUuid: (meta[TUS_META.libraryUuid] ?? '').trim(),
    path: meta[TUS_META.path] ?? '',
    name,
    isPublic: flag(meta, TUS_META.isPublic),
    expiresAt: meta[TUS_META.expiresAt] || null,
    // JSON text: planUpload reads it as the multipart upload's field (an object of strings, else 417 'invalid').
    metadata: meta[TUS_META.metadata] ?? undefined,
    replace: flag(meta, TUS_META.replace),
  };
}

/**
 * Whether the caller may upload `length` declared bytes to the target now (every check of the
 * media host's planUpload); throws its errors. A deferred length cannot be judged: refused.
 */
export async function checkUploadAllowed(context: MediaContext, accountability: Accountability, target: UploadTarget, length: number | undefined): Promise<void> {
  if (length === undefined || !Number.isSafeInteger(length) || length < 0) throw new HttpError(400, UPLOAD_MESSAGE.lengthRequired);
  await planUpload(context, accountability, { ...target, size: length });
}
