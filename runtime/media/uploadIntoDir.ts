// A widget's upload directory (custom_data.subDir) may not exist yet: the first upload into it makes
// it, one level at a time (the media host makes a directory only under an existing one), then tries
// once more. A caller without 'create_dir luma-media' gets that refusal instead of dirNotFound.
import { MEDIA_MESSAGE } from '../api/media';

const keyOf = (error: unknown) => (error && typeof error === 'object' && 'messageKey' in error ? (error as { messageKey: unknown }).messageKey : undefined);

export async function uploadIntoDir<T>(upload: () => Promise<T>, path: string, createDir: (path: string) => Promise<unknown>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (path === '' || keyOf(error) !== MEDIA_MESSAGE.dirNotFound) throw error;
  }
  const segments = path.split('/').filter(Boolean);
  for (let depth = 1; depth <= segments.length; depth += 1) {
    try {
      await createDir(segments.slice(0, depth).join('/'));
    } catch (error) {
      // Made meanwhile (or it was only a deeper level that was missing).
      if (keyOf(error) !== MEDIA_MESSAGE.fileExists) throw error;
    }
  }
  return upload();
}
