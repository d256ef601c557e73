// Password hashing with argon2id (the @node-rs/argon2 default algorithm).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real verification, for unknown e-mails and users without a
 * password, so the answer time does not reveal which accounts exist.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A strong random password for the first admin (24 characters, 144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
