// The media host (spec section 7 "Media host"; docs/media.md): libraries, files and directories,
// upload, download and share under /api/media. Every call needs a session (or an API user's
// secret) and checks the luma-media permissions, the integration and the library's roles in its
// service. The file URL /media/library/{uuid}/get/{key} lives at the site root (fileRoutes).
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context';
import { installSessionRequirement } from '../../auth/session-hook';
import { mediaFileCallRoutes } from '../../media/routes-files';
import { mediaLibraryRoutes } from '../../media/routes-libraries';
import { installTusUpload } from '../../media/routes-tus';
import { mediaUploadRoutes } from '../../media/routes-upload';

export const mediaHost: FastifyPluginAsync<ServerContext> = async (host, context) => {
  installSessionRequirement(host, context);
  // The host's own prefix is in the options it was given: the routes' plugins get the context without it.
  const { prefix: _prefix, ...routesContext } = context as ServerContext & { prefix?: string };
  await host.register(mediaLibraryRoutes, routesContext);
  await host.register(mediaFileCallRoutes, routesContext);
  await host.register(mediaUploadRoutes, routesContext);
  await installTusUpload(host, routesContext);
};
