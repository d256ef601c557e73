// The session requirement every host installs: a live session cookie and a valid tenant
// (X-Project-Uuid, X-Workspace-Uuid, X-Project-Env), checked before the body is even parsed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADER } from '../../../runtime/api/contract';
import type { ServerContext } from '../context';
import { unauthorized } from '../errors';
import { resolveSession, SESSION_COOKIE } from '../services/sessions';
import { buildAccountability, type Accountability } from '../services/tenancy';
import { headerValue } from '../validate';

export function installSessionRequirement(host: FastifyInstance, context: ServerContext): void {
  host.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.public) return;
    const session = await resolveSession(context.db, context.config, request.cookies[SESSION_COOKIE]);
    if (!session) {
      // An expired or unknown cookie is dropped so the browser stops sending it.
      if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw unauthorized();
    }
    request.session = session;
    request.accountability = await buildAccountability(context.db, session, {
      projectUuid: headerValue(request.headers[HEADER.projectUuid])?.trim(),
      workspaceUuid: headerValue(request.headers[HEADER.workspaceUuid])?.trim(),
      env: headerValue(request.headers[HEADER.projectEnv]),
    });
  });
}

/** The accountability of an authenticated route (set by the session hook). */
export function accountabilityOf(request: FastifyRequest): Accountability {
  if (!request.accountability) throw unauthorized();
  return request.accountability;
}
