// POST /v1/config/get; GET /v1/config/; PUT /v1/config/ (admins); GET /v1/config/user[?path=];
// PUT /v1/config/user; and GET /v1/system/resources (resources.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigEntry } from '../../../runtime/api/contract';
import { arrayOf, configEntrySchema, configGetBody, configPutBody, configUserQuery, replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { getProjectConfig, getUserConfig, listProjectConfigEntries, putProjectConfig, putUserConfig } from './config';
import { projectResources } from './resources';
import { projectResourcesSchema } from '../../../runtime/api/resources';
import { accountabilityOf } from '../auth/session-hook';

const TAGS = ['config'];

export const configRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config }) => {
  const host = typed(plugin);
  host.post('/v1/config/get', { schema: { tags: TAGS, summary: 'One project config entry by path', body: configGetBody, response: replies({ 200: configEntrySchema }) } }, async (request): Promise<ConfigEntry> => getProjectConfig(db, accountabilityOf(request), request.body));

  const listProject = async (request: Parameters<typeof accountabilityOf>[0]): Promise<ConfigEntry[]> =>
    listProjectConfigEntries(db, accountabilityOf(request));
  const listSpec = { schema: { tags: TAGS, summary: 'The project\'s config entries', response: replies({ 200: arrayOf(configEntrySchema) }) } } as const;
  host.get('/v1/config/', listSpec, listProject);
  host.get('/v1/config', listSpec, listProject);

  const putProject = async (request: { body: Record<string, unknown> } & Parameters<typeof accountabilityOf>[0]): Promise<ConfigEntry> => putProjectConfig(db, accountabilityOf(request), request.body);
  const putSpec = { schema: { tags: TAGS, summary: 'Write one of the project\'s config entries (admins)', body: configPutBody, response: replies({ 200: configEntrySchema }) } } as const;
  host.put('/v1/config/', putSpec, putProject);
  host.put('/v1/config', putSpec, putProject);

  host.get('/v1/system/resources', { schema: { tags: ['system'], summary: 'What the project holds and the limits it counts against (admins)', response: replies({ 200: projectResourcesSchema }) } }, async (request) =>
    projectResources(db, accountabilityOf(request), config),
  );

  host.get(
    '/v1/config/user',
    { schema: { tags: TAGS, summary: 'The caller\'s config entries, or one by path', querystring: configUserQuery, response: replies({ 200: { anyOf: [configEntrySchema, arrayOf(configEntrySchema)] } }) } },
    async (request) => {
    return getUserConfig(db, accountabilityOf(request), request.query.path);
  });

  host.put('/v1/config/user', { schema: { tags: TAGS, summary: 'Write one of the caller\'s config entries', body: configPutBody, response: replies({ 200: configEntrySchema }) } }, async (request): Promise<ConfigEntry> => putUserConfig(db, accountabilityOf(request), request.body));
};
