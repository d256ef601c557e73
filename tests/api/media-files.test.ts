// The media host's file calls on both providers (luma-simple on the disk, s3 against a real
// S3-compatible server): upload (streamed, type sniffed), list by last key with search,
// directories, download with ranges, move, edit, delete, share links, the file URL and its
// headers for active content, traversal attempts through every call, oversize and over-quota
// uploads, replacing a file, and a forged library uuid of another project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, once } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { recordingMailer } from './iam-fixtures';
import { HTML, mediaApi, png, POLYGLOT, providerInput, startS3Server, SVG, type MediaApi, type Provider } from './media-fixtures';
import type { S3TestServer } from '../support/s3-server';
import { runHousekeeping } from '../../src/server/housekeeping';
import { driverFor } from '../../src/server/media/storage/factory';

const mailer = recordingMailer();

describeApi(`media files (${DB_KIND})`, () => {
  const server = useServer({ LUMA_PUBLIC_URL: 'http://luma.test' }, { mailer });
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  const api = mediaApi(app, () => cookie);
  const anonymous = mediaApi(app, () => undefined);
  let s3: S3TestServer | null = null;

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  // Signed in as the admin.
  beforeAll(async () => {
    cookie = await login(app());
  }, SETUP_TIMEOUT_MS);

  describe.each<Provider>(['luma-simple', 's3'])('provider %s', (provider) => {
    let lib = '';
    let created: Awaited<ReturnType<MediaApi['createLibrary']>>;
    const fileUrl = (key: string) => `/media/library/${lib}/get/${key}`;
    // The files and directories the cases below lean on, each made by the case that checks the making or,
    // when a later case runs alone, by that case.
    const photo = once(() => api.upload({ fields: { uuid: lib, path: '' }, files: [{ name: 'my photo.png', body: png(), type: 'text/html' }] }));
    const activeContent = once(() =>
      api.upload({
        fields: { uuid: lib },
        files: [
          { name: 'logo.svg', body: SVG, type: 'image/svg+xml' },
          { name: 'page.png', body: HTML, type: 'image/png' },
          { name: 'poly.gif', body: POLYGLOT, type: 'text/html' },
        ],
      }),
    );
    const docs = once(async () => ({
      tooShort: await api.createDir(lib, 'd'),
      docs: await api.createDir(lib, 'docs/'),
      again: await api.createDir(lib, 'docs'),
      sub: await api.createDir(lib, 'docs/sub/'),
      orphan: await api.createDir(lib, 'nope/sub'),
      upload: await api.upload({ fields: { uuid: lib, path: 'docs' }, files: [{ name: 'a.png', body: png() }, { name: 'b.png', body: png() }] }),
    }));

    beforeAll(async () => {
      const input = await providerInput(provider, () => s3!, `files-${Math.random().toString(16).slice(2, 8)}`);
      created = await api.createLibrary({ name: `Files ${provider}`, ...input });
      lib = created.json().uuid;
    }, SETUP_TIMEOUT_MS);

    it('creates the library', () => {
      expect(created.statusCode, created.body).toBe(200);
      expect(lib).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('uploads a file: the name sanitised, the type sniffed from the bytes, private by default', async () => {
      const response = await photo();
      expect(response.statusCode, response.body).toBe(200);
      const [item] = response.json();
      expect(item).toMatchObject({ library_uuid: lib, key: 'my_photo.png', public_url: null, local_url: `/media/library/${lib}/get/my_photo.png` });
      expect(item.file).toMatchObject({ name: 'my_photo.png', orig_name: 'my photo.png', ext: 'png', mime_type: 'image/png', size: png().length, public: false, status: 'ready' });
    });

    it('serves the file to a session with the permission, inline for an image, with a byte range', async () => {
      await photo();
      const whole = await api.fetch(fileUrl('my_photo.png'));
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('image/png');
      expect(whole.headers['content-disposition']).toMatch(/^inline;/);
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.rawPayload.equals(png())).toBe(true);
      expect(whole.headers['x-media-csp']).toBeUndefined();
      const head = await app().inject({ method: 'HEAD', url: fileUrl('my_photo.png'), headers: { cookie } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(png().length));
      expect(head.body).toBe('');
      const part = await api.download(lib, 'my_photo.png', { range: 'bytes=1-3' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1-3/${png().length}`);
      expect(part.headers['content-disposition']).toMatch(/^attachment;/);
      expect(part.rawPayload.equals(png().subarray(1, 4))).toBe(true);
      expect((await api.download(lib, 'my_photo.png', { range: 'bytes=9999-' })).statusCode).toBe(416);
    });

    it('a private file without a session or link: 401; the preview of an image is a 250 px webp', async () => {
      await photo();
      expect((await anonymous.fetch(fileUrl('my_photo.png'))).statusCode).toBe(401);
      // A missing key looks the same to someone without access: its existence is not told.
      expect((await anonymous.fetch(fileUrl('no_such_file.png'))).statusCode).toBe(401);
      const preview = await api.fetch(`/media/library/${lib}/preview/my_photo.png`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.headers['content-type']).toBe('image/webp');
    });

    it('SVG, HTML and unknown text are attachments with a sandbox CSP, whatever their name says; a polyglot is what its magic bytes say', async () => {
      const response = await activeContent();
      expect(response.statusCode, response.body).toBe(200);
      const types = response.json().map((item: { file: { mime_type: string } }) => item.file.mime_type);
      expect(types).toEqual(['image/svg+xml', 'text/html', 'image/gif']);
      for (const key of ['logo.svg', 'page.png']) {
        const served = await api.fetch(fileUrl(key), { accept: 'text/html' });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-disposition']).toMatch(/^attachment;/);
        expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['content-type']).not.toMatch(/html|svg|xml/);
      }
      const poly = await api.fetch(fileUrl('poly.gif'));
      expect(poly.headers['content-type']).toBe('image/gif');
      expect(poly.headers['x-content-type-options']).toBe('nosniff');
    });

    it('directories: create (name rules), list 12 by last key with directories first, search, dirs', async () => {
      await photo();
      await activeContent();
      const made = await docs();
      expect(made.tooShort.statusCode).toBe(417);
      expect(made.docs.statusCode).toBe(200);
      expect(made.again.statusCode).toBe(409);
      expect(made.sub.statusCode).toBe(200);
      expect(made.orphan.statusCode).toBe(404);
      expect(made.upload.statusCode, made.upload.body).toBe(200);
      const first = await api.list({ library_uuid: lib, path: '', limit: 2 });
      expect(first.statusCode).toBe(200);
      expect(first.json().items.map((item: { key: string }) => item.key)).toEqual(['docs', 'logo.svg']);
      const rest = await api.list({ library_uuid: lib, path: '', limit: 12, last_key: first.json().last_key });
      expect(rest.json()).toEqual({ items: expect.any(Array), last_key: null });
      expect(rest.json().items.map((item: { key: string }) => item.key)).toEqual(['my_photo.png', 'page.png', 'poly.gif']);
      const found = await api.list({ library_uuid: lib, path: '', search: 'B.P' });
      expect(found.json().items.map((item: { key: string }) => item.key)).toEqual(['docs/b.png']);
      expect((await api.list({ library_uuid: lib, path: '', search: '%' })).json().items).toEqual([]);
      expect((await api.dirs(lib, 'docs')).json()).toEqual(['docs/sub']);
    });

    it('move, edit (rename, public, metadata, expiry) and delete', async () => {
      await photo();
      await activeContent();
      await docs();
      const moved = await api.move(lib, 'docs/sub', ['docs/a.png']);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()[0].key).toBe('docs/sub/a.png');
      expect((await api.move(lib, 'docs/sub', ['docs'])).statusCode).toBe(400);
      expect((await api.move(lib, 'docs', ['docs/b.png', 'nothing.png'])).statusCode).toBe(404);
      // A directory moves with everything in it.
      expect((await api.createDir(lib, 'archive')).statusCode).toBe(200);
      const dirMoved = await api.move(lib, 'archive', ['docs']);
      expect(dirMoved.statusCode, dirMoved.body).toBe(200);
      const inside = await api.list({ library_uuid: lib, path: 'archive/docs/sub' });
      expect(inside.json().items.map((item: { key: string }) => item.key)).toEqual(['archive/docs/sub/a.png']);
      const served = await api.fetch(fileUrl('archive/docs/sub/a.png'));
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png())).toBe(true);

      const row = (await api.list({ library_uuid: lib, path: '' })).json().items.find((item: { key: string }) => item.key === 'my_photo.png');
      const edited = await api.edit(row.uuid, { name: 'renamed photo.png', public: true, metadata: [{ key: 'alt', value: 'A photo' }, { key: '', value: 'dropped' }, { key: '__proto__', value: 'x' }] });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ key: 'renamed_photo.png', public: true, metadata: { alt: 'A photo' } });
      expect(Object.keys(edited.json().metadata)).toEqual(['alt']);
      expect(edited.json().public_url).toBe(provider === 's3' ? `${s3!.endpoint}/${edited.json().public_url.split('/')[3]}/renamed_photo.png` : `http://luma.test/media/library/${lib}/get/renamed_photo.png`);
      expect((await api.edit(row.uuid, { expiresAt: '2000-01-01T00:00:00Z' })).statusCode).toBe(417);
      // A public file is served to anyone.
      const open = await anonymous.fetch(fileUrl('renamed_photo.png'));
      expect(open.statusCode).toBe(200);

      expect((await api.remove(lib, ['archive'])).statusCode).toBe(400);
      expect((await api.remove(lib, ['page.png', 'missing.png'])).statusCode).toBe(404);
      expect((await api.remove(lib, ['page.png'], 'v1')).statusCode).toBe(200);
      expect((await api.fetch(fileUrl('page.png'))).statusCode).toBe(404);
      expect((await api.deleteDir(lib, '')).statusCode).toBe(400);
      expect((await api.deleteDir(lib, 'archive')).statusCode).toBe(200);
      expect((await api.fetch(fileUrl('archive/docs/sub/a.png'))).statusCode).toBe(404);
      expect((await api.list({ library_uuid: lib, path: 'archive' })).statusCode).toBe(404);
    });

    it('replacing a file needs replace=true; the old bytes stay until the new ones are whole', async () => {
      await activeContent();
      const again = await api.upload({ fields: { uuid: lib }, files: [{ name: 'poly.gif', body: png(8, 8) }] });
      expect(again.statusCode).toBe(409);
      const replaced = await api.upload({ fields: { uuid: lib, replace: 'true' }, files: [{ name: 'poly.gif', body: png(8, 8) }] });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()[0].file).toMatchObject({ key: 'poly.gif', mime_type: 'image/png', size: png(8, 8).length });
      expect((await api.fetch(fileUrl('poly.gif'))).rawPayload.equals(png(8, 8))).toBe(true);
    });

    it('share links: signed, expiring (410 shareExpired), tamper-proof (403); valid-until not past and on 5-minute steps; by e-mail', async () => {
      await activeContent();
      // Now is 2 minutes past a 5-minute step; the link is valid until the step an hour later.
      const step = 5 * 60_000;
      const start = Math.floor(Date.now() / step) * step + 2 * 60_000;
      const clock = useManualClock(start);
      const date = new Date(start - 2 * 60_000 + 60 * 60_000).toISOString();
      expect((await api.share(lib, { key: 'logo.svg', date: new Date(start + 60 * 60_000).toISOString() })).statusCode).toBe(417);
      expect((await api.share(lib, { key: 'logo.svg', date: new Date(start - 2 * 60_000).toISOString() })).json()).toMatchObject({ status: 417, errors: [{ field: 'date', messages: ['expiryInPast'] }] });
      expect((await api.share(lib, { key: 'missing.png', date })).statusCode).toBe(404);
      const shared = await api.share(lib, { key: 'logo.svg', date });
      expect(shared.statusCode, shared.body).toBe(200);
      const url = new URL(shared.json().data);
      expect(url.origin).toBe('http://luma.test');
      const path = `${url.pathname}${url.search}`;
      const opened = await anonymous.fetch(path);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-disposition']).toMatch(/^attachment;/);
      expect(opened.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      // Another instance on the same database checks the link with the same key.
      const other = await server().appWith({ LUMA_PUBLIC_URL: 'http://luma.test' });
      expect((await other.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      const signature = url.searchParams.get('signature')!;
      const forged = path.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
      expect((await anonymous.fetch(forged)).statusCode).toBe(403);
      expect((await anonymous.fetch(path.replace(/expires=\d+/, 'expires=9999999999'))).statusCode).toBe(403);
      expect((await anonymous.fetch(path.replace('logo.svg', 'poly.gif'))).statusCode).toBe(403);
      clock.advance(60 * 60_000);
      const expired = await anonymous.fetch(path);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe('shareExpired');

      clock.set(start);
      mailer.sent.length = 0;
      const mailed = await api.share(lib, { key: 'logo.svg', date, type: 'email', emails: ['ann@example.com', 'bob@example.com'] });
      expect(mailed.statusCode, mailed.body).toBe(200);
      expect(mailer.sent.map((mail) => mail.to)).toEqual(['ann@example.com', 'bob@example.com']);
      expect(mailer.sent[0]!.text).toContain(mailed.json().data);
      expect((await api.share(lib, { key: 'logo.svg', date, type: 'email', emails: ['not an address'] })).statusCode).toBe(417);
    });

    it('upload/share answers a signed link of the uploaded file', async () => {
      const response = await api.upload({ files: [{ name: 'shared.png', body: png() }] }, `/v2/dms/media/library/${lib}/upload/share`);
      expect(response.statusCode, response.body).toBe(200);
      const url = new URL(response.json().data);
      expect((await anonymous.fetch(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    });

    it('an expiry in the past, a missing library field and a file before the fields are refused', async () => {
      const past = await api.upload({ fields: { uuid: lib, expiresAt: '2001-01-01T00:00:00Z' }, files: [{ name: 'x.png', body: png() }] });
      expect(past.statusCode).toBe(417);
      expect(past.json().errors[0]).toMatchObject({ field: 'expiresAt', messages: ['expiryInPast'] });
      expect((await api.upload({ files: [{ name: 'x.png', body: png() }] })).statusCode).toBe(400);
      expect((await api.upload({ fields: { uuid: lib }, files: [{ name: 'x.png', body: png() }], filesFirst: true })).statusCode).toBe(400);
      expect((await api.upload({ fields: { uuid: lib, path: 'nowhere' }, files: [{ name: 'x.png', body: png() }] })).statusCode).toBe(404);
      expect((await api.list({ library_uuid: lib, path: '', search: 'x.png' })).json().items).toEqual([]);
      // The library by its name (ref), metadata as JSON, public on request.
      const byRef = await api.upload({ fields: { ref: `Files ${provider}`, metadata: JSON.stringify({ alt: 'Logo', empty: '' }), is_public: 'true' }, files: [{ name: 'ref.png', body: png() }] });
      expect(byRef.statusCode, byRef.body).toBe(200);
      expect(byRef.json()[0].file).toMatchObject({ key: 'ref.png', library_uuid: lib, public: true, metadata: { alt: 'Logo' } });
      expect(byRef.json()[0].public_url).not.toBeNull();
      expect((await api.upload({ fields: { uuid: lib, metadata: '{not json' }, files: [{ name: 'm.png', body: png() }] })).statusCode).toBe(417);
      expect((await api.upload({ fields: { ref: 'No such library' }, files: [{ name: 'm.png', body: png() }] })).statusCode).toBe(404);
    });

    it('traversal attempts through every call stay inside the library (400 or 404, never a file, never a 500)', async () => {
      const hostile = ['..', '../x.png', 'a/../../x.png', '/etc/passwd', '%2e%2e/x.png', '..%2fx.png', 'a\\..\\x.png', 'x.png\u0000', '\u2025/x.png', 'ａ／..／x.png', 'C:/x.png', './x.png'];
      for (const key of hostile) {
        const calls = [
          await api.list({ library_uuid: lib, path: key }),
          await api.list({ library_uuid: lib, path: '', last_key: key }),
          await api.dirs(lib, key),
          await api.createDir(lib, `${key}/evil`),
          await api.deleteDir(lib, key),
          await api.download(lib, key),
          await api.remove(lib, [key]),
          await api.move(lib, key, ['logo.svg']),
          await api.move(lib, '', [key]),
          await api.share(lib, { key, date: new Date(Date.now() + 86_400_000 - (Date.now() % 300_000)).toISOString() }),
          await api.upload({ fields: { uuid: lib, path: key }, files: [{ name: 'x.png', body: png() }] }),
        ];
        for (const response of calls) {
          expect([400, 404, 417], `${key}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        }
      }
      for (const raw of ['..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/etc/passwd', '..%5c..%5cx', 'a/%00', '%c0%ae%c0%ae/x', 'docs/..', '.luma-previews/250-logo.svg']) {
        const response = await api.fetch(`/media/library/${lib}/get/${raw}`);
        expect([400, 404], `${raw}: ${response.statusCode}`).toContain(response.statusCode);
      }
      // A name with path parts keeps only its last part.
      const named = await api.upload({ fields: { uuid: lib }, files: [{ name: '../../etc/pass wd', body: 'text' }] });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json()[0].key).toBe('pass_wd');
    });

    it('a forged library uuid of another project is 404 on every call', async () => {
      const other = await createProject(db(), `Other ${provider}`);
      const foreign = crypto.randomUUID();
      await db().insertInto('media_libraries').values({ uuid: foreign, project_uuid: other.projectUuid, name: 'Theirs', provider: 'luma-simple' }).execute();
      await db().insertInto('media_files').values({ uuid: crypto.randomUUID(), library_uuid: foreign, parent: '', key: 'secret.png', name: 'secret.png', orig_name: 'secret.png', size: 1, mime_type: 'image/png', public: false }).execute();
      const calls = [
        await api.info(foreign),
        await api.list({ library_uuid: foreign, path: '' }),
        await api.dirs(foreign, ''),
        await api.createDir(foreign, 'x1'),
        await api.download(foreign, 'secret.png'),
        await api.remove(foreign, ['secret.png']),
        await api.share(foreign, { key: 'secret.png', date: new Date(Date.now() + 86_400_000 - (Date.now() % 300_000)).toISOString() }),
        await api.upload({ fields: { uuid: foreign }, files: [{ name: 'x.png', body: png() }] }),
        await api.updateLibrary(foreign, { name: 'Mine now' }),
        await api.removeLibrary(foreign),
        await api.info('not-a-uuid'),
      ];
      for (const response of calls) expect(response.statusCode, response.body).toBe(404);
      // Its file URL: the session is not of that project, so the private file is refused.
      expect((await api.fetch(`/media/library/${foreign}/get/secret.png`)).statusCode).toBe(403);
      expect((await api.fetch(`/media/library/${crypto.randomUUID()}/get/secret.png`)).statusCode).toBe(404);
    });

    it('quota: an upload past allowed_storage is refused (413 quotaExceeded) and leaves nothing', async () => {
      const info = (await api.info(lib)).json();
      // The library as read, less what is not an input (uuid, provider, size, free_space: an update names no other key).
      const { uuid: _uuid, provider: _provider, size: _size, free_space: _free, ...input } = info;
      const update = await api.updateLibrary(lib, { ...input, s3_secret: '__PASSWORD__', allowed_storage: info.size + 100 });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json().free_space).toBe(100);
      const over = await api.upload({ fields: { uuid: lib }, files: [{ name: 'big.bin', body: Buffer.alloc(5000, 7) }] });
      expect(over.statusCode).toBe(413);
      expect(over.json().message).toBe('quotaExceeded');
      const fits = await api.upload({ fields: { uuid: lib }, files: [{ name: 'small.bin', body: Buffer.alloc(60, 7) }] });
      expect(fits.statusCode, fits.body).toBe(200);
      expect((await api.upload({ fields: { uuid: lib }, files: [{ name: 'more.bin', body: Buffer.alloc(60, 7) }] })).statusCode).toBe(413);
      expect((await api.list({ library_uuid: lib, path: '', search: '.bin' })).json().items.map((item: { key: string }) => item.key)).toEqual(['small.bin']);
      expect((await api.fetch(fileUrl('big.bin'))).statusCode).toBe(404);
      await api.updateLibrary(lib, { ...input, s3_secret: '__PASSWORD__', allowed_storage: null });
    });

    it('oversize: a file past LUMA_MEDIA_MAX_FILE_MB is cut off (413 fileTooLarge) and leaves nothing', async () => {
      const small = await server().appWith({ LUMA_MEDIA_MAX_FILE_MB: '0.01', LUMA_PUBLIC_URL: 'http://luma.test' });
      const limited = mediaApi(() => small, () => cookie);
      const big = await limited.upload({ fields: { uuid: lib }, files: [{ name: 'huge.bin', body: Buffer.alloc(11_000, 1) }] });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('fileTooLarge');
      expect((await api.fetch(fileUrl('huge.bin'))).statusCode).toBe(404);
      expect((await limited.upload({ fields: { uuid: lib }, files: [{ name: 'fine.bin', body: Buffer.alloc(9_000, 1) }] })).statusCode).toBe(200);
    });

    it('a file past its expiry is hidden and refused at once, and housekeeping removes its bytes and row', async () => {
      const clock = useManualClock();
      const expiresAt = new Date(clock.now() + 10 * 60_000).toISOString();
      const upload = await api.upload({ fields: { uuid: lib, expiresAt }, files: [{ name: 'brief.png', body: png() }] });
      expect(upload.statusCode, upload.body).toBe(200);
      expect(upload.json()[0].file.expires_at).toBe(expiresAt);
      expect((await api.fetch(fileUrl('brief.png'))).statusCode).toBe(200);
      clock.advance(20 * 60_000);
      expect((await api.fetch(fileUrl('brief.png'))).statusCode).toBe(404);
      expect((await api.list({ library_uuid: lib, path: '', search: 'brief' })).json().items).toEqual([]);
      expect(await runHousekeeping(db(), server().config, (error) => { throw error; }, new Date(clock.now()))).toEqual([]);
      expect(await db().selectFrom('media_files').select('key').where('library_uuid', '=', lib).where('key', '=', 'brief.png').execute()).toEqual([]);
      const row = await db().selectFrom('media_libraries').selectAll().where('uuid', '=', lib).executeTakeFirstOrThrow();
      expect(await driverFor(row, { dataDir: server().config.dataDir }).head('brief.png')).toBeNull();
    });

    it('removing the library removes its rows (and a luma-simple library its files)', async () => {
      const removed = await api.removeLibrary(lib);
      expect(removed.statusCode, removed.body).toBe(200);
      const left = await db().selectFrom('media_files').select('key').where('library_uuid', '=', lib).execute();
      expect(left).toEqual([]);
      expect((await api.fetch(fileUrl('logo.svg'))).statusCode).toBe(404);
    });
  });
});
