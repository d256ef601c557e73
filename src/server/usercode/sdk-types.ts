// GET /types/luma-sdk.d.ts[?kind=]: the SDK types the code editor loads (runtime/script/sdk). Public:
// it holds no data and no secret, only the shape of what scripts see. The text changes only with a
// new build, so it is cached for an hour and revalidated by its ETag.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SDK_TYPES_PATH, sdkTypesQuery, sdkTypesReplies } from '../../../runtime/api/sdk';
import { sdkTypes, type ScriptKind } from '../../../runtime/script/sdk/index';
import { typed } from '../platform/contract';

const CACHE = 'public, max-age=3600';

/** The text and ETag of each variant, made once. */
const made = new Map<string, { text: string; etag: string }>();
function variant(kind: ScriptKind | undefined) {
  const key = kind ?? '';
  let found = made.get(key);
  if (!found) {
    const text = sdkTypes(kind);
    found = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    made.set(key, found);
  }
  return found;
}

export function installSdkTypes(app: FastifyInstance): void {
  typed(app).get(
    SDK_TYPES_PATH,
    {
      config: { public: true },
      schema: { summary: "The SDK's TypeScript types (every script context)", tags: ['reference'], querystring: sdkTypesQuery, response: sdkTypesReplies },
    },
    async (request, reply) => {
      const { text, etag } = variant(request.query.kind);
      reply.header('etag', etag).header('cache-control', CACHE).header('vary', 'accept-encoding');
      const given = request.headers['if-none-match'];
      if (given !== undefined && given.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send(null);
      return reply.type('application/typescript; charset=utf-8').send(text);
    },
  );
}
