// The integration host's own routes (spec section 7 "Integration host"; docs/integrations.md; mounted by
// hosts/integration behind its session hook): the catalogue and each integration's state, and
// luma-invoicing's VAT lookup. The services judge bodies (417 with message keys, 404 for an id not in
// the catalogue).
import type { FastifyPluginAsync } from 'fastify';
import {
  catalogueSchema,
  INVOICING_INTEGRATION_ID,
  integrateBodySchema,
  integrationListSchema,
  integrationSchema,
  integrationUpdateBodySchema,
  nbsCompanySchema,
  nbsSearchQuerySchema,
} from '../../../runtime/api/integrations';
import { replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { exploreIntegrations, integrate, listIntegrations, updateIntegration } from './integrations';
import { searchCompany } from './nbs';
import { requireIntegrationPermission } from './permissions';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['integration']);

export const integrationRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  host.get('/integrations', spec("The project's installed integrations (any member)", { response: replies({ 200: integrationListSchema }) }), async (request) =>
    listIntegrations(db, accountabilityOf(request), config),
  );
  host.get('/integrations/explore', spec('The catalogue with each entry\'s state in the project (any member)', { response: replies({ 200: catalogueSchema }) }), async (request) =>
    exploreIntegrations(db, accountabilityOf(request), config),
  );
  host.post(
    '/integrate',
    spec("Install or activate integration {id}; a paid one's first install takes its activation_code (admins or 'settings {id}')", { body: integrateBodySchema, response: replies({ 200: integrationSchema }) }),
    async (request) => integrate(db, accountabilityOf(request), request.body, config),
  );
  host.put(
    '/integrate',
    spec("Change integration {id}: disabled, onboarded, settings (admins or 'settings {id}')", { body: integrationUpdateBodySchema, response: replies({ 200: integrationSchema }) }),
    async (request) => updateIntegration(db, accountabilityOf(request), request.body, config),
  );
  host.get(
    '/invoicing/services/nbs/search',
    spec("The company a Serbian VAT number (9 digits) names: mb, name, address, place ('use luma-invoicing')", { querystring: nbsSearchQuerySchema, response: replies({ 200: nbsCompanySchema }) }),
    async (request) => {
      await requireIntegrationPermission(db, accountabilityOf(request), 'use', INVOICING_INTEGRATION_ID);
      return searchCompany(config.nbsUrl, (request.query as { vatNumber?: unknown }).vatNumber);
    },
  );
};
