// Where release files live: the media storage's local driver (media/storage/local.ts) rooted at
// {media dir}/.forge, beside the libraries' project folders (a project folder is a uuid, never
// '.forge'), with the media temp dir for its atomic puts. Keys: {project}/{release}/{path}.
import { join } from 'node:path';
import type { Config } from '../platform/config';
import type { StorageDriver } from '../media/storage/driver';
import { mediaDirOf, mediaTempDirOf } from '../media/storage/factory';
import { createLocalDriver } from '../media/storage/local';

const drivers = new Map<string, StorageDriver>();

export function forgeDriver(config: Pick<Config, 'dataDir'>): StorageDriver {
  const root = join(mediaDirOf(config), '.forge');
  let driver = drivers.get(root);
  if (!driver) {
    driver = createLocalDriver({ root, tmpDir: mediaTempDirOf(config) });
    drivers.set(root, driver);
  }
  return driver;
}

export const releasePrefix = (projectUuid: string, releaseUuid: string) => `${projectUuid}/${releaseUuid}`;
export const releaseKey = (projectUuid: string, releaseUuid: string, path: string) => `${releasePrefix(projectUuid, releaseUuid)}/${path}`;
