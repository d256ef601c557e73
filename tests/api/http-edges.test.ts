// The HTTP edges of issue 27 (docs/security.md "HTTP edges"): a malformed library body and malformed
// multipart bodies are 400s in the error shape with nothing written, a tus request without
// Tus-Resumable is the protocol's 412 in the error shape, an unreachable s3 library lists as 503,
// API-like paths are never the app's page, an over-long path part is 414 whether or not the app is
// built, and a WebSocket upgrade outside the bus is refused and its socket closed. Both databases.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startServer, stopServer } from './child-server';
import { componentApi, componentWithFields, recordFields as f } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, multipartBody } from './import-fixtures';
import { mediaApi, png, uploadBody } from './media-fixtures';

/** A built app of one page and one asset, as `npm run build` leaves it (served when LUMA_APP_DIR names it). */
function builtAppFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'luma-edges-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Luma</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log("luma")');
  return dir;
}

/**
 * Sends raw HTTP bytes on a fresh socket and answers everything the server wrote, once the server has
 * closed the socket (the promise never settles while it stays open: the test's timeout is the bound),
 * or once `enough` says the answer is complete (the client then closes it).
 */
function rawExchange(port: number, request: string, enough?: (answer: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (enough?.(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

const upgradeRequest = (method: string, path: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;

/** Whether a raw HTTP answer has its headers and all of its Content-Length. */
function complete(answer: string): boolean {
  const end = answer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end))?.[1] ?? 0);
  return answer.length - (end + 4) >= length;
}

const MALFORMED = { status: 400, message: 'badRequest', errors: [{ field: 'body', messages: ['invalid'] }] };

describeApi(`HTTP edges (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  const api = mediaApi(app, () => cookie);
  const components = componentApi(app, () => cookie, 'dev');
  let lib = '';
  let people = '';
  const appDir = builtAppFixture();
  let built: FastifyInstance | null = null;
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));
  const spa = () => built!;

  // A luma-simple library, a component to import into, the same server with the app built.
  beforeAll(async () => {
    cookie = await login(app());
    const created = await api.createLibrary({ name: 'Edges', provider: 'luma-simple' });
    expect(created.statusCode, created.body).toBe(200);
    lib = created.json().uuid;
    people = await componentWithFields(components, 'people', [f.text('title')]);
    built = await server().appWith({ LUMA_APP_DIR: appDir });
  }, SETUP_TIMEOUT_MS);

  it('roles: [null] (or a bare string) on library create and update is 400 at the entry, nothing created or changed', async () => {
    const before = await db().selectFrom('media_libraries').select('uuid').execute();
    for (const roles of [[null], ['not an object'], [{ role_uuid: crypto.randomUUID() }, 7]]) {
      const create = await api.createLibrary({ name: 'Roles', provider: 's3', s3_endpoint: 'http://127.0.0.1:1', s3_region: 'r1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/b', roles });
      const index = roles.length - 1;
      expect([create.statusCode, create.json()], JSON.stringify(roles)).toMatchObject([400, { message: 'badRequest', errors: [{ field: `roles.${index}`, messages: ['invalid'] }] }]);
      const update = await api.updateLibrary(lib, { name: 'Edges renamed', roles });
      expect([update.statusCode, update.json()], JSON.stringify(roles)).toMatchObject([400, { message: 'badRequest', errors: [{ field: `roles.${index}`, messages: ['invalid'] }] }]);
    }
    expect(await db().selectFrom('media_libraries').select('uuid').execute()).toEqual(before);
    expect((await api.info(lib)).json().name).toBe('Edges');
  });

  const routes = () => [
    { name: 'upload', url: '/api/media/v2/dms/media/upload', body: () => uploadBody({ fields: { uuid: lib }, files: [{ name: 'edge.png', body: png(64, 64) }] }) },
    { name: 'upload/share', url: `/api/media/v2/dms/media/library/${lib}/upload/share`, body: () => uploadBody({ files: [{ name: 'shared.png', body: png(64, 64) }] }) },
    { name: 'import', url: `/api/v1/system/component/${people}/import`, body: () => multipartBody({ file: csv([['title'], ...Array.from({ length: 200 }, (_, i) => [`Row ${i}`])]), primaryKey: '', fieldMap: '' }) },
  ];
  const post = (url: string, payload: Buffer | string, contentType: string) =>
    app().inject({ method: 'POST', url, payload, headers: { cookie, 'x-project-env': 'dev', 'content-type': contentType } });
  const written = async () => ({
    files: (await db().selectFrom('media_files').select('key').where('library_uuid', '=', lib).execute()).length,
    records: (await db().selectFrom('records').select('uuid').where('component_uuid', '=', people).execute()).length,
  });

  it('malformed multipart on upload, upload/share and import: no boundary, a truncated body, garbage: 400 at body; another type: 415; nothing written', async () => {
    const before = await written();
    for (const route of routes()) {
      const { body, contentType } = route.body();
      const boundary = contentType.split('boundary=')[1]!;
      const cases: [string, Buffer | string, string][] = [
        ['no boundary', body, 'multipart/form-data'],
        // Cut in the middle of the file part: the file's stream breaks while it is being stored.
        ['truncated in the file', body.subarray(0, Math.floor(body.length / 2)), contentType],
        // Cut before the closing boundary only.
        ['no closing boundary', body.subarray(0, body.length - `--${boundary}--\r\n`.length), contentType],
        ['garbage', 'this is no multipart body at all', contentType],
      ];
      for (const [what, payload, type] of cases) {
        const response = await post(route.url, payload, type);
        expect([response.statusCode, response.json()], `${route.name}: ${what}`).toMatchObject([400, MALFORMED]);
        expect(response.json().request_uuid).toBe(response.headers['x-request-uuid']);
      }
      // An empty boundary, a part header without its colon: read as a form without a file (400 too).
      for (const [what, payload, type] of [
        ['an empty boundary', body, 'multipart/form-data; boundary='],
        ['a malformed part header', `--${boundary}\r\nContent-Disposition form-data name\r\n\r\nx\r\n--${boundary}--\r\n`, contentType],
      ] as const) {
        const response = await post(route.url, payload, type);
        expect([response.statusCode, response.json().message], `${route.name}: ${what}`).toEqual([400, 'badRequest']);
      }
      // Not a form: the 415 of the contract.
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', `multipart/mixed; boundary=${boundary}`]) {
        const response = await post(route.url, `--${boundary}--\r\n`, type);
        expect([response.statusCode, response.json().message], `${route.name}: ${type}`).toEqual([415, 'unsupportedMediaType']);
      }
      // The same body whole is taken: the malformed ones were refused for what they are.
      const whole = await post(route.url, body, contentType);
      expect(whole.statusCode, `${route.name}: ${whole.body}`).toBe(200);
    }
    const after = await written();
    // Exactly what the three whole bodies wrote: two files, 200 records.
    expect(after).toEqual({ files: before.files + 2, records: before.records + 200 });
    const stray = await db().selectFrom('media_files').select('key').where('library_uuid', '=', lib).where('status', '<>', 'ready').execute();
    expect(stray).toEqual([]);
  });

  it('a tus request without Tus-Resumable, or with another version: 412 in the error shape, with Tus-Version', async () => {
    const url = '/api/media/v2/dms/media/upload/tus';
    const metadata = `library_uuid ${Buffer.from(lib).toString('base64')},filename ${Buffer.from('t.png').toString('base64')}`;
    for (const headers of [{}, { 'tus-resumable': '0.2.2' }]) {
      const response = await app().inject({ method: 'POST', url, headers: { cookie, 'upload-length': '10', 'upload-metadata': metadata, ...headers } });
      expect(response.statusCode, response.body).toBe(412);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.headers['tus-version']).toBe('1.0.0');
      expect(response.headers['tus-resumable']).toBe('1.0.0');
      const field = 'tus-resumable' in headers ? 'invalid' : 'identityField.requiredField';
      expect(response.json()).toEqual({ status: 412, message: 'badRequest', errors: [{ field: 'Tus-Resumable', messages: [field] }], request_uuid: response.headers['x-request-uuid'] });
    }
    for (const method of ['PATCH', 'HEAD', 'DELETE'] as const) {
      const response = await app().inject({ method, url: `${url}/some-id`, headers: { cookie } });
      expect([response.statusCode, response.headers['tus-version']], method).toEqual([412, '1.0.0']);
    }
    // With the header the protocol goes on: the create is taken.
    const created = await app().inject({ method: 'POST', url, headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': metadata } });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('an s3 library whose endpoint is a closed port: its file list is 503 libraryUnavailable, not an empty page', async () => {
    const created = await api.createLibrary({ name: 'Closed', provider: 's3', s3_endpoint: 'http://127.0.0.1:1', s3_region: 'us-east-1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/bucket' });
    expect(created.statusCode, created.body).toBe(200);
    const listed = await api.list({ library_uuid: created.json().uuid, path: '' });
    expect([listed.statusCode, listed.json().message]).toEqual([503, 'libraryUnavailable']);
    // A library whose storage answers lists as before.
    expect((await api.list({ library_uuid: lib, path: '' })).statusCode).toBe(200);
  });

  it('API-like paths (/luma/appservice, the spec paths without /api) are the JSON 404, never the app page; the app routes still are', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*' };
    for (const url of ['/luma/appservice/v1/forge/workspace', '/luma', '/v3/system/component/menu', '/v1/dms/media/library/list', '/ratchet/x', '/workflow/component/dryrun', '/types/other.d.ts', '/media/move']) {
      for (const [name, instance] of [['built', spa()], ['not built', app()]] as const) {
        const response = await instance.inject({ method: 'GET', url, headers: html });
        expect([response.statusCode, response.headers['content-type']], `${name} ${url}`).toEqual([404, 'application/json; charset=utf-8']);
        expect(response.json().message).toBe('notFound');
      }
    }
    for (const url of ['/admin/components', '/login', '/', '/home/users/profile', '/checkout/thankyou']) {
      const page = await spa().inject({ method: 'GET', url, headers: html });
      expect([page.statusCode, page.body.includes('<div id="root">')], url).toEqual([200, true]);
    }
    const asset = await spa().inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('a 4,095-character path part is 414 with the app built as without it', async () => {
    const long = 'a'.repeat(4095);
    for (const [name, instance] of [['built', spa()], ['not built', app()]] as const) {
      for (const url of [`/api/v3/system/component/${long}/models`, `/api/media/v1/dms/media/library/info/${long}`, `/api/v3/system/component/settings/${long}`]) {
        const response = await instance.inject({ method: 'GET', url, headers: { cookie, 'x-project-env': 'dev', accept: 'text/html,*/*' } });
        expect([response.statusCode, response.headers['content-type']], `${name} ${url.slice(0, 40)}`).toEqual([414, 'application/json; charset=utf-8']);
      }
    }
  });

  it('a WebSocket upgrade outside the bus, over real HTTP: 404 in the error shape and the socket closed by the server; the bus route still upgrades', async () => {
    const base = new URL(await spa().listen({ port: 0, host: '127.0.0.1' }));
    const port = Number(base.port);
    for (const [method, path] of [
      ['GET', '/admin/components'],
      ['GET', '/'],
      ['GET', '/api/v1/user/claims'],
      ['GET', '/luma/appservice/v1/forge/workspace'],
      ['GET', '/api/bus'],
      ['GET', '/api/bus/a/b'],
      ['POST', `/api/bus/${crypto.randomUUID()}`],
    ]) {
      // Resolves only once the server has closed the socket.
      const answer = await rawExchange(port, upgradeRequest(method!, path!));
      expect(answer, `${method} ${path}`).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer).not.toContain('<div id="root">');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 404, message: 'notFound' });
    }
    // The bus route with an over-long project part is the router's 414, its socket closed all the same.
    const long = await rawExchange(port, upgradeRequest('GET', `/api/bus/${'p'.repeat(300)}?token=x`));
    expect(long).toMatch(/^HTTP\/1\.1 414 /);
    // The bus route itself still becomes a WebSocket (a bad token is then closed with 1000 '401').
    const bus = await rawExchange(port, upgradeRequest('GET', `/api/bus/${crypto.randomUUID()}?token=bad`), (answer) => answer.includes('\r\n\r\n'));
    expect(bus).toMatch(/^HTTP\/1\.1 101 /);
  });

  // The hang of issue 27: an upgrade to the app's page left its socket in CLOSE-WAIT once the client
  // had gone, and SIGTERM then never finished. The server is a real process here; its shutdown cuts
  // what is still open after its grace time and says so, which must not be needed.
  it('SIGTERM after an upgrade to a path that is no socket (the client gone): the process exits 0 without cutting any connection', { timeout: 120_000 }, async () => {
    const child = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      LUMA_DATA_DIR: 'memory://',
      LUMA_ADMIN_EMAIL: ADMIN_EMAIL,
      LUMA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LUMA_DEMO: '0',
      LUMA_APP_DIR: appDir,
      LUMA_LOG_LEVEL: 'warn',
    });
    try {
      for (const path of ['/admin/components', '/api/v1/user/claims']) {
        // The client reads the whole answer and goes away, as the hostile run's client did.
        const answer = await rawExchange(child.port, upgradeRequest('GET', path), complete);
        expect(answer, path).toMatch(/^HTTP\/1\.1 404 /);
      }
      const exited = new Promise<number | null>((resolve) => child.process.once('exit', (code) => resolve(code)));
      process.kill(-child.process.pid!, 'SIGTERM');
      // The test's timeout bounds a hang; the exit itself is what is waited on.
      expect(await exited, child.output()).toBe(0);
      expect(child.output()).toContain('SIGTERM received, shutting down');
      expect(child.output()).not.toContain('still open after');
    } finally {
      await stopServer(child, 'SIGKILL');
    }
  });
});
