// The public app calls and the gateway's public-app lists (docs/public-apps.md; spec section 7), on
// the main host with a session. Bodies are judged by the services (417 with message keys); unknown
// top-level keys are refused by the schemas (400).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { appIdParams } from '../../../runtime/api/apps';
import {
  gatewayPublicAppListSchema,
  publicAppCreateBody,
  publicAppListSchema,
  publicAppOnboardingListSchema,
  publicAppPatchBody,
  publicAppSchema,
} from '../../../runtime/api/public-apps';
import { replies } from '../../../runtime/api/schemas';
import { callerLimit } from '../billing/limits';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { allPublicApps, publicAppsOnboarding } from './gateway';
import { createPublicApp, listPublicApps, readPublicApp, updatePublicApp } from './public-apps';

const BASE = '/v3/system/public-app';
const GATEWAY = '/v3/system/gateway/app-service/public-app';
const spec = specFor(['public-apps']);
const idOf = (request: FastifyRequest) => (request as FastifyRequest<{ Params: { id: string } }>).params.id;

export const publicAppRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  host.post(BASE, spec('Create a public app (admins): v1, empty, on dev; its hostnames, API user and portal flag', { body: publicAppCreateBody, response: replies({ 200: publicAppSchema }) }), async (request) =>
    createPublicApp(db, { ...config, publicAppLimit: await callerLimit(db, accountabilityOf(request).project_uuid, config, 'public_apps') }, accountabilityOf(request), request.body),
  );
  host.get(BASE, spec("The project's public apps (admins)", { response: replies({ 200: publicAppListSchema }) }), async (request) => listPublicApps(db, accountabilityOf(request)));
  host.get(`${BASE}/:id`, spec('A public app with its hostnames and settings (admins)', { params: appIdParams, response: replies({ 200: publicAppSchema }) }), async (request) =>
    readPublicApp(db, accountabilityOf(request), idOf(request)),
  );
  host.patch(`${BASE}/:id`, spec("Change a public app's hostnames, API user, portal flag, name, label or icon (admins)", { params: appIdParams, body: publicAppPatchBody, response: replies({ 200: publicAppSchema }) }), async (request) =>
    updatePublicApp(db, config, accountabilityOf(request), idOf(request), request.body),
  );
  host.get(`${GATEWAY}/all`, spec("The project's public apps the caller's environment serves, with their hostnames", { response: replies({ 200: gatewayPublicAppListSchema }) }), async (request) =>
    allPublicApps(db, accountabilityOf(request)),
  );
  host.get(`${GATEWAY}/onboarding`, spec("The project's public apps' onboarding states", { response: replies({ 200: publicAppOnboardingListSchema }) }), async (request) =>
    publicAppsOnboarding(db, accountabilityOf(request)),
  );
};
