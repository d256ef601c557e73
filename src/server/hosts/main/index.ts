// The main host (/api): auth, user, project, config, component, record and widget routes of spec section 7.
import type { FastifyPluginAsync } from 'fastify';
import { HOST_PREFIX } from '../../../../runtime/api/contract';
import { routesContext, type HostContext } from '../context';
import { installSessionRequirement } from '../../auth/session-hook';
import { apiLogRoutes } from '../../scout/routes';
import { appRoutes } from '../../apps/routes';
import { authRoutes } from '../../auth/routes';
import { componentRoutes } from '../../components/routes';
import { componentPermissions } from '../../components/permissions';
import { configRoutes } from '../../projects/routes-config';
import { functionRoutes } from '../../functions/routes';
import { environmentRoutes } from '../../usercode/routes-variables';
import { eventRoutes, installIamChangeSignal } from '../../events/routes';
import { integrationPermissions } from '../../integrations/permissions';
import type { PermissionProvider } from '../../iam/permissions';
import { iamRoutes } from '../../iam/routes';
import { inviteRoutes } from '../../iam/routes-invite';
import { userRoleRoutes } from '../../iam/routes-user';
import { projectRoutes } from '../../projects/routes';
import { recordRoutes } from '../../records/routes';
import { recordListRoutes } from '../../records/routes-list';
import { recordIndexRoutes } from '../../records/routes-indexes';
import { userRoutes } from '../../auth/routes-user';
import { workspaceRoutes } from '../../iam/routes-workspace';
import { widgetRoutes } from '../../widgets/routes';
import { snapshotRoutes } from '../../snapshots/routes';

/** The permissions roles may hold: each capability's that grants some (iam/permissions.ts), in this order. */
const PERMISSION_PROVIDERS: readonly PermissionProvider[] = [integrationPermissions, componentPermissions];

export const mainHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  installIamChangeSignal(host, context, HOST_PREFIX.main);
  const routes = routesContext(context);
  const iam = { ...routes, permissions: PERMISSION_PROVIDERS };
  await host.register(authRoutes, routes);
  await host.register(userRoutes, routes);
  await host.register(userRoleRoutes, iam);
  await host.register(projectRoutes, routes);
  await host.register(iamRoutes, iam);
  await host.register(inviteRoutes, routes);
  await host.register(workspaceRoutes, routes);
  await host.register(configRoutes, routes);
  await host.register(environmentRoutes, routes);
  await host.register(componentRoutes, routes);
  await host.register(recordListRoutes, routes);
  await host.register(recordIndexRoutes, routes);
  await host.register(recordRoutes, routes);
  await host.register(functionRoutes, routes);
  await host.register(eventRoutes, routes);
  await host.register(apiLogRoutes, routes);
  await host.register(appRoutes, routes);
  await host.register((await import('../../records/routes-import')).recordImportRoutes, routes);
  await host.register((await import('../../functions/routes-actions')).actionAndRouteRoutes, routes);
  await host.register(widgetRoutes, routes);
  await host.register(snapshotRoutes, routes);
};
