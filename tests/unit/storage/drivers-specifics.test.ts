// What only one storage driver does: the s3 driver's multipart uploads, content types and public URLs on a
// real S3-compatible server, the local driver's own check, the temp sweep, and driverFor (fixture.ts).
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { StorageDriver } from '../../../src/server/media/storage/driver';
import { isStorageError } from '../../../src/server/media/storage/errors';
import { driverFor, sweepMediaTemp } from '../../../src/server/media/storage/factory';
import { createLocalDriver } from '../../../src/server/media/storage/local';
import { closeS3Clients, createS3Driver } from '../../../src/server/media/storage/s3';
import { startS3Server, type S3TestServer } from '../../support/s3-server';
import { digestOf, patternDigest, patternStream, stallingStream, textOf } from './streams';
import { expectStorageError, localBase, MiB, putText, readText, s3, useStorageServers } from './fixture';

useStorageServers();

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
