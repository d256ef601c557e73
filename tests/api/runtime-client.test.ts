// runtime/client from Node over a real listen: the typed client the browser uses (no React, no DOM)
// calls the server, carries the tenant headers from its storage, and turns refusals into the same
// ApiRequestError values the screens read.
import { expect, it } from 'vitest';
import type { Claims } from '../../runtime/api/contract';
import { createClient } from '../../runtime/client/client';
import { errorDisplay } from '../../runtime/client/errorMessage';
import { ApiRequestError } from '../../runtime/client/errors';
import { memoryStorage, STORAGE_KEY } from '../../runtime/client/storage';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`runtime/client from Node (${DB_KIND})`, () => {
  const server = useServer();

  it('reads the claims with a session, and answers a 401 without one as an ApiRequestError', async () => {
    const app = await server().appWith({});
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await login(app);
    const reported: ApiRequestError[] = [];
    const client = createClient({
      name: 'main',
      baseUrl: `${base}/api`,
      timeoutMs: 10_000,
      sendsLanguage: true,
      storage: memoryStorage({ [STORAGE_KEY.env]: 'dev' }),
      onServerError: (error) => reported.push(error),
    });

    const claims = await client.get<Claims>('/v1/user/claims', { headers: { cookie } });
    expect(claims.IsAdmin).toBe(true);

    const refused = await client.get<Claims>('/v1/user/claims').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 401, messageKey: 'unauthorized', kind: 'http', client: 'main' });
    expect((refused as ApiRequestError).requestUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(errorDisplay(refused)).toEqual({ kind: 'message', messageKey: 'unauthorized' });
    // A refusal is not a defect: nothing goes to the report modal.
    expect(reported).toEqual([]);
  });
});
