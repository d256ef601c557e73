// The transaction host (spec section 7 "Transaction host"; docs/billing.md): every path needs a
// session but the card provider's webhook, which carries its own signature.
import type { FastifyPluginAsync } from 'fastify';
import type { HostContext } from '../context';
import { routesContext } from '../context';
import { installSessionRequirement } from '../../auth/session-hook';
import { billingRoutes } from '../../billing/routes';
import { billingWebhookRoutes } from '../../billing/routes-webhook';

export const transactionHost: FastifyPluginAsync<HostContext> = async (host, context) => {
  installSessionRequirement(host, context);
  await host.register(billingRoutes, routesContext(context));
  await host.register(billingWebhookRoutes, routesContext(context));
};
