// Media keys (runtime/media/keys.ts): no key that normaliseKey accepts leaves its library, whatever
// the input; the sanitisers always produce something normaliseKey accepts (or '' for a directory
// name with nothing usable left).
import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_KEY_BYTES,
  MAX_SEGMENT_BYTES,
  baseName,
  extensionOf,
  isWithin,
  joinKey,
  normaliseDirPath,
  normaliseKey,
  parentOf,
  parseLibraryDir,
  previewKeyOf,
  sanitiseDirName,
  sanitiseFileName,
} from '../../runtime/media/keys';

/** Pieces that hostile keys are made of, mixed with ordinary text. */
const hostilePiece = fc.constantFrom(
  '..', '.', '/', '//', '\\', '%2e', '%2E%2e', '%2f', '%2F', '%5c', '%00', '%252e', '\u0000', '\u0001', '\u001f', '\u007f', '\u0085',
  '\u2215', '\u2044', '\uff0f', '\uff3c', '\ufe68', '\u29f8', '\u2024', '\u2025', '\u2026', '\uff0e', '\ufe52',
  '\u202e', '\u200b', '\u200d', '\ufeff', '\u2028', '\ud800', '\udc00', 'C:', '~', ' ', 'e\u0301', '\u00e9', '.luma-previews',
  'a', 'dir', 'x.png', '\u{1F600}',
);
const hostileString = fc.array(fc.oneof(hostilePiece, fc.string({ maxLength: 4 }), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 12 }).map((parts) => parts.join(''));
const anyString = fc.oneof(hostileString, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ maxLength: 40 }));

const encoder = new TextEncoder();

/** What every accepted key must satisfy. */
function expectSafe(key: string): void {
  expect(key).not.toBe('');
  expect(key.normalize('NFC')).toBe(key);
  expect(key.startsWith('/')).toBe(false);
  expect(key.includes('\\')).toBe(false);
  expect(key.includes('\u0000')).toBe(false);
  expect(/%[0-9a-f]{2}/i.test(key)).toBe(false);
  expect(/[\u0000-\u001f\u007f-\u009f]/.test(key)).toBe(false);
  expect(encoder.encode(key).length).toBeLessThanOrEqual(MAX_KEY_BYTES);
  for (const segment of key.split('/')) {
    expect(segment).not.toBe('');
    expect(segment).not.toBe('.');
    expect(segment).not.toBe('..');
    expect(encoder.encode(segment).length).toBeLessThanOrEqual(MAX_SEGMENT_BYTES);
  }
  // Compatibility-normalised (what some file systems and proxies do), the key still stays inside.
  const compat = key.normalize('NFKC');
  for (const segment of compat.split(/[/\\]/)) expect(['', '.', '..']).not.toContain(segment);
  // Joined under a root and resolved, it stays under the root; decoding it changes nothing.
  expect(posix.resolve('/root/lib', key).startsWith('/root/lib/')).toBe(true);
  expect(posix.resolve('/root/lib', compat).startsWith('/root/lib/')).toBe(true);
  expect(decodeURIComponentSafe(key)).toBe(key);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

describe('normaliseKey', () => {
  it('accepts only keys that stay inside the library, for any input', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const key = normaliseKey(input);
        if (key !== null) expectSafe(key);
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: an accepted key normalises to itself', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const key = normaliseKey(input);
        if (key !== null) expect(normaliseKey(key)).toBe(key);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts ordinary paths as they are', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9 _.-]{0,20}$/).filter((s) => s !== '.' && s !== '..' && s.trim() !== '' && !/^[a-z]:/i.test(s));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segments) => {
        const key = segments.join('/');
        expect(normaliseKey(key)).toBe(key);
      }),
    );
    for (const ok of ['a.png', 'dir/sub/a.png', 'Фото/слика.jpg', 'ünïcödé/名前.txt', 'a b/c d.pdf', '.htaccess', 'x/..y/z..', '\u{1F600}.gif', '100% done.txt']) {
      expect(normaliseKey(ok), ok).toBe(ok);
    }
  });

  it('NFC-normalises: a decomposed e-acute becomes the composed one', () => {
    expect(normaliseKey('cafe\u0301.png')).toBe('caf\u00e9.png');
    expect(normaliseKey('dir/cafe\u0301/x')).toBe('dir/caf\u00e9/x');
  });

  it('refuses traversal, absolute paths, empty segments, separators and control characters', () => {
    const refused = [
      '', '.', '..', '../a', 'a/..', 'a/../b', './a', 'a/./b', '/a', '/', '//a', 'a/', 'a//b', 'a\\b', '..\\a', 'C:/x', 'c:x', 'a\u0000b',
      'a\u0001', 'a\nb', 'a\rb', 'a\tb', 'a\u007f', 'a\u0085', ' ', 'a/ /b', '.luma-previews/x', 'a/.LUMA-x', 'x'.repeat(256), `${'a/'.repeat(600)}a`,
    ];
    for (const input of refused) expect(normaliseKey(input), JSON.stringify(input)).toBeNull();
    for (const input of [null, undefined, 1, {}, ['a'], { toString: () => 'a' }]) expect(normaliseKey(input)).toBeNull();
  });

  it('refuses percent-encoded bytes (once or twice encoded)', () => {
    for (const input of ['%2e%2e/a', '%2E%2E%2Fa', 'a%2fb', 'a%5cb', '..%2fa', '%00', 'a%252e%252e', '%c0%ae%c0%ae/a', 'a%20b']) {
      expect(normaliseKey(input), input).toBeNull();
    }
  });

  it('refuses Unicode look-alikes of slashes and dots, invisible and bidi characters, lone surrogates', () => {
    const refused = [
      'a\u2215b', '\u2215etc\u2215passwd', 'a\uff0fb', 'a\u2044b', 'a\uff3cb', 'a\ufe68b', 'a\u29f8b', '\u2024\u2024/a', '\u2025/a', '\u2026',
      '\uff0e\uff0e/a', '\ufe52\ufe52/a', 'a\u202eb', 'a\u200bb', 'a\u200db', '\ufeffa', 'a\u2028b', 'a\ud800b', 'a\udc00',
    ];
    for (const input of refused) expect(normaliseKey(input), JSON.stringify(input)).toBeNull();
  });
});

describe('normaliseDirPath', () => {
  it('reads the root and tolerates one slash at either end', () => {
    expect(normaliseDirPath('')).toBe('');
    expect(normaliseDirPath('/')).toBe('');
    expect(normaliseDirPath('/dir/sub/')).toBe('dir/sub');
    expect(normaliseDirPath('dir')).toBe('dir');
    for (const bad of ['//', '..', '/../', 'a//', '//a', '%2e%2e', 1, null]) expect(normaliseDirPath(bad), String(bad)).toBeNull();
  });

  it('answers only the root or safe keys, for any input', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const path = normaliseDirPath(input);
        if (path !== null && path !== '') expectSafe(path);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('joinKey, parentOf, baseName', () => {
  it('joins, skipping the root, and refuses what normaliseKey refuses', () => {
    expect(joinKey('', 'a.png')).toBe('a.png');
    expect(joinKey('dir/sub', 'a.png')).toBe('dir/sub/a.png');
    expect(joinKey('dir', '..')).toBeNull();
    expect(joinKey('dir', '../x')).toBeNull();
    expect(joinKey('', '')).toBeNull();
  });

  it('a key is its parent joined with its base name', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const key = normaliseKey(input);
        if (key === null) return;
        expect(joinKey(parentOf(key), baseName(key))).toBe(key);
        expect(baseName(key).includes('/')).toBe(false);
        expect(isWithin(key, parentOf(key))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(parentOf('a')).toBe('');
    expect(parentOf('a/b/c.png')).toBe('a/b');
    expect(baseName('a/b/c.png')).toBe('c.png');
  });

  it('isWithin is about whole segments', () => {
    expect(isWithin('dir/a', 'dir')).toBe(true);
    expect(isWithin('dir', 'dir')).toBe(true);
    expect(isWithin('dir2/a', 'dir')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
  });

  it('extensionOf lower-cases and ignores dot files', () => {
    expect(extensionOf('a/B.PNG')).toBe('png');
    expect(extensionOf('.htaccess')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('a.tar.gz')).toBe('gz');
  });

  it('the preview key sits next to the object, in a dir no user key can name', () => {
    expect(previewKeyOf('a.png', 250)).toBe('.luma-previews/250-a.png');
    expect(previewKeyOf('d/s/a.png', 250)).toBe('d/s/.luma-previews/250-a.png');
    expect(normaliseKey(previewKeyOf('d/a.png', 250))).toBeNull();
    // A name at the segment limit still gives a segment within it, distinct per name, extension kept.
    const long = (c: string) => `d/${c.repeat(251)}.png`;
    const [one, two] = [previewKeyOf(long('a'), 250), previewKeyOf(long('b'), 250)];
    expect(one).toMatch(/^d\/\.luma-previews\/250-[0-9a-f]{16}\.png$/);
    expect(one).not.toBe(two);
  });
});

describe('sanitiseFileName', () => {
  it('turns spaces into underscores and keeps the last part of a browser path', () => {
    expect(sanitiseFileName('my photo 1.png')).toBe('my_photo_1.png');
    expect(sanitiseFileName('C:\\fakepath\\a b.png')).toBe('a_b.png');
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('..')).toBe('file');
    expect(sanitiseFileName('')).toBe('file');
    expect(sanitiseFileName('a\u2215b.png')).toBe('a_b.png');
    expect(sanitiseFileName('a\u202egnp.exe')).toBe('agnp.exe');
    expect(sanitiseFileName('a%2fb.png')).toBe('a_2fb.png');
    expect(sanitiseFileName('.luma-previews')).toBe('_.luma-previews');
    const long = sanitiseFileName(`${'é'.repeat(300)}.jpeg`);
    expect(long.endsWith('.jpeg')).toBe(true);
    expect(encoder.encode(long).length).toBeLessThanOrEqual(MAX_SEGMENT_BYTES);
  });

  it('always answers one segment normaliseKey accepts as it is, without white space', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const name = sanitiseFileName(input);
        expect(normaliseKey(name)).toBe(name);
        expect(name.includes('/')).toBe(false);
        expect(/\s/.test(name)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('sanitiseDirName', () => {
  it('strips slashes (the spec) and keeps spaces', () => {
    expect(sanitiseDirName('a/b')).toBe('ab');
    expect(sanitiseDirName('/new dir/')).toBe('new dir');
    expect(sanitiseDirName('a\u2215b\uff0fc')).toBe('abc');
    expect(sanitiseDirName('..')).toBe('');
    expect(sanitiseDirName('/')).toBe('');
    expect(sanitiseDirName('  ')).toBe('');
    expect(sanitiseDirName('  C:x')).toBe('C_x');
    expect(sanitiseFileName('C:x.png')).toBe('C_x.png');
  });

  it("answers '' or one segment normaliseKey accepts as it is", () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const name = sanitiseDirName(input);
        if (name === '') return;
        expect(normaliseKey(name)).toBe(name);
        expect(name.includes('/')).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parseLibraryDir', () => {
  it("reads the root dir and the '$' of a sub-library", () => {
    expect(parseLibraryDir('')).toEqual({ root: '', subLibrary: false });
    expect(parseLibraryDir(null)).toEqual({ root: '', subLibrary: false });
    expect(parseLibraryDir('media')).toEqual({ root: 'media', subLibrary: false });
    expect(parseLibraryDir('/media/2024/')).toEqual({ root: 'media/2024', subLibrary: false });
    expect(parseLibraryDir('$shop')).toEqual({ root: 'shop', subLibrary: true });
    expect(parseLibraryDir('$')).toBeNull();
    expect(parseLibraryDir('../x')).toBeNull();
    expect(parseLibraryDir('$../x')).toBeNull();
  });
});
