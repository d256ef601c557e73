// A hostile review of the media, documents and integration APIs (issue 16): what an attacker would
// try, over real HTTP where the client could otherwise normalise the path. Every answer must be a
// clear 4xx with a message key, never a 500, never another project's data.
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { createMember, createProject, createRole, grantRole, adminProject, setRolePermissions, createUser, addMember } from './fixtures';
import { documentsApi, paragraph, setMediaIntegration } from './documents-fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { runHousekeeping } from '../../src/server/housekeeping';
import { driverFor } from '../../src/server/media/storage/factory';
import { HTML, mediaApi, png, POLYGLOT, SVG } from './media-fixtures';
import { createShareLink } from '../../src/server/media/share';

/** A GET over a real socket with the path sent byte for byte (no client normalises it). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const messageOf = (body: Buffer | string): unknown => {
  try {
    return JSON.parse(body.toString()).message;
  } catch {
    return undefined;
  }
};

const shareDate = () => new Date(Math.ceil((Date.now() + 86_400_000) / 300_000) * 300_000).toISOString();

describeApi(`media hostile (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PUBLIC_URL: 'http://luma.test' });
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  const api = mediaApi(app, () => cookie);
  const anonymous = mediaApi(app, () => undefined);
  let lib = '';
  let otherLib = '';
  let foreignLib = '';
  let foreignFile = '';
  let foreignProject = '';
  let foreignCookie = '';
  let base = '';

  // Two libraries here, one library with a private file in another project, a member of that project only.
  beforeAll(async () => {
    cookie = await login(app());
    lib = (await api.createLibrary({ name: 'Hostile', provider: 'luma-simple' })).json().uuid;
    const s3like = await api.createLibrary({ name: 'Second', provider: 's3', s3_endpoint: 'http://127.0.0.1:1', s3_region: 'us-east-1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/bucket' });
    expect(s3like.statusCode, s3like.body).toBe(200);
    otherLib = s3like.json().uuid;
    expect((await api.upload({ fields: { uuid: lib }, files: [{ name: 'secret.png', body: png() }, { name: 'other.png', body: png() }] })).statusCode).toBe(200);
    expect((await api.createDir(lib, 'docs')).statusCode).toBe(200);
    const other = await createProject(db(), 'Foreign');
    foreignProject = other.projectUuid;
    foreignLib = crypto.randomUUID();
    foreignFile = crypto.randomUUID();
    await db().insertInto('media_libraries').values({ uuid: foreignLib, project_uuid: other.projectUuid, name: 'Theirs', provider: 'luma-simple' }).execute();
    await db().insertInto('media_files').values({ uuid: foreignFile, library_uuid: foreignLib, parent: '', key: 'theirs.png', name: 'theirs.png', orig_name: 'theirs.png', size: 1, mime_type: 'image/png', public: false }).execute();
    const userUuid = await createUser(db(), 'foreign@hostile.test', 'foreign password');
    await addMember(db(), other.projectUuid, userUuid, true);
    foreignCookie = await login(app(), 'foreign@hostile.test', 'foreign password');
    base = await app().listen({ port: 0, host: '127.0.0.1' });
  }, SETUP_TIMEOUT_MS);

  it('the file URL over real HTTP: raw, encoded, double-encoded, backslash, NUL, overlong UTF-8, look-alikes and reserved segments are 4xx with a message key', async () => {
    const hostile = [
      '../secret.png',
      'docs/../secret.png',
      'docs/../../../../etc/passwd',
      '%2e%2e/secret.png',
      '%2e%2e%2fsecret.png',
      'docs%2f..%2fsecret.png',
      '%252e%252e/secret.png',
      '%252e%252e%252fsecret.png',
      'docs%5c..%5csecret.png',
      'docs\\..\\secret.png',
      'secret.png%00',
      'secret.png%00.txt',
      '%c0%ae%c0%ae/secret.png',
      '%c0%afetc%c0%afpasswd',
      '%e0%80%ae%e0%80%ae/secret.png',
      '%ef%bc%8e%ef%bc%8e/secret.png', // fullwidth dots
      '%e2%88%95etc', // division slash
      '.luma-previews/secret.png',
      '.LUMA-previews/250-secret.png',
      'docs/.luma-x',
      '%2fetc%2fpasswd',
      '/etc/passwd',
      '%ff',
      '%',
      '%zz',
    ];
    for (const raw of hostile) {
      for (const kind of ['get', 'preview']) {
        for (const who of [{ cookie }, {}] as Record<string, string>[]) {
          const response = await rawGet(base, `/media/library/${lib}/${kind}/${raw}`, who);
          expect(response.status, `${kind} ${raw}: ${response.status} ${response.body.toString().slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${kind} ${raw}`).toBeLessThan(500);
          expect(response.body.equals(png()), `${kind} ${raw} served the file`).toBe(false);
          expect(typeof messageOf(response.body), `${kind} ${raw}: ${response.body.toString().slice(0, 200)}`).toBe('string');
        }
      }
    }
    // The library uuid itself: traversal, case tricks and junk.
    for (const uuid of ['..', '%2e%2e', `${lib}%00`, `${lib}%2f..`, `${lib.slice(0, -1)}%ef%bc%90`, 'x'.repeat(5000)]) {
      const response = await rawGet(base, `/media/library/${uuid}/get/secret.png`, { cookie });
      expect(response.status, `${uuid.slice(0, 40)}: ${response.status}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('traversal in every JSON key/path parameter: encoded forms, reserved segments and long keys are 4xx, never 500', async () => {
    const hostile = ['%2e%2e/x', '%252e%252e/x', 'a%2fb', '..\\x', 'x\u0000y', '\uff0e\uff0e/x', '\u2215etc', '.luma-previews', 'docs/.luma-previews/250-x.png', `${'a'.repeat(300)}`, `${'a/'.repeat(600)}x`, '\ud800', ' ', '/', ''];
    for (const key of hostile) {
      const calls = [
        await api.list({ library_uuid: lib, path: key }),
        await api.list({ library_uuid: lib, path: '', last_key: key, search: key }),
        await api.dirs(lib, key),
        await api.createDir(lib, key),
        await api.deleteDir(lib, key),
        await api.download(lib, key),
        await api.remove(lib, [key]),
        await api.move(lib, key, ['other.png']),
        await api.move(lib, 'docs', [key]),
        await api.share(lib, { key, date: shareDate() }),
        await api.upload({ fields: { uuid: lib, path: key }, files: [{ name: 'x.png', body: png() }] }),
      ];
      for (const [index, response] of calls.entries()) {
        const tag = `${JSON.stringify(key).slice(0, 40)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, tag).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().message, tag).toBe('string');
        // Only the root (empty path), the list's search and a directory name (sanitised into one
        // plain segment: '%', '/', '\\' become '_') may succeed.
        if (response.statusCode < 400 && index === 3) expect(response.json().key, tag).toMatch(/^(?!\.\.?$)(?!\.luma-)[^/\\%\u0000]+$/i);
        else if (response.statusCode < 400) expect(['', ' ', '/'].includes(key) || index < 2, tag).toBe(true);
      }
    }
    // Non-string keys and items.
    for (const items of [[null], [{}], [1], [['a']], 'secret.png', [{ __proto__: 'x' }]]) {
      const response = await api.remove(lib, items as unknown[]);
      expect(response.statusCode, `${JSON.stringify(items)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Nothing was deleted.
    expect((await api.fetch(`/media/library/${lib}/get/secret.png`)).statusCode).toBe(200);
  });

  it('a forged library or file uuid of another project is 404 on every media call (the library list never shows it)', async () => {
    const calls = [
      await api.info(foreignLib),
      await api.list({ library_uuid: foreignLib, path: '' }),
      await api.dirs(foreignLib, ''),
      await api.createDir(foreignLib, 'x'),
      await api.deleteDir(foreignLib, 'x'),
      await api.download(foreignLib, 'theirs.png'),
      await api.remove(foreignLib, ['theirs.png']),
      await api.remove(foreignLib, ['theirs.png'], 'v1'),
      await api.move(foreignLib, '', ['theirs.png']),
      await api.share(foreignLib, { key: 'theirs.png', date: shareDate() }),
      await api.upload({ fields: { uuid: foreignLib }, files: [{ name: 'x.png', body: png() }] }),
      await api.upload({ fields: { ref: 'Theirs' }, files: [{ name: 'x.png', body: png() }] }),
      await api.upload({ fields: { uuid: foreignLib }, files: [{ name: 'x.png', body: png() }] }, `/v2/dms/media/library/${foreignLib}/upload/share`),
      await api.edit(foreignFile, { name: 'mine.png', public: true }),
      await api.updateLibrary(foreignLib, { name: 'Mine now' }),
      await api.removeLibrary(foreignLib),
      await api.info('Theirs'),
    ];
    for (const [index, response] of calls.entries()) {
      expect(response.statusCode, `call ${index}: ${response.body}`).toBe(404);
      expect(typeof response.json().message).toBe('string');
      expect(response.body).not.toContain('theirs.png');
    }
    // A file uuid of this project under a forged library, and a library uuid with a file of another.
    const mine = (await api.list({ library_uuid: lib, path: '' })).json().items.find((item: { key: string }) => item.key === 'secret.png');
    expect((await api.edit(crypto.randomUUID(), { public: true })).statusCode).toBe(404);
    expect((await api.edit('not-a-uuid', { public: true })).statusCode).toBeLessThan(500);
    expect((await api.libraries()).json().map((library: { uuid: string }) => library.uuid)).not.toContain(foreignLib);
    const row = await db().selectFrom('media_files').select(['name', 'public']).where('uuid', '=', foreignFile).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'theirs.png', public: false });
    expect(mine).toBeDefined();
    // The other project's member: none of this project's libraries, files or documents.
    const foreign = mediaApi(app, () => foreignCookie);
    expect((await foreign.fetch(`/media/library/${lib}/get/secret.png`)).statusCode).toBe(403);
    expect((await foreign.fetch(`/media/library/${lib}/get/secret.png`)).json().message).toBe('integrations.media.noPermissions');
  });

  it('a forged library uuid on every documents call is 404', async () => {
    const mine = documentsApi(app, () => cookie, () => lib);
    expect((await mine.create({ path: 'notes/a', variant: 'main', content: [paragraph('x')] })).statusCode).toBe(200);
    const theirs = documentsApi(app, () => cookie, () => foreignLib);
    const calls = [
      await theirs.create({ path: 'x', variant: 'main', content: [paragraph('x')] }),
      await theirs.get('notes/a'),
      await theirs.patch({ path: 'notes/a', variant: 'main', version: 1, content: [paragraph('y')] }),
      await theirs.remove('notes/a'),
      await theirs.list('?recursive=true'),
      await theirs.deleted(),
      await theirs.restore({ path: 'notes/a', newPath: 'b' }),
      await theirs.comment({ path: 'notes/a', variant: 'main', content: 'hi', from: 0, to: 1 }),
    ];
    for (const [index, response] of calls.entries()) {
      expect(response.statusCode, `call ${index}: ${response.body}`).toBe(404);
      expect(typeof response.json().message).toBe('string');
    }
    for (const bad of ['not-a-uuid', '..', '%2e%2e']) {
      const response = await app().inject({ method: 'GET', url: `/api/integration/dms/documents/${bad}/list`, headers: { cookie } });
      expect(response.statusCode, `${bad}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('documents paths: traversal, encoded bytes and reserved segments are 4xx with a message key', async () => {
    const docs = documentsApi(app, () => cookie, () => lib);
    for (const path of ['../x', 'a/../../x', '%2e%2e/x', 'a%2fb', 'a\\b', 'a\u0000b', '\uff0e\uff0e/x', '.luma-previews/x', '/etc/passwd', '', 'a'.repeat(2000)]) {
      for (const response of [
        await docs.create({ path, variant: 'main', content: [paragraph('x')] }),
        await docs.get(path),
        await docs.remove(path),
        await docs.restore({ path: 'notes/a', newPath: path }),
      ]) {
        const tag = `${JSON.stringify(path).slice(0, 30)} ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, tag).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, tag).toBeLessThan(500);
        expect(typeof response.json().message, tag).toBe('string');
      }
    }
    for (const raw of ['..%2f..%2fx', '%252e%252e/x', '%c0%ae%c0%ae/x', 'a%00']) {
      const response = await rawGet(base, `/api/integration/dms/documents/${lib}/document/${raw}`, { cookie });
      expect(response.status, `${raw}: ${response.status} ${response.body.toString().slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('a private file: no session 401, another project\u2019s session 403, a link for another key or library 403, tampered or expired link 403/410', async () => {
    const url = `/media/library/${lib}/get/secret.png`;
    expect((await anonymous.fetch(url)).statusCode).toBe(401);
    expect((await anonymous.fetch(url)).json().message).toBe('unauthorized');
    const shared = await api.share(lib, { key: 'other.png', date: shareDate() });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = new URL(shared.json().data);
    const query = link.search;
    // A link for other.png used on secret.png, and on the same key of another library.
    expect((await anonymous.fetch(`${url}${query}`)).statusCode).toBe(403);
    expect((await anonymous.fetch(`/media/library/${otherLib}/get/other.png${query}`)).statusCode).toBe(403);
    // Tampered: signature cut, empty, junk, doubled params, expires not a number.
    const signature = link.searchParams.get('signature')!;
    const expires = link.searchParams.get('expires')!;
    for (const q of [
      `?expires=${expires}&signature=${signature.slice(1)}`,
      `?expires=${expires}&signature=`,
      `?expires=${expires}`,
      `?signature=${signature}`,
      `?expires=abc&signature=${signature}`,
      `?expires=${expires}&signature=${'A'.repeat(5000)}`,
      `?expires=${expires}&signature=${signature}&signature=${signature}`,
      `?expires=-1&signature=${signature}`,
      `?expires=1e400&signature=${signature}`,
    ]) {
      const response = await anonymous.fetch(`${link.pathname}${q}`);
      expect([400, 403, 410], `${q.slice(0, 80)}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      expect(typeof response.json().message).toBe('string');
    }
    // An expired link signed with the real key: 410 shareExpired; a link signed with another project's key: 403.
    const { projectUuid } = await adminProject(db());
    const file = await db().selectFrom('media_files').select(['uuid', 'key']).where('library_uuid', '=', lib).where('key', '=', 'secret.png').executeTakeFirstOrThrow();
    const signedFilePath = (project: string, until: Date) => createShareLink(db(), { projectUuid: project, libraryUuid: lib, file, until, createdBy: null });
    const expired = await signedFilePath(projectUuid, new Date(Date.now() - 60_000));
    const gone = await anonymous.fetch(expired);
    expect(gone.statusCode, gone.body).toBe(410);
    expect(gone.json().message).toBe('shareExpired');
    const otherKey = await signedFilePath(foreignProject, new Date(Date.now() + 3_600_000));
    expect((await anonymous.fetch(otherKey)).statusCode).toBe(403);
    const fresh = await signedFilePath(projectUuid, new Date(Date.now() + 3_600_000));
    expect((await anonymous.fetch(fresh)).statusCode).toBe(200);
  });

  it('uploads: SVG with script, HTML, a GIF/HTML polyglot, x.png holding HTML are never inline; a huge-dimension image does not preview; zero bytes; hostile names', async () => {
    const files = [
      { name: 'evil.svg', body: SVG, type: 'image/svg+xml' },
      { name: 'page.html', body: HTML, type: 'text/html' },
      { name: 'poly.gif', body: POLYGLOT, type: 'image/gif' },
      { name: 'x.png', body: HTML, type: 'image/png' },
      { name: 'empty.png', body: Buffer.alloc(0), type: 'image/png' },
    ];
    const uploaded = await api.upload({ fields: { uuid: lib, path: 'docs' }, files });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const byName = Object.fromEntries(uploaded.json().map((item: { key: string; file: { mime_type: string } }) => [item.key, item]));
    expect(byName['docs/x.png'].file.mime_type).not.toBe('image/png');
    for (const key of ['docs/evil.svg', 'docs/page.html', 'docs/x.png', 'docs/empty.png']) {
      const response = await rawGet(base, `/media/library/${lib}/get/${key}`, { cookie });
      expect(response.status, key).toBe(200);
      expect(response.headers['content-disposition'], key).toMatch(/^attachment;/);
      expect(response.headers['content-security-policy'], key).toBe("sandbox; default-src 'none'");
      expect(response.headers['x-content-type-options'], key).toBe('nosniff');
      expect(String(response.headers['content-type']), key).not.toMatch(/html|svg|xml/);
    }
    // The polyglot is a GIF by its bytes: inline as image/gif, nosniff, never as HTML.
    const poly = await rawGet(base, `/media/library/${lib}/get/docs/poly.gif`, { cookie });
    expect(poly.headers['x-content-type-options']).toBe('nosniff');
    expect(poly.headers['content-type']).toBe('image/gif');
    // Previews of non-images, of the polyglot and of a broken image are 404 (never a 500).
    for (const key of ['docs/evil.svg', 'docs/page.html', 'docs/x.png', 'docs/empty.png', 'docs/poly.gif']) {
      const response = await rawGet(base, `/media/library/${lib}/preview/${key}`, { cookie });
      expect([200, 404], `${key}: ${response.status} ${response.body.toString().slice(0, 200)}`).toContain(response.status);
      if (response.status === 200) expect(response.headers['content-type']).toMatch(/^image\/(webp|png|jpeg|gif)$/);
    }
    // A decompression bomb: a PNG header claiming 100000 x 100000 pixels.
    const bomb = png(1, 1);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const bombUpload = await api.upload({ fields: { uuid: lib, path: 'docs' }, files: [{ name: 'bomb.png', body: bomb }] });
    // Refused on upload (its pixels are past the limit), or stored and never previewed.
    expect([200, 413], bombUpload.body).toContain(bombUpload.statusCode);
    if (bombUpload.statusCode === 413) expect(bombUpload.json().message).toBe('fileTooLarge');
    else {
      const bombPreview = await rawGet(base, `/media/library/${lib}/preview/docs/bomb.png`, { cookie });
      expect([404, 413, 415, 422], `${bombPreview.status} ${bombPreview.body.toString().slice(0, 200)}`).toContain(bombPreview.status);
    }
    // Hostile names: a traversal name keeps its last part, NUL / only-dots / reserved / long names are refused or repaired, never 500.
    for (const name of ['../../x.png', '..\\..\\y.png', 'a\u0000b.png', '__proto__', 'constructor', '..', '.', '.luma-previews', `${'n'.repeat(400)}.png`, '\u202eexe.png', '', '   ']) {
      const response = await api.upload({ fields: { uuid: lib, path: 'docs' }, files: [{ name, body: png() }] });
      const tag = `${JSON.stringify(name).slice(0, 30)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, tag).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(typeof response.json().message, tag).toBe('string');
        continue;
      }
      const key: string = response.json()[0].key;
      expect(key.startsWith('docs/'), tag).toBe(true);
      expect(key.slice(5), tag).not.toMatch(/[/\\\u0000]|^\.\.?$|^\.luma-/);
      expect(Buffer.byteLength(key.split('/').pop()!), tag).toBeLessThanOrEqual(255);
    }
    // The prototype is untouched.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('metadata with __proto__ / constructor keys is stored as plain data and pollutes nothing', async () => {
    const metadata = JSON.stringify([{ key: '__proto__', value: '{"polluted":1}' }, { key: 'constructor', value: 'x' }, { key: 'prototype', value: 'y' }]);
    const uploaded = await api.upload({ fields: { uuid: lib, path: 'docs', metadata }, files: [{ name: 'meta.png', body: png() }] });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(500);
    const objectMeta = await api.upload({ fields: { uuid: lib, path: 'docs', metadata: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' }, files: [{ name: 'meta2.png', body: png() }] });
    expect(objectMeta.statusCode, objectMeta.body).toBeLessThan(500);
    const row = (await api.list({ library_uuid: lib, path: 'docs', search: 'meta' })).json().items[0];
    if (row) {
      const edited = await api.edit(row.uuid, JSON.parse('{"metadata":{"__proto__":{"polluted":1}},"__proto__":{"polluted":1}}'));
      expect(edited.statusCode, edited.body).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('Range edge cases: bytes=-0 and past the end are 416, multiple ranges and junk send the whole file', async () => {
    const url = `/media/library/${lib}/get/secret.png`;
    const size = png().length;
    for (const [range, status] of [
      ['bytes=-0', 416],
      ['bytes=999999999-', 416],
      [`bytes=${size}-`, 416],
      ['bytes=0-0', 206],
      ['bytes=-1', 206],
      [`bytes=-${size * 10}`, 206],
      ['bytes=0-1,3-4', 200],
      ['bytes=1-0', 416],
      ['bytes=abc', 200],
      ['items=0-1', 200],
      ['bytes=99999999999999999999999-', 416],
      ['bytes=0-99999999999999999999999', 206],
    ] as const) {
      const response = await rawGet(base, url, { cookie, range });
      expect(response.status, `${range}: ${response.status} ${response.body.toString().slice(0, 200)}`).toBe(status);
      if (status === 416) {
        expect(response.headers['content-range']).toBe(`bytes */${size}`);
        expect(typeof messageOf(response.body)).toBe('string');
      }
      if (status === 200) expect(response.body.equals(png())).toBe(true);
    }
  });

  it('library create and update with an s3_endpoint to a private address: admins only (a settings holder is refused); the address is kept for a self-hosted MinIO', async () => {
    const roleUuid = await createRole(db(), (await adminProject(db())).projectUuid, { name: 'Settings', permissions: ['manage settings', 'use luma-media'] });
    const userUuid = await createUser(db(), 'settings@hostile.test', 'settings password');
    await addMember(db(), (await adminProject(db())).projectUuid, userUuid);
    await grantRole(db(), userUuid, roleUuid);
    const settings = mediaApi(app, () => settingsCookie);
    let settingsCookie = await login(app(), 'settings@hostile.test', 'settings password');
    for (const endpoint of ['http://127.0.0.1:9000', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:127.0.0.1]:9000', 'http://2130706433/', 'file:///etc/passwd', 'gopher://127.0.0.1:25/']) {
      const input = { name: `SSRF ${endpoint}`, provider: 's3', s3_endpoint: endpoint, s3_region: 'us-east-1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/bucket' };
      const refused = await settings.createLibrary(input);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(typeof refused.json().message).toBe('string');
      expect((await settings.updateLibrary(otherLib, { s3_endpoint: endpoint })).statusCode).toBe(403);
      // An admin may point a library at a private address (a self-hosted MinIO); only http(s) is taken.
      const created = await api.createLibrary(input);
      expect(created.statusCode, created.body).toBeLessThan(500);
      if (/^https?:/.test(endpoint)) expect(created.statusCode, created.body).toBe(200);
      else expect(created.statusCode, created.body).toBe(417);
      if (created.statusCode === 200) expect((await api.removeLibrary(created.json().uuid)).statusCode).toBe(200);
    }
    settingsCookie = '';
  });

  it('the integration deactivated: every media, file URL and documents call is 403 integrationDisabled, with no data', async () => {
    const { projectUuid } = await adminProject(db());
    await setMediaIntegration(db(), projectUuid, true);
    try {
      const docs = documentsApi(app, () => cookie, () => lib);
      const calls = [
        await api.libraries(),
        await api.info(lib),
        await api.list({ library_uuid: lib, path: '' }),
        await api.dirs(lib, ''),
        await api.createDir(lib, 'off'),
        await api.deleteDir(lib, 'docs'),
        await api.download(lib, 'secret.png'),
        await api.remove(lib, ['secret.png']),
        await api.move(lib, 'docs', ['secret.png']),
        await api.share(lib, { key: 'secret.png', date: shareDate() }),
        await api.upload({ fields: { uuid: lib }, files: [{ name: 'off.png', body: png() }] }),
        await api.fetch(`/media/library/${lib}/get/secret.png`),
        await api.fetch(`/media/library/${lib}/preview/secret.png`),
        await docs.list(),
        await docs.get('notes/a'),
        await docs.create({ path: 'off', variant: 'main', content: [paragraph('x')] }),
      ];
      for (const [index, response] of calls.entries()) {
        expect(response.statusCode, `call ${index}: ${response.body}`).toBe(403);
        expect(response.json().message, `call ${index}`).toBe('integrationDisabled');
      }
    } finally {
      await setMediaIntegration(db(), projectUuid, false);
    }
    expect(foreignProject).not.toBe(projectUuid);
  });

  it('a library with roles: a member with every media permission but none of its roles gets 403 on every call, and the list hides it', async () => {
    const { projectUuid } = await adminProject(db());
    const allowedRole = await createRole(db(), projectUuid, { name: 'Library role' });
    const locked = (await api.createLibrary({ name: 'Locked', provider: 's3', s3_endpoint: 'http://127.0.0.1:1', s3_region: 'us-east-1', s3_bucket: 'bucket', s3_key: 'key1', s3_secret: 'secret1', host: 'http://127.0.0.1:1/bucket', roles: [{ role_uuid: allowedRole }] })).json();
    expect(locked.roles).toEqual([{ role_uuid: allowedRole }]);
    await createMember(db(), 'all@hostile.test', 'all password', ['use luma-media', 'upload luma-media', 'create_dir luma-media', 'delete_dir luma-media', 'download luma-media', 'delete luma-media']);
    const memberCookie = await login(app(), 'all@hostile.test', 'all password');
    const member = mediaApi(app, () => memberCookie);
    expect((await member.libraries()).json().map((library: { uuid: string }) => library.uuid)).not.toContain(locked.uuid);
    const calls = [
      await member.info(locked.uuid),
      await member.list({ library_uuid: locked.uuid, path: '' }),
      await member.dirs(locked.uuid, ''),
      await member.createDir(locked.uuid, 'x'),
      await member.deleteDir(locked.uuid, 'x'),
      await member.download(locked.uuid, 'x.png'),
      await member.remove(locked.uuid, ['x.png']),
      await member.move(locked.uuid, '', ['x.png']),
      await member.share(locked.uuid, { key: 'x.png', date: shareDate() }),
      await member.upload({ fields: { uuid: locked.uuid }, files: [{ name: 'x.png', body: png() }] }),
      await member.fetch(`/media/library/${locked.uuid}/get/x.png`),
      await documentsApi(app, () => memberCookie, () => locked.uuid).list(),
    ];
    for (const [index, response] of calls.entries()) {
      expect([403, 404], `call ${index}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(typeof response.json().message).toBe('string');
    }
    // The role's permissions are what counts once held.
    await setRolePermissions(db(), allowedRole, []);
  });

  it('a library whose S3 endpoint does not answer: every call is a 4xx/503 with a message key, never a 500', async () => {
    const calls = [
      await api.info(otherLib),
      await api.list({ library_uuid: otherLib, path: '' }),
      await api.createDir(otherLib, 'dead'),
      await api.upload({ fields: { uuid: otherLib }, files: [{ name: 'dead.png', body: png() }] }),
      await api.download(otherLib, 'dead.png'),
      await api.remove(otherLib, ['dead.png']),
      await api.fetch(`/media/library/${otherLib}/get/dead.png`),
      await api.fetch(`/media/library/${otherLib}/preview/dead.png`),
      await documentsApi(app, () => cookie, () => otherLib).create({ path: 'dead', variant: 'main', content: [paragraph('x')] }),
    ];
    for (const [index, response] of calls.entries()) {
      const tag = `call ${index}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, tag).not.toBe(500);
      if (response.statusCode >= 400) expect(typeof response.json().message, tag).toBe('string');
    }
    // The list asks the storage first: never an empty page for a library it cannot reach.
    expect([calls[1]!.statusCode, calls[1]!.json().message]).toEqual([503, 'libraryUnavailable']);
  });

  it('a directory as a file, a file as a directory, a directory moved into itself, a rename onto another name: 4xx, never a 500', async () => {
    expect((await api.createDir(lib, 'docs/inner')).statusCode).toBe(200);
    const row = (await api.list({ library_uuid: lib, path: '' })).json().items.find((item: { key: string }) => item.key === 'other.png');
    const calls = [
      await api.fetch(`/media/library/${lib}/get/docs`),
      await api.fetch(`/media/library/${lib}/preview/docs`),
      await api.download(lib, 'docs'),
      await api.share(lib, { key: 'docs', date: shareDate() }),
      await api.upload({ fields: { uuid: lib, path: 'secret.png' }, files: [{ name: 'x.png', body: png() }] }),
      await api.createDir(lib, 'secret.png/sub'),
      await api.list({ library_uuid: lib, path: 'secret.png' }),
      await api.dirs(lib, 'secret.png'),
      await api.deleteDir(lib, 'secret.png'),
      await api.move(lib, 'secret.png', ['other.png']),
      await api.move(lib, 'docs/inner', ['docs']),
      await api.move(lib, 'docs', ['docs']),
      await api.edit(row.uuid, { name: 'secret.png' }),
      await api.edit(row.uuid, { name: '..' }),
      await api.edit(row.uuid, { name: '.luma-previews' }),
      await api.edit(row.uuid, { name: 'a/b.png' }),
    ];
    for (const [index, response] of calls.entries()) {
      const tag = `call ${index}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, tag).toBeLessThan(500);
      // A rename to '..', '.luma-previews' or 'a/b.png' may be repaired into one plain segment; the others are refused.
      if (index < 13) expect(response.statusCode, tag).toBeGreaterThanOrEqual(400);
      else if (response.statusCode < 400) expect(response.json().key, tag).toMatch(/^(?!\.\.?$)(?!\.luma-)[^/\\%\u0000]+$/i);
      if (response.statusCode >= 400) expect(typeof response.json().message, tag).toBe('string');
    }
    // Nothing moved or was lost.
    expect((await api.fetch(`/media/library/${lib}/get/secret.png`)).rawPayload.equals(png())).toBe(true);
    expect((await api.list({ library_uuid: lib, path: 'docs' })).statusCode).toBe(200);
  });

  it("housekeeping clears a row a crashed server left 'uploading' (and its partial bytes) after an hour, so its name is free again", async () => {
    const clock = useManualClock();
    const library = await db().selectFrom('media_libraries').selectAll().where('uuid', '=', lib).executeTakeFirstOrThrow();
    const driver = driverFor(library, { dataDir: server().config.dataDir });
    const insertUploading = async (key: string) => {
      await db().insertInto('media_files').values({ uuid: crypto.randomUUID(), library_uuid: lib, parent: '', key, name: key, orig_name: key, size: 0, mime_type: 'application/octet-stream', public: false, status: 'uploading', created_at: new Date(clock.now()), updated_at: new Date(clock.now()) }).execute();
      await driver.put(key, Readable.from([Buffer.from('partial')]), { contentType: 'application/octet-stream' });
    };
    await insertUploading('crashed.png');
    // The name is taken while the row stays.
    const blocked = await api.upload({ fields: { uuid: lib }, files: [{ name: 'crashed.png', body: png() }] });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().message).toBe('fileExists');
    const rowsOf = () => db().selectFrom('media_files').select(['key', 'status']).where('library_uuid', '=', lib).where('key', 'in', ['crashed.png', 'late.png']).orderBy('key').execute();
    const fail = (error: unknown) => {
      throw error;
    };
    clock.advance(59 * 60_000);
    await insertUploading('late.png');
    expect(await runHousekeeping(db(), server().config, fail, new Date(clock.now()))).toEqual([]);
    expect(await rowsOf()).toEqual([{ key: 'crashed.png', status: 'uploading' }, { key: 'late.png', status: 'uploading' }]);
    clock.advance(2 * 60_000);
    expect(await runHousekeeping(db(), server().config, fail, new Date(clock.now()))).toEqual([]);
    // Only the one reserved over an hour ago goes, with its bytes; the younger one stays.
    expect(await rowsOf()).toEqual([{ key: 'late.png', status: 'uploading' }]);
    expect(await driver.head('crashed.png')).toBeNull();
    expect(await driver.head('late.png')).not.toBeNull();
    const again = await api.upload({ fields: { uuid: lib }, files: [{ name: 'crashed.png', body: png() }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()[0].file).toMatchObject({ status: 'ready', size: png().length });
    expect((await api.fetch(`/media/library/${lib}/get/crashed.png`)).rawPayload.equals(png())).toBe(true);
    // A ready file is never taken for a stale upload, however old.
    clock.advance(24 * 60 * 60_000);
    expect(await runHousekeeping(db(), server().config, fail, new Date(clock.now()))).toEqual([]);
    expect(await rowsOf()).toEqual([{ key: 'crashed.png', status: 'ready' }]);
    expect(await driver.head('crashed.png')).not.toBeNull();
  });

  it('teardown: the listening app is closed', async () => {
    expect(base).not.toBe('');
  });
});
