// Documents with variants on the integration host (spec section 7 "Integration host"; docs/documents.md),
// under /dms/documents/{lib}. Registered from the integration host's index with one line
// (host.register(import('./routes'), context)); the host has already required a session. A {path} in the URL may hold slashes: it is read from the raw URL so
// an encoded slash or backslash (%2F, %5C) is refused instead of being decoded into a separator.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  deletedDocumentListSchema,
  deletedListQuery,
  DOCUMENT_MESSAGE,
  documentCommentBodySchema,
  documentCommentListSchema,
  documentCommentParams,
  documentCommentSchema,
  documentCreateBodySchema,
  documentGetQuery,
  documentLibParams,
  documentListQuery,
  documentListSchema,
  documentPatchBodySchema,
  documentPathParams,
  documentRestoreBodySchema,
  documentSchema,
  documentVariantQuery,
  documentVersionListSchema,
  documentVersionRestoreBodySchema,
} from '../../../runtime/api/documents';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { fieldsNotValid } from '../platform/errors';
import { createDocument, deleteDocument, documentVersions, getDocument, patchDocument, restoreVersion } from './documents';
import { addComment, deleteComment, listComments } from './comments';
import { listDeleted, listDocuments, restoreDocument } from './list';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['documents']);
const BASE = '/dms/documents/:lib';

type LibRequest = FastifyRequest<{ Params: { lib: string } }>;
type PathRequest = FastifyRequest<{ Params: { lib: string; '*': string }; Querystring: Record<string, string> }>;

const invalidPath = () => fieldsNotValid([{ field: 'path', messages: [DOCUMENT_MESSAGE.invalidPath] }]);

/**
 * The {path} of a wildcard route as sent: the raw URL after '/{marker}/', each segment decoded on its
 * own. An encoded '/' or '\' is refused (it would turn one segment into two); the service normalises
 * the rest (runtime/documents/paths.ts).
 */
export function rawDocumentPath(request: FastifyRequest, marker: string): string {
  const url = request.url.split('?')[0] ?? '';
  const lib = (request.params as { lib?: string }).lib ?? '';
  const start = url.indexOf(`/${lib}/${marker}/`);
  if (lib === '' || start < 0) throw invalidPath();
  const raw = url.slice(start + lib.length + marker.length + 3);
  if (/%(2f|5c)/i.test(raw)) throw invalidPath();
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw invalidPath();
  }
}

const documentRoutes: FastifyPluginAsync<ServerContext> = async (host, context) => {
  const { db } = context;
  const lib = (request: FastifyRequest) => (request as LibRequest).params.lib;

  host.post(`${BASE}/document`, spec('Create a document at a path (with an optional first variant)', { params: documentLibParams, body: documentCreateBodySchema, response: replies({ 200: documentSchema }) }), async (request) =>
    createDocument(db, accountabilityOf(request), lib(request), request.body),
  );
  host.patch(
    `${BASE}/document`,
    spec("Save a new version of a variant (409 documentChanged when the edit's version is not the latest)", { params: documentLibParams, body: documentPatchBodySchema, response: replies({ 200: documentSchema }) }),
    async (request) => patchDocument(db, accountabilityOf(request), lib(request), request.body),
  );
  host.post(`${BASE}/document/comment`, spec('Comment on a range of a variant', { params: documentLibParams, body: documentCommentBodySchema, response: replies({ 200: documentCommentSchema }) }), async (request) =>
    addComment(db, accountabilityOf(request), lib(request), request.body),
  );
  host.get(`${BASE}/document/*`, spec('A document (?variant=&version=: that variant at an earlier version)', { params: documentPathParams, querystring: documentGetQuery, response: replies({ 200: documentSchema }) }), async (request) =>
    getDocument(db, accountabilityOf(request), lib(request), rawDocumentPath(request, 'document'), (request as PathRequest).query),
  );
  host.delete(`${BASE}/document/*`, spec('Delete a document (softly: it lists under /list/__deleted__)', { params: documentPathParams, response: replies({ 200: emptySchema }) }), async (request) =>
    deleteDocument(db, accountabilityOf(request), lib(request), rawDocumentPath(request, 'document')),
  );
  host.get(`${BASE}/list`, spec('Documents and directories at a path (searchText, recursive)', { params: documentLibParams, querystring: documentListQuery, response: replies({ 200: documentListSchema }) }), async (request) =>
    listDocuments(db, accountabilityOf(request), lib(request), (request as PathRequest).query),
  );
  host.get(`${BASE}/list/__deleted__`, spec('Deleted documents, the last deleted first', { params: documentLibParams, querystring: deletedListQuery, response: replies({ 200: deletedDocumentListSchema }) }), async (request) =>
    listDeleted(db, accountabilityOf(request), lib(request), (request as PathRequest).query),
  );
  host.post(`${BASE}/restore`, spec('Bring a deleted document back at a new path (409 when taken)', { params: documentLibParams, body: documentRestoreBodySchema, response: replies({ 200: documentSchema }) }), async (request) =>
    restoreDocument(db, accountabilityOf(request), lib(request), request.body),
  );
  host.get(`${BASE}/versions/*`, spec("A variant's versions, newest first", { params: documentPathParams, querystring: documentVariantQuery, response: replies({ 200: documentVersionListSchema }) }), async (request) =>
    documentVersions(db, accountabilityOf(request), lib(request), rawDocumentPath(request, 'versions'), (request as PathRequest).query),
  );
  host.post(`${BASE}/version/restore`, spec('A new version of a variant equal to an earlier one', { params: documentLibParams, body: documentVersionRestoreBodySchema, response: replies({ 200: documentSchema }) }), async (request) =>
    restoreVersion(db, accountabilityOf(request), lib(request), request.body),
  );
  host.get(`${BASE}/comments/*`, spec("A document's comments (?variant=)", { params: documentPathParams, querystring: documentVariantQuery, response: replies({ 200: documentCommentListSchema }) }), async (request) =>
    listComments(db, accountabilityOf(request), lib(request), rawDocumentPath(request, 'comments'), (request as PathRequest).query),
  );
  host.delete(`${BASE}/comment/:uuid`, spec('Remove a comment (its author or an admin)', { params: documentCommentParams, response: replies({ 200: emptySchema }) }), async (request) =>
    deleteComment(db, accountabilityOf(request), lib(request), (request as FastifyRequest<{ Params: { uuid: string } }>).params.uuid),
  );
};

export default documentRoutes;
