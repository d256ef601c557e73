// Public routes are public by the route matched, never by text in the request: a query string, an
// encoded path or a Bearer header naming a public path opens nothing (docs/iam.md "Who is calling").
import { expect, it } from 'vitest';
import { createMember } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`authentication cannot be bypassed (${DB_KIND})`, () => {
  const server = useServer();

  const PROTECTED = ['/api/v1/iam/users', '/api/v1/user/claims', '/api/v1/user/sessions', '/api/v3/system/components'];
  const DISGUISES = (path: string) => [
    `${path}?next=/v1/auth/login`,
    `${path}?/api/v1/auth/login`,
    `${path}?redirect=%2Fapi%2Fv1%2Fauth%2Flogin`,
    `${path}#/api/v1/auth/login`,
    `/api/v1/auth/login/../../..${path.replace('/api', '')}`,
    `/api/v1/auth/login/%2e%2e/%2e%2e/..${path.replace('/api', '')}`,
  ];

  it('a protected path with a public path in its query string, fragment or dot segments answers 401 or 404, never data', async () => {
    for (const path of PROTECTED) {
      for (const url of DISGUISES(path)) {
        const response = await server().app.inject({ method: 'GET', url });
        expect([401, 404], `${url}: ${response.body}`).toContain(response.statusCode);
      }
    }
  });

  it('malformed or foreign Authorization headers are 401, even beside a valid cookie', async () => {
    const cookie = await login(server().app);
    for (const authorization of ['Bearer ', 'Bearer luma_', 'Bearer luma_' + 'A'.repeat(43), 'Basic YWRtaW46YWRtaW4=', `Bearer ${cookie.split('=')[1]}`]) {
      const response = await server().app.inject({ url: '/api/v1/user/claims', headers: { cookie, authorization } });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it("a member who is not an admin gets 403 from /v1/iam whatever the query string says", async () => {
    const { userUuid } = await createMember(server().database.db, 'bypass@luma.test', 'bypass password 1');
    expect(userUuid).toBeTruthy();
    const cookie = await login(server().app, 'bypass@luma.test', 'bypass password 1');
    for (const url of ['/api/v1/iam/users?is_admin=true', '/api/v1/iam/users?admin=1&role=Administrator', '/api/v1/iam/roles?/v1/auth/login']) {
      const response = await server().app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
