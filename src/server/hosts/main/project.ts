// GET /v1/project/list, /v1/project/info, /v1/project/users, /v1/project/{uuid};
// POST /v1/project, PUT /v1/project/{uuid}, POST /v1/project/{uuid}/transfer and /leave.
import type { FastifyPluginAsync } from 'fastify';
import type { Project, ProjectUser } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { createProject, currentProject, getProject, leaveProject, listProjects, projectUsers, transferProject, updateProject } from '../../services/projects';
import { accountabilityOf } from '../session';

export const projectRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.get('/v1/project/list', async (request): Promise<Project[]> => listProjects(db, accountabilityOf(request)));

  host.get('/v1/project/info', async (request): Promise<Project> => currentProject(db, accountabilityOf(request)));

  host.get('/v1/project/users', async (request): Promise<ProjectUser[]> => projectUsers(db, accountabilityOf(request)));

  host.get<{ Params: { uuid: string } }>('/v1/project/:uuid', async (request): Promise<Project> => {
    return getProject(db, accountabilityOf(request), request.params.uuid);
  });

  // Any signed-in person, also one with no project yet (project_uuid null).
  host.post('/v1/project', async (request): Promise<Project> => createProject(db, accountabilityOf(request), request.body));

  host.put<{ Params: { uuid: string } }>('/v1/project/:uuid', async (request): Promise<Project> => {
    return updateProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });

  host.post<{ Params: { uuid: string } }>('/v1/project/:uuid/transfer', async (request): Promise<Project> => {
    return transferProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });

  host.post<{ Params: { uuid: string } }>('/v1/project/:uuid/leave', async (request): Promise<Record<string, never>> => {
    return leaveProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });
};
