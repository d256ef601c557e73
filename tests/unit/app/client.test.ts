import { describe, expect, it, vi } from 'vitest';
import { HOST_PREFIX, HOST_TIMEOUT_MS } from '../../../runtime/api/contract';
import { buildUrl, createClient, tenantHeaders, type ClientConfig } from '../../../runtime/client/client';
import { ApiRequestError, errorEffects, mapHttpError, type ClientName } from '../../../runtime/client/errors';
import { memoryStorage, STORAGE_KEY } from '../../../runtime/client/storage';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(name: ClientName, fetchImpl: typeof fetch, extra: Partial<ClientConfig> = {}) {
  const onServerError = vi.fn();
  const onUnauthorized = vi.fn();
  const storage = memoryStorage({ [STORAGE_KEY.projectUuid]: 'p-1', [STORAGE_KEY.workspaceUuid]: 'w-1' });
  const client = createClient({
    name,
    baseUrl: HOST_PREFIX.main,
    timeoutMs: HOST_TIMEOUT_MS.main,
    sendsLanguage: name === 'main',
    fetch: fetchImpl,
    storage,
    onServerError,
    onUnauthorized,
    ...extra,
  });
  return { client, onServerError, onUnauthorized, storage };
}

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiRequestError);
    return error as ApiRequestError;
  }
  throw new Error('expected the call to fail');
}

describe('createClient: success', () => {
  it('returns the parsed JSON and sends tenant headers, JSON body and credentials', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, { two_factor: false }));
    const { client } = setup('main', fetchImpl);
    await expect(client.post('/v1/auth/login', { email: 'a@b.c', password: 'x' })).resolves.toEqual({ two_factor: false });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['x-project-uuid']).toBe('p-1');
    expect(headers['x-workspace-uuid']).toBe('w-1');
    expect(headers['x-project-env']).toBe('live');
    expect(headers['accept-language']).toBe('en_US');
  });

  it('treats a 200 reply carrying an error as success', async () => {
    const { client } = setup('media', async () => json(200, { status: 500, message: 'serverError' }));
    await expect(client.get('/v1/dms/media/library/list')).resolves.toEqual({ status: 500, message: 'serverError' });
  });

  it('answers undefined for 204', async () => {
    const { client } = setup('main', async () => new Response(null, { status: 204 }));
    await expect(client.post('/v1/auth/logout')).resolves.toBeUndefined();
  });
});

describe('createClient: errors', () => {
  it('maps a 500 to an error with the x-request-uuid and opens the report-error modal', async () => {
    const { client, onServerError, onUnauthorized } = setup('main', async () =>
      json(500, { status: 500, message: 'serverError' }, { 'x-request-uuid': 'req-42' }),
    );
    const error = await caught(client.get('/v1/user/model'));
    expect(error).toMatchObject({ status: 500, messageKey: 'serverError', requestUuid: 'req-42', kind: 'http' });
    expect(onServerError).toHaveBeenCalledOnce();
    expect(onServerError.mock.calls[0]![0].requestUuid).toBe('req-42');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not report 501 (not available yet) as a defect', async () => {
    const { client, onServerError } = setup('transaction', async () => json(501, { status: 501, message: 'notAvailableYet' }));
    expect((await caught(client.get('/billing/subscription'))).status).toBe(501);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it.each<[ClientName, boolean]>([
    ['main', false],
    ['workflow', false],
    ['transaction', false],
    ['spark', false],
    ['ratchet', false],
    ['media', true],
    ['integration', true],
    ['document', true],
  ])('a 401 from the %s client goes to /login: %s', async (name, toLogin) => {
    const { client, onUnauthorized, onServerError } = setup(name, async () => json(401, { status: 401, message: 'unauthorized' }));
    const error = await caught(client.get('/anything'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(toLogin ? 1 : 0);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('carries the field errors of a 417', async () => {
    const errors = [{ field: 'name', messages: ['identityField.requiredField'] }];
    const { client } = setup('main', async () => json(417, { status: 417, message: 'fieldsNotValid', errors }));
    const error = await caught(client.post('/v3/system/component/x/model', {}));
    expect(error.messageKey).toBe('fieldsNotValid');
    expect(error.fieldErrors).toEqual(errors);
  });

  it('falls back to a message key by status when the body is not the error shape', async () => {
    const { client } = setup('main', async () => new Response('Too Many Requests', { status: 429 }));
    expect((await caught(client.post('/v1/auth/login', {}))).messageKey).toBe('tooManyAttempts');
  });

  it("turns a timeout into 'Connection to server failed'", async () => {
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client } = setup('transaction', hang, { timeoutMs: 20 });
    const error = await caught(client.get('/billing/trial'));
    expect(error).toMatchObject({ status: 0, kind: 'timeout', messageKey: 'Connection to server failed' });
  });

  it("turns a network failure into 'Connection to server failed'", async () => {
    const { client, onServerError } = setup('main', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(client.get('/v1/user/claims'));
    expect(error).toMatchObject({ status: 0, kind: 'network', messageKey: 'Connection to server failed' });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it("passes the caller's own cancellation through unchanged", async () => {
    const controller = new AbortController();
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client } = setup('main', hang);
    const pending = client.get('/v1/user/claims', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('pure parts', () => {
  it('mapHttpError reads the request uuid from the header, else the body', () => {
    const headers = new Headers();
    const error = mapHttpError(500, { status: 500, message: 'serverError', request_uuid: 'body-uuid' }, headers, 'main');
    expect(error.requestUuid).toBe('body-uuid');
  });

  it('errorEffects: report 5xx except 501; login only for media, integration, document 401s', () => {
    expect(errorEffects(new ApiRequestError(503, 'serverError', 'http', 'spark'))).toEqual({ report: true, toLogin: false });
    expect(errorEffects(new ApiRequestError(401, 'unauthorized', 'http', 'document'))).toEqual({ report: false, toLogin: true });
    expect(errorEffects(new ApiRequestError(0, 'Connection to server failed', 'network', 'media'))).toEqual({ report: false, toLogin: false });
  });

  it('buildUrl joins base, path and query, skipping empty values', () => {
    expect(buildUrl('/api/', '/v3/system/component/x/models', { offset: 0, filter: undefined, sortDesc: -1 })).toBe(
      '/api/v3/system/component/x/models?offset=0&sortDesc=-1',
    );
    expect(buildUrl('/ratchet', 'connections')).toBe('/ratchet/connections');
  });

  it('tenantHeaders defaults the environment to live and the language to en_US', () => {
    const headers = tenantHeaders(memoryStorage(), true);
    expect(headers['x-project-env']).toBe('live');
    expect(headers['accept-language']).toBe('en_US');
    expect(headers['x-project-uuid']).toBeUndefined();
    const stored = tenantHeaders(memoryStorage({ [STORAGE_KEY.env]: 'dev', [STORAGE_KEY.locale]: 'sr' }), true);
    expect(stored['x-project-env']).toBe('dev');
    expect(stored['accept-language']).toBe('sr');
    expect(tenantHeaders(memoryStorage(), false)['accept-language']).toBeUndefined();
  });
});

describe('throwResponseError (calls made with fetch outside createClient)', () => {
  it('maps a refused answer like createClient and reports only server errors', async () => {
    const { setServerErrorHandler, throwResponseError } = await import('../../../runtime/client/clients');
    const reported: ApiRequestError[] = [];
    setServerErrorHandler((error) => reported.push(error));
    try {
      const refused = await caught(throwResponseError(json(409, { status: 409, message: 'staleVersion' }), 'ratchet'));
      expect([refused.status, refused.messageKey, refused.client]).toEqual([409, 'staleVersion', 'ratchet']);
      expect(reported).toEqual([]);
      const broken = await caught(throwResponseError(new Response('<html>proxy error</html>', { status: 502 }), 'main'));
      expect([broken.status, broken.messageKey]).toEqual([502, 'serverError']);
      expect(reported).toEqual([broken]);
    } finally {
      setServerErrorHandler(() => {});
    }
  });
});
