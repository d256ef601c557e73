import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DB_KIND, describeApi, login, useServer } from './harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const appDir = mkdtempSync(join(tmpdir(), 'luma-app-'));
mkdirSync(join(appDir, 'assets'));
writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>Luma</title><div id="root"></div>');
writeFileSync(join(appDir, 'assets', 'main-abc123.js'), 'console.log("luma")');
writeFileSync(join(appDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describeApi(`app (${DB_KIND})`, () => {
  const server = useServer({ LUMA_APP_DIR: appDir });
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  it('puts a fresh x-request-uuid on success, error, 404 and static responses', async () => {
    const { app } = server();
    const cookie = await login(app);
    const responses = [
      await app.inject({ url: '/api/v1/user/claims', headers: { cookie } }),
      await app.inject({ url: '/api/v1/user/claims' }),
      await app.inject({ url: '/api/v1/nothing' }),
      await app.inject({ url: '/assets/main-abc123.js' }),
      await app.inject({ url: '/admin/settings', headers: { accept: 'text/html' } }),
      await app.inject({ url: '/%zz' }),
    ];
    const ids = responses.map((response) => response.headers['x-request-uuid']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    // An unknown API path asks who calls first (401), as a known one does.
    expect(responses.map((response) => response.statusCode)).toEqual([200, 401, 401, 200, 200, 400]);
  });

  it('answers unknown /api paths and hosts without routes with the 404 error shape', async () => {
    const { app } = server();
    const cookie = await login(app);
    for (const url of ['/api/v1/nothing', '/api', '/api/v3/system/nothing', '/api/workflow/x', '/api/media/list', '/api/integration/a', '/api/transaction/b', '/api/spark/c', '/api/bus/00000000-0000-4000-8000-000000000000']) {
      const response = await app.inject({ url, headers: { cookie, accept: 'text/html,application/json' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ status: 404, message: 'notFound', request_uuid: response.headers['x-request-uuid'] });
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/api/v1/user/claims', headers: { cookie } });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('serves the SPA with history-mode fallback and long-cached hashed assets', async () => {
    const { app } = server();
    const root = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const deep = await app.inject({ url: '/admin/components?page=2', headers: { accept: 'text/html,*/*' } });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/text\/html/);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toContain('<div id="root">');
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
    // No HTML fallback for missing assets, non-HTML clients or /api.
    expect((await app.inject({ url: '/assets/missing.js', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    const json = await app.inject({ url: '/admin', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ status: 404, message: 'notFound' });
    // A probe or curl that sends no Accept header gets the app for a route, a 404 for a missing file.
    const bare = await app.inject({ url: '/login', headers: { accept: '' } });
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['content-type']).toContain('text/html');
    expect((await app.inject({ url: '/missing.png', headers: { accept: '' } })).statusCode).toBe(404);
  });

  it('answers 500 serverError without a stack for an unexpected failure', async () => {
    // A route that fails the way a defect would, added to a fresh instance before it is ready.
    const broken = await buildApp({ config: server().config, database: server().database });
    broken.get('/api/test/boom', async () => {
      throw new Error('secret internals at /srv/luma/file.ts:12');
    });
    const response = await broken.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: 'serverError', request_uuid: response.headers['x-request-uuid'] });
    expect(response.body).not.toContain('secret');
    await broken.close();
  });

  it('answers 413 for a body over the limit', async () => {
    const { app } = server();
    const cookie = await login(app);
    const response = await app.inject({ method: 'PUT', url: '/api/v1/config/user', payload: { data: 'x'.repeat(1024 * 1024 + 10) }, headers: { cookie } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, message: 'payloadTooLarge' });
  });
});
