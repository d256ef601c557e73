// One factory for every host's client: base URL, tenant headers, timeout, JSON and error mapping.
import { DEFAULT_ENVIRONMENT, HEADER } from '../api/contract';
import { DEFAULT_LOCALE } from '../i18n';
import { browserStorage, STORAGE_KEY, type KeyValueStore } from './storage';
import { connectionFailed, errorEffects, mapHttpError, type ApiRequestError, type ClientName } from './errors';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ClientConfig {
  name: ClientName;
  baseUrl: string;
  timeoutMs: number;
  /** Send Accept-Language (the main client). */
  sendsLanguage?: boolean;
  fetch?: typeof fetch;
  storage?: KeyValueStore;
  /** Called for a server error (5xx but 501) with the x-request-uuid. */
  onServerError?: (error: ApiRequestError) => void;
  /** Called for a 401 on the clients that redirect to /login. */
  onUnauthorized?: (error: ApiRequestError) => void;
}

export interface ApiClient {
  readonly name: ClientName;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.replace(/\/+$/, '');
  const tail = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${base}${tail}${qs ? `?${qs}` : ''}`;
}

/** This page load's id (X-Luma-Client): the record events of its own writes carry it, so the tab can tell them from another tab's. */
export const TAB_CLIENT_ID: string = globalThis.crypto?.randomUUID?.() ?? `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Headers every request carries: tenant and environment from storage, the tab's id, the locale on the main client. */
export function tenantHeaders(storage: KeyValueStore, sendsLanguage: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [HEADER.client]: TAB_CLIENT_ID };
  const project = storage.getItem(STORAGE_KEY.projectUuid);
  const workspace = storage.getItem(STORAGE_KEY.workspaceUuid);
  if (project) headers[HEADER.projectUuid] = project;
  if (workspace) headers[HEADER.workspaceUuid] = workspace;
  headers[HEADER.projectEnv] = storage.getItem(STORAGE_KEY.env) || DEFAULT_ENVIRONMENT;
  if (sendsLanguage) headers[HEADER.acceptLanguage] = storage.getItem(STORAGE_KEY.locale) || DEFAULT_LOCALE;
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createClient(config: ClientConfig): ApiClient {
  const storage = config.storage ?? browserStorage;
  // Bound late so the browser's fetch is never called with a foreign `this`.
  const doFetch: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function fail(error: ApiRequestError): never {
    const effects = errorEffects(error);
    if (effects.report) config.onServerError?.(error);
    if (effects.toLogin) config.onUnauthorized?.(error);
    throw error;
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers = { ...tenantHeaders(storage, config.sendsLanguage ?? false), ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const cancel = (): void => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });

    try {
      let response: Response;
      let payload: unknown;
      try {
        response = await doFetch(buildUrl(config.baseUrl, path, options.query), {
          method,
          headers,
          body,
          credentials: 'include',
          signal: controller.signal,
        });
        payload = await readBody(response);
      } catch (cause) {
        if (timedOut) return fail(connectionFailed('timeout', config.name));
        // A caller's own cancellation (e.g. TanStack Query) is not a connection failure.
        if (options.signal?.aborted) throw cause;
        return fail(connectionFailed('network', config.name));
      }
      if (!response.ok) return fail(mapHttpError(response.status, payload, response.headers, config.name));
      return payload as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }

  return {
    name: config.name,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
