// The fixtures of the storage driver tests (drivers.test.ts, drivers-specifics.test.ts): a real
// S3-compatible server (s3rver over HTTP, tests/support/s3-server.ts) and a temp dir for the local driver,
// started by useStorageServers() in each file, and the two driver kinds the contract runs against.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import type { StorageDriver } from '../../../src/server/media/storage/driver';
import { isStorageError } from '../../../src/server/media/storage/errors';
import { createLocalDriver } from '../../../src/server/media/storage/local';
import { closeS3Clients, createS3Driver } from '../../../src/server/media/storage/s3';
import { startS3Server, type S3TestServer } from '../../support/s3-server';
import { textOf } from './streams';

export const MiB = 1024 * 1024;
export let s3: S3TestServer;
export let localBase: string;
let bucketCount = 0;

/** Starts the S3 server and the temp dir before the file's cases, and removes them after. */
export function useStorageServers(): void {
  beforeAll(async () => {
    s3 = await startS3Server();
    localBase = await mkdtemp(join(tmpdir(), 'luma-local-driver-'));
  });

  afterAll(async () => {
    closeS3Clients();
    await s3?.stop();
    if (localBase) await rm(localBase, { recursive: true, force: true });
  });
}

export interface Fixture {
  driver: StorageDriver;
  /** Parts or temp files the storage still holds for unfinished puts. */
  leftovers(): Promise<string[]>;
}

export const kinds: { name: string; make(root: string): Promise<Fixture> }[] = [
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

export async function putText(driver: StorageDriver, key: string, text: string): Promise<void> {
  await driver.put(key, Readable.from([Buffer.from(text)]), { contentType: 'text/plain' });
}

export async function readText(driver: StorageDriver, key: string): Promise<string | null> {
  const object = await driver.get(key);
  return object === null ? null : textOf(object.body);
}

export async function expectStorageError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStorageError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

