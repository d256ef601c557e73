// The authentication every host installs, checked before the body is even parsed: a live session
// cookie or an API user's bearer secret, and a valid tenant (X-Project-Uuid, X-Workspace-Uuid,
// X-Project-Env). One database round trip finds the principal, its project, workspace and roles
// (auth/caller-sql), or none when this process found the same caller before and nothing it
// was built from has changed since (auth/caller-cache.ts); a session is touched at most once a minute.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ID_PATTERN, HEADER } from '../../../runtime/api/contract';
import type { ServerContext } from '../platform/context';
import type { CallerCache } from './caller-cache';
import { findPrincipal, touchApiSecret, type PrincipalLookup, type PrincipalRow } from './caller-sql';
import { unauthorized } from '../platform/errors';
import { cookieJar } from './cookies';
import { componentLookupOf } from './route-component';
import { hashToken, keepSessionAlive, MAX_TOKEN_LENGTH, SESSION_COOKIE, type ActiveSession } from './sessions';
import { buildAccountability, parseTenantHeaders, type Accountability } from './tenancy';
import { headerValue } from '../platform/validate';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook of each host; null on public routes. */
    session: ActiveSession | null;
    accountability: Accountability | null;
  }
}

/** What authenticating a request takes: the server context and this process's caller cache. */
export interface SessionContext extends ServerContext {
  callers: CallerCache;
}

/** 'luma_' + base64url of 32 bytes; anything else cannot be one of ours. */
const BEARER = /^Bearer (luma_[A-Za-z0-9_-]{43})$/;
/** An API secret is touched (last_used_at) at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

function dropCookie(context: SessionContext, request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[SESSION_COOKIE] !== undefined) cookieJar(context.config).clear(reply, SESSION_COOKIE);
}

type Tenant = ReturnType<typeof parseTenantHeaders>;
type Lookup = { tenant: Tenant; component: PrincipalLookup['component'] };

function principalLookup(by: 'session' | 'bearer', tokenHash: string, { tenant, component }: Lookup): PrincipalLookup {
  return { by, tokenHash, projectUuid: tenant.projectUuid, workspaceUuid: tenant.workspaceUuid, component };
}

async function sessionPrincipal(context: SessionContext, request: FastifyRequest, reply: FastifyReply, lookup: Lookup): Promise<PrincipalRow> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > MAX_TOKEN_LENGTH) {
    dropCookie(context, request, reply);
    throw unauthorized();
  }
  const principal = await context.callers.find(principalLookup('session', hashToken(token), lookup), (found) => findPrincipal(context.db, found));
  const session = principal?.session;
  if (!principal || !session) {
    // An expired or unknown cookie is dropped so the browser stops sending it.
    dropCookie(context, request, reply);
    throw unauthorized();
  }
  if (!(await keepSessionAlive(context.db, context.config, session, principal.user.status, principal.now))) {
    dropCookie(context, request, reply);
    throw unauthorized();
  }
  request.session = { idHash: session.id_hash, userUuid: principal.user.uuid, projectUuid: session.project_uuid };
  return principal;
}

async function bearerPrincipal(context: SessionContext, authorization: string, lookup: Lookup): Promise<PrincipalRow> {
  const match = BEARER.exec(authorization);
  if (!match) throw unauthorized();
  const principal = await context.callers.find(principalLookup('bearer', hashToken(match[1]!), lookup), (found) => findPrincipal(context.db, found));
  // An API user acts only in its project: suspended, banned or removed there, its secrets stop.
  if (!principal || !principal.secret || principal.user.status !== 'active') throw unauthorized();
  if (principal.project_uuid === null && lookup.tenant.projectUuid === null) throw unauthorized();
  const lastUsed = principal.secret.last_used_at?.getTime() ?? 0;
  if (principal.now.getTime() - lastUsed >= TOUCH_EVERY_MS) await touchApiSecret(context.db, principal.secret.uuid);
  return principal;
}

export function installSessionRequirement(host: FastifyInstance, context: SessionContext): void {
  host.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.public) return;
    await authenticate(context, request, reply);
  });
}

/**
 * Who calls, or 401: sets request.session and request.accountability. Every route that is not public
 * runs it first; so does an unknown path under a host's prefix, so that an anonymous caller learns
 * nothing of which paths exist (401 before 404).
 */
export async function authenticate(context: SessionContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // A malformed tenancy header is the caller's error, but only once it is known who calls (401 first).
  let tenant: ReturnType<typeof parseTenantHeaders>;
  let headerError: unknown = null;
  try {
    tenant = parseTenantHeaders({
      projectUuid: headerValue(request.headers[HEADER.projectUuid])?.trim(),
      workspaceUuid: headerValue(request.headers[HEADER.workspaceUuid])?.trim(),
      env: headerValue(request.headers[HEADER.projectEnv]),
    });
  } catch (error) {
    headerError = error;
    tenant = parseTenantHeaders({});
  }
  // Routes that work on one component name it (config.componentRef): it is found with the caller.
  const componentRef = request.routeOptions.config?.componentRef?.(request.params);
  const by = componentRef === undefined ? null : componentLookupOf(componentRef);
  const lookup: Lookup = { tenant, component: by ? { by, env: tenant.env } : undefined };
  const authorization = headerValue(request.headers.authorization);
  const principal =
    authorization !== undefined ? await bearerPrincipal(context, authorization, lookup) : await sessionPrincipal(context, request, reply, lookup);
  if (headerError) throw headerError;
  request.accountability = buildAccountability(principal, tenant, by ? componentRef : undefined);
  const client = headerValue(request.headers[HEADER.client])?.trim();
  if (client !== undefined && CLIENT_ID_PATTERN.test(client)) request.accountability.client = client;
}

/** The accountability of an authenticated route (set by the session hook). */
export function accountabilityOf(request: FastifyRequest): Accountability {
  if (!request.accountability) throw unauthorized();
  return request.accountability;
}
