// GET /v1/user/claims, /role/permissions, /role/list, /permissions/list, /model; POST /v1/user/profile/edit
import type { FastifyPluginAsync } from 'fastify';
import type { Claims, RolePermissions, RoleSummary, UserModel } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { nonAdminRolesOfProject } from '../../db/queries/tenancy';
import { assignablePermissions, rolePermissions } from '../../services/permissions';
import { requireProject } from '../../services/tenancy';
import { editProfile, toUserModel } from '../../services/users';
import { accountabilityOf } from '../session';

export const userRoutes: FastifyPluginAsync<ServerContext> = async (host, { db }) => {
  host.get('/v1/user/claims', async (request): Promise<Claims> => {
    const accountability = accountabilityOf(request);
    return { ProjectUUID: accountability.project_uuid, IsAdmin: accountability.is_admin };
  });

  host.get('/v1/user/role/permissions', async (request): Promise<RolePermissions> => rolePermissions(accountabilityOf(request)));

  host.get('/v1/user/role/list', async (request): Promise<RoleSummary[]> => {
    return nonAdminRolesOfProject(db, requireProject(accountabilityOf(request)));
  });

  host.get('/v1/user/permissions/list', async (request): Promise<string[]> => {
    const accountability = accountabilityOf(request);
    return assignablePermissions({ db, projectUuid: requireProject(accountability), workspaceUuid: accountability.workspace_uuid });
  });

  host.get('/v1/user/model', async (request): Promise<UserModel> => {
    const accountability = accountabilityOf(request);
    return toUserModel(accountability.user, accountability);
  });

  host.post('/v1/user/profile/edit', async (request): Promise<UserModel> => editProfile(db, accountabilityOf(request), request.body));
};
