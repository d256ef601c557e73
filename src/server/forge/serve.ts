// Serving bundles (docs/forge.md "Sandboxed serving"): GET /luma/forge/bundle/{token}/{path} at the
// site root, outside every host: no session hook runs and no cookie is read. The token is a signed,
// expiring grant to read one release's files ({project}.{release}.{expires}.{signature}), or an
// unsaved preview of the component editor (p{hex}), kept a while in the database (forge/previews.ts).
// Every reply carries its own CSP: `sandbox allow-scripts` (an opaque origin even when opened
// outside the host's iframe), scripts, styles and images only from this bundle's own path, no
// connections, no frames, no forms; framed only by the platform's pages.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORGE_BUNDLE_PATH, FORGE_LIMITS, FORGE_SDK_FILE } from '../../../runtime/api/forge';
import { replies } from '../../../runtime/api/schemas';
import { now as nowMs } from '../platform/clock';
import type { Config } from '../platform/config';
import { notFound } from '../platform/errors';
import { secretKeys } from '../platform/secret-box';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { safeBundlePath } from './bundle';
import { isPreviewId, previewFile } from './previews';
import { contentTypeOf } from './releases';
import { FORGE_SDK_SCRIPT } from './sdk-client';
import { forgeDriver, releaseKey } from './storage';

export interface BundleGrant {
  projectUuid: string;
  releaseUuid: string;
}

const keyFor = (key: Buffer) => createHmac('sha256', key).update('luma forge bundle url').digest();
const sign = (key: Buffer, text: string) => createHmac('sha256', keyFor(key)).update(text).digest('base64url').slice(0, 22);

const hex = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();
const dashed = (text: string) => `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;

/**
 * A token granting the release's files until `expires` (ms): {project}.{release}.{expires}.{signature},
 * the uuids as 32 hex digits, the second in base 36 and 128 bits of signature, so the token stays
 * under the router's 100 characters a path part.
 */
export function bundleToken(grant: BundleGrant, expires: number): string {
  const text = `${hex(grant.projectUuid)}.${hex(grant.releaseUuid)}.${Math.floor(expires / 1000).toString(36)}`;
  return `${text}.${sign(secretKeys().current.key, text)}`;
}

export function readBundleToken(token: string): BundleGrant | null {
  const match = /^([0-9a-f]{32})\.([0-9a-f]{32})\.([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, project, release, seconds, signature] = match as unknown as [string, string, string, string, string];
  if (parseInt(seconds, 36) * 1000 < nowMs()) return null;
  const text = `${project}.${release}.${seconds}`;
  const given = Buffer.from(signature);
  const valid = secretKeys().accepted.some(({ key }) => {
    const wanted = Buffer.from(sign(key, text));
    return wanted.length === given.length && timingSafeEqual(wanted, given);
  });
  return valid ? { projectUuid: dashed(project), releaseUuid: dashed(release) } : null;
}

/** The URL of a release's file (default its index.html), valid for FORGE_LIMITS.urlMinutes. */
export function bundleUrl(grant: BundleGrant, path = 'index.html'): { url: string; expires_at: string } {
  const expires = nowMs() + FORGE_LIMITS.urlMinutes * 60_000;
  return { url: `${FORGE_BUNDLE_PATH}/${bundleToken(grant, expires)}/${path.split('/').map(encodeURIComponent).join('/')}`, expires_at: new Date(expires).toISOString() };
}

// ---- The route -----------------------------------------------------------------------------------

/** The bundle's CSP: a sandbox (opaque origin), and nothing from anywhere but its own path. */
export function bundleCsp(config: Pick<Config, 'publicUrl'>, token: string): string {
  const own = `${new URL(config.publicUrl).origin}${FORGE_BUNDLE_PATH}/${token}/`;
  return [
    'sandbox allow-scripts allow-forms',
    "default-src 'none'",
    `script-src ${own}`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `media-src ${own}`,
    "connect-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

type BundleRequest = FastifyRequest<{ Params: { token: string; '*': string } }>;

async function fileOf(db: Kysely<Database>, config: Pick<Config, 'dataDir'>, token: string, path: string): Promise<{ body: Readable; size: number } | null> {
  if (path === FORGE_SDK_FILE) {
    const bytes = Buffer.from(FORGE_SDK_SCRIPT);
    return { body: Readable.from([bytes]), size: bytes.length };
  }
  if (safeBundlePath(path) === null) return null;
  if (isPreviewId(token)) {
    const bytes = await previewFile(db, token, path);
    return bytes ? { body: Readable.from([bytes]), size: bytes.length } : null;
  }
  const grant = readBundleToken(token);
  if (!grant) return null;
  return forgeDriver(config).get(releaseKey(grant.projectUuid, grant.releaseUuid, path));
}

export function installForgeBundleRoutes(app: FastifyInstance, db: Kysely<Database>, config: Config): void {
  // The app-wide onSend hook sets the app's CSP and X-Frame-Options DENY; the bundle's own are set after it.
  const keepBundleHeaders = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('content-security-policy', bundleCsp(config, (request as BundleRequest).params.token ?? ''));
    reply.header('x-frame-options', 'SAMEORIGIN');
    // No Cross-Origin-Resource-Policy: the bundle's own document is an opaque origin, so same-origin
    // would refuse it its own scripts; the token in the path is what guards the files.
    reply.removeHeader('set-cookie');
    return payload;
  };
  app.get(
    `${FORGE_BUNDLE_PATH}/:token/*`,
    {
      schema: {
        tags: ['forge'],
        summary: "A bundle's file at a signed URL (no session; its own sandboxing CSP)",
        params: { type: 'object', properties: { token: { type: 'string' }, '*': { type: 'string' } }, required: ['token'] },
        response: replies({ 200: { description: "the file's bytes", type: 'string', format: 'binary' } }),
      },
      config: { public: true },
      onSend: keepBundleHeaders,
    },
    async (request: BundleRequest, reply) => {
      const path = request.params['*'] === '' ? 'index.html' : request.params['*'];
      const file = await fileOf(db, config, request.params.token, path);
      if (!file) throw notFound();
      reply.header('content-type', contentTypeOf(path)).header('content-length', String(file.size)).header('cache-control', 'private, no-cache');
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send('');
      }
      return reply.send(file.body);
    },
  );
}
