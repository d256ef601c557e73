// The main host's entry points of a component's actions and routes (issue 15 items 3 and 4;
// docs/user-code.md "Actions", "Routes"): running an action on records, and the component routes
// under /api/v1/route/{ref}/{path}. Component functions are mounted by routes.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import { actionParams, actionRunBody, actionRunReplies, ROUTE_BASE, ROUTE_METHODS, routeParams, routeReplies, scopedActionParams, type RouteMethod } from '../../../runtime/api/user-code';
import type { ServerContext } from '../platform/context';
import { specFor, typed } from '../platform/contract';
import { runAction } from './actions';
import { serveRoute } from './component-routes';
import { headerValue } from '../platform/validate';
import { accountabilityOf } from '../auth/session-hook';

const BASE = '/v3/system/component';
type ActionParams = { a: string; b?: string; name: string };

const localeOf = (request: FastifyRequest) => headerValue(request.headers[HEADER.acceptLanguage]);

/** The query as the route's code gets it: each key a string, or a list when repeated. */
function queryOf(query: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!query || typeof query !== 'object') return out;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (value !== undefined) out[key] = String(value);
  }
  return out;
}

export const actionAndRouteRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config }) => {
  const host = typed(plugin);
  const actions = specFor(['records']);
  const run = async (request: FastifyRequest<{ Params: ActionParams }>) => {
    const { a, b, name } = request.params;
    return runAction(db, config.scriptCallsPerMinute, accountabilityOf(request), b === undefined ? a : `${a}/${b}`, name, request.body, localeOf(request));
  };
  const runSpec = (params: object) =>
    actions("Run a component's action on records (the caller needs 'update' or 'edit' on the component)", { params, body: actionRunBody, response: actionRunReplies });
  host.post(`${BASE}/:a/action/:name`, runSpec(actionParams), run);
  host.post(`${BASE}/:a/:b/action/:name`, runSpec(scopedActionParams), run);

  const routes = specFor(['components']);
  const serve = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: import('fastify').FastifyReply) => {
    const answer = await serveRoute(
      db,
      config.scriptCallsPerMinute,
      accountabilityOf(request),
      request.params['*'],
      { method: request.method as RouteMethod, query: queryOf(request.query), body: request.body ?? null },
      localeOf(request),
    );
    // Always JSON, a string or null included (Fastify would send a bare string as text/plain).
    return reply.status(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body ?? null));
  };
  host.route({
    method: [...ROUTE_METHODS],
    url: `${ROUTE_BASE}/*`,
    ...routes("A component's route: its code answers ({ref}/{path}; GET needs 'read', other methods 'update' or 'edit')", { params: routeParams, response: routeReplies }),
    handler: serve,
  });
};
