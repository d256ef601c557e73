// push_notification over FCM HTTP v1 (src/server/workflows/actions/push.ts) against a local HTTP server
// playing Google's token endpoint and FCM: the JWT is checked with the service account's public key,
// the bearer and the message with its defaults; no settings is 'not configured'; a dry run sends nothing.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNode } from '../../runtime/workflows/constants';
import { FCM_SCOPE, pushAction } from '../../src/server/workflows/actions/push';
import type { ActionContext, ActionSettings, FlowState } from '../../src/server/workflows/types';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const seen: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ path: request.url ?? '', headers: request.headers, body });
    response.setHeader('content-type', 'application/json');
    if (request.url === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [head, claims, signature] = assertion.split('.');
      const valid = createVerify('RSA-SHA256').update(`${head}.${claims}`).verify(publicKey, signature!, 'base64url');
      const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { scope: string; iss: string; aud: string };
      if (!valid || payload.scope !== FCM_SCOPE || payload.iss !== 'luma@example.iam' || !payload.aud.endsWith('/token')) {
        response.writeHead(401).end('{}');
        return;
      }
      response.end(JSON.stringify({ access_token: 'token-1', expires_in: 3600 }));
      return;
    }
    if (request.headers.authorization !== 'Bearer token-1') {
      response.writeHead(401).end('{"error":{"message":"no"}}');
      return;
    }
    response.end(JSON.stringify({ name: 'projects/p1/messages/42' }));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const flow: FlowState = {
  workflowUuid: 'w',
  workflowName: 'w',
  projectUuid: 'p',
  componentUuid: 'c',
  env: 'dev',
  event: 'Create',
  record: { uuid: 'r1', version: 1 },
  data: { title: 'Shipped', device: 'device-token-123' },
  results: {},
  userUuid: null,
  depth: 0,
  chain: 'c',
};

function context(settings: Partial<ActionSettings>, dryRun = false): ActionContext {
  const node = { ...createNode('operation', { id: 10_000_001, name: 'push', action: 'push_notification', x: 0, y: 0 }), data: { fcmToken: 'token', value: '{{data.device}}', title: 'Order {{data.title}}', body: 'Your order moved', sound: 'default' } };
  return {
    node,
    // The project's global variables, as the engine loads them once per run (none here: no database).
    flow: { ...structuredClone(flow), scriptEnv: Promise.resolve({}) },
    dryRun,
    signal: new AbortController().signal,
    services: { settings: { httpAllow: [], smtpUrl: null, mailFrom: '', fcm: null, timeoutMs: 5000, ...settings } } as ActionContext['services'],
  };
}

describe('push_notification over FCM HTTP v1', () => {
  it('signs in with the service account and sends the rendered message with the default ttl', async () => {
    const credentials = JSON.stringify({ client_email: 'luma@example.iam', private_key: privateKey, token_uri: `${base}/token` });
    const answer = await pushAction.run(context({ fcm: { endpoint: base, projectId: 'p1', credentials } }));
    expect(answer).toEqual({ name: 'projects/p1/messages/42' });
    const sent = seen.find((request) => request.path === '/v1/projects/p1/messages:send')!;
    expect(sent.headers.authorization).toBe('Bearer token-1');
    const { message } = JSON.parse(sent.body) as { message: Record<string, any> };
    expect(message.token).toBe('device-token-123');
    expect(message.notification).toEqual({ title: 'Order Shipped', body: 'Your order moved' });
    expect(message.android.ttl).toBe('2419200s');
    expect(message.apns.payload.aps.sound).toBe('default');
  });

  it('without settings says not configured; a dry run answers the message and sends nothing', async () => {
    await expect(pushAction.run(context({}))).rejects.toThrow('push notifications (FCM) is not configured');
    const before = seen.length;
    const dry = (await pushAction.run(context({}, true))) as { would: string; message: { token: string } };
    expect(dry.would).toBe('push');
    expect(dry.message.token).toBe('device-token-123');
    expect(seen.length).toBe(before);
  });
});
