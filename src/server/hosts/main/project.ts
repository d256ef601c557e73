// GET /v1/project/list, /v1/project/info, /v1/project/users, /v1/project/{uuid}
import type { FastifyPluginAsync } from 'fastify';
import type { Project, ProjectUser } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { currentProject, getProject, listProjects, projectUsers } from '../../services/projects';
import { accountabilityOf } from '../session';

export const projectRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.get('/v1/project/list', async (request): Promise<Project[]> => listProjects(db, accountabilityOf(request)));

  host.get('/v1/project/info', async (request): Promise<Project> => currentProject(db, accountabilityOf(request)));

  host.get('/v1/project/users', async (request): Promise<ProjectUser[]> => projectUsers(db, accountabilityOf(request)));

  host.get<{ Params: { uuid: string } }>('/v1/project/:uuid', async (request): Promise<Project> => {
    return getProject(db, accountabilityOf(request), request.params.uuid);
  });
};
