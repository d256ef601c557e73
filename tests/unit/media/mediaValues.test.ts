// The media values every part reads the same way (runtime/media/mediaValues.ts) and the Source
// dropdown's rules (runtime/media/mediaSources.ts, spec section 6).
import { describe, expect, it, vi } from 'vitest';
import { mediaSources } from '../../../runtime/media/mediaSources';
import { uploadIntoDir } from '../../../runtime/media/uploadIntoDir';
import { allowedExtensions, classifyMediaUrl, hasAllowedExtension, mediaUrlsOf, parseLibraryUrl, readImageList, readImageValue } from '../../../runtime/media/mediaValues';

const LIB = '0b7c3a51-2f1e-4c1d-9a51-6f0a3c2b1d10';
const path = (key: string) => `/media/library/${LIB}/get/${key}`;

describe('media URLs', () => {
  it('parse a library path with its decoded key', () => {
    expect(parseLibraryUrl(path('dir/a%20b.png'))).toEqual({ libraryUuid: LIB, key: 'dir/a b.png' });
  });
  it('refuse keys that leave the library, however they are written', () => {
    for (const key of ['../a.png', 'a/../../b', '%2e%2e/a', 'a%2F..%2F..%2Fb', './a', 'a//b', 'a\\..\\b', 'a%00b', '\uff0e\uff0e/a', '%ZZ']) {
      expect(parseLibraryUrl(path(key)), key).toBeNull();
    }
    expect(parseLibraryUrl(`/media/library/not-a-uuid/get/a.png`)).toBeNull();
    expect(parseLibraryUrl(`/media/library/${LIB}/preview/a.png`)).toBeNull();
  });
  it('classify library, external http(s) and everything else', () => {
    expect(classifyMediaUrl(path('a.png'))).toBe('library');
    expect(classifyMediaUrl('https://cdn.example.com/a.png')).toBe('external');
    expect(classifyMediaUrl('HTTP://example.com')).toBe('external');
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AA', 'ftp://x/a', '//evil.com/a', 'a.png', 'https://']) expect(classifyMediaUrl(url), url).toBe('invalid');
  });
});

describe('media values', () => {
  it('read image v2 objects and the old string path', () => {
    expect(readImageValue({ localURL: path('a.png'), publicURL: '' })).toEqual({ localURL: path('a.png'), publicURL: '' });
    expect(readImageValue(path('a.png'))).toEqual({ localURL: path('a.png'), publicURL: '' });
    expect(readImageValue('https://x.com/a.png')).toEqual({ localURL: '', publicURL: 'https://x.com/a.png' });
    expect(readImageValue({ localURL: '', publicURL: '' })).toBeNull();
    expect(readImageValue(null)).toBeNull();
    expect(readImageList([path('a.png'), { localURL: path('b.png') }, 7])).toHaveLength(2);
  });
  it('list every URL a media field holds for the server check', () => {
    expect(mediaUrlsOf('input/imagev2', { localURL: path('a.png'), publicURL: 'https://x.com/a.png' })).toEqual([path('a.png'), 'https://x.com/a.png']);
    expect(mediaUrlsOf('input/file', [path('a.pdf'), 'https://x.com/b.pdf'])).toEqual([path('a.pdf'), 'https://x.com/b.pdf']);
    expect(mediaUrlsOf('image/carousel', [{ localURL: path('a.png'), publicURL: '' }])).toEqual([path('a.png')]);
    expect(mediaUrlsOf('input/text', 'javascript:x')).toEqual([]);
  });
  it('read allowed extensions from a list or a text', () => {
    expect(allowedExtensions(['.PDF', 'docx'])).toEqual(['pdf', 'docx']);
    expect(allowedExtensions('pdf, *.txt')).toEqual(['pdf', 'txt']);
    expect(allowedExtensions(undefined)).toEqual([]);
    expect(hasAllowedExtension('a.PDF', ['pdf'])).toBe(true);
    expect(hasAllowedExtension('a.exe', ['pdf'])).toBe(false);
    expect(hasAllowedExtension('anything', [])).toBe(true);
  });
});

describe('Source dropdown rules (spec section 6)', () => {
  const platform = { integrationActive: true, runMode: 'platform' as const };
  const image = (over: Record<string, unknown> = {}, prot = false) => ({ renderer: 'input/imagev2', protected: prot, customData: over });
  it('a protected field hides the chooser', () => {
    expect(mediaSources(image({}, true), platform)).toEqual([]);
  });
  it('library needs the integration and the platform run mode; device needs the integration', () => {
    expect(mediaSources(image(), platform)).toEqual(['library', 'device', 'external']);
    expect(mediaSources(image(), { integrationActive: true, runMode: 'public' })).toEqual(['device', 'external']);
    expect(mediaSources(image(), { integrationActive: false, runMode: 'platform' })).toEqual(['external']);
  });
  it('custom_data switches each source off; a file field offers external only when set', () => {
    expect(mediaSources(image({ chooseFromDevice: false }), platform)).toEqual(['library', 'external']);
    expect(mediaSources({ renderer: 'input/file', protected: false, customData: {} }, platform)).toEqual(['library', 'device']);
    expect(mediaSources({ renderer: 'input/file', protected: false, customData: { chooseExternalSource: true } }, platform)).toEqual(['library', 'device', 'external']);
  });
});

describe('uploadIntoDir', () => {
  const refusal = (messageKey: string) => Object.assign(new Error(messageKey), { messageKey });
  it('makes a missing upload directory level by level, then uploads again', async () => {
    const made: string[] = [];
    let tries = 0;
    const result = await uploadIntoDir(
      async () => {
        tries += 1;
        if (made.length < 2) throw refusal('dirNotFound');
        return 'stored';
      },
      'products/shoes',
      async (path) => {
        if (path === 'products' && made.length === 0 && tries > 5) throw refusal('fileExists');
        made.push(path);
      },
    );
    expect(result).toBe('stored');
    expect(made).toEqual(['products', 'products/shoes']);
    expect(tries).toBe(2);
  });
  it('passes any other refusal on, and makes nothing at the root', async () => {
    const createDir = vi.fn(async () => undefined);
    await expect(uploadIntoDir(async () => Promise.reject(refusal('quotaExceeded')), 'a', createDir)).rejects.toThrow('quotaExceeded');
    await expect(uploadIntoDir(async () => Promise.reject(refusal('dirNotFound')), '', createDir)).rejects.toThrow('dirNotFound');
    expect(createDir).not.toHaveBeenCalled();
  });
  it('an existing level is no obstacle; a refused one is the answer', async () => {
    const done = await uploadIntoDir(
      (() => {
        let first = true;
        return async () => {
          if (first) {
            first = false;
            throw refusal('dirNotFound');
          }
          return 1;
        };
      })(),
      'a/b',
      async (path) => {
        if (path === 'a') throw refusal('fileExists');
      },
    );
    expect(done).toBe(1);
    await expect(uploadIntoDir(async () => Promise.reject(refusal('dirNotFound')), 'a', async () => Promise.reject(refusal('integrations.media.noPermissions')))).rejects.toThrow('noPermissions');
  });
});
