// Media libraries (spec section 5 "Media library rules"): create, update, remove for admins; the
// rules answered as 417 field messages; one luma-simple library per project; the S3 secret never
// answered; roles that limit who sees a library; the integration switched off (403
// integrationDisabled); and the file URL answered by the media route, never by the app's page.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { open } from '../../src/server/platform/secret-box';
import { adminProject, createMember, once } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { mediaApi, png, providerInput, startS3Server } from './media-fixtures';
import type { S3TestServer } from '../support/s3-server';

describeApi(`media libraries (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = mediaApi(app, () => admin);
  let s3: S3TestServer | null = null;
  /** The project's luma-simple library and an s3 library, each made by the first case that needs it. */
  const simpleLibrary = once(() => api.createLibrary({ name: 'Simple', provider: 'luma-simple', allowed_storage: 1000 }));
  const bucketInput = once(() => providerInput('s3', () => s3!, 'library-bucket'));
  const bucketLibrary = once(async () => api.createLibrary({ name: 'Bucket', ...(await bucketInput()) }));
  const simpleUuid = async (): Promise<string> => (await simpleLibrary()).json().uuid;
  const bucketUuid = async (): Promise<string> => (await bucketLibrary()).json().uuid;

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  beforeAll(async () => {
    admin = await login(app());
  }, SETUP_TIMEOUT_MS);

  it('the rules of spec section 5 answer 417 with field messages', async () => {
    const empty = await api.createLibrary({});
    expect(empty.statusCode).toBe(417);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', messages: ['identityField.requiredField'] }),
        expect.objectContaining({ field: 'provider', messages: ['identityField.requiredField'] }),
      ]),
    );
    expect((await api.createLibrary({ name: 'A', provider: 'luma-simple' })).json().errors).toEqual([expect.objectContaining({ field: 'name', messages: ['cantBeLessThenChars'] })]);
    expect((await api.createLibrary({ name: 'Dir', provider: 'luma-simple', dir: 'x' })).json().errors).toEqual([expect.objectContaining({ field: 'dir', messages: ['cantBeLessThenChars'] })]);
    expect((await api.createLibrary({ name: 'Bad', provider: 'ftp' })).json().errors).toEqual([expect.objectContaining({ field: 'provider', messages: ['invalid'] })]);
    const s3Fields = await api.createLibrary({ name: 'Bucket', provider: 's3', s3_bucket: 'b', host: 'not a url' });
    expect(s3Fields.statusCode).toBe(417);
    expect(s3Fields.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['host', 's3_bucket', 's3_endpoint', 's3_key', 's3_region', 's3_secret']);
    expect((await api.createLibrary({ name: 'Roles', provider: 'luma-simple', roles: [{ role_uuid: crypto.randomUUID() }] })).json().errors).toEqual([
      expect.objectContaining({ field: 'roles' }),
    ]);
    expect((await api.createLibrary({ name: 'Quota', provider: 'luma-simple', allowed_storage: -1 })).statusCode).toBe(417);
    expect((await api.createLibrary({ name: 'Proto', provider: 'luma-simple', dir: '../up' })).statusCode).toBe(417);
  });

  it('one luma-simple library per project: the second is 409 simpleLibraryExists', async () => {
    const first = await simpleLibrary();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Simple', provider: 'luma-simple', s3_secret: null, allowed_storage: 1000, size: 0, free_space: 1000, roles: [], dir: '' });
    const second = await api.createLibrary({ name: 'Simple two', provider: 'luma-simple' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('simpleLibraryExists');
  });

  it('an s3 library: the secret is answered masked; the mask on update keeps it; the provider stays', async () => {
    await simpleUuid();
    const input = await bucketInput();
    const created = await bucketLibrary();
    expect(created.statusCode, created.body).toBe(200);
    const bucketLib: string = created.json().uuid;
    expect(created.json().s3_secret).toBe('__PASSWORD__');
    const updated = await api.updateLibrary(bucketLib, { ...input, name: 'Bucket renamed', s3_secret: '__PASSWORD__' });
    expect(updated.statusCode, updated.body).toBe(200);
    const row = await db().selectFrom('media_libraries').select(['s3_secret', 'name']).where('uuid', '=', bucketLib).executeTakeFirstOrThrow();
    // Kept as it was stored: sealed (docs/security.md "Secrets at rest"), opening to the given secret.
    expect(row.name).toBe('Bucket renamed');
    expect(row.s3_secret).not.toContain(String(input.s3_secret));
    expect(open(row.s3_secret!, 's3-secret')).toBe(input.s3_secret);
    // The library still works with the kept secret.
    const upload = await api.upload({ fields: { uuid: bucketLib }, files: [{ name: 'a.png', body: png() }] });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await api.updateLibrary(bucketLib, { ...input, name: 'Bucket', provider: 'luma-simple' })).statusCode).toBe(417);
    const list = await api.libraries();
    expect(list.json().map((library: { name: string }) => library.name)).toEqual(['Bucket renamed', 'Simple']);
    expect((await api.info(bucketLib)).json()).toMatchObject({ name: 'Bucket renamed', size: png().length });
  });

  it('an unreachable storage answers 503 libraryUnavailable, not a 500', async () => {
    const input = await providerInput('s3', () => s3!, 'gone-bucket');
    const created = await api.createLibrary({ name: 'Unreachable', ...input, s3_endpoint: 'http://127.0.0.1:9' });
    expect(created.statusCode, created.body).toBe(200);
    const upload = await api.upload({ fields: { uuid: created.json().uuid }, files: [{ name: 'a.png', body: png() }] });
    expect(upload.statusCode, upload.body).toBe(503);
    expect(upload.json().message).toBe('libraryUnavailable');
    expect((await api.removeLibrary(created.json().uuid)).statusCode).toBe(200);
  });

  it('roles limit a library to members holding one of them; others neither list nor use it', async () => {
    const simple = await simpleUuid();
    const bucketLib = await bucketUuid();
    const insider = await createMember(db(), 'insider@media.test', 'insider password', ['use luma-media']);
    await createMember(db(), 'outsider@media.test', 'outsider password', ['use luma-media']);
    const info = (await api.info(simple)).json();
    const { uuid: _uuid, provider: _provider, size: _size, free_space: _free, ...input } = info;
    expect((await api.updateLibrary(simple, { ...input, roles: [{ role_uuid: insider.roleUuid }] })).statusCode).toBe(200);
    const inside = mediaApi(app, () => insiderCookie);
    const outside = mediaApi(app, () => outsiderCookie);
    const insiderCookie = await login(app(), 'insider@media.test', 'insider password');
    const outsiderCookie = await login(app(), 'outsider@media.test', 'outsider password');
    expect((await inside.libraries()).json().map((library: { uuid: string }) => library.uuid)).toEqual([bucketLib, simple]);
    expect((await outside.libraries()).json().map((library: { uuid: string }) => library.uuid)).toEqual([bucketLib]);
    expect((await outside.info(simple)).statusCode).toBe(403);
    expect((await outside.list({ library_uuid: simple, path: '' })).statusCode).toBe(403);
    expect((await inside.list({ library_uuid: simple, path: '' })).statusCode).toBe(200);
    // Admin-only calls.
    expect((await inside.createLibrary({ name: 'Mine', provider: 's3' })).statusCode).toBe(403);
    expect((await inside.updateLibrary(simple, { name: 'Mine' })).statusCode).toBe(403);
    expect((await inside.removeLibrary(simple)).statusCode).toBe(403);
  });

  it('with the integration deactivated every media call and the file URL answer 403 integrationDisabled', async () => {
    const { projectUuid } = await adminProject(db());
    const simple = await simpleUuid();
    const bucketLib = await bucketUuid();
    const upload = await api.upload({ fields: { uuid: bucketLib }, files: [{ name: 'b.png', body: png() }] });
    expect(upload.statusCode).toBe(200);
    await db().insertInto('integrations').values({ project_uuid: projectUuid, id: 'luma-media', disabled: true }).execute();
    try {
      for (const response of [
        await api.libraries(),
        await api.info(simple),
        await api.createLibrary({ name: 'New', provider: 's3' }),
        await api.list({ library_uuid: simple, path: '' }),
        await api.upload({ fields: { uuid: bucketLib }, files: [{ name: 'c.png', body: png() }] }),
        await api.fetch(`/media/library/${bucketLib}/get/b.png`),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('integrationDisabled');
      }
    } finally {
      await db().deleteFrom('integrations').where('project_uuid', '=', projectUuid).execute();
    }
    expect((await api.libraries()).statusCode).toBe(200);
  });

  it('the file URL is the media route, never the app page (registered before the SPA fallback)', async () => {
    const appDir = await mkdtemp(join(tmpdir(), 'luma-spa-'));
    await writeFile(join(appDir, 'index.html'), '<!doctype html><title>Luma</title>');
    const withSpa = await server().appWith({ LUMA_APP_DIR: appDir });
    const bucketLib = await bucketUuid();
    expect((await api.upload({ fields: { uuid: bucketLib }, files: [{ name: 'url.png', body: png() }] })).statusCode).toBe(200);
    const page = await withSpa.inject({ method: 'GET', url: '/admin/integrations', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<title>Luma</title>');
    for (const url of [`/media/library/${bucketLib}/get/url.png`, `/media/library/${crypto.randomUUID()}/get/x.png`, `/media/library/${bucketLib}/preview/url.png`]) {
      const response = await withSpa.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.body).not.toContain('<title>Luma</title>');
      expect([401, 404]).toContain(response.statusCode);
    }
    const signedIn = await withSpa.inject({ method: 'GET', url: `/media/library/${bucketLib}/get/url.png`, headers: { accept: 'text/html', cookie: admin } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('image/png');
  });

  it('removing an s3 library removes its rows; the bucket keeps its objects', async () => {
    const bucketLib = await bucketUuid();
    expect((await api.upload({ fields: { uuid: bucketLib }, files: [{ name: 'kept.png', body: png() }] })).statusCode).toBe(200);
    expect((await api.removeLibrary(bucketLib)).statusCode).toBe(200);
    expect(await db().selectFrom('media_files').select('key').where('library_uuid', '=', bucketLib).execute()).toEqual([]);
    const objects = await s3!.client.send(new (await import('@aws-sdk/client-s3')).ListObjectsV2Command({ Bucket: 'library-bucket' }));
    expect((objects.Contents ?? []).map((object) => object.Key)).toContain('kept.png');
    expect((await api.info(bucketLib)).statusCode).toBe(404);
  });
});
