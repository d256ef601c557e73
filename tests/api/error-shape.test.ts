// Every error any host answers has the one shape of schemas/api-error.schema.json, and its
// request_uuid equals the x-request-uuid header of the same reply.
import Ajv2020 from 'ajv/dist/2020';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import errorSchema from '../../schemas/api-error.schema.json';
import { adminProject, createProject } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

const validate = new Ajv2020({ allErrors: true }).compile(errorSchema);

describeApi(`error shape (${DB_KIND})`, () => {
  const server = useServer();

  it('is the same for 400, 401, 403, 404, 413 and 417 replies on every host', async () => {
    const { app, database } = server();
    const cookie = await login(app);
    const foreign = await createProject(database.db, 'Foreign');
    const { projectUuid } = await adminProject(database.db);
    const replies: [number, LightMyRequestResponse][] = [
      [400, await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' })],
      [400, await app.inject({ url: '/api/v1/user/claims', headers: { cookie, 'x-project-env': 'staging' } })],
      [400, await app.inject({ url: '/api/v1/project/not-a-uuid', headers: { cookie } })],
      [401, await app.inject({ url: '/api/v1/user/model' })],
      [401, await app.inject({ url: '/api/v1/project/list', headers: { cookie: 'luma_session=forged-token' } })],
      [403, await app.inject({ url: '/api/v1/project/info', headers: { cookie, 'x-project-uuid': foreign.projectUuid } })],
      [404, await app.inject({ url: '/api/v1/no-such-call', headers: { cookie } })],
      [404, await app.inject({ url: '/api/workflow/no-such-call', headers: { cookie } })],
      [404, await app.inject({ url: '/api/workflow/workflows/018f0000-0000-7000-8000-000000000000', headers: { cookie } })],
      [413, await app.inject({ method: 'PUT', url: '/api/v1/config/user', headers: { cookie }, payload: { path: 'big', project_uuid: projectUuid, data: 'x'.repeat(300 * 1024) } })],
      [417, await app.inject({ method: 'POST', url: '/api/v1/user/profile/edit', headers: { cookie }, payload: { name: 'A', email: 'not-an-email' } })],
    ];
    for (const [status, reply] of replies) {
      const body = reply.json();
      expect({ url: reply.raw.req.url, status: reply.statusCode }).toEqual({ url: reply.raw.req.url, status });
      expect(validate(body), JSON.stringify({ body, errors: validate.errors })).toBe(true);
      expect(body.status).toBe(status);
      expect(body.request_uuid).toBe(reply.headers['x-request-uuid']);
    }
  });
});
