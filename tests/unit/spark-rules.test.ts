// The spark rules shared by the create screen and the server (runtime/api/sparks.ts).
import { describe, expect, it } from 'vitest';
import { isValidReleaseVersion, isValidSparkName } from '../../runtime/api/sparks';

describe('spark rules', () => {
  it('a name is a lower-case identifier of 2..64 characters starting with a letter', () => {
    for (const name of ['ab', 'greet', 'send_mail', 'to-crm', 'a1', 'x'.repeat(64)]) expect(isValidSparkName(name), name).toBe(true);
    for (const name of ['', 'a', 'Greet', '1abc', '_a', '-a', 'has space', 'dot.name', 'ä1', 'x'.repeat(65), 42, null]) expect(isValidSparkName(name), String(name)).toBe(false);
  });

  it('a release number is a positive integer', () => {
    for (const version of [1, 2, 1_000_000]) expect(isValidReleaseVersion(version)).toBe(true);
    for (const version of [0, -1, 1.5, '1', NaN, Infinity, 1_000_001]) expect(isValidReleaseVersion(version), String(version)).toBe(false);
  });
});
