// The caller's roles and permissions under /v1/user: GET /v1/user/role/permissions, /role/list and
// /permissions/list (the rest of /v1/user is the caller's own account: auth/routes-user.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { RolePermissions, RoleSummary } from '../../../runtime/api/contract';
import { arrayOf, replies, rolePermissionsResponse, roleSummarySchema, stringListSchema } from '../../../runtime/api/schemas';
import { typed } from '../platform/contract';
import { requireProject } from '../auth/tenancy';
import { accountabilityOf } from '../auth/session-hook';
import { permissionListOf, rolePermissions, type PermissionsContext } from './permissions';
import { nonAdminRolesOfProject } from './roles-sql';

const TAGS = ['user'];
const get = <const R extends JSONSchema>(summary: string, response: R) => ({ schema: { tags: TAGS, summary, response: replies({ 200: response }) } }) as const;

export const userRoleRoutes: FastifyPluginAsync<PermissionsContext> = async (plugin, { db, permissions }) => {
  const host = typed(plugin);

  host.get('/v1/user/role/permissions', get('The caller\'s permissions and roles', rolePermissionsResponse), async (request): Promise<RolePermissions> => rolePermissions(accountabilityOf(request)));

  host.get('/v1/user/role/list', get('The project\'s non-admin roles', arrayOf(roleSummarySchema)), async (request): Promise<RoleSummary[]> => {
    return nonAdminRolesOfProject(db, requireProject(accountabilityOf(request)));
  });

  host.get(
    '/v1/user/permissions/list',
    get('The permission strings assignable in the project: all of them for an admin, only those held for anyone else', stringListSchema),
    async (request): Promise<string[]> => permissionListOf(db, accountabilityOf(request), permissions),
  );
};
