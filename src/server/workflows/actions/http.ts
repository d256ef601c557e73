// http_request: GET, or POST with the JSON body (data.method may say otherwise), through the SSRF
// guard (net.ts), 30 s timeout, 1 MiB reply cap. Headers and body are JSON (text or object) whose
// strings may quote the run's values. A dry run sends nothing and answers the request it would send,
// after the same address check as the real run (vetUrl, with LUMA_WORKFLOW_HTTP_ALLOW): a refused
// address fails the node in both.
import { renderTemplate } from '../../../../runtime/workflows/template';
import { guardedRequest, vetUrl } from '../net';
import type { NodeAction } from '../types';
import { templateScope } from './scope';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function jsonOf(value: unknown, field: string, scope: Record<string, unknown>): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return JSON.parse(renderTemplate(text, scope));
  } catch {
    throw new Error(`${field} is not valid JSON`);
  }
}

export class HttpStatusError extends Error {
  /** A server error may pass; a refusal (4xx) will not. */
  readonly retryable: boolean;
  constructor(readonly status: number) {
    super(`the server answered ${status}`);
    this.name = 'HttpStatusError';
    this.retryable = status >= 500;
  }
}

export const httpRequestAction: NodeAction = {
  action: 'http_request',
  async run({ node, flow, dryRun, services, signal }) {
    const scope = await templateScope(flow, services.db);
    const url = typeof node.data.url === 'string' ? renderTemplate(node.data.url, scope).trim() : '';
    if (url === '') throw new Error('the URL is empty');
    const headerObject = jsonOf(node.data.headers, 'headers', scope);
    if (headerObject !== undefined && (typeof headerObject !== 'object' || headerObject === null || Array.isArray(headerObject))) throw new Error('headers must be a JSON object');
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((headerObject ?? {}) as Record<string, unknown>)) headers[key.toLowerCase()] = String(value);
    const body = jsonOf(node.data.postData, 'postData', scope);
    const wanted = typeof node.data.method === 'string' ? node.data.method.toUpperCase() : '';
    const method = METHODS.includes(wanted) ? wanted : body === undefined ? 'GET' : 'POST';
    const payload = body === undefined || method === 'GET' ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    if (dryRun) {
      await vetUrl(url, services.settings);
      return { would: 'request', method, url, headers, body: body ?? null };
    }
    const answer = await guardedRequest(url, { method, headers, body: payload, timeoutMs: services.settings.timeoutMs, signal }, services.settings);
    if (answer.status >= 400) throw new HttpStatusError(answer.status);
    return answer;
  },
};
