// The card provider's webhook (POST /billing/webhook/card on the transaction host; docs/billing.md
// "Webhooks"): no session, the Stripe-Signature instead, checked against the raw body (this plugin
// reads JSON bodies as bytes, for its own route only).
import type { FastifyPluginAsync } from 'fastify';
import { BILLING_MESSAGE, webhookReplySchema } from '../../../runtime/api/billing';
import { replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { now } from '../platform/clock';
import { HttpError } from '../platform/errors';
import { parseEvent, verifySignature } from './card';
import { takeCardEvent } from './webhook';

const spec = specFor(['transaction']);
const WEBHOOK_BODY_BYTES = 256 * 1024;

export const billingWebhookRoutes: FastifyPluginAsync<ServerContext> = async (host, context) => {
  const { db, config } = context;
  host.removeAllContentTypeParsers();
  host.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_BYTES }, (_request, body, done) => done(null, body));
  host.post(
    '/billing/webhook/card',
    { ...spec("The card provider's signed events (Stripe-Signature); a replayed event changes nothing", { response: replies({ 200: webhookReplySchema }) }), config: { public: true } },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      verifySignature(config.billing.card, body, Array.isArray(signature) ? signature[0] : signature, now());
      const event = parseEvent(body);
      if (!event) throw new HttpError(400, BILLING_MESSAGE.signatureInvalid);
      const { duplicate } = await takeCardEvent(db, config.billing, event);
      return { received: true, duplicate };
    },
  );
};
