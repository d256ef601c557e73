// The media host's shapes (spec sections 3 and 7 "Media host"; docs/media.md). Paths are under
// HOST_PREFIX.media (/api/media) unless said otherwise:
//   GET  /v1/dms/media/library/list                  libraries the caller may use
//   GET  /v1/dms/media/library/info/{id}             one library
//   POST /v1/dms/media/library                       create (admins)        body LibraryInput
//   POST /v1/dms/media/library/{uuid}                update (admins)        body LibraryInput
//   DELETE /v1/dms/media/library/{uuid}              remove (admins)
//   POST /v2/dms/media/library/{uuid}/dirs           the directories under body.path (move modal)
//   POST /v2/dms/media/library/{id}/dir              create directory body.path (create_dir)
//   POST /v2/dms/media/library/{id}/delete/dir       delete directory body.path with its contents (delete_dir)
//   POST /v2/dms/media/library/{id}/download         body.key: the file as an attachment (download)
//   POST /v2/dms/media/library/{id}/upload/share     multipart upload answering a share link (upload)
//   POST /v1/dms/media/list                          MediaListBody -> MediaListPage (12 by last_key)
//   POST /v2/dms/media/upload                        multipart: file(s), path, uuid or ref, expiresAt, metadata, is_public
//   POST /v1/dms/media/delete, /v2/dms/media/delete  {library_uuid, items: keys} (delete)
//   POST /v1/media/library/{libraryUuid}/share       ShareBody -> {data: url}
//   POST /v1/media/edit/{uuid}                       MediaEditBody (file uuid) -> MediaFile
//   POST /media/move                                 {library_uuid, path, items}
// Served at the site root, not under /api/media:
//   GET  /media/library/{library_uuid}/get/{key}     the bytes (public, session with permission, or signed link)
//   GET  /media/library/{library_uuid}/preview/{key} a 250 px preview of an image

export type MediaProvider = 'luma-simple' | 's3';
export const MEDIA_PROVIDERS: readonly MediaProvider[] = ['luma-simple', 's3'];
export const MEDIA_INTEGRATION_ID = 'luma-media';
/** Spec section 9. */
export const MEDIA_PAGE_SIZE = 12;
export const MEDIA_PREVIEW_WIDTH = 250;
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
export const SHARE_STEP_MINUTES = 5;
export const MASKED_SECRET = '__PASSWORD__';

/** The six luma-media permissions (spec section 6). */
export const MEDIA_PERMISSION = {
  use: 'use luma-media',
  upload: 'upload luma-media',
  createDir: 'create_dir luma-media',
  deleteDir: 'delete_dir luma-media',
  download: 'download luma-media',
  delete: 'delete luma-media',
} as const;

/** Message keys (catalogue: runtime/i18n/media.*.ts). */
export const MEDIA_MESSAGE = {
  noPermissions: 'integrations.media.noPermissions',
  libraryNotFound: 'libraryNotFound',
  libraryUnavailable: 'libraryUnavailable',
  simpleLibraryExists: 'simpleLibraryExists',
  fileNotFound: 'fileNotFound',
  fileExists: 'fileExists',
  dirNotEmpty: 'dirNotEmpty',
  invalidKey: 'invalidKey',
  quotaExceeded: 'quotaExceeded',
  fileTooLarge: 'fileTooLarge',
  expiryInPast: 'expiryInPast',
  shareExpired: 'shareExpired',
  failedToUpdateLibrary: 'failedToUpdateLibrary',
  failedToRemoveLibrary: 'failedToRemoveLibrary',
  libraryCreated: 'libraryCreated',
  librarySettingsUpdated: 'librarySettingsUpdated',
  libraryRemoved: 'libraryRemoved',
  unableToLoad: 'Unable to load media file',
} as const;

export interface MediaLibrary {
  uuid: string;
  name: string;
  provider: MediaProvider;
  s3_bucket: string | null;
  s3_key: string | null;
  /** Always MASKED_SECRET when one is set; never the secret. */
  s3_secret: string | null;
  s3_endpoint: string | null;
  s3_region: string | null;
  host: string | null;
  dir: string;
  /** Quota in bytes (null: unlimited). */
  allowed_storage: number | null;
  /** Bytes used. */
  size: number;
  /** allowed_storage - size, or what the disk has free when unlimited (null when unknown). */
  free_space: number | null;
  roles: { role_uuid: string }[];
}

export interface LibraryInput {
  name: string;
  provider?: MediaProvider;
  s3_bucket?: string;
  s3_key?: string;
  /** MASKED_SECRET keeps the stored secret. */
  s3_secret?: string;
  s3_endpoint?: string;
  s3_region?: string;
  host?: string;
  dir?: string;
  allowed_storage?: number | null;
  roles?: { role_uuid: string }[];
}

export interface MediaFile {
  uuid: string;
  key: string;
  name: string;
  orig_name: string;
  ext: string;
  size: number;
  /** 'dir' for a directory. */
  mime_type: string;
  /** '/media/library/{library_uuid}/get/{key}' */
  local_url: string;
  /** The public URL when the file is public (s3: host + key), else null. */
  public_url: string | null;
  public: boolean;
  created_by: string | null;
  metadata: Record<string, string>;
  status: string;
  public_path: string | null;
  library_uuid: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MediaListBody {
  library_uuid: string;
  path: string;
  last_key?: string | null;
  limit?: number;
  search?: string;
}

export interface MediaListPage {
  items: MediaFile[];
  /** Pass back to get the next page; null when this page is the last. */
  last_key: string | null;
}

/** The form widgets' upload answer (spec section 7 "Upload media"). */
export interface MediaLibraryItem {
  library_uuid: string;
  key: string;
  public_url: string | null;
}

export interface ShareBody {
  key: string;
  /** Valid until (ISO date-time, not in the past, on a 5-minute step). */
  date: string;
  type?: 'link' | 'email';
  emails?: string[];
}

export interface MediaEditBody {
  name?: string;
  public?: boolean;
  metadata?: Record<string, string>;
  expiresAt?: string | null;
}

export interface MediaMoveBody {
  library_uuid: string;
  /** Target directory ('' is the root). */
  path: string;
  items: string[];
}

export interface MediaDeleteBody {
  library_uuid: string;
  items: string[];
}

/** The media file URL of spec section 7. */
export function mediaFileUrl(libraryUuid: string, key: string): string {
  return `/media/library/${encodeURIComponent(libraryUuid)}/get/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function mediaPreviewUrl(libraryUuid: string, key: string): string {
  return `/media/library/${encodeURIComponent(libraryUuid)}/preview/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function isImageName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && IMAGE_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
}
