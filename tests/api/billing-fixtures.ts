// A local card provider for the billing tests (docs/billing.md "Card provider"): an HTTP server that
// speaks Stripe Checkout's session request (POST /v1/checkout/sessions, form-encoded, Bearer key) and
// answers a session; and signed webhooks (Stripe-Signature: t=..,v1=hex HMAC-SHA256 of "t.body").
// With `hosted`, it is also the hosted checkout a browser pays on (e2e/purchase-unlock.spec.ts).
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

/**
 * The hosted checkout's two requests, for a browser: GET /c/pay/{session} is a page with a Pay button;
 * its POST sends the signed `checkout.session.completed` (paid) to the Luma server at `lumaUrl`, as the
 * provider does, and redirects to the session's success_url. False for any other request.
 */
function payHosted(card: CardServer, lumaUrl: string, request: http.IncomingMessage, response: http.ServerResponse): boolean {
  const id = /^\/c\/pay\/(cs_test_\d+)$/.exec(request.url ?? '')?.[1];
  const session = id ? card.sessions[Number(id.slice('cs_test_'.length)) - 1] : undefined;
  if (!id || !session) return false;
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Pay</title><form method="post"><p>${session.form.get('line_items[0][price_data][product_data][name]') ?? ''}</p><button data-testid="card-pay">Pay</button></form>`);
    return true;
  }
  const subscription = session.form.get('metadata[subscription]');
  const object = { id, object: 'checkout.session', client_reference_id: subscription, metadata: { subscription }, payment_status: 'paid', status: 'complete' };
  const now = Date.now();
  void sendWebhook(lumaUrl, signedEvent({ id: `evt_${id}`, type: 'checkout.session.completed', created: Math.floor(now / 1000), object }, now)).then(
    (sent) => (sent.status === 200 ? response.writeHead(303, { location: session.form.get('success_url')! }).end() : response.writeHead(502).end(JSON.stringify(sent.json))),
    (error: Error) => response.writeHead(502).end(error.message),
  );
  return true;
}

export async function startCardServer(hosted?: { lumaUrl: string }): Promise<CardServer> {
  const card: CardServer = { url: '', sessions: [], failNext: null, close: async () => undefined };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (hosted && payHosted(card, hosted.lumaUrl, request, response)) return;
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
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, object: 'checkout.session', url: `${hosted ? card.url : 'https://checkout.example.test'}/c/pay/${id}`, payment_status: 'unpaid', status: 'open' }));
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
