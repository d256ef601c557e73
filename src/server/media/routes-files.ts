// Files and directories of a library: list, dirs, dir, delete/dir, delete, move, edit, share and
// download (docs/media.md "Files").
import type { FastifyPluginAsync } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import {
  emptyMediaSchema,
  keyBody,
  mediaEditBodySchema,
  mediaFileSchema,
  mediaIdParams,
  mediaItemsBody,
  mediaLibraryUuidParams,
  mediaListBodySchema,
  mediaListPageSchema,
  mediaMoveBodySchema,
  mediaUuidParams,
  pathBody,
  shareBodySchema,
  shareResponseSchema,
  stringArraySchema,
} from '../../../runtime/api/media';
import { shareLinkListSchema, shareListQuery, shareRotateResponseSchema, shareUuidParams } from '../../../runtime/api/media-shares';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { libraryForCall } from './access';
import { libraryDriver } from './drivers';
import { keyOf } from './rows';
import { listShares, revokeShare, rotateSigningKey, shareFile } from './share';
import { createDir, deleteDir, deleteFiles, editFile, findFile, listDirs, listFiles, moveItems } from './tree';
import { accountabilityOf } from '../auth/session-hook';
import { sendStoredFile } from './send';

const spec = specFor(['media']);
const binary = { description: 'the file\'s bytes', type: 'string', format: 'binary' } as const;

export const mediaFileCallRoutes: FastifyPluginAsync<ServerContext> = async (plugin, context) => {
  const host = typed(plugin);
  host.post(
    '/v1/dms/media/list',
    spec('A page of a directory (12 by last key; directories first), or a keyword search under it', { body: mediaListBodySchema, response: replies({ 200: mediaListPageSchema }) }),
    async (request) => listFiles(context, accountabilityOf(request), request.body),
  );
  host.post(
    '/v2/dms/media/library/:uuid/dirs',
    spec('The directories directly under path (the move modal)', { params: mediaUuidParams, body: pathBody, response: replies({ 200: stringArraySchema }) }),
    async (request) => listDirs(context, accountabilityOf(request), request.params.uuid, request.body.path),
  );
  host.post(
    '/v2/dms/media/library/:id/dir',
    spec('Create a directory (create_dir luma-media); path is its full path', { params: mediaIdParams, body: pathBody, response: replies({ 200: mediaFileSchema }) }),
    async (request) => createDir(context, accountabilityOf(request), request.params.id, request.body.path),
  );
  host.post(
    '/v2/dms/media/library/:id/delete/dir',
    spec('Delete a directory with its contents (delete_dir luma-media); never the root', { params: mediaIdParams, body: pathBody, response: replies({ 200: emptyMediaSchema }) }),
    async (request) => deleteDir(context, accountabilityOf(request), request.params.id, request.body.path),
  );
  const remove = spec('Delete files (delete luma-media): each item a file key of the library', { body: mediaItemsBody, response: replies({ 200: emptyMediaSchema }) });
  host.post('/v1/dms/media/delete', remove, async (request) => deleteFiles(context, accountabilityOf(request), request.body));
  host.post('/v2/dms/media/delete', remove, async (request) => deleteFiles(context, accountabilityOf(request), request.body));
  host.post(
    '/media/move',
    spec('Move files and directories into the directory path (upload luma-media)', { body: mediaMoveBodySchema, response: replies({ 200: { type: 'array', items: mediaFileSchema } }) }),
    async (request) => moveItems(context, accountabilityOf(request), request.body),
  );
  host.post(
    '/v1/media/edit/:uuid',
    spec('Edit a file (upload luma-media): name, public, metadata, expiresAt', { params: mediaUuidParams, body: mediaEditBodySchema, response: replies({ 200: mediaFileSchema }) }),
    async (request) => editFile(context, accountabilityOf(request), request.params.uuid, request.body),
  );
  host.post(
    '/v1/media/library/:libraryUuid/share',
    spec('A signed, expiring link of a file (download luma-media); type email also mails it', { params: mediaLibraryUuidParams, body: shareBodySchema, response: replies({ 200: shareResponseSchema }) }),
    async (request) => shareFile(context, accountabilityOf(request), request.params.libraryUuid, request.body),
  );
  host.get(
    '/v1/media/library/:libraryUuid/shares',
    spec("A file's active share links, soonest to end first, and the latest valid-until a new one may have (download luma-media)", {
      params: mediaLibraryUuidParams,
      querystring: shareListQuery,
      response: replies({ 200: shareLinkListSchema }),
    }),
    async (request) => listShares(context, accountabilityOf(request), request.params.libraryUuid, request.query.key),
  );
  host.delete(
    '/v1/media/library/:libraryUuid/shares/:uuid',
    spec('Revoke a share link: it answers 410 shareExpired from now on (download luma-media)', { params: shareUuidParams, response: replies({ 200: emptyMediaSchema }) }),
    async (request) => revokeShare(context, accountabilityOf(request), request.params.libraryUuid, request.params.uuid),
  );
  host.post(
    '/v1/media/shares/rotate',
    spec("A new signing key for the project's share links: every link handed out stops working (admins)", {
      body: emptyMediaSchema,
      response: replies({ 200: shareRotateResponseSchema }),
    }),
    async (request) => rotateSigningKey(context, accountabilityOf(request)),
  );
  host.post(
    '/v2/dms/media/library/:id/download',
    spec('A file as an attachment (download luma-media); Range is honoured', { params: mediaIdParams, body: keyBody, response: replies({ 200: binary, 206: binary }) }),
    async (request, reply) => {
      const library = await libraryForCall(context.db, accountabilityOf(request), request.params.id, 'download');
      const row = await findFile(context, library, keyOf(request.body.key));
      return sendStoredFile(request, reply, libraryDriver(context, library), row, { download: true, cache: 'private' });
    },
  );
};
