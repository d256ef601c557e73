// The self-tuning indexes' admin calls (runtime/api/record-indexes.ts; docs/lists.md "Self-tuning
// indexes"), main host. {ref} is a uuid (one path segment) or scope/name (two).
import type { FastifyPluginAsync } from 'fastify';
import { componentIndexesSchema, indexAlwaysBody, indexDropBody } from '../../../runtime/api/record-indexes';
import { refParams, replies, scopedRefParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { alwaysIndexField, componentIndexes, dropComponentIndex, type IndexAdminContext } from './index-admin';

const BASE = '/v3/system/component';

type Params = { a: string; b?: string };

const refOf = ({ a, b }: Params) => (b === undefined ? a : `${a}/${b}`);

const spec = specFor(['components']);

const plugin: FastifyPluginAsync<ServerContext> = async (fastify, { db, jobs, config }) => {
  const host = typed(fastify);
  const context: IndexAdminContext = { db, autoMax: config.indexAutoMax, send: (job) => jobs.send('luma-record-index', job) };
  const response = replies({ 200: componentIndexesSchema });
  for (const params of [refParams, scopedRefParams]) {
    const path = params === refParams ? `${BASE}/:a/indexes` : `${BASE}/:a/:b/indexes`;
    host.get(path, spec("The indexes of the component's records, why each exists and its size", { params, response }), async (request) =>
      componentIndexes(context, accountabilityOf(request), refOf(request.params as Params)),
    );
    host.post(`${path}/drop`, spec('Drop an index built for slow queries or marked always (a declared one stays: 409)', { params, body: indexDropBody, response }), async (request) =>
      dropComponentIndex(context, accountabilityOf(request), refOf(request.params as Params), request.body),
    );
    host.post(`${path}/always`, spec('Keep a field always indexed; its index is built at once by a job', { params, body: indexAlwaysBody, response }), async (request) =>
      alwaysIndexField(context, accountabilityOf(request), refOf(request.params as Params), request.body),
    );
  }
};

(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;

export const recordIndexRoutes = plugin;
