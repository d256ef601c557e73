// GET /v1/workspace/list, POST /v1/workspace, GET and PUT /v1/workspace/{uuid}: the workspaces of
// the current project, for its admins (docs/iam.md "Projects and workspaces").
import type { FastifyPluginAsync } from 'fastify';
import type { WorkspaceItem } from '../../../runtime/api/iam';
import { arrayOf, nameBody, replies, uuidParams, workspaceItemSchema } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { requireAdmin } from './access';
import { createWorkspace, editWorkspace, getWorkspace, workspaceItems } from './workspaces';
import { accountabilityOf } from '../auth/session-hook';

const TAGS = ['project'];

export const workspaceRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db }) => {
  const host = typed(plugin);
  host.addHook('onRequest', async (request) => {
    requireAdmin(accountabilityOf(request));
  });

  host.get('/v1/workspace/list', { schema: { tags: TAGS, summary: 'The project\'s workspaces', response: replies({ 200: arrayOf(workspaceItemSchema) }) } }, async (request): Promise<WorkspaceItem[]> => workspaceItems(db, accountabilityOf(request)));
  host.post('/v1/workspace', { schema: { tags: TAGS, summary: 'Create a workspace (dev and live)', body: nameBody, response: replies({ 200: workspaceItemSchema }) } }, async (request): Promise<WorkspaceItem> => createWorkspace(db, accountabilityOf(request), request.body));
  host.get('/v1/workspace/:uuid', { schema: { tags: TAGS, summary: 'One workspace', params: uuidParams, response: replies({ 200: workspaceItemSchema }) } }, async (request): Promise<WorkspaceItem> => getWorkspace(db, accountabilityOf(request), request.params.uuid));
  host.put('/v1/workspace/:uuid', { schema: { tags: TAGS, summary: 'Rename a workspace', params: uuidParams, body: nameBody, response: replies({ 200: workspaceItemSchema }) } }, async (request): Promise<WorkspaceItem> => editWorkspace(db, accountabilityOf(request), request.params.uuid, request.body));
};
