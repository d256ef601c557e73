// The declared contract (docs/api.md): every registered API route is in /api/openapi.json with its
// schemas, and a reply its declared schema does not allow fails (checkResponses is on under tests, so
// every other API test checks the replies it gets too).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import { closed, replies } from '../../runtime/api/schemas';
import { buildApp } from '../../src/server/app';
import { seed } from '../../src/server/auth/seed';
import { createScratchDatabase, DB_KIND, describeApi, login, testConfig, useServer, SETUP_TIMEOUT_MS } from './harness';

type Doc = { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>> };

/** '/api/v3/system/component/:a/:b/model' as OpenAPI writes it. */
// A trailing wildcard (component routes, /api/v1/route/*) is '{*}' in the document, as @fastify/swagger writes it.
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{*}');

describeApi(`OpenAPI document (${DB_KIND})`, () => {
  it('lists every registered API route with its replies', async () => {
    const scratch = await createScratchDatabase();
    const routes: RouteOptions[] = [];
    let app: FastifyInstance | null = null;
    try {
      const config = testConfig();
      await seed(scratch.database.db, config);
      app = await buildApp({ config, database: scratch.database, onRoute: (route) => routes.push(route) });
      await app.ready();
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json() as Doc;
      expect(doc.openapi).toBe('3.1.0');

      // A WebSocket route (the event bus) is no OpenAPI operation: @fastify/websocket hides it from the document (docs/event-bus.md).
      const api = routes.filter((route) => route.url.startsWith('/api/') && !(route as { websocket?: boolean }).websocket && !(route as { wsHandler?: unknown }).wsHandler);
      expect(api.length).toBeGreaterThan(80);
      const missing: string[] = [];
      const undeclared: string[] = [];
      for (const route of api) {
        const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
        for (const method of methods) {
          const operation = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
          if (!operation) missing.push(`${method} ${route.url}`);
          else if (!operation.responses || !Object.keys(operation.responses).some((code) => code.startsWith('2'))) undeclared.push(`${method} ${route.url}`);
          if (!route.schema?.response) undeclared.push(`${method} ${route.url} (no response schema)`);
        }
      }
      expect(missing).toEqual([]);
      expect(undeclared).toEqual([]);
      // {ref} routes in both shapes: a uuid (one segment) and scope/name (two).
      expect(doc.paths['/api/v3/system/component/{a}/model/{id}']?.get).toBeDefined();
      expect(doc.paths['/api/v3/system/component/{a}/{b}/model/{id}']?.get).toBeDefined();
      // Public calls carry no security requirement; the others need a session or a bearer secret.
      expect(doc.paths['/api/v1/auth/login']?.post?.security).toEqual([]);
      expect(doc.paths['/api/v1/user/model']?.get?.security).toBeUndefined();
    } finally {
      await app?.close();
      await scratch.drop();
    }
  }, 180_000); // builds a whole app on a scratch database: over 30 s on a busy 2-core machine

  it('is served without a session', async () => {
    const scratch = await createScratchDatabase();
    const app = await buildApp({ config: testConfig(), database: scratch.database });
    try {
      await app.ready();
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
    } finally {
      await app.close();
      await scratch.drop();
    }
  }, SETUP_TIMEOUT_MS);
});

describeApi(`declared replies are checked (${DB_KIND})`, () => {
  const server = useServer();

  it('answers real calls within their schemas (the same check every API test runs)', async () => {
    const { app } = server();
    const cookie = await login(app);
    for (const url of ['/api/v1/user/model', '/api/v1/user/claims', '/api/v1/project/info', '/api/v1/project/list', '/api/v3/system/components', '/api/v1/iam/roles']) {
      const response = await app.inject({ url, headers: { cookie } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
  }, SETUP_TIMEOUT_MS);

  it('fails a reply its schema does not allow, and a status the route does not declare', async () => {
    const scratch = await createScratchDatabase();
    // No checkResponses option: under tests the check is on by default.
    const app = await buildApp({ config: testConfig(), database: scratch.database });
    const shape = replies({ 200: closed({ name: { type: 'string' } }, ['name']) });
    app.get('/api/contract-probe/extra', { config: { public: true }, schema: { response: shape } }, async () => ({ name: 'a', secret: 'leaked' }));
    app.get('/api/contract-probe/wrong', { config: { public: true }, schema: { response: shape } }, async () => ({ name: 42 }));
    app.get('/api/contract-probe/fine', { config: { public: true }, schema: { response: shape } }, async () => ({ name: 'a' }));
    const onlyOk: Record<string, unknown> = { 200: shape[200] };
    app.get('/api/contract-probe/status', { config: { public: true }, schema: { response: onlyOk } }, async (_request, reply) =>
      reply.code(202).send({ name: 'a' }),
    );
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/contract-probe/fine' })).json()).toEqual({ name: 'a' });
      for (const probe of ['extra', 'wrong', 'status']) {
        const response = await app.inject({ url: `/api/contract-probe/${probe}` });
        expect({ probe, status: response.statusCode }).toEqual({ probe, status: 500 });
        expect(response.json()).toMatchObject({ status: 500, message: 'serverError' });
      }
    } finally {
      console.error = quiet;
      await app.close();
      await scratch.drop();
    }
  }, SETUP_TIMEOUT_MS);

  it('writes open-ended shapes whole (nothing is dropped by the serializer)', async () => {
    const scratch = await createScratchDatabase();
    const app = await buildApp({ config: testConfig(), database: scratch.database, checkResponses: false });
    app.get('/api/contract-probe/open', { config: { public: true }, schema: { response: replies({ 200: closed({ name: { type: 'string' } }, ['name']) }) } }, async () => ({
      name: 'a',
      extra: { nested: true },
    }));
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/contract-probe/open' })).json()).toEqual({ name: 'a', extra: { nested: true } });
    } finally {
      await app.close();
      await scratch.drop();
    }
  }, SETUP_TIMEOUT_MS);
});
