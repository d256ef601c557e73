// The app calls and the gateway's app lists (docs/apps.md; spec section 7). Bodies are judged by the
// services (417 with message keys); unknown top-level keys are refused by the schemas (400).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  appCreateBody,
  appDefinitionBody,
  appForkBody,
  appIdParams,
  appListSchema,
  appOnboardingBody,
  appPatchBody,
  appPublishBody,
  appReadQuery,
  appSchema,
  appVersionBody,
  appVersionParams,
  appWithDefinitionSchema,
  gatewayAppListSchema,
} from '../../../runtime/api/apps';
import { emptySchema, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { createApp, listApps, readApp, removeApp, setOnboarding, updateApp } from './apps';
import { workspaceApps, allApps } from './gateway';
import { forkAppVersion, publishAppVersion, removeAppVersion, saveDefinition } from './versions';

const BASE = '/v3/system/app';
const GATEWAY = '/v3/system/gateway/app-service/app';
const spec = specFor(['apps']);

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
const idOf = (request: FastifyRequest) => (request as IdRequest).params.id;

export const appRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.post(BASE, spec('Create an app (admins): v1, empty, on dev', { body: appCreateBody, response: replies({ 200: appWithDefinitionSchema }) }), async (request) =>
    createApp(db, accountabilityOf(request), request.body),
  );
  host.get(BASE, spec("The project's apps (admins)", { response: replies({ 200: appListSchema }) }), async (request) => listApps(db, accountabilityOf(request)));
  host.get(`${BASE}/:id`, spec('An app with the definition of a version', { params: appIdParams, querystring: appReadQuery, response: replies({ 200: appWithDefinitionSchema }) }), async (request) =>
    readApp(db, accountabilityOf(request), idOf(request), (request.query as { version?: string }).version),
  );
  host.patch(`${BASE}/:id`, spec("Change an app's name, label, icon, onboarding or workspaces (admins)", { params: appIdParams, body: appPatchBody, response: replies({ 200: appSchema }) }), async (request) =>
    updateApp(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.delete(`${BASE}/:id`, spec('Remove an app (admins)', { params: appIdParams, response: replies({ 200: emptySchema }) }), async (request) =>
    removeApp(db, accountabilityOf(request), idOf(request)),
  );
  host.put(
    `${BASE}/:id/definition/:version`,
    spec("Save a version's pages and menu (admins; not the live version)", { params: appVersionParams, body: appDefinitionBody, response: replies({ 200: appWithDefinitionSchema }) }),
    async (request) => {
      const { id, version } = (request as FastifyRequest<{ Params: { id: string; version: string } }>).params;
      return saveDefinition(db, accountabilityOf(request), id, version, request.body);
    },
  );
  host.post(`${BASE}/:id/version/fork`, spec('Fork a version (admins)', { params: appIdParams, body: appForkBody, response: replies({ 200: appWithDefinitionSchema }) }), async (request) =>
    forkAppVersion(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.post(`${BASE}/:id/version/remove`, spec('Remove a version no environment shows (admins)', { params: appIdParams, body: appVersionBody, response: replies({ 200: appSchema }) }), async (request) =>
    removeAppVersion(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.post(`${BASE}/:id/version/publish`, spec('Deploy a version to dev or live (admins)', { params: appIdParams, body: appPublishBody, response: replies({ 200: appSchema }) }), async (request) =>
    publishAppVersion(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.put(`${BASE}/:id/onboarding`, spec("Mark an app's onboarding finished or not (admins)", { params: appIdParams, body: appOnboardingBody, response: replies({ 200: appSchema }) }), async (request) =>
    setOnboarding(db, accountabilityOf(request), idOf(request), request.body),
  );
  host.get(`${GATEWAY}/workspace`, spec("The apps of the caller's workspace its environment shows", { response: replies({ 200: gatewayAppListSchema }) }), async (request) =>
    workspaceApps(db, accountabilityOf(request)),
  );
  host.get(`${GATEWAY}/all`, spec("The project's apps the caller's environment shows", { response: replies({ 200: gatewayAppListSchema }) }), async (request) =>
    allApps(db, accountabilityOf(request)),
  );
};
