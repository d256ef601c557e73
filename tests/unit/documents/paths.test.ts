// Document paths (runtime/documents/paths.ts): what a path may be, and what it is normalised to.
import { describe, expect, it } from 'vitest';
import { documentName, documentParent, encodeDocumentPath, normaliseDocumentDir, normaliseDocumentPath } from '../../../runtime/documents/paths';

describe('normaliseDocumentPath', () => {
  it('keeps ordinary paths, dropping empty segments and trimming each', () => {
    expect(normaliseDocumentPath('contracts/2026/offer')).toBe('contracts/2026/offer');
    expect(normaliseDocumentPath('a//b/')).toBe('a/b');
    expect(normaliseDocumentPath(' a / b c ')).toBe('a/b c');
    expect(normaliseDocumentPath('Ugovori/ćevapi.v2')).toBe('Ugovori/ćevapi.v2');
    expect(normaliseDocumentPath('__proto__/constructor')).toBe('__proto__/constructor');
    expect(normaliseDocumentPath('...x/a..b')).toBe('...x/a..b');
    // NFC: a decomposed letter is stored composed, so the same name is one document.
    expect(normaliseDocumentPath('c\u0301')).toBe('\u0107');
  });

  it.each([
    ['empty', ''],
    ['only slashes', '//'],
    ['parent', '..'],
    ['current', '.'],
    ['dots', '...'],
    ['parent inside', 'a/../b'],
    ['current inside', 'a/./b'],
    ['absolute', '/etc/passwd'],
    ['drive', 'C:/x'],
    ['home', '~/x'],
    ['backslash', 'a\\b'],
    ['UNC', '\\\\host\\share'],
    ['NUL', 'a\u0000b'],
    ['newline', 'a\nb'],
    ['fullwidth solidus', 'a\uff0fb'],
    ['fullwidth dots', '\uff0e\uff0e/x'],
    ['two-dot leader', '\u2025/x'],
    ['division slash', 'a\u2215b'],
    ['fraction slash', 'a\u2044b'],
    ['small reverse solidus', 'a\ufe68b'],
    ['account of (folds to a/c)', '\u2100'],
    ['long segment', 'x'.repeat(256)],
    ['bidi override', 'a\u202eb'],
    ['zero-width joiner', 'a\u200db'],
    ['percent-encoded byte', 'a%2fb'],
    ['reserved segment', 'a/.luma-previews/x'],
    ['deep', Array.from({ length: 33 }, () => 'd').join('/')],
  ])('refuses %s', (_name, input) => {
    expect(normaliseDocumentPath(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, ['a'], { path: 'a' }]) expect(normaliseDocumentPath(value)).toBeNull();
  });
});

describe('path helpers', () => {
  it('splits parent and name, treats an empty dir as the root and encodes segments for URLs', () => {
    expect([documentParent('a/b/c'), documentName('a/b/c')]).toEqual(['a/b', 'c']);
    expect([documentParent('c'), documentName('c')]).toEqual(['', 'c']);
    expect([normaliseDocumentDir(undefined), normaliseDocumentDir(''), normaliseDocumentDir('/'), normaliseDocumentDir('a/b/'), normaliseDocumentDir('../a')]).toEqual(['', '', '', 'a/b', null]);
    expect(encodeDocumentPath('a dir/b?c#d')).toBe('a%20dir/b%3Fc%23d');
  });
});
