// Serving a public app by the request's Host (docs/public-apps.md "Serving"): a request whose Host is
// one of a public app's hostnames (live version) or 'stage.' + one (dev version) is that app's, from
// any project, without a session. It gets the app's page for any GET of a page path, the bundle's
// files under /assets, and the served app's calls under PUBLIC_APP_BASE; every other path (the
// platform's API among them) is 404 there. Nothing is kept in this process: each request looks its
// Host up (one indexed query), so every instance answers the same at once after a change. A Host that
// is the platform's own, an IP address, a single label or no public app's is the platform as usual.
import { readFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { PUBLIC_APP_BASE, hostTarget } from '../../../runtime/api/public-apps';
import type { Database } from '../db/schema';
import type { Config } from '../platform/config';
import { notFound } from '../platform/errors';
import { platformHostnames } from './hostnames';
import { publicAppByHostname, type PublicAppRow } from './sql';

/** The public app a request is for, as the Host named it. */
export interface ServedApp extends PublicAppRow {
  /** The request's hostname as sent (a stage hostname keeps its prefix): a portal cookie's host. */
  host: string;
  stage: boolean;
  /** The version the hostname serves (dev for stage), or null when none is deployed there. */
  version: string | null;
  /** The origins a write from the app's own page carries. */
  origins: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The public app this request's Host names (public-apps/serve.ts), else null. */
    publicApp: ServedApp | null;
  }
}

const FALLBACK_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body><p>This app\'s page is not built yet (npm run build).</p></body></html>';

function readPage(appDir: string): string {
  const file = join(appDir, 'public-app.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_PAGE;
}

export async function findServedApp(db: Kysely<Database>, own: Set<string>, host: string, protocol: string, port: string): Promise<ServedApp | null> {
  const name = host.toLowerCase();
  if (name === '' || own.has(name) || isIP(name) !== 0 || !name.includes('.')) return null;
  const target = hostTarget(name);
  const found = await publicAppByHostname(db, target.hostname);
  if (!found) return null;
  const origin = `${protocol}://${name}`;
  return {
    ...found,
    host: name,
    stage: target.stage,
    version: target.stage ? found.app.dev_version : found.app.public_version,
    origins: port ? [origin, `${origin}:${port}`] : [origin],
  };
}

function sendPage(reply: FastifyReply, page: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
}

/** Installs the Host lookup; app.ts installs it before the write-origin check, which then accepts the app's own origin. */
export function installPublicAppHosts(app: FastifyInstance, { db, config }: { db: Kysely<Database>; config: Config }): void {
  const own = platformHostnames(config);
  let page: string | null = null;
  app.decorateRequest('publicApp', null);
  app.addHook('onRequest', async (request, reply) => {
    const port = (request.host ?? '').match(/:(\d+)$/)?.[1] ?? '';
    const served = await findServedApp(db, own, request.hostname ?? '', request.protocol, port);
    if (!served) return;
    request.publicApp = served;
    request.ownWriteOrigins = served.origins;
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(`${PUBLIC_APP_BASE}/`)) return;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && path.startsWith('/assets/')) return;
    if (read && !path.startsWith('/api/') && path !== '/api') {
      page ??= readPage(config.appDir);
      return sendPage(reply, page);
    }
    throw notFound();
  });
}
