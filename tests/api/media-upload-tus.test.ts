// The resumable upload through real HTTP (docs/media-upload.md): a 200 MB generated stream with the
// server's memory sampled flat, a PATCH whose connection is destroyed half-way and resumed from the
// server's offset (stored bytes equal by sha256), the result of a finished upload, and creates that
// are refused before any byte is kept (no permission, another project's library, a bad key, past
// expiry, over quota, over the size limit, no declared length). Partial uploads nobody finished are
// swept after a day.
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { MEDIA_MESSAGE, MEDIA_PERMISSION, mediaFileUrl, type MediaFile } from '../../runtime/api/media';
import { TUS_META, TUS_RESULT_HEADER, UPLOAD_MESSAGE, decodeResultHeader, tusResultPath } from '../../runtime/api/media-upload';
import { toJson } from '../../src/server/db/json';
import { sweepAbandonedUploads, tusDirectory } from '../../src/server/media/routes-tus';
import { adminProject, createMember, createProject } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useManualClock, useServer } from './harness';
import { TusClient, generatedChunks, generatedSha256, tusMetadata } from './tus-client';
import { memoryStorage } from '../../runtime/client/storage';
import { UploadFailed, uploadFiles } from '../../runtime/media/upload';

const MB = 1024 * 1024;
const BIG = 200 * MB;
// The size limit of this server: above the 200 MB upload, so a 301 MB declaration is refused.
const LIMIT_MB = 300;

describeApi(`resumable upload through tus (${DB_KIND})`, () => {
  const server = useServer({ LUMA_MEDIA_MAX_FILE_MB: String(LIMIT_MB) });
  let port = 0;
  let admin: TusClient;
  let adminCookie = '';
  let library = '';
  let foreignLibrary = '';
  let projectUuid = '';

  const db = () => server().database.db;
  const partialFiles = async () => (await readdir(tusDirectory(server().config)).catch(() => [] as string[])).length;

  async function insertLibrary(project: string, name: string, quota: number | null): Promise<string> {
    const uuid = crypto.randomUUID();
    await db()
      .insertInto('media_libraries')
      .values({ uuid, project_uuid: project, name, provider: 'luma-simple', allowed_storage: quota, roles: toJson([]) })
      .execute();
    return uuid;
  }

  /** The sha256 of a stored file, read back through the file route (streamed). */
  async function storedSha256(libraryUuid: string, key: string): Promise<{ sha256: string; size: number }> {
    const response = await fetch(`http://127.0.0.1:${port}${mediaFileUrl(libraryUuid, key)}`, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      size += chunk.length;
    }
    return { sha256: hash.digest('hex'), size };
  }

  const meta = (more: Record<string, string> = {}) => ({ [TUS_META.libraryUuid]: library, [TUS_META.filename]: 'big file.bin', ...more });

  // A server listening on a port, a library of this project and one of another project.
  beforeAll(async () => {
    const app = server().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    adminCookie = await login(app);
    admin = new TusClient(port, { cookie: adminCookie });
    ({ projectUuid } = await adminProject(db()));
    library = await insertLibrary(projectUuid, 'Uploads', null);
    const other = await createProject(db(), 'Other project');
    foreignLibrary = await insertLibrary(other.projectUuid, 'Theirs', null);
  }, SETUP_TIMEOUT_MS);

  it('streams a 200 MB upload with the server process memory flat (rss growth far below the file size)', { timeout: 180_000 }, async () => {
    const created = await admin.create(BIG, meta({ [TUS_META.filename]: 'two hundred.bin' }));
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const samples: number[] = [];
    const recorder = setInterval(() => samples.push(process.memoryUsage().rss), 250);
    let finished;
    try {
      finished = await admin.patch(location, 0, BIG);
    } finally {
      clearInterval(sampler);
      clearInterval(recorder);
    }
    expect(finished.status).toBe(204);
    expect(finished.headers['upload-offset']).toBe(String(BIG));
    const growth = peak - baseline;
    console.info(
      `200 MB tus upload: rss baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${(growth / MB).toFixed(1)} MB; ` +
        `samples (MB): ${samples.map((rss) => (rss / MB).toFixed(0)).join(' ')}`,
    );
    // The client's generator and the server's pipeline live in this one process: both must stream.
    expect(growth).toBeLessThan(64 * MB);
    const file = decodeResultHeader(String(finished.headers[TUS_RESULT_HEADER.toLowerCase()])) as MediaFile;
    expect(file).toMatchObject({ key: 'two_hundred.bin', size: BIG, library_uuid: library, public: false });
    expect(await storedSha256(library, file.key)).toEqual({ sha256: generatedSha256(BIG), size: BIG });
  });

  it('resumes an upload whose connection was destroyed half-way from the offset the server kept; the stored bytes are equal', async () => {
    const length = 24 * MB;
    const created = await admin.create(length, meta({ [TUS_META.filename]: 'resumed.bin', [TUS_META.path]: '' }));
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    await admin.patchThenDrop(location, 0, length, 9 * MB + 12345);
    // The server keeps what reached it; HEAD answers that offset once the broken PATCH has let go.
    const offset = await until('the offset after the dropped PATCH', 20_000, async () => {
      const head = await admin.head(location);
      return head.status === 200 ? Number(head.headers['upload-offset']) : undefined;
    });
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(9 * MB + 12345);
    const resumed = await admin.patch(location, offset, length);
    expect(resumed.status).toBe(204);
    const file = decodeResultHeader(String(resumed.headers[TUS_RESULT_HEADER.toLowerCase()])) as MediaFile;
    expect(await storedSha256(library, file.key)).toEqual({ sha256: generatedSha256(length), size: length });
    // After the last byte: HEAD answers the whole length and the result stays readable.
    const head = await admin.head(location);
    expect([head.status, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([200, String(length), String(length)]);
    const id = location.split('/').pop()!;
    const result = await fetch(`http://127.0.0.1:${port}${tusResultPath(id)}`, { headers: { cookie: adminCookie } });
    expect(result.status).toBe(200);
    expect(((await result.json()) as MediaFile).uuid).toBe(file.uuid);
  });

  it('answers a PATCH at a stale offset with 409 and keeps the bytes it has', async () => {
    const created = await admin.create(2 * MB, meta({ [TUS_META.filename]: 'stale.bin' }));
    const location = created.headers.location!;
    expect((await admin.patch(location, 0, MB)).status).toBe(204);
    const stale = await admin.patch(location, 0, MB);
    expect(stale.status).toBe(409);
    expect((await admin.head(location)).headers['upload-offset']).toBe(String(MB));
    expect((await admin.call('DELETE', location)).status).toBe(204);
    expect((await admin.head(location)).status).toBe(404);
  });

  it('refuses creates with clear errors before any byte is kept (the first bytes sent with the create are not stored)', async () => {
    const member = await createMember(db(), 'viewer@luma.test', 'viewer password 1', [MEDIA_PERMISSION.use]);
    const viewer = new TusClient(port, { cookie: await login(server().app, 'viewer@luma.test', 'viewer password 1') });
    expect(member.projectUuid).toBe(projectUuid);
    const before = await partialFiles();
    const past = new Date(Date.now() - 60_000).toISOString();
    const cases: [string, TusClient, number, Record<string, string>, number, string][] = [
      ['no upload permission', viewer, MB, meta(), 403, MEDIA_MESSAGE.noPermissions],
      ["another project's library", admin, MB, meta({ [TUS_META.libraryUuid]: foreignLibrary }), 404, MEDIA_MESSAGE.libraryNotFound],
      ['an unknown library', admin, MB, meta({ [TUS_META.libraryUuid]: crypto.randomUUID() }), 404, MEDIA_MESSAGE.libraryNotFound],
      ['a path leaving the library', admin, MB, meta({ [TUS_META.path]: '../other' }), 400, MEDIA_MESSAGE.invalidKey],
      ['an encoded traversal', admin, MB, meta({ [TUS_META.path]: '%2e%2e/x' }), 400, MEDIA_MESSAGE.invalidKey],
      ['a directory that does not exist', admin, MB, meta({ [TUS_META.path]: 'nowhere' }), 404, MEDIA_MESSAGE.dirNotFound],
      ['an expiry in the past', admin, MB, meta({ [TUS_META.expiresAt]: past }), 417, MEDIA_MESSAGE.expiryInPast],
      ['over the quota (a quota 10 MB above what the library holds, set below)', admin, 11 * MB, meta(), 413, MEDIA_MESSAGE.quotaExceeded],
      ['over the size limit', admin, (LIMIT_MB + 1) * MB, meta(), 413, MEDIA_MESSAGE.fileTooLarge],
      ['a file already at the key, without replace', admin, MB, meta({ [TUS_META.filename]: 'two hundred.bin' }), 409, MEDIA_MESSAGE.fileExists],
      ['the integration deactivated (set below)', admin, MB, meta(), 403, MEDIA_MESSAGE.integrationDisabled],
      ['metadata that is not an object of strings', admin, MB, meta({ [TUS_META.metadata]: '{"__proto__":{"x":"1"}}' }), 417, 'invalid'],
    ];
    for (const [label, client, length, metadata, status, message] of cases) {
      if (label.startsWith('over the quota')) {
        // One luma-simple library per project: this one, with a quota for this case only.
        const used = await db().selectFrom('media_files').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.val('0')).as('used')).where('library_uuid', '=', library).executeTakeFirstOrThrow();
        await db().updateTable('media_libraries').set({ allowed_storage: Number(used.used) + 10 * MB }).where('uuid', '=', library).execute();
      }
      if (label.startsWith('the integration deactivated')) {
        await db().insertInto('integrations').values({ project_uuid: projectUuid, id: 'luma-media', disabled: true }).execute();
      }
      const first = Math.min(length, 256 * 1024);
      const answer = await client.create(length, metadata, generatedChunks(0, first), first);
      expect([label, answer.status], answer.body).toEqual([label, status]);
      const body = JSON.parse(answer.body) as { message: string; errors?: { messages: string[] }[] };
      expect([label, body.message === message || body.errors?.[0]?.messages[0] === message]).toEqual([label, true]);
      expect(answer.headers.location).toBeUndefined();
      await db().updateTable('media_libraries').set({ allowed_storage: null }).where('uuid', '=', library).execute();
      await db().deleteFrom('integrations').where('project_uuid', '=', projectUuid).execute();
    }
    // A deferred length cannot be judged against the quota: refused too.
    const deferred = await admin.call('POST', '/api/media/v2/dms/media/upload/tus', { 'Upload-Defer-Length': '1', 'Upload-Metadata': tusMetadata(meta()) });
    expect([deferred.status, JSON.parse(deferred.body).message]).toEqual([400, UPLOAD_MESSAGE.lengthRequired]);
    // Without a session: 401 from the media host, before the tus server sees the request.
    const anonymous = await new TusClient(port, {}).create(MB, meta());
    expect(anonymous.status).toBe(401);
    expect(await partialFiles()).toBe(before);
  });

  it("keeps one caller's upload from another: HEAD, PATCH, DELETE and the result answer 404", async () => {
    await createMember(db(), 'uploader@luma.test', 'uploader password 1', [MEDIA_PERMISSION.use, MEDIA_PERMISSION.upload]);
    const uploader = new TusClient(port, { cookie: await login(server().app, 'uploader@luma.test', 'uploader password 1') });
    const created = await uploader.create(MB, meta({ [TUS_META.filename]: 'private.bin' }));
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    expect((await admin.head(location)).status).toBe(404);
    expect((await admin.patch(location, 0, MB)).status).toBe(404);
    expect((await admin.call('DELETE', location)).status).toBe(404);
    expect((await uploader.head(location)).headers['upload-offset']).toBe('0');
    const id = location.split('/').pop()!;
    const early = await fetch(`http://127.0.0.1:${port}${tusResultPath(id)}`, { headers: { cookie: adminCookie } });
    expect([early.status, ((await early.json()) as { message: string }).message]).toEqual([404, UPLOAD_MESSAGE.uploadNotFinished]);
    expect((await uploader.call('DELETE', location)).status).toBe(204);
  });

  it('sweeps a partial upload that received no byte for a day (judged by the clock, not by waiting)', async () => {
    const created = await admin.create(4 * MB, meta({ [TUS_META.filename]: 'abandoned.bin' }));
    const location = created.headers.location!;
    expect((await admin.patch(location, 0, MB)).status).toBe(204);
    const clock = useManualClock();
    const directory = tusDirectory(server().config);
    expect(await sweepAbandonedUploads(directory, new Date(clock.now()))).toBe(0);
    clock.advance(23 * 60 * 60 * 1000);
    expect(await sweepAbandonedUploads(directory, new Date(clock.now()))).toBe(0);
    clock.advance(2 * 60 * 60 * 1000);
    expect(await sweepAbandonedUploads(directory, new Date(clock.now()))).toBeGreaterThanOrEqual(1);
    // Back to the real time (the session would have expired a day later too), then the upload is gone.
    clock.set(Date.now());
    expect((await admin.head(location)).status).toBe(404);
  });
});

describeApi(`the browser's uploadFiles against the tus endpoint (${DB_KIND})`, () => {
  const server = useServer();
  let port = 0;
  let cookie = '';
  let library = '';

  // A listening server and a library.
  beforeAll(async () => {
    const app = server().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    cookie = await login(app);
    const { projectUuid } = await adminProject(server().database.db);
    library = crypto.randomUUID();
    await server().database.db.insertInto('media_libraries').values({ uuid: library, project_uuid: projectUuid, name: 'Uploads', provider: 'luma-simple', roles: toJson([]) }).execute();
  }, SETUP_TIMEOUT_MS);

  const env = () => ({ origin: `http://127.0.0.1:${port}`, storage: memoryStorage(), headers: { cookie }, retryDelays: [0, 50, 100, 200], resultDelays: [0] });
  const named = (name: string, bytes: Buffer) => Object.assign(bytes, { name, type: 'application/octet-stream', size: bytes.length }) as unknown as Blob & { name: string };

  it('uploads files in order with progress per file, and resumes from the server offset when every connection is dropped mid-way', async () => {
    const first = Buffer.concat([...generatedChunks(0, 12 * MB, 7)]);
    const second = Buffer.from('a small second file');
    const progress: [number, number, number][] = [];
    const retries: number[] = [];
    let dropped = false;
    const files = await uploadFiles(
      [named('first file.bin', first), named('second.txt', second)],
      { libraryUuid: library, path: '', isPublic: true, metadata: { source: 'test' } },
      {
        onProgress: (index, loaded, total) => {
          progress.push([index, loaded, total]);
          // A third of the way in, the server drops every connection: the network went away.
          if (!dropped && index === 0 && loaded > 4 * MB) {
            dropped = true;
            server().app.server.closeAllConnections();
          }
        },
        onRetry: (index, attempt) => retries.push(index * 100 + attempt),
      },
      undefined,
      env(),
    );
    expect(dropped).toBe(true);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(files.map((file) => [file.key, file.size, file.public, file.metadata])).toEqual([
      ['first_file.bin', first.length, true, { source: 'test' }],
      ['second.txt', second.length, true, { source: 'test' }],
    ]);
    expect(progress.at(-1)).toEqual([1, second.length, second.length]);
    expect(progress.some(([index, loaded, total]) => index === 0 && loaded === total)).toBe(true);
  });

  it('answers a refusal as UploadFailed with the server message key', async () => {
    const refused = uploadFiles([named('a.bin', Buffer.from('x'))], { libraryUuid: library, path: '../up', isPublic: false }, {}, undefined, env());
    await expect(refused).rejects.toBeInstanceOf(UploadFailed);
    await expect(refused).rejects.toMatchObject({ status: 400, messageKey: MEDIA_MESSAGE.invalidKey, fieldErrors: [{ field: 'path', messages: [MEDIA_MESSAGE.invalidKey] }] });
  });

  it('cancelling aborts the transfer and terminates the upload on the server (its partial bytes are removed)', async () => {
    const controller = new AbortController();
    let uploadUrl = '';
    const answers: string[] = [];
    const bytes = Buffer.concat([...generatedChunks(0, 16 * MB, 9)]);
    const running = uploadFiles(
      [named('cancelled.bin', bytes)],
      { libraryUuid: library, path: '', isPublic: false },
      { onProgress: (_index, loaded) => loaded > 2 * MB && controller.abort() },
      controller.signal,
      {
        ...env(),
        tus: {
          // 1 MB per PATCH: the abort lands while most of the file is still to send (one 16 MB write could finish first).
          chunkSize: MB,
          onAfterResponse: (req, res) => {
            answers.push(`${req.getMethod()} ${res.getStatus()}`);
            if (req.getMethod() === 'POST') uploadUrl = new URL(res.getHeader('Location') ?? '', req.getURL()).pathname;
          },
        },
      },
    );
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    const client = new TusClient(port, { cookie });
    const location = uploadUrl;
    expect(location).toContain('/upload/tus/');
    await until('the upload terminated', 20_000, async () => {
      const status = (await client.head(location)).status;
      if (status !== 404) console.info(`HEAD ${status}; the client's answers: ${answers.join(', ')}`);
      return status === 404 ? true : undefined;
    });
  });
});
