// The spark host (spec section 7 "Spark host", docs/user-code.md "Sparks"): every path needs a
// session or an API user's bearer; the routes are the sparks capability's.
import type { FastifyPluginAsync } from 'fastify';
import { installSessionRequirement } from '../../auth/session-hook';
import { sparkRoutes } from '../../sparks/routes';
import { routesContext, type HostContext } from '../context';

export const sparkHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  await host.register(sparkRoutes, routesContext(context));
};
