// Secrets at rest (docs/security.md "Secrets at rest"): every secret the database keeps (TOTP seeds,
// function signing keys, secret variables, S3 secrets, e-mail nodes' SMTP passwords, share links'
// signing keys, ratchet connections' passwords) is sealed with
// AES-256-GCM under the server key before it is written, and opened where it is used.
//
// A sealed value is one string: `luma:s1:<key id>:<iv>:<ciphertext and tag>` (base64url). The key id
// is derived from the key itself (an HMAC of a fixed label), so every instance given the same key
// names it alike and no key id needs configuring; the purpose of the value (its column) is the
// additional authenticated data, so a value moved to another column does not open.
//
// The keys of this process: the current one seals; it and the previous ones (a rotation in progress,
// LUMA_SECRET_KEY_PREVIOUS, docs/security.md "Rotating the key") open. They are read once at start
// (resolveSecretKeys) and installed process-wide, like the clock.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from './config';

export const SEALED_PREFIX = 'luma:s1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^luma:s1:([0-9a-f]{16}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22,})$/;

/** The file under the PGlite data directory that holds the generated key (when LUMA_SECRET_KEY is unset). */
export const KEY_FILE = 'secret.key';
/** A rotation's new key until every row is sealed with it (secrets-rotate.ts); accepted for opening meanwhile. */
export const NEXT_KEY_FILE = 'secret.key.next';

/** What a value is: the purposes are the additional authenticated data of the seal. */
export type SecretPurpose = 'totp' | 'function-key' | 'variable' | 's3-secret' | 'smtp-password' | 'share-key' | 'ratchet-password';

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SecretKeys {
  /** Seals. */
  current: SecretKey;
  /** Open: the current key first, then the previous ones. */
  accepted: SecretKey[];
}

/** LUMA_SECRET_KEY's form: 32 bytes as base64 (or base64url) or as 64 hex digits. */
export function parseSecretKey(text: string, name = 'LUMA_SECRET_KEY'): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new Error(`${name} must be 32 random bytes as base64 or 64 hex digits (make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")`);
  }
  return bytes;
}

/** A new key in LUMA_SECRET_KEY's form. */
export function newSecretKeyText(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

export function secretKeyOf(key: Buffer): SecretKey {
  return { id: createHmac('sha256', key).update('luma secret key id').digest('hex').slice(0, 16), key };
}

/** Keys from their texts: the first seals, all open (duplicates dropped). */
export function keysFrom(current: string, previous: readonly string[] = []): SecretKeys {
  const accepted: SecretKey[] = [];
  for (const text of [current, ...previous]) {
    const key = secretKeyOf(parseSecretKey(text));
    if (!accepted.some((known) => known.id === key.id)) accepted.push(key);
  }
  return { current: accepted[0]!, accepted };
}

function readKeyFile(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
}

/** Writes a new key file that only its owner reads; never replaces one another process wrote first. */
function createKeyFile(path: string): string {
  const text = newSecretKeyText();
  // The first start of a fresh clone: the data directory does not exist yet (PGlite makes it later).
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, `${text}\n`, { mode: 0o600, flag: 'wx' });
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(path)!;
    throw error;
  }
}

/**
 * The keys a server (or the rotation command) uses, from the configuration:
 * - LUMA_SECRET_KEY seals; LUMA_SECRET_KEY_PREVIOUS and, on PGlite, a key file in the data directory open too.
 * - Unset on PGlite with a data directory: the key file there, generated on the first start.
 * - Unset on PGlite in memory: a key of this process (the data goes with it).
 * - Unset with DATABASE_URL: refused (instances must share one key; the database must not hold it).
 */
export function resolveSecretKeys(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'secretKey' | 'secretKeyPrevious'>): SecretKeys {
  const inMemory = config.dataDir.startsWith('memory://');
  const files = config.databaseUrl || inMemory ? [] : [join(resolve(config.dataDir), KEY_FILE), join(resolve(config.dataDir), NEXT_KEY_FILE)];
  const fileKeys = files.map(readKeyFile).filter((text): text is string => text !== null);
  if (config.secretKey) return keysFrom(config.secretKey, [...config.secretKeyPrevious, ...fileKeys]);
  if (config.databaseUrl) {
    throw new Error(
      'LUMA_SECRET_KEY must be set when DATABASE_URL is: every instance seals and opens the secrets at rest with it, ' +
        'and the database must not hold it (docs/security.md "Secrets at rest"). ' +
        `Make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"`,
    );
  }
  if (inMemory) return keysFrom(newSecretKeyText(), config.secretKeyPrevious);
  const current = fileKeys[0] ?? createKeyFile(files[0]!);
  return keysFrom(current, [...fileKeys, ...config.secretKeyPrevious]);
}

let installed: SecretKeys | null = null;

/** Installs the keys of this process (main.ts, buildApp, the rotation command; tests switch keys). */
export function setSecretKeys(keys: SecretKeys): void {
  installed = keys;
}

export function secretKeys(): SecretKeys {
  if (!installed) throw new Error('The secret keys are not installed (setSecretKeys at start)');
  return installed;
}

export function hasSecretKeys(): boolean {
  return installed !== null;
}

/** The key id a stored value is sealed with; null when it is not a sealed value (a clear row of before). */
export function sealedKeyId(stored: string): string | null {
  return SEALED.exec(stored)?.[1] ?? null;
}

export function seal(plain: string, purpose: SecretPurpose, keys: SecretKeys = secretKeys()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED_PREFIX}${keys.current.id}:${iv.toString('base64url')}:${body.toString('base64url')}`;
}

export class SecretNotOpened extends Error {}

/**
 * The clear value of a stored one. A value that is not sealed is a clear row written before sealing
 * (the start seals those: sealClearSecrets) and answered as it is. A sealed value under a key this
 * process lacks, or one altered, throws SecretNotOpened.
 */
export function open(stored: string, purpose: SecretPurpose, keys?: SecretKeys): string {
  const match = SEALED.exec(stored);
  if (!match) return stored;
  const [, id, iv, body] = match as unknown as [string, string, string, string];
  const key = (keys ?? secretKeys()).accepted.find((candidate) => candidate.id === id);
  if (!key) throw new SecretNotOpened(`A secret is sealed with key ${id}, which this server does not have (LUMA_SECRET_KEY, LUMA_SECRET_KEY_PREVIOUS)`);
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < TAG_BYTES) throw new SecretNotOpened('A sealed secret is cut short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretNotOpened(`A sealed secret (key ${id}) does not open: altered, or sealed for another use`);
  }
}

/** seal() of a value that may be absent. */
export function sealOrNull(plain: string | null, purpose: SecretPurpose): string | null {
  return plain === null ? null : seal(plain, purpose);
}

/** open() of a value that may be absent. */
export function openOrNull(stored: string | null, purpose: SecretPurpose): string | null {
  return stored === null ? null : open(stored, purpose);
}

/** The stored value sealed with the current key: unchanged when it already is, else opened and sealed again. */
export function reseal(stored: string, purpose: SecretPurpose, keys: SecretKeys = secretKeys()): string {
  if (sealedKeyId(stored) === keys.current.id) return stored;
  return seal(open(stored, purpose, keys), purpose, keys);
}
