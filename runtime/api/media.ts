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
//   POST /v1/media/library/{libraryUuid}/share       ShareBody -> {data: url}; its links: media-shares.ts
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
  /** The luma-media integration is deactivated in this project (403). */
  integrationDisabled: 'integrationDisabled',
  /** The directory named by path does not exist (404). */
  dirNotFound: 'dirNotFound',
  /** A valid-until that is not on a 5-minute step (417). */
  shareStep: 'shareStep',
  /** A valid-until beyond the longest a link may live (417, values {days}). */
  shareTooLong: 'shareTooLong',
  /** No active share link of that uuid for the library (404). */
  shareNotFound: 'shareNotFound',
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

// ---- JSON Schemas of the media host's routes (docs/media.md) -----------------------------------
// Bodies whose fields have 417 rules (spec section 5) are permissive here: the schema names the
// fields, the service judges them and answers the field messages.

const str = { type: 'string' } as const;
const nullableStr = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

export const mediaLibrarySchema = {
  type: 'object',
  properties: {
    uuid: str,
    name: str,
    provider: { type: 'string', enum: ['luma-simple', 's3'] },
    s3_bucket: nullableStr,
    s3_key: nullableStr,
    s3_secret: { description: `'${MASKED_SECRET}' when one is set; never the secret`, anyOf: [{ type: 'string' }, { type: 'null' }] },
    s3_endpoint: nullableStr,
    s3_region: nullableStr,
    host: nullableStr,
    dir: str,
    allowed_storage: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
    size: { type: 'integer', minimum: 0 },
    free_space: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    roles: { type: 'array', items: { type: 'object', properties: { role_uuid: str }, required: ['role_uuid'], additionalProperties: false } },
  },
  required: ['uuid', 'name', 'provider', 's3_bucket', 's3_key', 's3_secret', 's3_endpoint', 's3_region', 'host', 'dir', 'allowed_storage', 'size', 'free_space', 'roles'],
  additionalProperties: false,
} as const;

export const mediaFileSchema = {
  type: 'object',
  properties: {
    uuid: str,
    key: str,
    name: str,
    orig_name: str,
    ext: str,
    size: { type: 'integer', minimum: 0 },
    mime_type: str,
    local_url: str,
    public_url: nullableStr,
    public: { type: 'boolean' },
    created_by: nullableStr,
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    status: str,
    public_path: nullableStr,
    library_uuid: str,
    expires_at: nullableStr,
    created_at: str,
    updated_at: str,
  },
  required: [
    'uuid', 'key', 'name', 'orig_name', 'ext', 'size', 'mime_type', 'local_url', 'public_url', 'public', 'created_by',
    'metadata', 'status', 'public_path', 'library_uuid', 'expires_at', 'created_at', 'updated_at',
  ],
  additionalProperties: false,
} as const;

export const mediaListPageSchema = {
  type: 'object',
  properties: { items: { type: 'array', items: mediaFileSchema }, last_key: nullableStr },
  required: ['items', 'last_key'],
  additionalProperties: false,
} as const;

/** The plain multipart upload's answer: one item per file, in the order sent. */
export const mediaUploadItemSchema = {
  type: 'object',
  properties: { library_uuid: str, key: str, public_url: nullableStr, local_url: str, file: mediaFileSchema },
  required: ['library_uuid', 'key', 'public_url', 'local_url', 'file'],
  additionalProperties: false,
} as const;

/** The media upload's answer item (MediaLibraryItem plus the file's local URL and row). */
export interface MediaUploadItem extends MediaLibraryItem {
  local_url: string;
  file: MediaFile;
}

export const shareResponseSchema = {
  type: 'object',
  properties: { data: { type: 'string', description: 'the signed, expiring URL of the file' } },
  required: ['data'],
  additionalProperties: false,
} as const;

export const emptyMediaSchema = { type: 'object', properties: {}, additionalProperties: false } as const;
export const stringArraySchema = { type: 'array', items: str } as const;

export const mediaIdParams = { type: 'object', properties: { id: str }, required: ['id'], additionalProperties: false } as const;
export const mediaUuidParams = { type: 'object', properties: { uuid: str }, required: ['uuid'], additionalProperties: false } as const;
export const mediaLibraryUuidParams = { type: 'object', properties: { libraryUuid: str }, required: ['libraryUuid'], additionalProperties: false } as const;
/** The file route's params: the library and the rest of the path (the key, decoded once). */
export const mediaFileRouteParams = { type: 'object', properties: { uuid: str, '*': str }, required: ['uuid'], additionalProperties: false } as const;
export const mediaFileRouteQuery = {
  type: 'object',
  properties: {
    share: { type: 'string', description: 'a signed link: the share (runtime/api/media-shares.ts)' },
    expires: { type: 'string', description: 'a signed link: its end (unix seconds)' },
    signature: { type: 'string', description: 'a signed link: HMAC-SHA256 of share, library, key and expires (base64url)' },
    download: { type: 'string', description: "'1' answers the file as an attachment" },
  },
  additionalProperties: false,
} as const;

const judged = (description: string) => ({ description }) as const;

export const libraryInputBody = {
  type: 'object',
  description: 'LibraryInput; the rules of spec section 5 answer 417 with field messages',
  properties: {
    name: judged('required, min 2'),
    provider: judged("'luma-simple' or 's3' (create only; one luma-simple library per project)"),
    s3_bucket: judged('s3: required, min 2'),
    s3_key: judged('s3: required, min 2'),
    s3_secret: judged(`s3: required, min 2; '${MASKED_SECRET}' keeps the stored secret`),
    s3_endpoint: judged('s3: required, an http(s) URL'),
    s3_region: judged('s3: required, min 2'),
    host: judged('s3: required, the http(s) base URL of public links'),
    dir: judged("root dir inside the storage (min 2 on create); '$dir' marks a sub-library"),
    allowed_storage: judged('quota in bytes, or null for unlimited'),
    roles: judged('[{role_uuid}]: roles allowed to use the library; empty: every member with the media permissions'),
  },
  additionalProperties: false,
} as const;

export const pathBody = {
  type: 'object',
  properties: { path: { type: 'string', maxLength: 2048, description: "a directory path in the library ('' is the root)" } },
  required: ['path'],
  additionalProperties: false,
} as const;

export const keyBody = {
  type: 'object',
  properties: { key: { type: 'string', maxLength: 2048, description: 'the key of a file in the library' } },
  required: ['key'],
  additionalProperties: false,
} as const;

export const mediaListBodySchema = {
  type: 'object',
  properties: {
    library_uuid: str,
    path: { type: 'string', maxLength: 2048 },
    last_key: { anyOf: [{ type: 'string', maxLength: 2048 }, { type: 'null' }] },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    search: { type: 'string', maxLength: 255 },
  },
  required: ['library_uuid'],
  additionalProperties: false,
} as const;

export const mediaItemsBody = {
  type: 'object',
  properties: { library_uuid: str, items: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 2048 } } },
  required: ['library_uuid', 'items'],
  additionalProperties: false,
} as const;

export const mediaMoveBodySchema = {
  type: 'object',
  properties: {
    library_uuid: str,
    path: { type: 'string', maxLength: 2048 },
    items: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 2048 } },
  },
  required: ['library_uuid', 'path', 'items'],
  additionalProperties: false,
} as const;

export const mediaEditBodySchema = {
  type: 'object',
  properties: {
    name: judged('a new name (spaces become underscores); renames the file in its directory'),
    public: { type: 'boolean' },
    metadata: judged('an object of strings, or [{key, value}] (entries with an empty key or value are dropped)'),
    expiresAt: judged('a date-time not in the past, or null'),
  },
  additionalProperties: false,
} as const;

export const shareBodySchema = {
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 2048 },
    date: judged('valid until: a date-time not in the past, on a 5-minute step'),
    type: { type: 'string', enum: ['link', 'email'] },
    emails: judged("type 'email': the addresses (an array, or one text with commas, semicolons or spaces)"),
  },
  required: ['key'],
  additionalProperties: false,
} as const;
