// GET /v1/workspace/list, POST /v1/workspace, GET and PUT /v1/workspace/{uuid}: the workspaces of
// the current project, for its admins (docs/iam.md "Projects and workspaces").
import type { FastifyPluginAsync } from 'fastify';
import type { WorkspaceItem } from '../../../../runtime/api/iam';
import type { ServerContext } from '../../context';
import { requireAdmin } from '../../services/iam-access';
import { createWorkspace, editWorkspace, getWorkspace, workspaceItems } from '../../services/iam-workspaces';
import { accountabilityOf } from '../session';

type Id = { Params: { uuid: string } };

export const workspaceRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.addHook('onRequest', async (request) => {
    requireAdmin(accountabilityOf(request));
  });

  host.get('/v1/workspace/list', async (request): Promise<WorkspaceItem[]> => workspaceItems(db, accountabilityOf(request)));
  host.post('/v1/workspace', async (request): Promise<WorkspaceItem> => createWorkspace(db, accountabilityOf(request), request.body));
  host.get<Id>('/v1/workspace/:uuid', async (request): Promise<WorkspaceItem> => getWorkspace(db, accountabilityOf(request), request.params.uuid));
  host.put<Id>('/v1/workspace/:uuid', async (request): Promise<WorkspaceItem> => editWorkspace(db, accountabilityOf(request), request.params.uuid, request.body));
};
