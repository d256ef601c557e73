// The template calls of docs/templates.md (main host, admins only): the catalogue, one template,
// install into a workspace and uninstall from it.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { replies } from '../../../runtime/api/schemas';
import { HEADER } from '../../../runtime/api/contract';
import { templateCatalogueSchema, templateInstallBodySchema, templateInstallResultSchema, templateParams, templateSchema } from '../../../runtime/api/templates';
import { callerLimit } from '../billing/limits';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { accountabilityOf } from '../auth/session-hook';
import { catalogue, installTemplate, readTemplate, uninstallTemplate } from './install';

const spec = specFor(['templates']);
const BASE = '/v3/system/template';

type WithId = FastifyRequest<{ Params: { id: string }; Body: { workspace: string } }>;

export const templateRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  const options = async (request: FastifyRequest) => {
    const locale = request.headers[HEADER.acceptLanguage];
    return { locale: Array.isArray(locale) ? locale[0] : locale, sparkLimit: await callerLimit(db, accountabilityOf(request).project_uuid, config, 'sparks') };
  };
  host.get(BASE, spec('The template catalogue, and which template each workspace holds (admins)', { response: replies({ 200: templateCatalogueSchema }) }), async (request) =>
    catalogue(db, accountabilityOf(request)),
  );
  host.get(`${BASE}/:id`, spec('One template: what it contains, where it is installed (admins)', { params: templateParams, response: replies({ 200: templateSchema }) }), async (request) =>
    readTemplate(db, accountabilityOf(request), (request as WithId).params.id),
  );
  host.post(
    `${BASE}/:id/install`,
    spec('Install a template into a workspace, in one transaction; one template per workspace (admins)', { params: templateParams, body: templateInstallBodySchema, response: replies({ 200: templateInstallResultSchema }) }),
    async (request) => installTemplate(db, accountabilityOf(request), (request as WithId).params.id, (request as WithId).body, await options(request)),
  );
  host.post(
    `${BASE}/:id/uninstall`,
    spec('Remove what the template installed in a workspace, and nothing else (admins)', { params: templateParams, body: templateInstallBodySchema, response: replies({ 200: templateInstallResultSchema }) }),
    async (request) => uninstallTemplate(db, accountabilityOf(request), (request as WithId).params.id, (request as WithId).body, await options(request)),
  );
};
