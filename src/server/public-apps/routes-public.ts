// The served public app's own calls (docs/public-apps.md "The public API"), at PUBLIC_APP_BASE on a
// public app's hostname, without a platform session: 404 on any other Host (serve.ts found none). A
// portal's record calls need its visitor signed in (401 'portalSignInRequired'). Bodies are at most
// 64 KiB; `__proto__` keys are refused by the JSON parser (400).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  PUBLIC_APP_BASE,
  PUBLIC_APP_LIMITS,
  portalLoginBody,
  portalRegisterBody,
  publicComponentParams,
  publicListQuery,
  publicRecordBody,
  publicRecordListSchema,
  publicRecordSchema,
  publicSiteSchema,
  publicVisitorSchema,
} from '../../../runtime/api/public-apps';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { notFound } from '../platform/errors';
import { createPublicRecord, listPublicRecords } from './records';
import { registerVisitor, signInRequired, signInVisitor, signOutVisitor, visitorOf } from './portal';
import type { ServedApp } from './serve';
import { publicSite } from './site';

const spec = specFor(['public-apps']);
const write = { bodyLimit: PUBLIC_APP_LIMITS.bodyBytes };

function servedOf(request: FastifyRequest): ServedApp {
  if (!request.publicApp) throw notFound();
  return request.publicApp;
}
const componentOf = (request: FastifyRequest) => (request as FastifyRequest<{ Params: { component: string } }>).params.component;

export const publicAppServedRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  host.addHook('onRequest', async (request, reply) => {
    servedOf(request);
    reply.header('cache-control', 'no-store');
  });
  /** A portal's record calls are for its signed-in visitors: the visitor, or null on a public page. */
  const requireVisitor = async (request: FastifyRequest, served: ServedApp) => {
    if (!served.portal) return null;
    const visitor = await visitorOf(db, request, served);
    if (!visitor) throw signInRequired();
    return visitor;
  };

  host.get(`${PUBLIC_APP_BASE}/site`, spec("The served app: its version's pages, the fields it may use, the portal's visitor", { response: replies({ 200: publicSiteSchema }) }), async (request) => {
    const served = servedOf(request);
    return publicSite(db, served, await visitorOf(db, request, served));
  });
  host.get(
    `${PUBLIC_APP_BASE}/records/:component`,
    spec("A page of a component's records, its public fields only, as the app's API user", { params: publicComponentParams, querystring: publicListQuery, response: replies({ 200: publicRecordListSchema }) }),
    async (request) => {
      const served = servedOf(request);
      const visitor = await requireVisitor(request, served);
      return listPublicRecords(db, served, visitor, componentOf(request), request.query as { offset?: string; limit?: string });
    },
  );
  host.post(
    `${PUBLIC_APP_BASE}/records/:component`,
    { ...spec('Create a record through its public fields, as the app\'s API user', { params: publicComponentParams, body: publicRecordBody, response: replies({ 200: publicRecordSchema }) }), ...write },
    async (request) => {
      const served = servedOf(request);
      const visitor = await requireVisitor(request, served);
      return createPublicRecord(db, served, visitor, componentOf(request), request.body);
    },
  );
  host.post(`${PUBLIC_APP_BASE}/portal/register`, { ...spec("Sign up to a portal (the visitor's own account) and sign in", { body: portalRegisterBody, response: replies({ 200: publicVisitorSchema }) }), ...write }, async (request, reply) =>
    registerVisitor(db, request, reply, servedOf(request)),
  );
  host.post(`${PUBLIC_APP_BASE}/portal/login`, { ...spec('Sign in to a portal', { body: portalLoginBody, response: replies({ 200: publicVisitorSchema }) }), ...write }, async (request, reply) =>
    signInVisitor(db, config, request, reply, servedOf(request)),
  );
  host.post(`${PUBLIC_APP_BASE}/portal/logout`, { ...spec('Sign out of a portal', { response: replies({ 200: emptySchema }) }), ...write }, async (request, reply) =>
    signOutVisitor(db, request, reply, servedOf(request)),
  );
};
