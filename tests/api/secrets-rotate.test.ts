// The rotation command (`npm run secrets:rotate`, src/server/platform/secrets-rotate.ts; docs/security.md
// "Rotating the key") on each database as a deployment runs it: PGlite in a data directory with its
// generated key file (replaced by the new key, an interrupted run resumed), PostgreSQL with
// LUMA_SECRET_KEY and the old key in LUMA_SECRET_KEY_PREVIOUS (refused without it); and the start's
// refusal of DATABASE_URL without a key.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../src/server/platform/config';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrations/index';
import { seed } from '../../src/server/auth/seed';
import { KEY_FILE, keysFrom, newSecretKeyText, NEXT_KEY_FILE, open, resolveSecretKeys, seal, sealedKeyId, SecretNotOpened, setSecretKeys } from '../../src/server/platform/secret-box';
import { rotateSecrets } from '../../src/server/platform/secrets-rotate';
import { ADMIN_EMAIL, createScratchDatabase, DB_KIND, describeApi, TEST_SECRET_KEY, SETUP_TIMEOUT_MS } from './harness';

const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The admin's TOTP column, sealed with the installed key. */
async function storeSeed(database: OpenDatabase, config: Config): Promise<void> {
  await seed(database.db, config);
  await database.db.updateTable('users').set({ totp_secret: seal(SEED, 'totp') }).where('email', '=', ADMIN_EMAIL).execute();
}

async function storedSeed(config: Config): Promise<string> {
  const database = await openDatabase(config);
  try {
    const row = await database.db.selectFrom('users').select('totp_secret').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    return row.totp_secret!;
  } finally {
    await database.close();
  }
}

describeApi(`secrets:rotate (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 180_000 });
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    // The rotations installed their keys in this process; the next file in this worker uses the test key.
    setSecretKeys(keysFrom(TEST_SECRET_KEY));
  });
  const base = { LUMA_ADMIN_EMAIL: ADMIN_EMAIL, LUMA_ADMIN_PASSWORD: 'rotate password', LUMA_LOG_LEVEL: 'silent' };

  it.runIf(DB_KIND === 'pglite')('PGlite: the generated key file is replaced by a new key and every secret sealed with it; an interrupted run resumes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luma-rotate-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ ...base, LUMA_DATA_DIR: dir });
    // The first start generates the key into the data directory (owner-only).
    const first = resolveSecretKeys(config);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveSecretKeys(config).current.id).toBe(first.current.id);
    setSecretKeys(first);
    const database = await openDatabase(config);
    await migrateToLatest(database.db);
    await storeSeed(database, config);
    await database.close();
    const oldKey = readFileSync(join(dir, KEY_FILE), 'utf8').trim();

    const result = await rotateSecrets(config);
    expect(result.sealed).toEqual({ 'users.totp_secret': 1 });
    expect(result.keyFileReplaced).toBe(true);
    expect(existsSync(join(dir, NEXT_KEY_FILE))).toBe(false);
    const newKey = readFileSync(join(dir, KEY_FILE), 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    const stored = await storedSeed(config);
    expect(sealedKeyId(stored)).toBe(keysFrom(newKey).current.id);
    expect(open(stored, 'totp', resolveSecretKeys(config))).toBe(SEED);
    expect(() => open(stored, 'totp', keysFrom(oldKey))).toThrow(SecretNotOpened);

    // A run stopped after sealing but before the key file was replaced: secret.key.next is accepted by
    // the server meanwhile, and the next run finishes with that same key.
    const next = newSecretKeyText();
    writeFileSync(join(dir, NEXT_KEY_FILE), `${next}\n`, { mode: 0o600 });
    setSecretKeys(keysFrom(next));
    const half = await openDatabase(config);
    await half.db.updateTable('users').set({ totp_secret: seal(SEED, 'totp') }).where('email', '=', ADMIN_EMAIL).execute();
    await half.close();
    expect(open(await storedSeed(config), 'totp', resolveSecretKeys(config))).toBe(SEED);
    const resumed = await rotateSecrets(config);
    expect(resumed.keyId).toBe(keysFrom(next).current.id);
    expect(readFileSync(join(dir, KEY_FILE), 'utf8').trim()).toBe(next);
    expect(existsSync(join(dir, NEXT_KEY_FILE))).toBe(false);
  });

  it.runIf(DB_KIND === 'pglite')('an in-memory database has nothing to rotate', async () => {
    await expect(rotateSecrets(loadConfig({ ...base, LUMA_DATA_DIR: 'memory://' }))).rejects.toThrow(/Nothing to rotate/);
  });

  it.runIf(DB_KIND === 'postgres')('PostgreSQL: LUMA_SECRET_KEY is required; the rotation needs the old key and then seals with the new one', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    const url = scratch.database.url!;
    // No key with DATABASE_URL: refused with a message that says what to set.
    expect(() => resolveSecretKeys(loadConfig({ ...base, DATABASE_URL: url }))).toThrow(/LUMA_SECRET_KEY must be set when DATABASE_URL is/);
    const oldConfig = loadConfig({ ...base, DATABASE_URL: url, LUMA_SECRET_KEY: TEST_SECRET_KEY });
    setSecretKeys(resolveSecretKeys(oldConfig));
    await storeSeed(scratch.database, oldConfig);
    const newKey = newSecretKeyText();

    // Without the old key nothing can be opened: refused, the row as it was.
    const before = await storedSeed(oldConfig);
    await expect(rotateSecrets(loadConfig({ ...base, DATABASE_URL: url, LUMA_SECRET_KEY: newKey }))).rejects.toThrow(/sealed with a key not given/);
    expect(await storedSeed(oldConfig)).toBe(before);

    const result = await rotateSecrets(loadConfig({ ...base, DATABASE_URL: url, LUMA_SECRET_KEY: newKey, LUMA_SECRET_KEY_PREVIOUS: TEST_SECRET_KEY }));
    expect(result.sealed).toEqual({ 'users.totp_secret': 1 });
    expect(result.keyFileReplaced).toBe(false);
    const stored = await storedSeed(oldConfig);
    expect(stored).not.toBe(before);
    expect(sealedKeyId(stored)).toBe(keysFrom(newKey).current.id);
    expect(open(stored, 'totp', keysFrom(newKey))).toBe(SEED);
    expect(() => open(stored, 'totp', keysFrom(TEST_SECRET_KEY))).toThrow(SecretNotOpened);
  }, SETUP_TIMEOUT_MS);
});
