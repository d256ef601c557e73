// The keys a driver accepts (docs/media-storage.md "Keys"): what normaliseKey accepts, plus Luma's
// own preview cache next to an object ('dir/.luma-previews/250-a.png', see previewKeyOf), which no
// user key can name. Drivers check again although the media host normalised every key already:
// a key that slipped through unnormalised is refused here, not resolved.
import { normaliseKey, PREVIEW_DIR } from '../../../../runtime/media/keys';
import { StorageError } from './errors';

export function checkStorageKey(key: string): void {
  const probe = typeof key === 'string' ? key.split('/').map((segment) => (segment === PREVIEW_DIR ? '_' : segment)).join('/') : null;
  if (probe === null || probe === '' || normaliseKey(probe) !== probe) {
    throw new StorageError('invalidKey', `Not a key: ${JSON.stringify(key)}`);
  }
}

/** A directory prefix: '' (the whole library) or a key. */
export function checkStoragePrefix(prefix: string): void {
  if (prefix !== '') checkStorageKey(prefix);
}

/** The object's key in the storage: the library's root dir joined with the key. */
export function storageKeyOf(root: string, key: string): string {
  return root === '' ? key : key === '' ? root : `${root}/${key}`;
}
