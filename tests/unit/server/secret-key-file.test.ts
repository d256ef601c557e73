// The first start of a fresh clone: `npm start` on the embedded database with a data directory that
// does not exist yet makes the directory and the key file in it, owner-only, and the next start reads
// the same key (it failed with ENOENT before PGlite had made the directory).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_FILE, resolveSecretKeys } from '../../../src/server/platform/secret-box';

const root = mkdtempSync(join(tmpdir(), 'luma-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the secret key file on the first start', () => {
  it('makes a missing data directory, writes the key owner-only, and reads the same key next time', () => {
    const dataDir = join(root, 'fresh', 'data');
    const config = { databaseUrl: '', dataDir, secretKey: '', secretKeyPrevious: [] };
    const first = resolveSecretKeys(config);
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(resolveSecretKeys(config).current.id).toBe(first.current.id);
  });
});
