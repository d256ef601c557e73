// The media screen's rules (src/app/features/media/rules.ts): sizes, paging, selection, the hash,
// metadata, and its reading of the shared field rules (runtime/media/rules.ts).
import { describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE, type MediaFile, type MediaLibrary } from '../../../runtime/api/media';
import {
  crumbsOf,
  dirFromHash,
  dirNameErrors,
  emptyLibraryForm,
  expiryErrors,
  formatSize,
  formToInput,
  hashOfDir,
  hasErrors,
  libraryErrors,
  libraryToForm,
  metadataOf,
  nextLastKey,
  nextSelection,
  nextShareStep,
  parentDir,
  parseEmails,
  providerOptions,
  shareDateErrors,
  shareEmailErrors,
  stripSlashes,
  toLocalInput,
} from '../../../src/app/features/media/rules';

const keys = (errors: { key: string }[] | undefined) => (errors ?? []).map((e) => e.key);

describe('sizes (spec section 9: KB or MB, dividing by 1024)', () => {
  it('shows KB under a megabyte and MB from one', () => {
    expect(formatSize(0)).toBe('0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatSize(1024 * 1024)).toBe('1 MB');
    expect(formatSize(5.25 * 1024 * 1024)).toBe('5.25 MB');
  });
});

describe('paging (spec section 4: 12 by last key, a short page is the last)', () => {
  const file = (key: string) => ({ key }) as MediaFile;
  it('asks for the next page only after a full one', () => {
    const full = Array.from({ length: MEDIA_PAGE_SIZE }, (_, i) => file(`f${i}`));
    expect(nextLastKey({ items: full, last_key: 'f11' })).toBe('f11');
    expect(nextLastKey({ items: full, last_key: null })).toBe('f11');
    expect(nextLastKey({ items: full.slice(0, 11), last_key: 'f10' })).toBeUndefined();
    expect(nextLastKey({ items: [], last_key: null })).toBeUndefined();
  });
});

describe('selection (single click selects one, ctrl/meta toggles)', () => {
  it('replaces on a click and toggles with the modifier', () => {
    expect(nextSelection(['a', 'b'], 'c', false)).toEqual(['c']);
    expect(nextSelection(['a'], 'a', false)).toEqual(['a']);
    expect(nextSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(nextSelection(['a', 'b'], 'a', true)).toEqual(['b']);
  });
});

describe('the directory in the URL hash', () => {
  it('reads the hash, refusing dot segments, and writes it encoded', () => {
    expect(dirFromHash('')).toBe('');
    expect(dirFromHash('#photos/2024')).toBe('photos/2024');
    expect(dirFromHash('#photos%2F..%2F..%2Fetc')).toBe('photos/etc');
    expect(dirFromHash('#%E0%A4%A')).toBe('');
    expect(dirFromHash(`#${hashOfDir('my dir/ä')}`)).toBe('my dir/ä');
    expect(crumbsOf('a/b/c')).toEqual([{ name: 'a', path: 'a' }, { name: 'b', path: 'a/b' }, { name: 'c', path: 'a/b/c' }]);
    expect(parentDir('a/b/c')).toBe('a/b');
    expect(parentDir('a')).toBe('');
  });
});

describe('field rules (spec section 5)', () => {
  it('a directory name: required, min 2, a slash stripped', () => {
    expect(stripSlashes('a/b\\c')).toBe('abc');
    expect(keys(dirNameErrors('').name)).toEqual(['identityField.requiredField']);
    expect(keys(dirNameErrors('a/').name)).toEqual(['cantBeLessThenChars']);
    expect(hasErrors(dirNameErrors('ph/'))).toBe(false);
  });

  it('a library: name min 2, provider on create, the S3 fields for s3, root dir min 2 on create', () => {
    const blank = libraryErrors(emptyLibraryForm(), true);
    expect(keys(blank.name)).toEqual(['identityField.requiredField']);
    expect(keys(blank.provider)).toEqual(['identityField.requiredField']);
    const s3 = libraryErrors({ ...emptyLibraryForm('s3'), name: 'Photos', dir: 'x' }, true);
    for (const field of ['s3_endpoint', 's3_region', 's3_bucket', 's3_key', 's3_secret', 'host']) expect(keys(s3[field])).toEqual(['identityField.requiredField']);
    expect(keys(s3.dir)).toEqual(['cantBeLessThenChars']);
    expect(hasErrors(libraryErrors({ ...emptyLibraryForm('luma-simple'), name: 'Photos' }, true))).toBe(false);
  });

  it('an update keeps the masked secret and leaves the provider alone', () => {
    const lib: MediaLibrary = {
      uuid: 'l1', name: 'Bucket', provider: 's3', s3_bucket: 'b1', s3_key: 'AKIA1', s3_secret: '__PASSWORD__', s3_endpoint: 'http://127.0.0.1:9000',
      s3_region: 'us-east-1', host: 'https://cdn.example.com', dir: '', allowed_storage: 10 * 1024 * 1024, size: 0, free_space: null, roles: [{ role_uuid: 'r1' }],
    };
    const form = libraryToForm(lib);
    expect(form.allowed_storage_mb).toBe('10');
    expect(hasErrors(libraryErrors(form, false))).toBe(false);
    const input = formToInput(form, false);
    expect(input.provider).toBeUndefined();
    expect(input.s3_secret).toBe('__PASSWORD__');
    expect(input.allowed_storage).toBe(10 * 1024 * 1024);
    expect(input.roles).toEqual([{ role_uuid: 'r1' }]);
    expect(formToInput({ ...form, allowed_storage_mb: '' }, false).allowed_storage).toBeNull();
  });

  it('the simple provider is offered only while no simple library exists', () => {
    expect(providerOptions([])).toEqual(['luma-simple', 's3']);
    expect(providerOptions([{ provider: 'luma-simple' } as MediaLibrary])).toEqual(['s3']);
  });

  it('an expiry is not in the past; a share date is required, not past, on 5-minute steps', () => {
    const now = new Date(2030, 0, 10, 12, 2, 30);
    expect(expiryErrors('', now)).toEqual([]);
    expect(keys(expiryErrors(toLocalInput(new Date(2030, 0, 10, 12, 0)), now))).toEqual(['expiryInPast']);
    expect(expiryErrors(toLocalInput(new Date(2030, 0, 11, 9, 7)), now)).toEqual([]);
    expect(keys(shareDateErrors('', now))).toEqual(['identityField.requiredField']);
    expect(keys(shareDateErrors(toLocalInput(new Date(2030, 0, 10, 11, 55)), now))).toEqual(['expiryInPast']);
    expect(keys(shareDateErrors(toLocalInput(new Date(2030, 0, 10, 12, 7)), now))).toEqual(['shareStep']);
    expect(shareDateErrors(toLocalInput(new Date(2030, 0, 10, 12, 5)), now)).toEqual([]);
    expect(nextShareStep(now)).toEqual(new Date(2030, 0, 10, 12, 5));
    expect(nextShareStep(new Date(2030, 0, 10, 12, 5))).toEqual(new Date(2030, 0, 10, 12, 10));
  });

  it('share e-mails share one text area', () => {
    expect(parseEmails('a@x.io, b@x.io;c@x.io\nd@x.io a@x.io')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
    expect(keys(shareEmailErrors(''))).toEqual(['identityField.requiredField']);
    expect(keys(shareEmailErrors('a@x.io nope'))).toEqual(['invalidEmail']);
    expect(shareEmailErrors('a@x.io')).toEqual([]);
  });

  it('metadata drops entries with an empty key or value, and prototype keys', () => {
    expect(metadataOf([{ key: 'a', value: '1' }, { key: ' ', value: '2' }, { key: 'b', value: '' }, { key: '__proto__', value: 'x' }, { key: ' c ', value: '3' }])).toEqual({ a: '1', c: '3' });
  });
});
