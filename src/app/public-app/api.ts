// The served app's calls (docs/public-apps.md "The public API"): same-origin fetches to
// PUBLIC_APP_BASE on the app's own hostname, its portal cookie sent by the browser. An answer that is
// not 2xx throws a CallError with the server's message key and field errors.
import { PUBLIC_APP_BASE, type PublicRecordList, type PublicSite, type PublicVisitor } from '../../../runtime/api/public-apps';

export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${PUBLIC_APP_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: { field: string; messages: string[] }[] };
  if (!response.ok) {
    const fields: Record<string, string[]> = {};
    for (const error of answer.errors ?? []) fields[error.field.replace(/^data\./, '')] = error.messages;
    throw new CallError(response.status, answer.message ?? 'somethingWrong', fields);
  }
  return answer as T;
}

export const publicApi = {
  site: () => call<PublicSite>('GET', '/site'),
  list: (component: string) => call<PublicRecordList>('GET', `/records/${encodeURIComponent(component)}?limit=50`),
  create: (component: string, data: Record<string, unknown>) => call<Record<string, unknown>>('POST', `/records/${encodeURIComponent(component)}`, { data }),
  register: (body: { email: string; name: string; password: string }) => call<PublicVisitor>('POST', '/portal/register', body),
  login: (body: { email: string; password: string }) => call<PublicVisitor>('POST', '/portal/login', body),
  logout: () => call<Record<string, never>>('POST', '/portal/logout'),
};
