// The card provider (docs/billing.md "Card provider"): a hosted-checkout API in Stripe Checkout's wire
// format, spoken with fetch (no SDK): POST {endpoint}/v1/checkout/sessions, form-encoded, Bearer key;
// the answer's url is where the payer goes. Webhooks carry Stripe-Signature: t=<unix seconds>,
// v1=<hex HMAC-SHA256 of "t.body" with the webhook secret>, accepted within the tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BILLING_MESSAGE, type PaymentState } from '../../../runtime/api/billing';
import { HOST_TIMEOUT_MS } from '../../../runtime/api/contract';
import { HttpError } from '../platform/errors';
import type { CheckoutProvider, CheckoutStart } from './providers';
import type { BillingConfig } from '../platform/config-billing';

/** The session's form fields in Stripe's bracket notation. */
export function sessionForm(given: CheckoutStart): URLSearchParams {
  const { subscription, price } = given;
  const form = new URLSearchParams({
    mode: 'payment',
    client_reference_id: subscription.uuid,
    success_url: `${given.origin}/checkout/thankyou?subscription=${subscription.uuid}`,
    cancel_url: `${given.origin}/checkout?cancelled=${subscription.uuid}`,
    locale: given.lang.startsWith('sr') ? 'auto' : 'en',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': price.currency.toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(price.amount),
    'line_items[0][price_data][product_data][name]': price.name,
    'metadata[subscription]': subscription.uuid,
    'payment_intent_data[metadata][subscription]': subscription.uuid,
  });
  if (given.email) form.set('customer_email', given.email);
  return form;
}

export const cardProvider: CheckoutProvider = {
  method: 'card',
  configured: (config) => config.card.secretKey !== null && config.card.webhookSecret !== null,
  async start(config, given) {
    let answer: Response;
    try {
      answer = await fetch(`${config.card.endpoint}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.card.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': given.subscription.uuid },
        body: sessionForm(given),
        signal: AbortSignal.timeout(HOST_TIMEOUT_MS.transaction),
        redirect: 'error',
      });
    } catch {
      throw new HttpError(502, BILLING_MESSAGE.failedToCheckout);
    }
    const session = (await answer.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
    if (!answer.ok || typeof session?.id !== 'string' || typeof session.url !== 'string' || !/^https?:\/\//.test(session.url)) {
      throw new HttpError(502, BILLING_MESSAGE.failedToCheckout);
    }
    return { url: session.url, providerReference: session.id };
  },
};

/** Checks a webhook's Stripe-Signature against its raw body; 400 webhookSignatureInvalid otherwise. */
export function verifySignature(config: BillingConfig['card'], body: Buffer, header: string | undefined, nowMs: number): void {
  const invalid = () => new HttpError(400, BILLING_MESSAGE.signatureInvalid);
  if (!config.webhookSecret || !header) throw invalid();
  const parts = header.split(',').map((part) => part.split('=') as [string, string?]);
  const time = Number(parts.find(([key]) => key.trim() === 't')?.[1]);
  const signatures = parts.filter(([key]) => key.trim() === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(time) || signatures.length === 0) throw invalid();
  if (Math.abs(nowMs / 1000 - time) > config.toleranceSeconds) throw invalid();
  const expected = createHmac('sha256', config.webhookSecret).update(`${time}.`).update(body).digest();
  const matches = signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid();
}

export interface CardEvent {
  id: string;
  type: string;
  created: number;
  object: { id?: string; payment_status?: string; metadata?: Record<string, string>; client_reference_id?: string };
}

/** The state an event of the card provider means, or null for one that moves nothing. */
export function stateOfEvent(event: CardEvent): PaymentState | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.object.payment_status === 'unpaid' ? 'in_process' : 'subscribed';
    case 'checkout.session.async_payment_succeeded':
    case 'payment_intent.succeeded':
      return 'subscribed';
    case 'checkout.session.async_payment_failed':
    case 'payment_intent.payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    case 'payment_intent.requires_action':
      return 'waiting_for_3d_security';
    case 'payment_intent.processing':
      return 'in_process';
    case 'charge.refunded':
    case 'payment_intent.canceled':
      return 'cancelled';
    default:
      return null;
  }
}

/** The event's shape, or null for a body that is not one. */
export function parseEvent(body: Buffer): CardEvent | null {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  if (typeof e?.id !== 'string' || typeof e.type !== 'string' || typeof e.created !== 'number' || typeof e.data?.object !== 'object' || e.data.object === null) return null;
  return { id: e.id, type: e.type, created: e.created, object: e.data.object as CardEvent['object'] };
}
