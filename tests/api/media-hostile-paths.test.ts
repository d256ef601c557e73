// A hostile review of the media, documents and integration APIs (issue 16), its addresses and
// identities: what an attacker would try, over real HTTP where the client could otherwise normalise
// the path (file URLs, JSON keys and paths, documents paths, forged uuids of another project, private
// files and their links, Range). Every answer must be a clear 4xx with a message key, never a 500,
// never another project's data. Content and configuration: media-hostile-files.test.ts.
import { expect, it } from 'vitest';
import { adminProject } from './fixtures';
import { documentsApi, paragraph } from './documents-fixtures';
import { DB_KIND, describeApi } from './harness';
import { mediaApi, png } from './media-fixtures';
import { createShareLink } from '../../src/server/media/share';
import { messageOf, rawGet, shareDate, useHostileScene } from './media-hostile-setup';

describeApi(`media hostile: paths and identities (${DB_KIND})`, () => {
  const { app, db, api, anonymous, state } = useHostileScene();

  it('the file URL over real HTTP: raw, encoded, double-encoded, backslash, NUL, overlong UTF-8, look-alikes and reserved segments are 4xx with a message key', async () => {
    const { cookie, lib, base } = state;
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
    const { lib } = state;
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
    const { lib, foreignLib, foreignFile, foreignCookie } = state;
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
    const { cookie, lib, foreignLib } = state;
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
    const { cookie, lib, base } = state;
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
    const { lib, otherLib, foreignProject } = state;
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

  it('Range edge cases: bytes=-0 and past the end are 416, multiple ranges and junk send the whole file', async () => {
    const { cookie, lib, base } = state;
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
});
