// Message keys of the media widgets that the server answers too (417 under the field; catalogue:
// runtime/i18n/mediaWidgets.*.ts).
import { RECORD_MESSAGE } from '../validation/types';

export const MEDIA_VALUE_MESSAGE = {
  /** A '/media/library/{uuid}/get/{key}' value whose library is not one of this project's. */
  libraryNotInProject: RECORD_MESSAGE.libraryNotInProject,
  /** Neither a safe library path nor an http(s) URL (a traversal key, javascript:, a relative path). */
  invalidMediaUrl: RECORD_MESSAGE.invalidMediaUrl,
} as const;
