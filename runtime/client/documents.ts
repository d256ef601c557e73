// Document calls (runtime/api/documents.ts; docs/documents.md) over the document client, which talks
// to the integration host under dms/documents/{lib} (no React, usable from Node). A 401 goes to /login
// like the other secondary clients; a save on a stale version rejects with status 409 documentChanged.
import type {
  DeletedDocument,
  DocumentComment,
  DocumentCommentBody,
  DocumentCreateBody,
  DocumentList,
  DocumentListQuery,
  DocumentPatchBody,
  DocumentRestoreBody,
  DocumentVersionRestoreBody,
  DocumentVersionSummary,
  LumaDocument,
} from '../api/documents';
import { documentsBase } from '../api/documents';
import { encodeDocumentPath } from '../documents/paths';
import type { ApiClient } from './client';
import { documentClient } from './clients';

export type * from '../api/documents';

type Empty = Record<string, never>;

/** The document calls over a client (the app's documentClient, or one made for Node). */
export const documentsApiFor = (documentClient: ApiClient) => ({
  create: (lib: string, body: DocumentCreateBody) => documentClient.post<LumaDocument>(`${documentsBase(lib)}/document`, body),
  get: (lib: string, path: string, pick?: { variant: string; version: number }, signal?: AbortSignal) =>
    documentClient.get<LumaDocument>(`${documentsBase(lib)}/document/${encodeDocumentPath(path)}`, { signal, query: pick ? { variant: pick.variant, version: pick.version } : undefined }),
  /** A new version of a variant; `version` is the one the edit started from (0 for a new variant). */
  save: (lib: string, body: DocumentPatchBody) => documentClient.patch<LumaDocument>(`${documentsBase(lib)}/document`, body),
  remove: (lib: string, path: string) => documentClient.delete<Empty>(`${documentsBase(lib)}/document/${encodeDocumentPath(path)}`),
  list: (lib: string, query: DocumentListQuery = {}, signal?: AbortSignal) =>
    documentClient.get<DocumentList>(`${documentsBase(lib)}/list`, {
      signal,
      query: { path: query.path || undefined, searchText: query.searchText || undefined, recursive: query.recursive ? 'true' : undefined },
    }),
  deleted: (lib: string, searchText?: string, signal?: AbortSignal) =>
    documentClient.get<DeletedDocument[]>(`${documentsBase(lib)}/list/__deleted__`, { signal, query: { searchText: searchText || undefined } }),
  restore: (lib: string, body: DocumentRestoreBody) => documentClient.post<LumaDocument>(`${documentsBase(lib)}/restore`, body),
  comment: (lib: string, body: DocumentCommentBody) => documentClient.post<DocumentComment>(`${documentsBase(lib)}/document/comment`, body),
  comments: (lib: string, path: string, variant?: string, signal?: AbortSignal) =>
    documentClient.get<DocumentComment[]>(`${documentsBase(lib)}/comments/${encodeDocumentPath(path)}`, { signal, query: { variant } }),
  removeComment: (lib: string, uuid: string) => documentClient.delete<Empty>(`${documentsBase(lib)}/comment/${encodeURIComponent(uuid)}`),
  versions: (lib: string, path: string, variant: string, signal?: AbortSignal) =>
    documentClient.get<DocumentVersionSummary[]>(`${documentsBase(lib)}/versions/${encodeDocumentPath(path)}`, { signal, query: { variant } }),
  restoreVersion: (lib: string, body: DocumentVersionRestoreBody) => documentClient.post<LumaDocument>(`${documentsBase(lib)}/version/restore`, body),
});

export const documentsApi = documentsApiFor(documentClient);

export type DocumentsApi = ReturnType<typeof documentsApiFor>;
