// The built browser app (dist/app) at /, with the history-mode fallback: a GET of a non-/api
// path that accepts HTML, or that names no file, answers index.html. Hashed files under /assets are
// cached for a year (a new build has new names); index.html is revalidated on every load. The
// build writes .br and .gz beside each file (vite.config.ts), served by Accept-Encoding.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
      return isGet && wantsHtml && !isApiPath(path) && !path.startsWith('/assets/');
    },
    sendIndex(reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  };
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
