// The ratchet host (spec section 7 "Common": base path /ratchet, 15 s timeout; here /api/ratchet like
// every host): every path needs a session or an API user's bearer; the calls are ratchet's (admins).
import type { FastifyPluginAsync } from 'fastify';
import { installSessionRequirement } from '../../auth/session-hook';
import { ratchetRoutes } from '../../ratchet/routes';
import { routesContext, type HostContext } from '../context';

export const ratchetHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  await host.register(ratchetRoutes, routesContext(context));
};
