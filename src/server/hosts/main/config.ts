// POST /v1/config/get; GET /v1/config/; GET /v1/config/user[?path=]; PUT /v1/config/user
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigEntry } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { getProjectConfig, getUserConfig, listProjectConfigEntries, putUserConfig } from '../../services/config';
import { accountabilityOf } from '../session';

export const configRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.post('/v1/config/get', async (request): Promise<ConfigEntry> => getProjectConfig(db, accountabilityOf(request), request.body));

  const listProject = async (request: Parameters<typeof accountabilityOf>[0]): Promise<ConfigEntry[]> =>
    listProjectConfigEntries(db, accountabilityOf(request));
  host.get('/v1/config/', listProject);
  host.get('/v1/config', listProject);

  host.get<{ Querystring: { path?: unknown } }>('/v1/config/user', async (request) => {
    return getUserConfig(db, accountabilityOf(request), request.query.path);
  });

  host.put('/v1/config/user', async (request): Promise<ConfigEntry> => putUserConfig(db, accountabilityOf(request), request.body));
};
