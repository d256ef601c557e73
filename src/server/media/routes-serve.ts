// The file URL at the site root (spec section 7: '/media/library/{library_uuid}/get/{key}'; docs/media.md
// "Serving files") and its 250 px preview. Registered before the SPA fallback, so these paths never
// answer the app's page. A public file is served to anyone; a private one to a valid signed link
// (?share=&expires=&signature=; expired or revoked: 410 shareExpired; its file deleted: 404) or to a session of the library's project with
// 'use luma-media' and one of the library's roles (download=1 needs 'download luma-media').
// Without either: 401 when no one is signed in, 403 otherwise. An unknown library uuid is 404.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import { MEDIA_MESSAGE, mediaFileRouteParams, mediaFileRouteQuery } from '../../../runtime/api/media';
import { replies } from '../../../runtime/api/schemas';
import type { MediaLibraryRow } from '../db/schema-media';
import { forbidden, HttpError, unauthorized } from '../platform/errors';
import { libraryNotFound, mayMedia, mayUseLibrary, noMediaPermission } from './access';
import { libraryDriver, previewOf } from './drivers';
import { requireMediaIntegration } from './integration';
import { fileNotFound, keyOf } from './rows';
import { fileHeaders, FILE_CSP } from './serve';
import { verifyLink } from './share';
import { findFile } from './tree';
import { isUuid } from '../platform/validate';
import { authenticate, type SessionContext } from '../auth/session-hook';
import { sendStoredFile } from './send';

const binary = { description: "the file's bytes", type: 'string', format: 'binary' } as const;

type FileRequest = FastifyRequest<{ Params: { uuid: string; '*'?: string }; Querystring: { share?: string; expires?: string; signature?: string; download?: string } }>;

/** The caller's session in the library's project, or null when no one (valid) is signed in. */
async function sessionFor(context: SessionContext, request: FastifyRequest, reply: FastifyReply, library: MediaLibraryRow) {
  if (request.cookies.luma_session === undefined && request.headers.authorization === undefined) return null;
  // The file URL carries no tenancy headers (an <img> sends none): the library names the project.
  request.headers[HEADER.projectUuid] = library.project_uuid;
  delete request.headers[HEADER.workspaceUuid];
  delete request.headers[HEADER.projectEnv];
  try {
    await authenticate(context, request, reply);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    // A member of another project: signed in, but not here.
    if (error instanceof HttpError && error.status === 403) throw noMediaPermission();
    throw error;
  }
  return request.accountability;
}

async function resolve(context: SessionContext, request: FileRequest, reply: FastifyReply) {
  const { uuid } = request.params;
  if (!isUuid(uuid)) throw libraryNotFound();
  const library = await context.db.selectFrom('media_libraries').selectAll().where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  if (!library) throw libraryNotFound();
  await requireMediaIntegration(context.db, library.project_uuid);
  const key = keyOf(request.params['*'] ?? '');
  const download = request.query.download === '1' || request.query.download === 'true';
  // Whether a private key exists is told only to a valid link or a permitted session: anyone else
  // gets the same 401 or 403 for a missing file as for a private one.
  const row = await findFile(context, library, key).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  if (request.query.signature !== undefined || request.query.expires !== undefined || request.query.share !== undefined) {
    const link = await verifyLink(context.db, library.project_uuid, library.uuid, key, request.query);
    if (link.verdict === 'expired' || link.verdict === 'revoked') throw new HttpError(410, MEDIA_MESSAGE.shareExpired);
    if (link.verdict === 'invalid') throw forbidden();
    // The link answers the file it was made for only: not a file uploaded later at the same key.
    if (link.verdict !== 'valid' || !row || row.uuid !== link.share.file_uuid) throw fileNotFound();
    return { library, row, download, cache: 'private' as const };
  }
  if (row?.public && !download) return { library, row, download, cache: 'public' as const };
  const accountability = await sessionFor(context, request, reply, library);
  if (!accountability) throw unauthorized();
  if (!mayUseLibrary(accountability, library) || !mayMedia(accountability, download ? 'download' : 'use')) throw noMediaPermission();
  if (!row) throw fileNotFound();
  return { library, row, download, cache: 'private' as const };
}

export function installMediaFileRoutes(app: FastifyInstance, context: SessionContext): void {
  const schema = { tags: ['media'], params: mediaFileRouteParams, querystring: mediaFileRouteQuery, response: replies({ 200: binary, 206: binary }) };
  // The app's security headers (an HTML page's CSP) are set in an app-wide onSend hook; a file
  // reply keeps its own sandboxing CSP, set again after them.
  const keepFileCsp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const own = reply.getHeader('x-media-csp');
    reply.header('content-security-policy', typeof own === 'string' ? own : FILE_CSP);
    reply.removeHeader('x-media-csp');
    return payload;
  };
  app.get(
    '/media/library/:uuid/get/*',
    { schema: { ...schema, summary: 'A file: public, or with a signed link, or a session with use luma-media (download=1: an attachment, download luma-media)' }, config: { public: true }, onSend: keepFileCsp },
    async (request: FileRequest, reply) => {
      const { library, row, download, cache } = await resolve(context, request, reply);
      reply.header('x-media-csp', fileHeaders(row, { download, cache })['content-security-policy']);
      return sendStoredFile(request, reply, libraryDriver(context, library), row, { download, cache });
    },
  );
  app.get(
    '/media/library/:uuid/preview/*',
    { schema: { ...schema, summary: 'A 250 px preview of an image file (jpg, jpeg, png, webp, gif), as its file is served' }, config: { public: true }, onSend: keepFileCsp },
    async (request: FileRequest, reply) => {
      const { library, row, cache } = await resolve(context, request, reply);
      const preview = await previewOf(context, library, row);
      if (!preview) throw new HttpError(404, MEDIA_MESSAGE.fileNotFound);
      const headers = fileHeaders({ ...row, mime_type: preview.contentType }, { download: false, cache });
      reply.header('x-media-csp', headers['content-security-policy']);
      reply.code(200).headers(headers);
      if (preview.size !== null) reply.header('content-length', String(preview.size));
      if (request.method === 'HEAD') {
        preview.body.destroy();
        return reply.send(Readable.from([]));
      }
      return reply.send(preview.body);
    },
  );
}
