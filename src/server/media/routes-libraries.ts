// Libraries: list, info, create, update, remove (docs/media.md "Libraries").
import type { FastifyPluginAsync } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { emptyMediaSchema, libraryInputBody, mediaIdParams, mediaLibrarySchema, mediaUuidParams } from '../../../runtime/api/media';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { createLibrary, libraryInfo, listLibraries, removeLibrary, updateLibrary } from './libraries';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['media']);

export const mediaLibraryRoutes: FastifyPluginAsync<ServerContext> = async (plugin, context) => {
  const host = typed(plugin);
  host.get(
    '/v1/dms/media/library/list',
    spec('The libraries the caller may use (use luma-media, one of the library\'s roles)', { response: replies({ 200: { type: 'array', items: mediaLibrarySchema } }) }),
    async (request) => listLibraries(context, accountabilityOf(request)),
  );
  host.get(
    '/v1/dms/media/library/info/:id',
    spec('One library', { params: mediaIdParams, response: replies({ 200: mediaLibrarySchema }) }),
    async (request) => libraryInfo(context, accountabilityOf(request), request.params.id),
  );
  host.post(
    '/v1/dms/media/library',
    spec('Create a library (admins)', { body: libraryInputBody, response: replies({ 200: mediaLibrarySchema }) }),
    async (request) => createLibrary(context, accountabilityOf(request), request.body),
  );
  host.post(
    '/v1/dms/media/library/:uuid',
    spec('Update a library (admins); the masked secret keeps the stored one', { params: mediaUuidParams, body: libraryInputBody, response: replies({ 200: mediaLibrarySchema }) }),
    async (request) => updateLibrary(context, accountabilityOf(request), request.params.uuid, request.body),
  );
  host.delete(
    '/v1/dms/media/library/:uuid',
    spec('Remove a library with its file rows (admins); luma-simple files are removed, s3 objects stay', { params: mediaUuidParams, response: replies({ 200: emptyMediaSchema }) }),
    async (request) => removeLibrary(context, accountabilityOf(request), request.params.uuid),
  );
};
