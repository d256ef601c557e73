// Share links of a file (docs/media.md "Share links"), beside the spec's share call
// (POST /v1/media/library/{libraryUuid}/share, runtime/api/media.ts). Under /api/media:
//   GET    /v1/media/library/{libraryUuid}/shares?key=   the file's active links -> ShareLinkList (download)
//   DELETE /v1/media/library/{libraryUuid}/shares/{uuid} revoke one link -> {} (download)
//   POST   /v1/media/shares/rotate                       a new signing key: every link invalid -> {revoked} (admins)

/** One active link of a file. The link itself is not answered again: it was handed out once. */
export interface ShareLink {
  uuid: string;
  key: string;
  type: 'link' | 'email';
  /** type email: the addresses it was sent to. */
  emails: string[];
  /** Valid until (ISO). */
  expires_at: string;
  created_at: string;
  created_by: string | null;
  /** The sharer's name (their e-mail when it is empty); null when the user no longer exists. */
  created_by_name: string | null;
}

export interface ShareLinkList {
  items: ShareLink[];
  /** The longest a link may live (LUMA_SHARE_MAX_DAYS). */
  max_days: number;
  /** The latest valid-until a new link may have now (on a 5-minute step). */
  max_until: string;
}

const str = { type: 'string' } as const;
const nullableStr = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;

export const shareLinkSchema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', format: 'uuid' },
    key: str,
    type: { type: 'string', enum: ['link', 'email'] },
    emails: { type: 'array', items: str },
    expires_at: { type: 'string', format: 'date-time' },
    created_at: { type: 'string', format: 'date-time' },
    created_by: nullableStr,
    created_by_name: nullableStr,
  },
  required: ['uuid', 'key', 'type', 'emails', 'expires_at', 'created_at', 'created_by', 'created_by_name'],
  additionalProperties: false,
} as const;

export const shareLinkListSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: shareLinkSchema },
    max_days: { type: 'number' },
    max_until: { type: 'string', format: 'date-time' },
  },
  required: ['items', 'max_days', 'max_until'],
  additionalProperties: false,
} as const;

export const shareListQuery = {
  type: 'object',
  properties: { key: { type: 'string', minLength: 1, maxLength: 2048, description: "the file's key" } },
  required: ['key'],
  additionalProperties: false,
} as const;

export const shareUuidParams = {
  type: 'object',
  properties: { libraryUuid: str, uuid: { type: 'string', description: 'the share link (ShareLink.uuid)' } },
  required: ['libraryUuid', 'uuid'],
  additionalProperties: false,
} as const;

export const shareRotateResponseSchema = {
  type: 'object',
  properties: { revoked: { type: 'integer', minimum: 0, description: 'active links that stopped working' } },
  required: ['revoked'],
  additionalProperties: false,
} as const;
