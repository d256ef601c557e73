// GET /v1/project/list, /v1/project/info, /v1/project/users, /v1/project/{uuid};
// POST /v1/project, PUT /v1/project/{uuid}, POST /v1/project/{uuid}/transfer and /leave.
import type { FastifyPluginAsync } from 'fastify';
import type { Project, ProjectUser } from '../../../runtime/api/contract';
import { arrayOf, emptySchema, nameBody, projectLeaveBody, projectResponse, projectTransferBody, projectUserSchema, replies, uuidParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { createProject, currentProject, getProject, leaveProject, listProjects, projectUsers, transferProject, updateProject } from './projects';
import { accountabilityOf } from '../auth/session-hook';

const TAGS = ['project'];

export const projectRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  host.get('/v1/project/list', { schema: { tags: TAGS, summary: 'The caller\'s projects', response: replies({ 200: arrayOf(projectResponse) }) } }, async (request): Promise<Project[]> => listProjects(db, accountabilityOf(request)));

  host.get('/v1/project/info', { schema: { tags: TAGS, summary: 'The current project', response: replies({ 200: projectResponse }) } }, async (request): Promise<Project> => currentProject(db, accountabilityOf(request)));

  host.get('/v1/project/users', { schema: { tags: TAGS, summary: 'The current project\'s people', response: replies({ 200: arrayOf(projectUserSchema) }) } }, async (request): Promise<ProjectUser[]> => projectUsers(db, accountabilityOf(request)));

  host.get('/v1/project/:uuid', { schema: { tags: TAGS, summary: 'One project of the caller', params: uuidParams, response: replies({ 200: projectResponse }) } }, async (request): Promise<Project> => {
    return getProject(db, accountabilityOf(request), request.params.uuid);
  });

  // Any signed-in person, also one with no project yet (project_uuid null).
  host.post('/v1/project', { schema: { tags: TAGS, summary: 'Create a project (the caller owns it)', body: nameBody, response: replies({ 200: projectResponse }) } }, async (request): Promise<Project> => createProject(db, accountabilityOf(request), request.body));

  host.put('/v1/project/:uuid', { schema: { tags: TAGS, summary: 'Rename a project (admins)', params: uuidParams, body: nameBody, response: replies({ 200: projectResponse }) } }, async (request): Promise<Project> => {
    return updateProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });

  host.post('/v1/project/:uuid/transfer', { schema: { tags: TAGS, summary: 'Give the project to another member (owner only)', params: uuidParams, body: projectTransferBody, response: replies({ 200: projectResponse }) } }, async (request): Promise<Project> => {
    return transferProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });

  host.post('/v1/project/:uuid/leave', { schema: { tags: TAGS, summary: 'Leave a project', params: uuidParams, body: projectLeaveBody, response: replies({ 200: emptySchema }) } }, async (request): Promise<Record<string, never>> => {
    return leaveProject(db, accountabilityOf(request), request.params.uuid, request.body);
  });
};
