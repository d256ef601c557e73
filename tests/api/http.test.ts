// Over a real listen (port 0) with fetch and a cookie jar of one cookie.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, describeApi, useServer } from './harness';

describeApi(`http (${DB_KIND})`, () => {
  const server = useServer();

  async function listen(app: FastifyInstance): Promise<string> {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  it('signs in, uses the cookie, signs out and is refused afterwards', async () => {
    const app = await server().appWith({});
    const base = await listen(app);
    // The browser's Origin is LUMA_PUBLIC_URL's (behind a proxy it differs from the listen address).
    const ownOrigin = new URL(server().config.publicUrl).origin;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ownOrigin },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ two_factor: false });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/luma_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=.*; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;

    const claims = await fetch(`${base}/api/v1/user/claims`, { headers: { cookie, 'x-project-env': 'dev' } });
    expect(claims.status).toBe(200);
    expect(claims.headers.get('x-request-uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await claims.json()).IsAdmin).toBe(true);

    const foreign = await fetch(`${base}/api/v1/auth/logout`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);

    const logout = await fetch(`${base}/api/v1/auth/logout`, { method: 'POST', headers: { cookie, origin: ownOrigin } });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/luma_session=;/);

    const after = await fetch(`${base}/api/v1/user/claims`, { headers: { cookie } });
    expect(after.status).toBe(401);
    const body = await after.json();
    expect(body).toEqual({ status: 401, message: 'unauthorized', request_uuid: after.headers.get('x-request-uuid') });
  });

  it('answers 400 to malformed JSON over the wire', async () => {
    const app = await server().appWith({});
    const base = await listen(app);
    const response = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: 'badRequest' });
  });
});
