// The seal of secrets at rest (src/server/platform/secret-box.ts; docs/security.md "Secrets at rest"): the key's
// forms, the envelope, and each way a stored value must fail to open.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/platform/config';
import { keysFrom, newSecretKeyText, open, reseal, seal, sealedKeyId, SecretNotOpened } from '../../../src/server/platform/secret-box';

const A = newSecretKeyText();
const B = newSecretKeyText();

describe('secret box', () => {
  it('takes a key as base64, base64url or hex of 32 bytes, and stops the start on anything else', () => {
    const bytes = Buffer.from(A, 'base64');
    expect(loadConfig({ LUMA_SECRET_KEY: A }).secretKey).toBe(A);
    expect(keysFrom(bytes.toString('hex')).current.id).toBe(keysFrom(A).current.id);
    expect(keysFrom(bytes.toString('base64url')).current.id).toBe(keysFrom(A).current.id);
    for (const bad of ['short', 'x'.repeat(64), Buffer.alloc(16).toString('base64'), Buffer.alloc(33).toString('base64')]) {
      expect(() => loadConfig({ LUMA_SECRET_KEY: bad }), bad).toThrow(/LUMA_SECRET_KEY must be 32 random bytes/);
    }
    expect(() => loadConfig({ LUMA_SECRET_KEY: A, LUMA_SECRET_KEY_PREVIOUS: `${B},nope` })).toThrow(/LUMA_SECRET_KEY_PREVIOUS must be/);
    expect(loadConfig({ LUMA_SECRET_KEY_PREVIOUS: ` ${A} , ${B} ` }).secretKeyPrevious).toEqual([A, B]);
  });

  it('seals into a versioned envelope naming the key, different each time, opening to the value', () => {
    const keys = keysFrom(A);
    const first = seal('hunter2 ✓', 'variable', keys);
    const second = seal('hunter2 ✓', 'variable', keys);
    expect(first).toMatch(/^luma:s1:[0-9a-f]{16}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('hunter2');
    expect(sealedKeyId(first)).toBe(keys.current.id);
    expect(open(first, 'variable', keys)).toBe('hunter2 ✓');
    expect(open(seal('', 'totp', keys), 'totp', keys)).toBe('');
  });

  it('refuses another purpose, an altered value, and a key it was not given; a clear value is read as it is', () => {
    const sealed = seal('value', 'variable', keysFrom(A));
    expect(() => open(sealed, 'totp', keysFrom(A))).toThrow(SecretNotOpened);
    const body = sealed.split(':').at(-1)!;
    const flipped = `${sealed.slice(0, -body.length)}${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => open(flipped, 'variable', keysFrom(A))).toThrow(SecretNotOpened);
    expect(() => open(sealed, 'variable', keysFrom(B))).toThrow(/sealed with key [0-9a-f]{16}, which this server does not have/);
    expect(open('legacy clear value', 'variable', keysFrom(A))).toBe('legacy clear value');
    expect(sealedKeyId('legacy clear value')).toBeNull();
  });

  it('opens with a previous key, seals with the current one; reseal moves a value to the current key', () => {
    const old = seal('value', 's3-secret', keysFrom(A));
    const rotating = keysFrom(B, [A]);
    expect(open(old, 's3-secret', rotating)).toBe('value');
    expect(sealedKeyId(seal('x', 's3-secret', rotating))).toBe(keysFrom(B).current.id);
    const moved = reseal(old, 's3-secret', rotating);
    expect(sealedKeyId(moved)).toBe(keysFrom(B).current.id);
    expect(reseal(moved, 's3-secret', rotating)).toBe(moved);
    expect(open(moved, 's3-secret', keysFrom(B))).toBe('value');
    expect(() => open(moved, 's3-secret', keysFrom(A))).toThrow(SecretNotOpened);
    expect(keysFrom(A, [A, B]).accepted.map((key) => key.id)).toEqual([keysFrom(A).current.id, keysFrom(B).current.id]);
  });
});
