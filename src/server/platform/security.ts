// The server's defences against hostile requests (docs/security.md): security headers on every
// reply, the cross-origin write rule, and the guard that refuses text the database cannot store
// (NUL, lone surrogates) in the path, the query and JSON bodies with a 400 before any handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storableCopy, unstorableAt, unstorableText } from '../../../runtime/api/storable';
import type { Config } from './config';
import { isApiPath } from './contract';
import { badRequest, forbidden } from './errors';
import { isPlainObject } from './validate';

/**
 * The app's Content-Security-Policy: only its own scripts, styles and connections.
 * - script-src 'self' 'wasm-unsafe-eval': no inline script and no eval; the one exception is
 *   'wasm-unsafe-eval', which lets the browser compile WebAssembly (the QuickJS sandbox of
 *   runtime/script runs user code in the browser as wasm). It allows no JavaScript eval.
 * - style-src 'self' 'unsafe-inline': the build emits only stylesheet files, but CodeMirror
 *   (style-mod) adds <style> elements to the document, and rich text is HTML whose colour, font
 *   size, alignment and page layout are style attributes (renderers/controls/text/rich/html.ts),
 *   parsed and pasted through the DOM. The e2e watcher found both. Inline style runs no script;
 *   the script policy is what stops injected code. (React's style props use the CSSOM, never blocked.)
 * - img-src adds data: (the inline favicon), blob: (previews) and https: (images that users put
 *   in rich text, tiles and image selects live on other hosts; an image runs no code).
 * - connect-src 'self' covers fetch and the same-origin event bus WebSocket.
 * - frame-ancestors 'none': no other page may frame the app (clickjacking on /login).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API replies are data, never a document: nothing may load from them, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

declare module 'fastify' {
  interface FastifyRequest {
    /** Origins a write to this request's host is accepted from besides LUMA_PUBLIC_URL's (a public app's own hostname), else null. */
    ownWriteOrigins: string[] | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sets the security headers on one reply; API replies are not stored by any cache unless a route says otherwise. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  const api = isApiPath(request.url.split('?')[0] ?? '/');
  reply.header('content-security-policy', api ? API_CSP : APP_CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (config.publicUrl.startsWith('https:')) reply.header('strict-transport-security', 'max-age=15552000');
  if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

/**
 * Headers for every reply (HTML, assets, API, errors). The framework's own errors (a malformed URL)
 * skip the hooks; buildApp's frameworkErrors calls applySecurityHeaders for them.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, config);
    return payload;
  });
}

/**
 * A state-changing request that names an Origin is accepted only from LUMA_PUBLIC_URL's origin.
 * The request's own Host header is never the judge: a client picks it, so `Origin: http://evil.example`
 * with `Host: evil.example` would otherwise pass. Requests without Origin (API clients, curl)
 * are not browsers acting for another site; SameSite cookies and bearer secrets cover them.
 */
export function installOriginCheck(app: FastifyInstance, config: Config): void {
  const allowed = new Set(config.writeOrigins);
  if (!app.hasRequestDecorator('ownWriteOrigins')) app.decorateRequest('ownWriteOrigins', null);
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    // A public app's page writes from its own hostname (public-apps/serve.ts sets them only for a Host
    // that is a registered public app's; those calls act only for that app, never the platform).
    if (origin !== undefined && request.ownWriteOrigins?.includes(origin)) return;
    if (origin !== undefined && !SAFE_METHODS.has(request.method) && !allowed.has(origin)) {
      // Logged, so an operator who opens the app at another address (a LAN address while
      // LUMA_PUBLIC_URL is http://localhost:8080) sees why sign-in is refused.
      request.log.warn({ origin, expected: config.writeOrigins }, 'write refused: its Origin is not LUMA_PUBLIC_URL');
      throw forbidden();
    }
  });
}

function refuse(field: string) {
  return badRequest([{ field, messages: ['invalidInput'] }]);
}

function rawPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '';
}

/**
 * NUL and lone surrogates are refused before any handler: in the path (a %00 or a raw NUL in
 * any segment), in every query value, and in every key and string of a JSON body. The query
 * parameters that carry JSON text ($adv, $aggregate, filter objects) are checked where they are
 * parsed (runtime/query decodeJson); the database error codes are a last backstop (errors-handler).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = rawPath(request);
    if (/%00|\u0000/i.test(path)) throw refuse('path');
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return; // a malformed escape is the router's 400
    }
    if (unstorableText(decoded)) throw refuse('path');
  });
  app.addHook('preValidation', async (request) => {
    const query = request.query;
    if (isPlainObject(query)) {
      for (const [key, value] of Object.entries(query)) {
        const values = Array.isArray(value) ? value : [value];
        if (unstorableText(key) || values.some((item) => typeof item === 'string' && unstorableText(item))) throw refuse(storableCopy(key));
      }
    }
    const body = request.body;
    if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
      const at = unstorableAt(body, 'body');
      if (at !== null) throw refuse(at);
    } else if (typeof body === 'string' && unstorableText(body)) {
      throw refuse('body');
    }
  });
}
