// The workflow host (spec section 7, docs/workflows.md "API"): every path needs a session or an API
// user's bearer; the routes are the workflows capability's.
import type { FastifyPluginAsync } from 'fastify';
import { installSessionRequirement } from '../../auth/session-hook';
import { workflowRoutes } from '../../workflows/routes';
import { routesContext, type HostContext } from '../context';

export const workflowHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  await host.register(workflowRoutes, routesContext(context));
};
