// The built browser app (dist/app) at /, with the history-mode fallback: a GET of a non-/api
// path that accepts HTML, or that names no file, answers index.html. Hashed files under /assets are
// cached for a year (a new build has new names); index.html is revalidated on every load. The
// build writes .br and .gz beside each file (vite.config.ts), served by Accept-Encoding.
// Each file of the build is a route of its own, found when the server starts (a new build needs a
// restart): no catch-all route, so every other path is routed exactly as without the app (an
// over-long path part is the router's 414, an unknown API path the JSON 404).
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '../platform/contract';
import { NOT_APP_SEGMENTS } from '../../../runtime/api/paths';

export interface Spa {
  /** Whether this unmatched request should get the app's index.html. */
  wants(request: FastifyRequest): boolean;
  sendIndex(reply: FastifyReply): FastifyReply;
}

const YEAR = 'public, max-age=31536000, immutable';

export async function installSpa(app: FastifyInstance, appDir: string): Promise<Spa> {
  const indexFile = join(appDir, 'index.html');
  if (!existsSync(indexFile)) return { wants: () => false, sendIndex: (reply) => reply };

  const assetsDir = join(appDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: appDir,
    prefix: '/',
    wildcard: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(assetsDir) ? YEAR : 'no-cache');
    },
  });

  return {
    wants(request) {
      const path = request.url.split('?')[0] ?? '/';
      const isGet = request.method === 'GET' || request.method === 'HEAD';
      // A browser navigation asks for HTML; a probe or curl may send no Accept or */*, and
      // then a path naming a file (ending in an extension) stays a 404. A client that asks
      // only for JSON gets the JSON 404.
      const accept = request.headers.accept ?? '';
      const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
      const wantsHtml = accept.includes('text/html') || ((accept === '' || accept.includes('*/*')) && !looksLikeFile);
      return isGet && wantsHtml && !isApiPath(path) && !isApiLikePath(path) && !path.startsWith('/assets/');
    },
    sendIndex(reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  };
}

/** The first path segments that name a call, never a screen of the app (runtime/api/paths.ts). An
 * unknown path under one is the JSON 404, never the app's page. */
const API_LIKE_SEGMENTS = new Set<string>(NOT_APP_SEGMENTS);

export function isApiLikePath(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return API_LIKE_SEGMENTS.has(first.toLowerCase());
}

