// The storage driver contract (src/server/media/storage/driver.ts), the SAME tests against the local
// driver (a temp dir) and the s3 driver on a real S3-compatible server (s3rver over HTTP,
// tests/support/s3-server.ts; fixture.ts). Bodies are streamed patterns; nothing builds a whole file in memory.
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
import { expectStorageError, kinds, MiB, putText, readText, s3, useStorageServers, type Fixture } from './fixture';

useStorageServers();

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

