// The storage driver contract (src/server/media/storage/driver.ts), the SAME tests against the local
// driver (a temp dir) and the s3 driver on a real S3-compatible server (s3rver over HTTP,
// tests/support/s3-server.ts). Bodies are streamed patterns; nothing builds a whole file in memory.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StorageDriver } from '../../../src/server/media/storage/driver';
import { isStorageError } from '../../../src/server/media/storage/errors';
import { driverFor, sweepMediaTemp } from '../../../src/server/media/storage/factory';
import { createLocalDriver } from '../../../src/server/media/storage/local';
import { closeS3Clients, createS3Driver } from '../../../src/server/media/storage/s3';
import { startS3Server, type S3TestServer } from '../../support/s3-server';
import { digestOf, patternDigest, patternStream, stallingStream, textOf } from './streams';

const MiB = 1024 * 1024;
let s3: S3TestServer;
let localBase: string;
let bucketCount = 0;

beforeAll(async () => {
  s3 = await startS3Server();
  localBase = await mkdtemp(join(tmpdir(), 'luma-local-driver-'));
});

afterAll(async () => {
  closeS3Clients();
  await s3?.stop();
  if (localBase) await rm(localBase, { recursive: true, force: true });
});

interface Fixture {
  driver: StorageDriver;
  /** Parts or temp files the storage still holds for unfinished puts. */
  leftovers(): Promise<string[]>;
}

const kinds: { name: string; make(root: string): Promise<Fixture> }[] = [
  {
    name: 'local',
    async make(root) {
      const dir = join(localBase, `lib-${++bucketCount}`);
      const tmp = join(localBase, `tmp-${bucketCount}`);
      return {
        driver: createLocalDriver({ root: root === '' ? dir : join(dir, root), tmpDir: tmp }),
        leftovers: async () => readdir(tmp).catch(() => []),
      };
    },
  },
  {
    name: 's3 (s3rver)',
    async make(root) {
      const bucket = `bucket-${++bucketCount}`;
      await s3.createBucket(bucket);
      return {
        driver: createS3Driver({ bucket, root, endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null }),
        leftovers: () => s3.pendingUploads(bucket),
      };
    },
  },
];

async function putText(driver: StorageDriver, key: string, text: string): Promise<void> {
  await driver.put(key, Readable.from([Buffer.from(text)]), { contentType: 'text/plain' });
}

async function readText(driver: StorageDriver, key: string): Promise<string | null> {
  const object = await driver.get(key);
  return object === null ? null : textOf(object.body);
}

async function expectStorageError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStorageError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

describe.each(kinds)('storage driver contract: $name', (kind) => {
  let fixture: Fixture;
  let driver: StorageDriver;
  beforeAll(async () => {
    fixture = await kind.make('library/root');
    driver = fixture.driver;
  });

  it('puts and gets a streamed body, answering its size; head answers the size', async () => {
    const size = 300 * 1024 + 7;
    const stored = await driver.put('dir/a.bin', patternStream(size, 3), { contentType: 'application/octet-stream' });
    expect(stored.size).toBe(size);
    expect(await driver.head('dir/a.bin')).toEqual({ size });
    const object = await driver.get('dir/a.bin');
    expect(object?.size).toBe(size);
    expect(await digestOf(object!.body)).toEqual({ digest: patternDigest(size, 3), size });
  });

  it('stores an empty body as an empty object', async () => {
    expect(await driver.put('empty.txt', Readable.from([]), { contentType: 'application/octet-stream' })).toEqual({ size: 0 });
    expect(await driver.head('empty.txt')).toEqual({ size: 0 });
    expect(await readText(driver, 'empty.txt')).toBe('');
    await expectStorageError(driver.get('empty.txt', { start: 0 }), 'range');
  });

  it('replaces what is at the key', async () => {
    await putText(driver, 'replace.txt', 'first version');
    await putText(driver, 'replace.txt', 'second');
    expect(await readText(driver, 'replace.txt')).toBe('second');
    expect(await driver.head('replace.txt')).toEqual({ size: 6 });
  });

  it('answers null for an absent key (get and head), and for a directory', async () => {
    await putText(driver, 'only/inside.txt', 'x');
    expect(await driver.get('absent.txt')).toBeNull();
    expect(await driver.head('absent.txt')).toBeNull();
    expect(await driver.head('only')).toBeNull();
    expect(await driver.get('only')).toBeNull();
  });

  it('keeps Unicode keys as they are', async () => {
    await putText(driver, 'Фото/слика ü 名前.txt', 'unicode');
    expect(await readText(driver, 'Фото/слика ü 名前.txt')).toBe('unicode');
  });

  it('keeps keys with URL-special characters apart and intact through put, get, move and deletePrefix', async () => {
    const keys = ['odd/a+b c#d?e&f=g%h.txt', "odd/it's (1) [x] {y} ~!@$^*;,.txt", 'odd/ünï 日本.txt', 'odd/a b.txt', 'odd/a+b.txt'];
    for (const key of keys) await putText(driver, key, key);
    for (const key of keys) expect(await readText(driver, key), key).toBe(key);
    await driver.move('odd', 'odd moved+');
    for (const key of keys) {
      const moved = key.replace('odd/', 'odd moved+/');
      expect(await readText(driver, moved), moved).toBe(key);
      expect(await driver.head(key), key).toBeNull();
    }
    await driver.move('odd moved+/a+b c#d?e&f=g%h.txt', 'odd moved+/plain.txt');
    expect(await readText(driver, 'odd moved+/plain.txt')).toBe('odd/a+b c#d?e&f=g%h.txt');
    await driver.deletePrefix('odd moved+');
    expect(await driver.head('odd moved+/a b.txt')).toBeNull();
  });

  it('gets byte ranges (inclusive end, open end, end clamped) with the whole size; refuses an unsatisfiable one', async () => {
    const size = 200 * 1024;
    await driver.put('range.bin', patternStream(size, 4), { contentType: 'application/octet-stream' });
    const middle = await driver.get('range.bin', { start: 1000, end: 70_000 });
    expect(middle?.size).toBe(size);
    expect(await digestOf(middle!.body)).toEqual({ digest: patternDigest(size, 4, 1000, 70_000), size: 69_001 });
    const tail = await driver.get('range.bin', { start: size - 10 });
    expect(await digestOf(tail!.body)).toEqual({ digest: patternDigest(size, 4, size - 10, size - 1), size: 10 });
    const clamped = await driver.get('range.bin', { start: 5, end: size * 2 });
    expect((await digestOf(clamped!.body)).size).toBe(size - 5);
    const one = await driver.get('range.bin', { start: 0, end: 0 });
    expect((await digestOf(one!.body)).size).toBe(1);
    await expectStorageError(driver.get('range.bin', { start: size }), 'range');
    await expectStorageError(driver.get('range.bin', { start: 10, end: 5 }), 'range');
    expect(await driver.get('absent.bin', { start: 0 })).toBeNull();
  });

  it('deletes keys; absent keys are no error', async () => {
    await putText(driver, 'del/a.txt', 'a');
    await putText(driver, 'del/b.txt', 'b');
    await driver.delete(['del/a.txt', 'del/absent.txt', 'del/b.txt']);
    expect(await driver.head('del/a.txt')).toBeNull();
    expect(await driver.head('del/b.txt')).toBeNull();
    await driver.delete([]);
  });

  it('deletes a prefix by whole segments (dir, not dir2), and the whole library with the empty prefix', async () => {
    const own = await kind.make('prefix-root');
    for (const key of ['dir/a.txt', 'dir/sub/b.txt', 'dir/sub/deeper/c.txt', 'dir2/d.txt', 'dirx.txt', 'other/e.txt']) await putText(own.driver, key, key);
    await own.driver.deletePrefix('dir');
    for (const key of ['dir/a.txt', 'dir/sub/b.txt', 'dir/sub/deeper/c.txt']) expect(await own.driver.head(key), key).toBeNull();
    for (const key of ['dir2/d.txt', 'dirx.txt', 'other/e.txt']) expect(await readText(own.driver, key), key).toBe(key);
    await own.driver.deletePrefix('absent');
    await own.driver.deletePrefix('');
    for (const key of ['dir2/d.txt', 'dirx.txt', 'other/e.txt']) expect(await own.driver.head(key), key).toBeNull();
  });

  it('keeps libraries apart: another root dir in the same storage sees nothing of this one', async () => {
    await putText(driver, 'apart.txt', 'mine');
    const sibling = await kind.make('library/root2');
    expect(await sibling.driver.head('apart.txt')).toBeNull();
  });

  it('moves a file (replacing the target) and a directory with everything in it', async () => {
    await putText(driver, 'mv/a.txt', 'A');
    await putText(driver, 'mv/target.txt', 'old');
    await driver.move('mv/a.txt', 'mv/target.txt');
    expect(await driver.head('mv/a.txt')).toBeNull();
    expect(await readText(driver, 'mv/target.txt')).toBe('A');

    await putText(driver, 'tree/x.txt', 'x');
    await putText(driver, 'tree/sub/y.txt', 'y');
    await driver.move('tree', 'moved/tree');
    expect(await driver.head('tree/x.txt')).toBeNull();
    expect(await driver.head('tree/sub/y.txt')).toBeNull();
    expect(await readText(driver, 'moved/tree/x.txt')).toBe('x');
    expect(await readText(driver, 'moved/tree/sub/y.txt')).toBe('y');

    await expectStorageError(driver.move('nothing-here', 'b'), 'notFound');
    await expectStorageError(driver.move('moved', 'moved/inside'), 'invalidKey');
  });

  it('an aborted put leaves nothing: no object, no parts, no temp file; a replaced object stays as it was', async () => {
    await putText(driver, 'abort/kept.bin', 'before');
    s3.clearRequests();
    // 6 MiB before stalling: past one 5 MiB part, so the s3 driver is inside a multipart upload.
    for (const key of ['abort/new.bin', 'abort/kept.bin']) {
      const stall = stallingStream(6 * MiB);
      const controller = new AbortController();
      const put = driver.put(key, stall.body, { contentType: 'application/octet-stream', signal: controller.signal });
      const settled = put.then(
        () => null,
        (e: unknown) => e as Error,
      );
      await stall.reached;
      if (kind.name !== 'local') await vi.waitFor(() => expect(s3.requests().some((r) => r.includes('partNumber'))).toBe(true), { timeout: 20_000 });
      controller.abort();
      const error = await settled;
      expect(error?.name).toBe('AbortError');
      stall.release(null);
    }
    expect(await driver.head('abort/new.bin')).toBeNull();
    expect(await readText(driver, 'abort/kept.bin')).toBe('before');
    expect(await fixture.leftovers()).toEqual([]);
    if (kind.name !== 'local') expect(s3.abortCalls()).toBeGreaterThanOrEqual(2);
  });

  it('a body that fails midway leaves nothing and rejects with its error', async () => {
    const stall = stallingStream(6 * MiB);
    const put = driver.put('fail/new.bin', stall.body, { contentType: 'application/octet-stream' });
    const settled = put.then(
      () => null,
      (e: unknown) => e as Error,
    );
    await stall.reached;
    stall.release(new Error('client went away'));
    expect((await settled)?.message).toBe('client went away');
    expect(await driver.head('fail/new.bin')).toBeNull();
    expect(await fixture.leftovers()).toEqual([]);
  });

  it('concurrent puts to one key leave one whole body, and a reader during a put sees the old one whole', async () => {
    await driver.put('race.bin', patternStream(100_000, 20), { contentType: 'application/octet-stream' });
    const stall = stallingStream(300 * 1024, 21);
    const slow = driver.put('race.bin', stall.body, { contentType: 'application/octet-stream' });
    await stall.reached;
    expect(await digestOf((await driver.get('race.bin'))!.body)).toEqual({ digest: patternDigest(100_000, 20), size: 100_000 });
    const fast = driver.put('race.bin', patternStream(200_000, 22), { contentType: 'application/octet-stream' });
    await fast;
    stall.release(null);
    await slow;
    const final = await digestOf((await driver.get('race.bin'))!.body);
    expect([patternDigest(200_000, 22), patternDigest(300 * 1024, 21)]).toContain(final.digest);
  });

  it('an already aborted signal stores nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await driver.put('pre-aborted.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain', signal: controller.signal }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('AbortError');
    expect(await driver.head('pre-aborted.txt')).toBeNull();
  });

  it('refuses keys that are not normalised, touching nothing', async () => {
    for (const key of ['../escape.txt', '/etc/passwd', 'a//b', 'a/../b', '%2e%2e/x', 'a\u2215b', 'a\u0000b', '']) {
      await expectStorageError(driver.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), 'invalidKey');
      await expectStorageError(driver.get(key), 'invalidKey');
      await expectStorageError(driver.delete([key]), 'invalidKey');
    }
    await expectStorageError(driver.deletePrefix('..'), 'invalidKey');
    await expectStorageError(driver.move('a.txt', '../b.txt'), 'invalidKey');
  });

  it('answers freeSpace (a number on disk, null for s3) and passes check', async () => {
    const free = await driver.freeSpace();
    if (kind.name === 'local') expect(free).toBeGreaterThan(0);
    else expect(free).toBeNull();
    await driver.check();
  });

  it('answers no public URL without a host', () => {
    expect(driver.publicUrl('a b/c.png')).toBeNull();
  });
});

describe('s3 driver specifics', () => {
  it('streams a 12 MiB body as a multipart upload (three parts on s3rver) and reads it back whole', async () => {
    const bucket = 'multipart';
    await s3.createBucket(bucket);
    const driver = createS3Driver({ bucket, root: 'lib', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null });
    s3.clearRequests();
    const size = 12 * MiB + 123;
    const stored = await driver.put('big.bin', patternStream(size, 9), { contentType: 'application/octet-stream' });
    expect(stored.size).toBe(size);
    const requests = s3.requests();
    expect(requests.filter((r) => r === 'POST ?uploads')).toHaveLength(1);
    expect(requests.filter((r) => r === 'PUT ?partNumber&uploadId')).toHaveLength(3);
    expect(requests.filter((r) => r === 'POST ?uploadId')).toHaveLength(1);
    expect(await driver.head('big.bin')).toEqual({ size });
    expect(await digestOf((await driver.get('big.bin'))!.body)).toEqual({ digest: patternDigest(size, 9), size });
    const range = await driver.get('big.bin', { start: 5 * MiB - 10, end: 5 * MiB + 10 });
    expect(await digestOf(range!.body)).toEqual({ digest: patternDigest(size, 9, 5 * MiB - 10, 5 * MiB + 10), size: 21 });
    expect(await s3.pendingUploads(bucket)).toEqual([]);
  });

  it('stores the content type, and active content as an attachment for public hosts', async () => {
    const bucket = 'types';
    await s3.createBucket(bucket);
    const driver = createS3Driver({ bucket, root: '', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null });
    await driver.put('a.svg', Readable.from([Buffer.from('<svg/>')]), { contentType: 'image/svg+xml' });
    await driver.put('a.png', Readable.from([Buffer.from('png')]), { contentType: 'image/png' });
    const svg = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a.svg' }));
    expect([svg.ContentType, svg.ContentDisposition]).toEqual(['image/svg+xml', 'attachment']);
    const png = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'a.png' }));
    expect([png.ContentType, png.ContentDisposition]).toEqual(['image/png', undefined]);
  });

  it('a small body is one PutObject', async () => {
    const bucket = 'single';
    await s3.createBucket(bucket);
    const driver = createS3Driver({ bucket, root: '', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null });
    s3.clearRequests();
    await putText(driver, 'small.txt', 'small');
    expect(s3.requests()).toEqual(['PUT']);
  });

  it('builds public URLs from the host and the root dir, segment-encoded', () => {
    const driver = createS3Driver({ bucket: 'b', root: 'media/lib', endpoint: s3.endpoint, region: s3.region, accessKeyId: 'k', secretAccessKey: 's', host: 'https://cdn.example.com/' });
    expect(driver.publicUrl('a b/c#1.png')).toBe('https://cdn.example.com/media/lib/a%20b/c%231.png');
  });

  it('check fails with unavailable for an unreachable endpoint, a missing bucket and an unknown access key', async () => {
    const unreachable = createS3Driver({ bucket: 'b', root: '', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', host: null, connectTimeoutMs: 2000 });
    await expectStorageError(unreachable.check(), 'unavailable');
    const noBucket = createS3Driver({ bucket: 'no-such-bucket', root: '', endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, host: null });
    await expectStorageError(noBucket.check(), 'unavailable');
    await s3.createBucket('creds');
    // s3rver refuses an unknown access key id; it does not verify SigV4 signatures (tests/support/s3-server.ts).
    const wrongKey = createS3Driver({ bucket: 'creds', root: '', endpoint: s3.endpoint, region: s3.region, accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong', host: null });
    await expectStorageError(wrongKey.check(), 'unavailable');
    await expectStorageError(unreachable.head('a.txt'), 'unavailable');
  });
});

describe('local driver specifics', () => {
  it('check fails with unavailable when the root cannot be a directory', async () => {
    const file = join(localBase, 'a-file');
    await writeFile(file, 'x');
    const driver = createLocalDriver({ root: join(file, 'lib'), tmpDir: join(localBase, 'tmp-x') });
    await expectStorageError(driver.check(), 'unavailable');
  });
});

describe('sweepMediaTemp', () => {
  it('removes the temp files of puts a crash left, older than the given time, and nothing else', async () => {
    const mediaDir = join(localBase, 'sweep');
    const tmp = join(mediaDir, '.tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(join(tmp, 'old.part'), 'x');
    await writeFile(join(tmp, 'new.part'), 'x');
    await writeFile(join(tmp, 'other.txt'), 'x');
    const dayAgo = new Date(Date.UTC(2026, 0, 1));
    await utimes(join(tmp, 'old.part'), dayAgo, dayAgo);
    expect(await sweepMediaTemp({ dataDir: 'memory://', mediaDir }, new Date(Date.UTC(2026, 0, 2)))).toBe(1);
    expect((await readdir(tmp)).sort()).toEqual(['new.part', 'other.txt']);
    expect(await sweepMediaTemp({ dataDir: 'memory://', mediaDir: join(localBase, 'never-made') }, new Date())).toBe(0);
  });
});

describe('driverFor', () => {
  const row = {
    uuid: '00000000-0000-4000-8000-000000000001',
    project_uuid: '00000000-0000-4000-8000-0000000000aa',
    s3_bucket: null,
    s3_key: null,
    s3_secret: null,
    s3_endpoint: null,
    s3_region: null,
    host: null,
  };

  it("puts a luma-simple library under {mediaDir}/{project}/{dir}; a '$' dir is a sub-library under the name", async () => {
    const mediaDir = join(localBase, 'media');
    const simple = driverFor({ ...row, provider: 'luma-simple', dir: '' }, { dataDir: 'memory://', mediaDir });
    await putText(simple, 'a.txt', 'root');
    const sub = driverFor({ ...row, provider: 'luma-simple', dir: '$shop' }, { dataDir: 'memory://', mediaDir });
    await putText(sub, 'a.txt', 'sub');
    expect(await readText(simple, 'a.txt')).toBe('root');
    expect(await readText(simple, 'shop/a.txt')).toBe('sub');
    expect(await readdir(join(mediaDir, row.project_uuid))).toEqual(expect.arrayContaining(['a.txt', 'shop']));
    expect(() => driverFor({ ...row, provider: 'luma-simple', dir: '../escape' }, { dataDir: 'memory://', mediaDir })).toThrow();
  });

  it('builds an s3 library from its row, root dir and host included', async () => {
    await s3.createBucket('from-row');
    const driver = driverFor(
      { ...row, provider: 's3', dir: '/media/', s3_bucket: 'from-row', s3_key: s3.accessKeyId, s3_secret: s3.secretAccessKey, s3_endpoint: s3.endpoint, s3_region: s3.region, host: 'https://files.example.com' },
      { dataDir: 'memory://' },
    );
    await driver.check();
    await putText(driver, 'x.txt', 'x');
    expect(driver.publicUrl('x.txt')).toBe('https://files.example.com/media/x.txt');
    expect(await readText(driver, 'x.txt')).toBe('x');
    expect(() => driverFor({ ...row, provider: 's3', dir: '' }, { dataDir: 'memory://' })).toThrow();
  });
});
