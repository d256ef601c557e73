// A local card provider for the billing tests (docs/billing.md "Card provider"): an HTTP server that
// speaks Stripe Checkout's session request (POST /v1/checkout/sessions, form-encoded, Bearer key) and
// answers a session; and signed webhooks (Stripe-Signature: t=..,v1=hex HMAC-SHA256 of "t.body").
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CARD_SECRET_KEY = 'sk_test_luma';
export const CARD_WEBHOOK_SECRET = 'whsec_luma_test';

export interface CardServer {
  url: string;
  /** Every session request: its headers and its form. */
  sessions: { authorization: string | undefined; form: URLSearchParams }[];
  /** The next session request answers this status with an error body. */
  failNext: number | null;
  close(): Promise<void>;
}

export async function startCardServer(): Promise<CardServer> {
  const card: CardServer = { url: '', sessions: [], failNext: null, close: async () => undefined };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') return void response.writeHead(404).end();
      const form = new URLSearchParams(body);
      card.sessions.push({ authorization: request.headers.authorization, form });
      if (request.headers.authorization !== `Bearer ${CARD_SECRET_KEY}`) {
        return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"type":"invalid_request_error","message":"Invalid API Key provided"}}');
      }
      if (card.failNext !== null) {
        const status = card.failNext;
        card.failNext = null;
        return void response.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"type":"api_error"}}');
      }
      const id = `cs_test_${card.sessions.length}`;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.example.test/c/pay/${id}`, payment_status: 'unpaid', status: 'open' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  card.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  card.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return card;
}

/** A Stripe event as the provider sends it, and its Stripe-Signature header at `atMs`. */
export function signedEvent(event: { id: string; type: string; created: number; object: Record<string, unknown> }, atMs: number, secret = CARD_WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: event.id, object: 'event', type: event.type, created: event.created, data: { object: event.object } });
  const t = Math.floor(atMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return { payload, signature: `t=${t},v1=${v1}` };
}

/** The provider's side of a webhook: POSTs the signed event to the Luma server over HTTP. */
export async function sendWebhook(lumaUrl: string, signed: { payload: string; signature: string }): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${lumaUrl}/api/transaction/billing/webhook/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
    body: signed.payload,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
