// Hostile input (docs/security.md): NUL bytes and lone surrogates anywhere (path, query, $adv,
// JSON bodies, import files) are a 400 with the error shape, never a 500 from PostgreSQL; writes
// from another origin are refused whatever Host the request names; every reply carries the
// security headers; the static files are served precompressed and cached by their kind, and no
// path leaves the app's directory.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi } from './import-fixtures';
import { queryString } from './list-fixtures';

const PUBLIC_URL = 'https://luma.example';

function expectRefused(reply: LightMyRequestResponse, field?: string): void {
  expect(reply.statusCode, `${reply.raw.req.url}: ${reply.body}`).toBe(400);
  const body = reply.json();
  expect(body).toMatchObject({ status: 400, message: 'badRequest', request_uuid: reply.headers['x-request-uuid'] });
  if (field !== undefined) expect(body.errors).toEqual([expect.objectContaining({ field, messages: [expect.stringMatching(/^invalid/)] })]);
}

describeApi(`hostile input (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const imports = importApi(app, () => admin, 'dev');
  let books = '';
  let record = { uuid: '', version: 1 };
  const get = (url: string) => app().inject({ method: 'GET', url, headers: { cookie: admin, 'x-project-env': 'dev' } });
  const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
    app().inject({ method, url, payload, headers: { cookie: admin, 'x-project-env': 'dev', 'content-type': 'application/json' } });

  // A component with one record.
  beforeAll(async () => {
    admin = await login(app());
    books = await componentWithFields(api, 'books', [recordFields.text('title')]);
    const created = await records.create(books, { title: 'Kept' });
    expect(created.statusCode).toBe(200);
    record = { uuid: created.json().uuid, version: created.json().__version__ };
  }, SETUP_TIMEOUT_MS);

  it('a NUL in the path is a 400, on every host and in every segment', async () => {
    for (const url of [
      '/api/v3/system/component/%00/settings/v1',
      '/api/v3/system/component/settings/%00',
      `/api/v3/system/component/settings/${books}/v%001`,
      `/api/v3/system/component/${books}/model/%00`,
      '/api/v3/system/component/a%00/b/models',
      '/api/v1/auth/invite/%00',
      '/api/workflow/%00',
      '/api/media/%00',
      '/login%00',
    ]) {
      expectRefused(await get(url), 'path');
    }
  });

  it('a NUL in any query value, or in JSON text in the query, is a 400 naming the parameter', async () => {
    const base = `/api/v3/system/component/${books}/models`;
    expectRefused(await get(`${base}?filter=a%00b`), 'filter');
    expectRefused(await get(`${base}?sort=ti%00tle`), 'sort');
    expectRefused(await get(`${base}?filterOn=title%00`), 'filterOn');
    expectRefused(await get(`${base}${queryString({ $adv: { title: 'a\u0000b' } })}`), '$adv');
    expectRefused(await get(`${base}${queryString({ $adv: { 'ti\u0000tle': 'x' } })}`));
    expectRefused(await get(`${base}${queryString({ $adv: { title: { $regex: 'a\u0000' } } })}`), '$adv');
    expectRefused(await get(`${base}${queryString({ $adv: { title: { $in: ['a', 'b\u0000'] } } })}`), '$adv');
    expectRefused(await get(`${base}${queryString({ $aggregate: [{ $match: { title: 'a\u0000' } }] })}`), '$aggregate');
    expectRefused(await get(`${base}/export${queryString({ $adv: { title: 'a\u0000b' } })}`), '$adv');
    // A lone surrogate is as unstorable in jsonb as a NUL.
    expectRefused(await get(`${base}${queryString({ $adv: { title: 'a\ud800' } })}`), '$adv');
    expectRefused(await get('/api/v1/config/user?path=%00'));
    // The list itself still answers.
    expect((await get(`${base}${queryString({ $adv: { title: 'Kept' } })}`)).json().total).toBe(1);
  });

  it('a NUL in a JSON body key or string is a 400 naming where, before any handler or query', async () => {
    const base = `/api/v3/system/component/${books}`;
    expectRefused(await send('POST', `${base}/model`, JSON.stringify({ data: { title: 'a\u0000b' } })), 'body.data.title');
    expectRefused(await send('POST', `${base}/model`, JSON.stringify({ data: { title: 'ok', ['x\u0000']: 1 } })), 'body.data.x\uFFFD');
    expectRefused(await send('POST', `${base}/model/${record.uuid}`, JSON.stringify({ version: record.version, data: { title: '\u0000' } })), 'body.data.title');
    expectRefused(await send('POST', '/api/v3/system/component', JSON.stringify({ name: 'n', label: { en_US: 'x\u0000' } })), 'body.label.en_US');
    const model = (await api.settings(books, 'v1')).json();
    const fields = [recordFields.text('title', {}, { name: 'T\u0000' })];
    expectRefused(await send('POST', `/api/v3/system/component/settings/${books}/v1`, JSON.stringify({ ...model, settings: { ...model.settings, fields } })), 'body.settings.fields.0.name');
    // Sign-in, password reset, invites and settings looked the text up in the database: a 500 before.
    expectRefused(await send('POST', '/api/v1/auth/login', JSON.stringify({ email: 'a\u0000@b.example', password: 'x' })), 'body.email');
    expectRefused(await send('POST', '/api/v1/auth/password/forgot', JSON.stringify({ email: 'a\u0000@b.example' })), 'body.email');
    expectRefused(await send('POST', '/api/v1/iam/invites', JSON.stringify({ email: 'a\u0000@b.example' })), 'body.email');
    expectRefused(await send('PUT', '/api/v1/config/user', JSON.stringify({ path: 'a', data: { deep: ['x\u0000'] } })), 'body.data.deep.0');
    expectRefused(await send('POST', `${base}/delete/models`, JSON.stringify({ $adv: JSON.stringify({ title: '\u0000' }) })));
    expectRefused(await send('POST', `${base}/model`, JSON.stringify({ data: { title: 'a\udc00' } })), 'body.data.title');
    // Nothing was written, and the record is as it was.
    const list = (await get(`${base}/models`)).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual(['Kept']);
  });

  it('a NUL in an imported file or its fields is a 400 or 417, never a 500', async () => {
    const binary = await imports(books, { file: `title\nA\u0000B\n`, primaryKey: '', fieldMap: '' });
    expect([400, 417]).toContain(binary.statusCode);
    const badMap = await imports(books, { file: csv([['title'], ['A']]), primaryKey: 'ti\u0000tle', fieldMap: { 'ti\u0000tle': 'title' } });
    expect([400, 417]).toContain(badMap.statusCode);
    expect(badMap.json()).toMatchObject({ status: badMap.statusCode });
  });

  it('a NUL in a session cookie is an unknown session (401), not a database error', async () => {
    const reply = await app().inject({ url: '/api/v1/user/claims', headers: { cookie: 'luma_session=%00abc' } });
    expect(reply.statusCode).toBe(401);
  });
});

describeApi(`cross-origin writes (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PUBLIC_URL: PUBLIC_URL });
  const app = () => server().app;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  let books = '';
  const create = (headers: Record<string, string>) =>
    app().inject({
      method: 'POST',
      url: `/api/v3/system/component/${books}/model`,
      payload: { data: { title: 'From somewhere' } },
      headers: { cookie: admin, 'x-project-env': 'dev', ...headers },
    });

  beforeAll(async () => {
    admin = await login(app());
    books = await componentWithFields(api, 'books', [recordFields.text('title')]);
  }, SETUP_TIMEOUT_MS);

  it('are judged against LUMA_PUBLIC_URL, never against the Host the request names', async () => {
    const evil = await create({ origin: 'http://evil.example', host: 'evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ status: 403, message: 'forbidden' });
    expect((await create({ origin: 'https://evil.example', host: 'evil.example' })).statusCode).toBe(403);
    // Same host, other scheme or port: another origin.
    expect((await create({ origin: 'http://luma.example' })).statusCode).toBe(403);
    expect((await create({ origin: 'https://luma.example:8443' })).statusCode).toBe(403);
    expect((await create({ origin: 'null' })).statusCode).toBe(403);
    const list = await app().inject({ url: `/api/v3/system/component/${books}/models`, headers: { cookie: admin, 'x-project-env': 'dev' } });
    expect(list.json().total).toBe(0);
    // The app's own origin, and a client that sends no Origin (an API client), may write.
    expect((await create({ origin: PUBLIC_URL, host: 'internal:8080' })).statusCode).toBe(200);
    expect((await create({})).statusCode).toBe(200);
    // Reads are not writes: a GET with a foreign Origin is answered (CORS keeps the body from the page).
    const read = await app().inject({ url: '/api/v1/user/claims', headers: { cookie: admin, origin: 'http://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('without LUMA_PUBLIC_URL (a local start), the loopback names of the port may write and nothing else', async () => {
    const local = await server().appWith({ PORT: '8080', LUMA_PUBLIC_URL: '' });
    const signIn = (origin: string) =>
      local.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@luma.test', password: 'wrong password' }, headers: { origin, host: 'evil.example' } });
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) expect((await signIn(origin)).statusCode, origin).toBe(401);
    for (const origin of ['http://evil.example', 'http://127.0.0.1:9090', 'https://localhost:8080', 'http://192.168.1.5:8080']) expect((await signIn(origin)).statusCode, origin).toBe(403);
  });

  it('sign-in from another origin is refused too', async () => {
    const reply = await app().inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x@y.example', password: 'p' }, headers: { origin: 'http://evil.example', host: 'evil.example' } });
    expect(reply.statusCode).toBe(403);
  });
});

describeApi(`security headers and static files (${DB_KIND})`, () => {
  const server = useServer();
  const appDir = mkdtempSync(join(tmpdir(), 'luma-static-'));
  const script = `console.log(${JSON.stringify('luma '.repeat(400))});\n`;
  const html = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>';
  mkdirSync(join(appDir, 'assets'));
  writeFileSync(join(appDir, 'index.html'), html);
  writeFileSync(join(appDir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(appDir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(appDir, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(appDir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(appDir, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
  writeFileSync(join(appDir, 'assets', 'module-XyZ789.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));
  let spa: FastifyInstance;

  // An app with a built SPA.
  beforeAll(async () => {
    spa = await server().appWith({ LUMA_APP_DIR: appDir });
  }, SETUP_TIMEOUT_MS);

  it('HTML pages: the app CSP (own scripts, wasm, never framed), nosniff, a referrer policy, no-cache', async () => {
    for (const url of ['/login', '/admin/dashboard', '/']) {
      const reply = await spa.inject({ url, headers: { accept: 'text/html' } });
      expect(reply.statusCode).toBe(200);
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'"); // no inline script, no eval
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it('API replies: a CSP that loads nothing, nosniff, and no-store, on answers and errors alike', async () => {
    const admin = await login(spa);
    const replies = [
      await spa.inject({ url: '/api/v1/user/claims', headers: { cookie: admin } }),
      await spa.inject({ url: '/api/v1/user/claims' }),
      await spa.inject({ url: '/api/v1/no-such-call', headers: { cookie: admin } }),
      await spa.inject({ url: '/api/v1/project/%00', headers: { cookie: admin } }),
      // A malformed URL is the framework's own error, which skips the hooks.
      await spa.inject({ url: '/api/v1/%', headers: { cookie: admin } }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 401, 404, 400, 400]);
    for (const reply of replies) {
      expect(reply.headers['content-security-policy']).toContain("default-src 'none'");
      expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers['x-request-uuid']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('hashed assets: precompressed brotli or gzip by Accept-Encoding, immutable for a year', async () => {
    const br = await spa.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const gz = await spa.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await spa.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const wasm = await spa.inject({ url: '/assets/module-XyZ789.wasm' });
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // index.html compressed too, and never cached without revalidation.
    const index = await spa.inject({ url: '/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('no path leaves the app directory, however it is encoded', async () => {
    const base = await spa.listen({ port: 0, host: '127.0.0.1' });
    const raw = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(base);
        const request = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });
    for (const path of [
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%2F..%2F..%2Fetc%2Fpasswd',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/../../package.json',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cpackage.json',
      '/assets/%252e%252e%252fpackage.json',
      '/%2e%2e%2f%2e%2e%2fpackage.json',
      '//etc/passwd',
    ]) {
      const reply = await raw(path);
      expect(reply.status, path).toBeLessThan(500);
      expect(reply.body, path).not.toMatch(/"dependencies"|root:x:0/);
    }
  });

  it('odd methods and oversized headers are 4xx, never 500', async () => {
    const base = await spa.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(spa.server.address() as { port: number }).port}`);
    for (const method of ['PROPFIND', 'TRACE', 'CONNECT', 'PATCH', 'SEARCH']) {
      const reply = await spa.inject({ method: method as 'GET', url: '/api/v1/user/claims' });
      expect(reply.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, method).toBeLessThan(500);
    }
    const big = await fetch(`${base}/api/v1/user/claims`, { headers: { 'x-filler': 'x'.repeat(64 * 1024) } }).then(
      (response) => response.status,
      () => 431,
    );
    expect(big).toBe(431);
  });
});
