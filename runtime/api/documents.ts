// Documents with variants (spec sections 3 and 7 "Integration host"; docs/documents.md). Paths are
// under HOST_PREFIX.integration (/api/integration); {lib} is a media library uuid of the caller's
// project and {path} a document path (slashes allowed, normalised by runtime/documents/paths.ts):
//   POST   /dms/documents/{lib}/document             create             body DocumentCreateBody -> LumaDocument
//   GET    /dms/documents/{lib}/document/{path}      read (?variant=&version= for an earlier version)
//   PATCH  /dms/documents/{lib}/document             save a new version body DocumentPatchBody  -> LumaDocument (409 on a stale version)
//   DELETE /dms/documents/{lib}/document/{path}      soft delete
//   GET    /dms/documents/{lib}/list                 ?path=&searchText=&recursive=    -> DocumentList
//   GET    /dms/documents/{lib}/list/__deleted__     ?searchText=                     -> DeletedDocument[]
//   POST   /dms/documents/{lib}/restore              body {path, newPath?, uuid?}     -> LumaDocument (409 when newPath is taken)
//   POST   /dms/documents/{lib}/document/comment     body DocumentCommentBody         -> DocumentComment
// Not in the spec, what a user needs besides:
//   GET    /dms/documents/{lib}/versions/{path}      ?variant=                        -> DocumentVersionSummary[] (newest first)
//   POST   /dms/documents/{lib}/version/restore      body {path, variant, version}    -> LumaDocument (a new version equal to that one)
//   GET    /dms/documents/{lib}/comments/{path}      ?variant=                        -> DocumentComment[]
//   DELETE /dms/documents/{lib}/comment/{uuid}       the author or an admin
// Every call needs the 'use luma-media' permission and, when the library has roles, one of them; the
// luma-media integration must be active (403 integrationDisabled otherwise).
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export const DOCUMENT_VARIANT_MAX = 64;
export const DOCUMENT_VARIANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;
export const DOCUMENT_DEFAULT_VARIANT = 'default';
export const DOCUMENT_SOURCES_MAX = 100;
export const DOCUMENT_FIELDS_MAX_KEYS = 200;
/** sources and fields, each as JSON text. */
export const DOCUMENT_META_MAX_BYTES = 64 * 1024;
export const DOCUMENT_COMMENT_MAX = 5000;
export const DOCUMENT_COMMENTS_PER_VARIANT = 500;
export const DOCUMENT_LIST_LIMIT = 500;
export const DOCUMENT_SEARCH_MAX = 200;
/** The listing of deleted documents: GET /list/__deleted__. */
export const DELETED_LIST_SEGMENT = '__deleted__';

export function isValidVariantName(value: unknown): value is string {
  return typeof value === 'string' && DOCUMENT_VARIANT_PATTERN.test(value) && value.trim() === value;
}

/** Message keys (catalogue: runtime/i18n/documents.*.ts). */
export const DOCUMENT_MESSAGE = {
  notFound: 'documentNotFound',
  exists: 'documentExists',
  /** A save on a version that is no longer the variant's latest (someone saved in between). */
  changed: 'documentChanged',
  variantNotFound: 'documentVariantNotFound',
  versionNotFound: 'documentVersionNotFound',
  invalidPath: 'documentInvalidPath',
  invalidVariant: 'documentInvalidVariant',
  invalidContent: 'documentInvalidContent',
  contentTooLarge: 'documentContentTooLarge',
  invalidSources: 'documentInvalidSources',
  invalidFields: 'documentInvalidFields',
  invalidRange: 'documentInvalidRange',
  invalidComment: 'documentInvalidComment',
  commentNotFound: 'documentCommentNotFound',
  commentLimit: 'documentCommentLimit',
  integrationDisabled: 'integrationDisabled',
  libraryNotFound: 'libraryNotFound',
  noPermissions: 'integrations.media.noPermissions',
} as const;

export interface DocumentComment {
  uuid: string;
  variant: string;
  /** The variant's version the range was read on. */
  version: number;
  /** Character offsets in the variant's text (runtime/documents/content.ts documentTextLength), from <= to. */
  from: number;
  to: number;
  /** Plain text (never HTML). */
  content: string;
  /** The author: the signed-in user who wrote it (taken from the session, never from the body). */
  created_by: string | null;
  /** The author's name, or email when the name is empty; null once the user is gone. */
  created_by_name: string | null;
  created_at: string;
}

export interface DocumentVariant {
  name: string;
  /** The version shown (the latest unless ?version= asked for another). */
  version: number;
  /** The latest version of the variant. */
  latest_version: number;
  /** Slate nodes (runtime/documents/content.ts). */
  content: unknown[];
  sources: unknown[];
  fields: Record<string, unknown>;
  restored_from: number | null;
  created_by: string | null;
  created_at: string;
  comments: DocumentComment[];
}

export interface LumaDocument {
  uuid: string;
  library_uuid: string;
  path: string;
  name: string;
  parent: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  variants: DocumentVariant[];
}

export interface DocumentListItem {
  type: 'dir' | 'document';
  path: string;
  name: string;
  /** null for a directory. */
  uuid: string | null;
  updated_at: string | null;
  variants: string[];
}

export interface DocumentList {
  /** The directory listed ('' is the root). */
  path: string;
  items: DocumentListItem[];
  /** More than DOCUMENT_LIST_LIMIT matched: narrow with searchText. */
  truncated: boolean;
}

export interface DeletedDocument {
  uuid: string;
  path: string;
  name: string;
  created_at: string;
  deleted_at: string;
  deleted_by: string | null;
}

export interface DocumentVersionSummary {
  version: number;
  created_at: string;
  created_by: string | null;
  restored_from: number | null;
  /** Characters of text in that version. */
  text_length: number;
}

export interface DocumentCreateBody {
  path: string;
  /** An optional first variant (version 1). */
  variant?: string;
  content?: unknown[];
  sources?: unknown[];
  fields?: Record<string, unknown>;
}

export interface DocumentPatchBody {
  path: string;
  variant: string;
  /** The version the edit started from: the variant's latest, or 0 for a new variant. Anything else is 409 documentChanged. */
  version: number;
  /** Omitted: carried over from that version (likewise sources and fields). */
  content?: unknown[];
  sources?: unknown[];
  fields?: Record<string, unknown>;
}

export interface DocumentRestoreBody {
  path: string;
  /** Where the document comes back (default: path); 409 documentExists when a live document has it. */
  newPath?: string;
  /** Which deleted document of that path (default: the one deleted last). */
  uuid?: string;
}

export interface DocumentVersionRestoreBody {
  path: string;
  variant: string;
  version: number;
}

export interface DocumentCommentBody {
  path: string;
  variant: string;
  content: string;
  from: number;
  to: number;
}

export interface DocumentListQuery {
  path?: string;
  searchText?: string;
  recursive?: boolean;
}

// ---- Route schemas ----------------------------------------------------------------------------------

const commentProperties = {
  uuid: uuidSchema,
  variant: stringSchema,
  version: { type: 'integer' },
  from: { type: 'integer' },
  to: { type: 'integer' },
  content: stringSchema,
  created_by: nullable(uuidSchema),
  created_by_name: nullable(stringSchema),
  created_at: dateTimeSchema,
} as const;
export const documentCommentSchema = closed(commentProperties, ['uuid', 'variant', 'version', 'from', 'to', 'content', 'created_by', 'created_by_name', 'created_at']);
export const documentCommentListSchema = arrayOf(documentCommentSchema);

const variantSchema = closed(
  {
    name: stringSchema,
    version: { type: 'integer' },
    latest_version: { type: 'integer' },
    content: { type: 'array', description: 'slate nodes' },
    sources: { type: 'array' },
    fields: { type: 'object', additionalProperties: true },
    restored_from: nullable({ type: 'integer' }),
    created_by: nullable(uuidSchema),
    created_at: dateTimeSchema,
    comments: documentCommentListSchema,
  },
  ['name', 'version', 'latest_version', 'content', 'sources', 'fields', 'restored_from', 'created_by', 'created_at', 'comments'],
);

export const documentSchema = closed(
  {
    uuid: uuidSchema,
    library_uuid: uuidSchema,
    path: stringSchema,
    name: stringSchema,
    parent: stringSchema,
    created_by: nullable(uuidSchema),
    created_at: dateTimeSchema,
    updated_at: dateTimeSchema,
    deleted_at: nullable(dateTimeSchema),
    variants: arrayOf(variantSchema),
  },
  ['uuid', 'library_uuid', 'path', 'name', 'parent', 'created_by', 'created_at', 'updated_at', 'deleted_at', 'variants'],
);

export const documentListSchema = closed(
  {
    path: stringSchema,
    items: arrayOf(
      closed(
        {
          type: { type: 'string', enum: ['dir', 'document'] },
          path: stringSchema,
          name: stringSchema,
          uuid: nullable(uuidSchema),
          updated_at: nullable(dateTimeSchema),
          variants: arrayOf(stringSchema),
        },
        ['type', 'path', 'name', 'uuid', 'updated_at', 'variants'],
      ),
    ),
    truncated: { type: 'boolean' },
  },
  ['path', 'items', 'truncated'],
);

export const deletedDocumentListSchema = arrayOf(
  closed(
    { uuid: uuidSchema, path: stringSchema, name: stringSchema, created_at: dateTimeSchema, deleted_at: dateTimeSchema, deleted_by: nullable(uuidSchema) },
    ['uuid', 'path', 'name', 'created_at', 'deleted_at', 'deleted_by'],
  ),
);

export const documentVersionListSchema = arrayOf(
  closed(
    { version: { type: 'integer' }, created_at: dateTimeSchema, created_by: nullable(uuidSchema), restored_from: nullable({ type: 'integer' }), text_length: { type: 'integer' } },
    ['version', 'created_at', 'created_by', 'restored_from', 'text_length'],
  ),
);

const libParam = { type: 'string', description: 'a media library uuid of the project' } as const;
export const documentLibParams = closed({ lib: libParam }, ['lib']);
export const documentPathParams = closed({ lib: libParam, '*': { type: 'string', description: 'the document path (slashes allowed)' } }, ['lib', '*']);
export const documentCommentParams = closed({ lib: libParam, uuid: { type: 'string', description: 'the comment uuid' } }, ['lib', 'uuid']);

export const documentGetQuery = {
  type: 'object',
  properties: { variant: { type: 'string', description: 'with version: that variant at an earlier version' }, version: { type: 'string', description: 'a version number of variant' } },
  additionalProperties: false,
} as const;
export const documentVariantQuery = { type: 'object', properties: { variant: { type: 'string' } }, additionalProperties: false } as const;
export const documentListQuery = {
  type: 'object',
  properties: {
    path: { type: 'string', description: "the directory ('' or absent: the root)" },
    searchText: { type: 'string', description: 'case-insensitive part of a name' },
    recursive: { type: 'string', enum: ['true', 'false', '1', '0', ''], description: 'every document below path, not just this level' },
  },
  additionalProperties: false,
} as const;
export const deletedListQuery = { type: 'object', properties: { searchText: { type: 'string' } }, additionalProperties: false } as const;

export const documentCreateBodySchema = {
  type: 'object',
  properties: { path: judged('a document path'), variant: judged('an optional first variant'), content: judged('slate nodes'), sources: judged('array'), fields: judged('object') },
  additionalProperties: false,
} as const;
export const documentPatchBodySchema = {
  type: 'object',
  properties: {
    path: judged('a document path'),
    variant: judged('the variant name'),
    version: judged('the version the edit started from (0: a new variant)'),
    content: judged('slate nodes'),
    sources: judged('array'),
    fields: judged('object'),
  },
  additionalProperties: false,
} as const;
export const documentRestoreBodySchema = { type: 'object', properties: { path: judged('the deleted path'), newPath: judged('where it comes back'), uuid: judged('which deleted document') }, additionalProperties: false } as const;
export const documentVersionRestoreBodySchema = { type: 'object', properties: { path: judged('a document path'), variant: judged('the variant'), version: judged('the version to bring back') }, additionalProperties: false } as const;
export const documentCommentBodySchema = {
  type: 'object',
  properties: { path: judged('a document path'), variant: judged('the variant'), content: judged('plain text'), from: judged('integer >= 0'), to: judged('integer, from..text length') },
  additionalProperties: false,
} as const;

/** The URL of a document under the integration host's base (the client adds the base). */
export function documentsBase(libraryUuid: string): string {
  return `/dms/documents/${encodeURIComponent(libraryUuid)}`;
}
