import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adjustLength, deriveFieldKey, normaliseFieldKey, sanitizeScope, sanitizeTag, toStartCase } from '../../runtime/components';

const text = fc.string({ unit: 'grapheme', maxLength: 40 });
const anyText = fc.oneof(text, fc.string({ maxLength: 40 }), fc.constantFrom('a::b', 'my scope::sub', '  Č ć đ  ', 'a\tb\nc'));

describe('sanitizeTag and sanitizeScope', () => {
  it('output only contains letters, digits, "_" and "-"', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(sanitizeTag(s)).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(sanitizeScope(s)).toMatch(/^[A-Za-z0-9_-]*$/);
      }),
    );
  });

  it('are idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(sanitizeTag(sanitizeTag(s))).toBe(sanitizeTag(s));
        expect(sanitizeScope(sanitizeScope(s))).toBe(sanitizeScope(s));
      }),
    );
  });

  it('never leave a space, and turn each space into "_"', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,5}$/), { minLength: 1, maxLength: 5 }), (words) => {
        const out = sanitizeTag(words.join(' '));
        expect(out).not.toMatch(/\s/);
        expect(out).toBe(words.join('_'));
      }),
    );
  });

  it('scope turns "::" into "_" before anything else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,5}$/), fc.stringMatching(/^[a-z]{1,5}$/), (a, b) => {
        expect(sanitizeScope(`${a}::${b}`)).toBe(`${a}_${b}`);
      }),
    );
  });
});

describe('deriveFieldKey', () => {
  it('is lower case, has no spaces, and only [a-z0-9_]', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const key = deriveFieldKey(name);
        expect(key).toBe(key.toLowerCase());
        expect(key).not.toMatch(/\s/);
        expect(key).toMatch(/^[a-z0-9_]*$/);
      }),
    );
  });

  it('is idempotent, and a derived key is already normalised', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const key = deriveFieldKey(name);
        expect(deriveFieldKey(key)).toBe(key);
        expect(normaliseFieldKey(key)).toBe(key);
      }),
    );
  });

  it('gives the same key for a name and its Start Case form', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { minLength: 1, maxLength: 4 }), (words) => {
        const name = words.join(' ');
        expect(deriveFieldKey(toStartCase(name))).toBe(deriveFieldKey(name));
      }),
    );
  });
});

describe('toStartCase', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(toStartCase(toStartCase(s))).toBe(toStartCase(s));
      }),
    );
  });
});

describe('adjustLength', () => {
  const bound = fc.oneof(fc.integer({ min: -10, max: 100000 }), fc.constant(null), fc.constant(''), fc.constant(undefined));

  it('min <= max always holds after an adjustment, whichever side changed', () => {
    fc.assert(
      fc.property(bound, bound, fc.constantFrom('min' as const, 'max' as const), (min, max, changed) => {
        const out = adjustLength({ min, max }, changed);
        expect(out.min).toBeLessThanOrEqual(out.max);
      }),
    );
  });

  it('the changed side keeps its value (empty becomes 0)', () => {
    fc.assert(
      fc.property(bound, bound, fc.constantFrom('min' as const, 'max' as const), (min, max, changed) => {
        const out = adjustLength({ min, max }, changed);
        const given = changed === 'min' ? min : max;
        expect(out[changed]).toBe(typeof given === 'number' ? given : 0);
      }),
    );
  });

  it('leaves a consistent pair unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99999 }), fc.constantFrom('min' as const, 'max' as const), (a, b, changed) => {
        const min = Math.min(a, b);
        const max = Math.max(a, b);
        expect(adjustLength({ min, max }, changed)).toEqual({ min, max });
      }),
    );
  });
});
