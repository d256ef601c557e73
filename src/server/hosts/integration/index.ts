// The integration host (spec section 7 "Integration host"; docs/integrations.md). Every path needs a
// session or an API user's bearer; the services judge bodies (417 with message keys, 404 for an id
// not in the catalogue). Feature routes under this prefix register below with one line each.
import type { FastifyPluginAsync } from 'fastify';
import {
  catalogueSchema,
  integrateBodySchema,
  integrationListSchema,
  integrationSchema,
  integrationUpdateBodySchema,
} from '../../../../runtime/api/integrations';
import { replies } from '../../../../runtime/api/schemas';
import type { ServerContext } from '../../context';
import { specFor } from '../../platform/contract';
import { exploreIntegrations, integrate, listIntegrations, updateIntegration } from '../../integrations/integrations';
import { accountabilityOf, installSessionRequirement } from '../../auth/session-hook';

const spec = specFor(['integration']);

export const integrationHost: FastifyPluginAsync<ServerContext> = async (host, context) => {
  installSessionRequirement(host, context);
  const { db } = context;

  host.get('/integrations', spec("The project's installed integrations (any member)", { response: replies({ 200: integrationListSchema }) }), async (request) =>
    listIntegrations(db, accountabilityOf(request)),
  );
  host.get('/integrations/explore', spec('The catalogue with each entry\'s state in the project (any member)', { response: replies({ 200: catalogueSchema }) }), async (request) =>
    exploreIntegrations(db, accountabilityOf(request)),
  );
  host.post('/integrate', spec("Install or activate integration {id} (admins or 'settings {id}')", { body: integrateBodySchema, response: replies({ 200: integrationSchema }) }), async (request) =>
    integrate(db, accountabilityOf(request), request.body),
  );
  host.put(
    '/integrate',
    spec("Change integration {id}: disabled, onboarded, settings (admins or 'settings {id}')", { body: integrationUpdateBodySchema, response: replies({ 200: integrationSchema }) }),
    async (request) => updateIntegration(db, accountabilityOf(request), request.body),
  );
  await host.register(import('../../documents/routes'), { ...context, prefix: '' });
};
