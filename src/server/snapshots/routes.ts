// The snapshot calls of docs/snapshots.md (main host): GET /v3/system/snapshot, admins only, the
// project's configuration as a JSON attachment (?records=1 adds the records); POST
// /v3/system/snapshot/diff, a document against the project.
import type { FastifyPluginAsync } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { snapshotApplySchema, snapshotDiffBody, snapshotDiffSchema, snapshotQuery, snapshotSchema } from '../../../runtime/api/snapshots';
import { callerLimit } from '../billing/limits';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { projectSnapshot } from './snapshot';
import { diffAgainstProject, refuseNewerFormat } from './diff';
import { applySnapshot } from './apply';

/** A snapshot with its versions can be far larger than the server's 1 MiB body limit (docs/snapshots.md). */
export const SNAPSHOT_BODY_LIMIT = 32 * 1024 * 1024;

const spec = specFor(['snapshots']);

export const snapshotRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  host.get(
    '/v3/system/snapshot',
    spec("The project's configuration as one versioned JSON document (admins; docs/snapshots.md)", {
      querystring: snapshotQuery,
      response: replies({ 200: { description: 'the snapshot (Content-Disposition: attachment)', content: { 'application/json': { schema: snapshotSchema } } } }),
    }),
    async (request, reply) => {
      const { records } = request.query as { records?: string };
      const result = await projectSnapshot(db, accountabilityOf(request), { records: records === '1' });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename}"`)
        .header('cache-control', 'no-store')
        .send(result.body);
    },
  );

  host.post(
    '/v3/system/snapshot/diff',
    {
      ...spec("What applying a snapshot document to the caller's project would create, change and remove (admins; docs/snapshots.md)", {
        body: snapshotDiffBody,
        response: replies({ 200: { description: 'the diff, in a stable order', content: { 'application/json': { schema: snapshotDiffSchema } } } }),
      }),
      bodyLimit: SNAPSHOT_BODY_LIMIT,
      preValidation: async (request) => refuseNewerFormat(accountabilityOf(request), request.body),
    },
    async (request) => diffAgainstProject(db, accountabilityOf(request), request.body as Record<string, unknown>),
  );

  host.post(
    '/v3/system/snapshot/apply',
    {
      ...spec("Makes a snapshot document the caller's project's configuration, in one transaction or not at all (admins; docs/snapshots.md)", {
        body: snapshotDiffBody,
        response: replies({ 200: { description: 'what it did', content: { 'application/json': { schema: snapshotApplySchema } } } }),
      }),
      bodyLimit: SNAPSHOT_BODY_LIMIT,
      preValidation: async (request) => refuseNewerFormat(accountabilityOf(request), request.body),
    },
    async (request) => {
      const accountability = accountabilityOf(request);
      const sparkLimit = await callerLimit(db, accountability.project_uuid, config, 'sparks');
      return applySnapshot(db, accountability, request.body as Record<string, unknown>, { locale: request.headers['accept-language'], sparkLimit, integrations: config });
    },
  );
};
