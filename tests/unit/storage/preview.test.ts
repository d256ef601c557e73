// Image previews (src/server/media/storage/preview.ts) on both drivers: 250 px WebP made by sharp,
// cached next to the object, dropped when the object changes; decompression bombs refused unread.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewKeyOf } from '../../../runtime/media/keys';
import type { StorageDriver } from '../../../src/server/media/storage/driver';
import { withPreviewCleanup } from '../../../src/server/media/storage/factory';
import { createLocalDriver } from '../../../src/server/media/storage/local';
import { PreviewError, previewOf } from '../../../src/server/media/storage/preview';
import { closeS3Clients, createS3Driver } from '../../../src/server/media/storage/s3';
import { startS3Server, type S3TestServer } from '../../support/s3-server';

let s3: S3TestServer;
let base: string;

beforeAll(async () => {
  s3 = await startS3Server();
  base = await mkdtemp(join(tmpdir(), 'luma-preview-'));
});

afterAll(async () => {
  closeS3Clients();
  await s3?.stop();
  if (base) await rm(base, { recursive: true, force: true });
});

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG whose header claims width x height: a few hundred bytes that would decode to gigabytes. */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // IHDR: length(4) 'IHDR'(4) width(4) height(4) ... crc over type+data, after the 8-byte signature.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const kinds: { name: string; make(): Promise<StorageDriver> }[] = [
  { name: 'local', make: async () => withPreviewCleanup(createLocalDriver({ root: join(base, `lib-${Math.random()}`), tmpDir: join(base, 'tmp') })) },
  {
    name: 's3 (s3rver)',
    async make() {
      const bucket = `previews-${Math.floor(Math.random() * 1e9)}`;
      await s3.createBucket(bucket);
      return withPreviewCleanup(createS3Driver({ bucket, root: 'lib', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null }));
    },
  },
];

describe.each(kinds)('previews: $name', (kind) => {
  let driver: StorageDriver;
  beforeAll(async () => {
    driver = await kind.make();
  });

  async function putImage(key: string, image: Sharp): Promise<void> {
    await driver.put(key, Readable.from([await image.toBuffer()]), { contentType: 'image/*' });
  }

  it('makes a 250 px wide WebP of jpg, png, webp and gif, keeping the aspect ratio', async () => {
    const source = sharp({ create: { width: 1000, height: 500, channels: 3, background: '#cc3366' } });
    for (const [key, image] of [
      ['p/a.jpg', source.clone().jpeg()],
      ['p/a.jpeg', source.clone().jpeg()],
      ['p/a.png', source.clone().png()],
      ['p/a.webp', source.clone().webp()],
      ['p/a.gif', source.clone().gif()],
    ] as const) {
      await putImage(key, image);
      const preview = await previewOf(driver, key);
      expect(preview?.contentType).toBe('image/webp');
      const meta = await sharp(await bufferOf(preview!.body)).metadata();
      expect([meta.format, meta.width, meta.height], key).toEqual(['webp', 250, 125]);
    }
  });

  it('never enlarges a small image', async () => {
    await putImage('small.png', sharp({ create: { width: 40, height: 20, channels: 4, background: '#00000000' } }).png());
    const meta = await sharp(await bufferOf((await previewOf(driver, 'small.png'))!.body)).metadata();
    expect([meta.width, meta.height]).toEqual([40, 20]);
  });

  it('caches the preview next to the object and serves the cache next time; a replaced object gets a new one', async () => {
    await putImage('c/photo.png', sharp({ create: { width: 600, height: 600, channels: 3, background: '#112233' } }).png());
    const first = await previewOf(driver, 'c/photo.png');
    expect(first?.cached).toBe(false);
    await bufferOf(first!.body);
    expect(await driver.head(previewKeyOf('c/photo.png', 250))).not.toBeNull();
    const second = await previewOf(driver, 'c/photo.png');
    expect(second?.cached).toBe(true);
    await bufferOf(second!.body);

    await putImage('c/photo.png', sharp({ create: { width: 500, height: 1000, channels: 3, background: '#445566' } }).png());
    expect(await driver.head(previewKeyOf('c/photo.png', 250))).toBeNull();
    const third = await previewOf(driver, 'c/photo.png');
    expect(third?.cached).toBe(false);
    const meta = await sharp(await bufferOf(third!.body)).metadata();
    expect([meta.width, meta.height]).toEqual([250, 500]);

    await driver.move('c/photo.png', 'c/moved.png');
    expect(await driver.head(previewKeyOf('c/photo.png', 250))).toBeNull();
    await bufferOf((await previewOf(driver, 'c/moved.png'))!.body);
    await driver.delete(['c/moved.png']);
    expect(await driver.head(previewKeyOf('c/moved.png', 250))).toBeNull();
  });

  it('refuses a decompression bomb before decoding it, with a clear error, and caches nothing', async () => {
    const bomb = await pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    await driver.put('bomb.png', Readable.from([bomb]), { contentType: 'image/png' });
    const error = await previewOf(driver, 'bomb.png').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PreviewError);
    expect((error as PreviewError).code).toBe('tooLarge');
    expect((error as PreviewError).message).toMatch(/more than 80000000 pixels/);
    expect(await driver.head(previewKeyOf('bomb.png', 250))).toBeNull();
    // A lower limit refuses an ordinary image the same way.
    await putImage('limit.png', sharp({ create: { width: 200, height: 200, channels: 3, background: '#fff' } }).png());
    await expect(previewOf(driver, 'limit.png', { maxPixels: 10_000 })).rejects.toMatchObject({ code: 'tooLarge' });
  });

  it('answers unreadable for bytes that are not an image, notAnImage for other types, null when absent', async () => {
    await driver.put('fake.png', Readable.from([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]), { contentType: 'image/png' });
    await expect(previewOf(driver, 'fake.png')).rejects.toMatchObject({ code: 'unreadable' });
    await expect(previewOf(driver, 'fake.png', { mimeType: 'image/svg+xml' })).rejects.toMatchObject({ code: 'notAnImage' });
    await expect(previewOf(driver, 'doc.pdf')).rejects.toMatchObject({ code: 'notAnImage' });
    expect(await previewOf(driver, 'absent.png')).toBeNull();
  });
});

describe('preview temp files', () => {
  it('s3 sources are read from a temp file that is removed afterwards', async () => {
    const bucket = 'preview-tmp';
    await s3.createBucket(bucket);
    const driver = withPreviewCleanup(createS3Driver({ bucket, root: '', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null }));
    const tmpDir = join(base, 'preview-tmp');
    await driver.put('a.png', Readable.from([await sharp({ create: { width: 300, height: 300, channels: 3, background: '#abc' } }).png().toBuffer()]), { contentType: 'image/png' });
    await bufferOf((await previewOf(driver, 'a.png', { tmpDir }))!.body);
    await driver.put('bomb.png', Readable.from([await pngBomb(50_000, 50_000)]), { contentType: 'image/png' });
    await expect(previewOf(driver, 'bomb.png', { tmpDir })).rejects.toMatchObject({ code: 'tooLarge' });
    expect(await readdir(tmpDir)).toEqual([]);
  });
});
