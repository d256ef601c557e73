// The media host (spec section 7 "Media host"; docs/media.md): libraries, files and directories,
// upload, download and share under /api/media. Every call needs a session (or an API user's
// secret) and checks the luma-media permissions, the integration and the library's roles in its
// service. The file URL /media/library/{uuid}/get/{key} lives at the site root (fileRoutes).
import type { FastifyPluginAsync } from 'fastify';
import { installSessionRequirement } from '../../auth/session-hook';
import { mediaFileCallRoutes } from '../../media/routes-files';
import { mediaLibraryRoutes } from '../../media/routes-libraries';
import { installTusUpload } from '../../media/routes-tus';
import { mediaUploadRoutes } from '../../media/routes-upload';
import { routesContext, type HostContext } from '../context';

export const mediaHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  const routes = routesContext(context);
  await host.register(mediaLibraryRoutes, routes);
  await host.register(mediaFileCallRoutes, routes);
  await host.register(mediaUploadRoutes, routes);
  await installTusUpload(host, routes);
};
