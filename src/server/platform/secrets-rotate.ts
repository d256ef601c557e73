// `npm run secrets:rotate` (scripts/secrets-rotate.mjs: dist/server/secrets-rotate.js when built, else
// this file through tsx): seals every secret at rest with the current key, opening it with any
// accepted one (docs/security.md "Rotating the key").
// - LUMA_SECRET_KEY set (PostgreSQL always; PGlite by choice): it is the new key; the old one is given in
//   LUMA_SECRET_KEY_PREVIOUS (on PGlite a key file in the data directory is accepted too). Runs beside
//   live instances on PostgreSQL: they were restarted with the same two variables first.
// - PGlite with its generated key file (LUMA_SECRET_KEY unset; the server stopped, PGlite is one
//   process): a new key is written to secret.key.next, every row sealed with it, then it replaces
//   secret.key. An interrupted run leaves secret.key.next, which the server accepts and the next run resumes.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config';
import { openDatabase } from '../db/database';
import { KEY_FILE, keysFrom, newSecretKeyText, NEXT_KEY_FILE, resolveSecretKeys, setSecretKeys, type SecretKeys } from './secret-box';
import { resealSecrets, type PassResult } from './secrets-at-rest';

export interface RotationResult extends PassResult {
  /** The key id every secret is now sealed with. */
  keyId: string;
  /** PGlite's key file was replaced (else the key is LUMA_SECRET_KEY's). */
  keyFileReplaced: boolean;
}

/** Rows written under another key while a pass ran (an instance still sealing with the old key) get more passes. */
const MAX_PASSES = 5;

function usesKeyFile(config: Config): boolean {
  return !config.secretKey && !config.databaseUrl && !config.dataDir.startsWith('memory://');
}

/** The keys of the rotation: LUMA_SECRET_KEY's, or a new (or resumed) key file's on PGlite. */
function rotationKeys(config: Config): SecretKeys {
  if (!usesKeyFile(config)) return resolveSecretKeys(config);
  const next = join(resolve(config.dataDir), NEXT_KEY_FILE);
  if (!existsSync(next)) writeFileSync(next, `${newSecretKeyText()}\n`, { mode: 0o600, flag: 'wx' });
  const nextText = readFileSync(next, 'utf8').trim();
  const previous = [join(resolve(config.dataDir), KEY_FILE)].filter(existsSync).map((path) => readFileSync(path, 'utf8').trim());
  return keysFrom(nextText, [...previous, ...config.secretKeyPrevious]);
}

export async function rotateSecrets(config: Config): Promise<RotationResult> {
  if (!config.secretKey && config.dataDir.startsWith('memory://') && !config.databaseUrl) {
    throw new Error('Nothing to rotate: the database is in memory (LUMA_DATA_DIR=memory://)');
  }
  const keys = rotationKeys(config);
  setSecretKeys(keys);
  const database = await openDatabase(config);
  const total: PassResult = { sealed: {}, unopened: {} };
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const result = await resealSecrets(database.db);
      for (const [store, count] of Object.entries(result.sealed)) total.sealed[store] = (total.sealed[store] ?? 0) + count;
      total.unopened = result.unopened;
      if (Object.values(result.sealed).every((count) => count === 0)) break;
    }
  } finally {
    await database.close();
  }
  const unopened = Object.values(total.unopened).reduce((sum, count) => sum + count, 0);
  if (unopened > 0) {
    throw new Error(`${unopened} secret(s) are sealed with a key not given (${JSON.stringify(total.unopened)}): add it to LUMA_SECRET_KEY_PREVIOUS and run again`);
  }
  let keyFileReplaced = false;
  if (usesKeyFile(config)) {
    const dir = resolve(config.dataDir);
    renameSync(join(dir, NEXT_KEY_FILE), join(dir, KEY_FILE));
    keyFileReplaced = true;
  }
  return { ...total, keyId: keys.current.id, keyFileReplaced };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const result = await rotateSecrets(config);
  const sealed = Object.entries(result.sealed).map(([store, count]) => `${store} ${count}`).join(', ') || 'none';
  console.log(`Every secret at rest is sealed with key ${result.keyId}. Sealed again: ${sealed}.`);
  console.log(
    result.keyFileReplaced
      ? `The new key is in ${join(resolve(config.dataDir), KEY_FILE)}; the old one is gone.`
      : 'Remove the old key from LUMA_SECRET_KEY_PREVIOUS on every instance (and restart them): it no longer opens anything.',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('Rotation failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
