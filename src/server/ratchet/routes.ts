// The ratchet calls (docs/ratchet.md; the ratchet host at /api/ratchet, spec section 7's base path
// /ratchet with its 15 s timeout): connections (list, create, read, change, remove), their test, the
// read-only console (NDJSON) and its cancel. Admins only (403 for everyone else); another project's
// connection is 404. And the options of a ratchet-sourced external select (select-route.ts), for
// whoever may read the component and see the field.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import {
  ratchetCancelBodySchema,
  ratchetCancelSchema,
  ratchetConnectionSchema,
  ratchetConnectionWriteSchema,
  ratchetListSchema,
  ratchetParams,
  ratchetQueryBodySchema,
  ratchetQueryReply,
  ratchetTestSchema,
  type RatchetTestResult,
} from '../../../runtime/api/ratchet';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { HttpError, notFound } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';
import { requireAdmin } from '../iam/access';
import { changeConnection, createConnection, getConnection, listProjectConnections, removeConnection, requireConnection } from './connections';
import { runConsole } from './console';
import { RatchetError } from './driver';
import { connectionSpec, testConnection } from './query';
import { cancelRunning } from './running';
import { selectRoute } from './select-route';

const spec = specFor(['ratchet']);
const BASE = '/connections';
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

async function test(context: ServerContext, request: FastifyRequest): Promise<RatchetTestResult> {
  const row = await requireConnection(context.db, requireAdmin(accountabilityOf(request)), idOf(request));
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const version = await testConnection(connectionSpec(row));
    return { ok: true, version, ms: ms() };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 422) throw error;
    const detail = error instanceof RatchetError ? error.detail : undefined;
    return { ok: false, message: error.message, ...(detail ? { detail } : {}), ms: ms() };
  }
}

export const ratchetRoutes: FastifyPluginAsync<ServerContext> = async (host, context) => {
  const { db } = context;
  host.get(BASE, spec("The project's ratchet connections (admins; passwords never answered)", { response: replies({ 200: ratchetListSchema }) }), async (request) =>
    listProjectConnections(db, accountabilityOf(request)),
  );
  host.post(BASE, spec('Create a connection (admins)', { body: ratchetConnectionWriteSchema, response: replies({ 200: ratchetConnectionSchema }) }), async (request) =>
    createConnection(db, accountabilityOf(request), request.body),
  );
  host.get(`${BASE}/:id`, spec('A connection (admins)', { params: ratchetParams, response: replies({ 200: ratchetConnectionSchema }) }), async (request) =>
    getConnection(db, accountabilityOf(request), idOf(request)),
  );
  host.patch(
    `${BASE}/:id`,
    spec('Change a connection (admins; the keys given; password null removes it)', { params: ratchetParams, body: ratchetConnectionWriteSchema, response: replies({ 200: ratchetConnectionSchema }) }),
    async (request) => changeConnection(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.delete(`${BASE}/:id`, spec('Remove a connection (admins)', { params: ratchetParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeConnection(db, accountabilityOf(request), idOf(request)),
  );
  host.post(
    `${BASE}/:id/test`,
    spec('Connect and sign in: ok with the server version, or not ok with a message key (never a 5xx for the database\'s answer)', {
      params: ratchetParams,
      response: replies({ 200: ratchetTestSchema }),
    }),
    async (request) => test(context, request),
  );
  host.post(
    `${BASE}/:id/query`,
    spec('Run one statement read-only: the answer streams as NDJSON (columns, rows, end or error); 422 with a message key when it fails before any column', {
      params: ratchetParams,
      body: ratchetQueryBodySchema,
      produces: ['application/x-ndjson'],
      response: replies({ 200: ratchetQueryReply }),
    }),
    async (request, reply) =>
      runConsole({ db, accountability: accountabilityOf(request), id: idOf(request), body: request.body, timeoutMs: context.config.ratchetTimeoutMs, reply }),
  );
  host.post(
    `${BASE}/:id/cancel`,
    spec('Stop a running statement of the caller by its query_id (404 when none runs on this instance)', {
      params: ratchetParams,
      body: ratchetCancelBodySchema,
      response: replies({ 200: ratchetCancelSchema }),
    }),
    async (request) => {
      const accountability = accountabilityOf(request);
      const row = await requireConnection(db, requireAdmin(accountability), idOf(request));
      const body = request.body;
      if (!isPlainObject(body) || !isUuid(body.query_id)) throw new HttpError(417, 'fieldsNotValid', [{ field: 'query_id', messages: ['invalid'] }]);
      if (!cancelRunning(row.project_uuid, accountability.user.uuid, row.uuid, body.query_id)) throw notFound();
      return { cancelled: true };
    },
  );
  selectRoute(host, context);
};
