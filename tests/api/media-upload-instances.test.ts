// Two Luma instances on one database behind a load balancer (docs/media-upload.md "Two instances"):
// partial uploads and their lock live on the instance that created them, so a tus request that
// lands on the other instance finds no upload. Round-robin routing: the PATCH after the create is
// 404 uploadNotFound and the browser's uploadFiles fails with it. Sticky routing by upload id (what
// the docs ask for): the same upload completes, every request after the create on its instance.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UPLOAD_MESSAGE } from '../../runtime/api/media-upload';
import { memoryStorage } from '../../runtime/client/storage';
import { UploadFailed, uploadFiles } from '../../runtime/media/upload';
import { toJson } from '../../src/server/db/json';
import { adminProject } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { generatedChunks } from './tus-client';

const MB = 1024 * 1024;

/** A load balancer in front of the instances: round-robin, or sticky by the upload id in the path. */
function balancer(ports: number[], sticky: boolean): Promise<{ port: number; server: Server; routed: string[] }> {
  let next = 0;
  const owner = new Map<string, number>();
  const routed: string[] = [];
  const server = createServer((req, res) => {
    const id = /\/upload\/tus\/([^/?]+)/.exec(req.url ?? '')?.[1];
    const port = sticky && id && owner.has(id) ? owner.get(id)! : ports[next++ % ports.length]!;
    routed.push(`${req.method} ${ports.indexOf(port)}`);
    const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const location = answer.headers.location;
      const created = location ? /\/upload\/tus\/([^/?]+)/.exec(location)?.[1] : undefined;
      if (created) owner.set(created, port);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, server, routed })));
}

describeApi(`a resumable upload across two instances (${DB_KIND})`, () => {
  const server = useServer();
  let second: FastifyInstance;
  let secondDataDir = '';
  let cookie = '';
  let library = '';
  const ports: number[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
    if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
  });

  // Two instances on one database, each with its own disk.
  beforeAll(async () => {
    secondDataDir = await mkdtemp(join(tmpdir(), 'luma-second-instance-'));
    second = await server().appWith({ LUMA_DATA_DIR: secondDataDir });
    for (const app of [server().app, second]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      ports.push((app.server.address() as AddressInfo).port);
    }
    cookie = await login(server().app);
    const { projectUuid } = await adminProject(server().database.db);
    library = crypto.randomUUID();
    await server().database.db.insertInto('media_libraries').values({ uuid: library, project_uuid: projectUuid, name: 'Uploads', provider: 'luma-simple', roles: toJson([]) }).execute();
  }, SETUP_TIMEOUT_MS);

  const send = (port: number, name: string) =>
    uploadFiles(
      [Object.assign(Buffer.concat([...generatedChunks(0, 3 * MB, 5)]), { name, size: 3 * MB }) as unknown as Blob & { name: string }],
      { libraryUuid: library, path: '', isPublic: false },
      {},
      undefined,
      { origin: `http://127.0.0.1:${port}`, storage: memoryStorage(), headers: { cookie }, retryDelays: [0, 50], tus: { chunkSize: MB } },
    );

  it('round-robin: the PATCH lands on the instance without the upload, 404 uploadNotFound, and the upload fails', async () => {
    const lb = await balancer(ports, false);
    closers.push(() => new Promise((resolve) => lb.server.close(() => resolve())));
    const failed = await send(lb.port, 'round robin.bin').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(UploadFailed);
    expect(failed).toMatchObject({ status: 404, messageKey: UPLOAD_MESSAGE.uploadNotFound });
    expect(lb.routed.slice(0, 2)).toEqual(['POST 0', 'PATCH 1']);
  });

  it('sticky by upload id: every request after the create reaches its instance and the file is stored', async () => {
    const lb = await balancer(ports, true);
    closers.push(() => new Promise((resolve) => lb.server.close(() => resolve())));
    const [file] = await send(lb.port, 'sticky.bin');
    expect(file).toMatchObject({ key: 'sticky.bin', size: 3 * MB });
    const [create, ...rest] = lb.routed;
    expect(rest.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rest.map((entry) => entry.split(' ')[1]))).toEqual(new Set([create!.split(' ')[1]]));
  });
});
