// push_notification: FCM HTTP v1. The service account (LUMA_FCM_CREDENTIALS: its JSON or a path to it)
// signs an RS256 JWT that its token_uri exchanges for an access token (kept until shortly before it
// expires), and the message goes to {endpoint}/v1/projects/{project}/messages:send. Without the
// settings the node says 'not configured'. A dry run builds the message and sends nothing.
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PUSH_TTL_DEFAULT } from '../../../../runtime/workflows/constants';
import { renderTemplate } from '../../../../runtime/workflows/template';
import { isPlainObject } from '../../platform/validate';
import { ActionNotConfigured, type ActionSettings, type NodeAction } from '../types';
import { templateScope } from './scope';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri: string;
}

function serviceAccount(credentials: string): ServiceAccount {
  const text = credentials.trim().startsWith('{') ? credentials : readFileSync(credentials, 'utf8');
  const parsed = JSON.parse(text) as Partial<ServiceAccount>;
  if (!parsed.client_email || !parsed.private_key || !parsed.token_uri) throw new ActionNotConfigured('push notifications (FCM: the service account needs client_email, private_key and token_uri)');
  return parsed as ServiceAccount;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The signed assertion the token endpoint exchanges (RFC 7523). */
export function signedAssertion(account: ServiceAccount, nowSeconds: number): string {
  const head = base64url({ alg: 'RS256', typ: 'JWT' });
  const claims = base64url({ iss: account.client_email, scope: FCM_SCOPE, aud: account.token_uri, iat: nowSeconds, exp: nowSeconds + 3600 });
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(account.private_key, 'base64url');
  return `${head}.${claims}.${signature}`;
}

// Access tokens by service account: a cache of a credential, never shared state (another process gets its own).
const tokens = new Map<string, { token: string; until: number }>();

class FcmError extends Error {
  readonly retryable: boolean;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'FcmError';
    this.retryable = status >= 500 || status === 429;
  }
}

async function accessToken(account: ServiceAccount, timeoutMs: number): Promise<string> {
  const cached = tokens.get(account.client_email);
  if (cached && cached.until > Date.now()) return cached.token;
  const response = await fetch(account.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: signedAssertion(account, Math.floor(Date.now() / 1000)) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
  if (!response.ok || !answer.access_token) throw new FcmError(`the FCM token endpoint answered ${response.status}`, response.status);
  tokens.set(account.client_email, { token: answer.access_token, until: Date.now() + Math.max(0, (answer.expires_in ?? 3600) - 60) * 1000 });
  return answer.access_token;
}

/** The FCM v1 message of a node (spec section 3, push data). */
export function fcmMessage(data: Record<string, unknown>, scope: Record<string, unknown>): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? renderTemplate(value, scope) : undefined);
  const mode = data.fcmToken === 'condition' || data.fcmToken === 'topic' ? data.fcmToken : 'token';
  const ttl = Number.isInteger(Number(data.ttl)) && Number(data.ttl) > 0 ? Number(data.ttl) : PUSH_TTL_DEFAULT;
  const apns = isPlainObject(data.apns) ? data.apns : {};
  const android = isPlainObject(data.android) ? data.android : {};
  const clean = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
  return {
    [mode]: text(data.value) ?? '',
    notification: clean({ title: text(data.title), body: text(data.body), image: text(data.image) }),
    android: clean({
      ttl: `${ttl}s`,
      priority: data.priority === 'normal' ? 'normal' : 'high',
      notification: clean({ icon: text(data.icon), sound: text(data.sound), color: text(data.color), tag: text(data.tag), click_action: text(data.click_action), channel_id: text(android.channel_id) }),
    }),
    apns: {
      payload: {
        aps: clean({
          badge: data.badge === undefined || data.badge === '' ? undefined : Number(data.badge),
          sound: text(data.sound),
          category: text(apns.category),
          'launch-image': text(apns.launch_image),
          'content-available': data.content_available ? 1 : undefined,
          'mutable-content': data.mutable_content ? 1 : undefined,
        }),
      },
    },
  };
}

export async function sendPush(settings: ActionSettings, message: Record<string, unknown>): Promise<{ name: string }> {
  if (!settings.fcm) throw new ActionNotConfigured('push notifications (FCM)');
  const account = serviceAccount(settings.fcm.credentials);
  const token = await accessToken(account, settings.timeoutMs);
  const url = `${settings.fcm.endpoint.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(settings.fcm.projectId)}/messages:send`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as { name?: string; error?: { message?: string } };
  if (response.status === 401) tokens.delete(account.client_email);
  if (!response.ok) throw new FcmError(`FCM answered ${response.status}${answer.error?.message ? `: ${answer.error.message}` : ''}`, response.status);
  return { name: answer.name ?? '' };
}

export const pushAction: NodeAction = {
  action: 'push_notification',
  async run({ node, flow, dryRun, services }) {
    const message = fcmMessage(node.data, await templateScope(flow, services.db));
    if (dryRun) return { would: 'push', message };
    return sendPush(services.settings, message);
  },
};
