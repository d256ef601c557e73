// The main host (/api): auth, user, project, config, component and record routes of spec section 7.
import type { FastifyPluginAsync } from 'fastify';
import { HOST_PREFIX } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { installSessionRequirement } from '../session';
import { authRoutes } from './auth';
import { componentRoutes } from './components';
import { configRoutes } from './config';
import { functionRoutes } from './functions';
import { environmentRoutes } from './environment';
import { eventRoutes, installIamChangeSignal } from './events';
import { iamRoutes } from './iam';
import { inviteRoutes } from './invite';
import { projectRoutes } from './project';
import { recordRoutes } from './records';
import { recordListRoutes } from './record-list';
import { userRoutes } from './user';
import { workspaceRoutes } from './workspace';

export const mainHost: FastifyPluginAsync<ServerContext> = async (host, context) => {
  installSessionRequirement(host, context);
  installIamChangeSignal(host, context, HOST_PREFIX.main);
  const routes: ServerContext = { db: context.db, config: context.config, mailer: context.mailer, jobs: context.jobs, bus: context.bus };
  await host.register(authRoutes, routes);
  await host.register(userRoutes, routes);
  await host.register(projectRoutes, routes);
  await host.register(iamRoutes, routes);
  await host.register(inviteRoutes, routes);
  await host.register(workspaceRoutes, routes);
  await host.register(configRoutes, routes);
  await host.register(environmentRoutes, routes);
  await host.register(componentRoutes, routes);
  await host.register(recordListRoutes, routes);
  await host.register(recordRoutes, routes);
  await host.register(functionRoutes, routes);
  await host.register(eventRoutes, routes);
  await host.register((await import('./record-import')).recordImportRoutes, routes);
  await host.register((await import('./user-code')).userCodeRoutes, routes);
};
