// The integration host (spec section 7 "Integration host"; docs/integrations.md): every path needs a
// session or an API user's bearer. The integrations' own routes, then each feature's routes under this
// prefix with one line each.
import type { FastifyPluginAsync } from 'fastify';
import { installSessionRequirement } from '../../auth/session-hook';
import { integrationRoutes } from '../../integrations/routes';
import { satelliteRoutes } from '../../satellites/routes';
import { routesContext, type HostContext } from '../context';

export const integrationHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  await host.register(integrationRoutes, routesContext(context));
  await host.register(import('../../documents/routes'), routesContext(context));
  await host.register(satelliteRoutes, routesContext(context));
};
