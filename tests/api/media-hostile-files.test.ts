// A hostile review of the media, documents and integration APIs (issue 16), its content and
// configuration: hostile uploads and metadata, private storage addresses, the integration switched
// off, libraries with roles, a storage that does not answer, directories and files mistaken for each
// other, and uploads a crashed server left. Every answer must be a clear 4xx with a message key, never
// a 500, never another project's data. Addresses and identities: media-hostile-paths.test.ts.
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { createMember, createRole, grantRole, adminProject, setRolePermissions, createUser, addMember } from './fixtures';
import { documentsApi, paragraph, setMediaIntegration } from './documents-fixtures';
import { DB_KIND, describeApi, login, useManualClock } from './harness';
import { runHousekeeping } from '../../src/server/housekeeping';
import { driverFor } from '../../src/server/media/storage/factory';
import { HTML, mediaApi, png, POLYGLOT, SVG } from './media-fixtures';
import { rawGet, shareDate, useHostileScene } from './media-hostile-setup';

describeApi(`media hostile: content and configuration (${DB_KIND})`, () => {
  const { server, app, db, api, state } = useHostileScene();

  it('uploads: SVG with script, HTML, a GIF/HTML polyglot, x.png holding HTML are never inline; a huge-dimension image does not preview; zero bytes; hostile names', async () => {
    const { cookie, lib, base } = state;
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
    const { lib } = state;
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

  it('library create and update with an s3_endpoint to a private address: admins only (a settings holder is refused); the address is kept for a self-hosted MinIO', async () => {
    const { otherLib } = state;
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
    const { cookie, lib, foreignProject } = state;
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
    const { cookie, otherLib } = state;
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
    const { lib } = state;
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
    const { lib } = state;
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
});
