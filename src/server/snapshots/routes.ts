// The snapshot call of docs/snapshots.md (main host): GET /v3/system/snapshot, admins only, the
// project's configuration as a JSON attachment; ?records=1 adds the records.
import type { FastifyPluginAsync } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { snapshotQuery, snapshotSchema } from '../../../runtime/api/snapshots';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { projectSnapshot } from './snapshot';

const spec = specFor(['snapshots']);

export const snapshotRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
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
};
