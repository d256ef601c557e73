// The transaction host (spec section 7). No routes yet: every path needs a session and then answers
// 404 JSON. Routes arrive with their feature; nothing answers a fake success.
import type { FastifyPluginAsync } from 'fastify';
import type { HostContext } from '../context';
import { installSessionRequirement } from '../../auth/session-hook';

export const transactionHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
};
