// The spark host's routes (spec section 7 "Spark host", docs/user-code.md "Sparks"; mounted by
// hosts/spark behind its session hook); bodies are judged by the services (417 with message keys).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import {
  sparkCreateBodySchema,
  sparkDeployBodySchema,
  sparkDeployParams,
  sparkIdParams,
  sparkInvokeAnswerSchema,
  sparkInvokeBodySchema,
  sparkListSchema,
  sparkLogPageSchema,
  sparkLogQuery,
  sparkNameParams,
  sparkNamesSchema,
  sparkReleaseBodySchema,
  sparkReleaseParams,
  sparkSchema,
} from '../../../runtime/api/sparks';
import { callerLimit } from '../billing/limits';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { createSpark, cutRelease, deployRelease, getSpark, listSparks, removeSpark, sparkNames, updateSpark } from './sparks';
import { invokeOverHttp, sparkLogs } from './invoke';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['sparks']);

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export const sparkRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  host.get('/spark', spec("The project's sparks (admins)", { response: replies({ 200: sparkListSchema }) }), async (request) => listSparks(db, accountabilityOf(request)));
  host.post('/spark', spec('Create a spark (refused past the project limit)', { body: sparkCreateBodySchema, response: replies({ 200: sparkSchema }) }), async (request) =>
    createSpark(db, accountabilityOf(request), request.body, await callerLimit(db, accountabilityOf(request).project_uuid, config, 'sparks')),
  );
  host.get('/spark/names', spec("The names of the project's sparks (any member: pickers)", { response: replies({ 200: sparkNamesSchema }) }), async (request) =>
    sparkNames(db, accountabilityOf(request)),
  );
  host.get('/spark/:id', spec('A spark with its draft and releases', { params: sparkIdParams, response: replies({ 200: sparkSchema }) }), async (request) =>
    getSpark(db, accountabilityOf(request), (request as IdRequest).params.id),
  );
  host.patch('/spark/:id', spec("Change a spark's name, description or draft", { params: sparkIdParams, body: sparkCreateBodySchema, response: replies({ 200: sparkSchema }) }), async (request) =>
    updateSpark(db, accountabilityOf(request), (request as IdRequest).params.id, request.body),
  );
  host.delete('/spark/:id', spec('Remove a spark (refused while deployed to live)', { params: sparkIdParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeSpark(db, accountabilityOf(request), (request as IdRequest).params.id),
  );
  host.put(
    '/spark/release/:id/:version',
    spec('Cut release {version} (greater than the latest) from the draft', { params: sparkReleaseParams, body: sparkReleaseBodySchema, response: replies({ 200: sparkSchema }) }),
    async (request) => {
      const { id, version } = (request as FastifyRequest<{ Params: { id: string; version: string } }>).params;
      return cutRelease(db, accountabilityOf(request), id, version, request.body);
    },
  );
  host.put(
    '/spark/deploy/:id/:env',
    spec('Point dev or live at a release ({version}; null withdraws)', { params: sparkDeployParams, body: sparkDeployBodySchema, response: replies({ 200: sparkSchema }) }),
    async (request) => {
      const { id, env } = (request as FastifyRequest<{ Params: { id: string; env: string } }>).params;
      return deployRelease(db, accountabilityOf(request), id, env, request.body);
    },
  );
  host.get('/spark/logs/:id', spec('Invocations, newest first', { params: sparkIdParams, querystring: sparkLogQuery, response: replies({ 200: sparkLogPageSchema }) }), async (request) =>
    sparkLogs(db, accountabilityOf(request), (request as IdRequest).params.id, request.query as { page?: string; per_page?: string }),
  );
  host.post(
    '/invoke/:name',
    spec("Run the release deployed to the caller's environment", { params: sparkNameParams, body: sparkInvokeBodySchema, response: replies({ 200: sparkInvokeAnswerSchema }) }),
    async (request) => invokeOverHttp(db, accountabilityOf(request), (request as FastifyRequest<{ Params: { name: string } }>).params.name, request.body, {
      timeoutMs: config.sparkTimeoutMs,
      callsPerMinute: config.scriptCallsPerMinute,
    }),
  );
};
