// The plain multipart upload streams: a 96 MB file sent over real HTTP reaches the storage while the
// server's memory stays flat (the whole file is never held), and the bytes arrive whole.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { DB_KIND, describeApi, login, useServer } from './harness';
import { mediaApi } from './media-fixtures';
import { driverFor } from '../../src/server/media/storage/factory';
import { isFileBacked } from '../../src/server/media/storage/local';

const SIZE = 96 * 1024 * 1024;
const CHUNK = 256 * 1024;

/** SIZE bytes of a repeating pattern, made as they are read (the test holds none of them). */
function patternStream(): Readable {
  const chunk = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK; i++) chunk[i] = (i * 31) & 0xff;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) return void this.push(null);
      sent += CHUNK;
      this.push(chunk);
    },
  });
}

describeApi(`media upload streaming (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let cookie = '';
  const api = mediaApi(app, () => cookie);

  it('a 96 MB upload over HTTP keeps the server memory flat and stores every byte', async () => {
    cookie = await login(app());
    const lib = (await api.createLibrary({ name: 'Big', provider: 'luma-simple' })).json().uuid;
    await app().listen({ port: 0, host: '127.0.0.1' });
    const port = (app().server.address() as AddressInfo).port;
    const boundary = '----lumastream';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="uuid"\r\n\r\n${lib}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const body = Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of patternStream()) yield chunk as Buffer;
        yield tail;
      })(),
    );
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/media/v2/dms/media/upload',
          headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + SIZE + tail.length) },
        },
        (res) => {
          let text = '';
          res.on('data', (data) => (text += data));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      body.pipe(req);
    });
    clearInterval(sampler);
    expect(answer.status, answer.text).toBe(200);
    const [item] = JSON.parse(answer.text);
    expect(item.file.size).toBe(SIZE);
    // Flat: far less than the file (V8 and the database move some tens of MB on their own).
    console.log(`rss growth ${((peak - before) / 1048576).toFixed(1)} MB for a ${SIZE / 1048576} MB upload`);
    expect(peak - before).toBeLessThan(SIZE / 2);

    const row = await server().database.db.selectFrom('media_libraries').selectAll().where('uuid', '=', lib).executeTakeFirstOrThrow();
    const driver = driverFor(row, { dataDir: server().config.dataDir });
    if (!isFileBacked(driver)) throw new Error('luma-simple is file-backed');
    const stored = createHash('sha256');
    for await (const chunk of createReadStream(driver.pathOf('big.bin'))) stored.update(chunk as Buffer);
    const sent = createHash('sha256');
    for await (const chunk of patternStream()) sent.update(chunk as Buffer);
    expect(stored.digest('hex')).toBe(sent.digest('hex'));
  }, 180_000);
});
