// POST /v1/system/eventbus/auth (spec section 7): a short-lived, single-use token for the bus socket.
// Its own client without the app's error hooks: a failing token call is the eventBus machine's to
// handle (500 stops reconnecting, spec section 8), not a report dialog or a trip to /login.
import { HOST_PREFIX, HOST_TIMEOUT_MS } from '../api/contract';
import { createClient, type ApiClient } from './client';

export const EVENTBUS_AUTH_PATH = '/v1/system/eventbus/auth';

const busAuthClient: ApiClient = createClient({ name: 'main', baseUrl: HOST_PREFIX.main, timeoutMs: HOST_TIMEOUT_MS.main, sendsLanguage: true });

export const eventBusApi = {
  async token(client: ApiClient = busAuthClient): Promise<string> {
    const answer = await client.post<{ token: string }>(EVENTBUS_AUTH_PATH, {});
    return answer.token;
  },
};
