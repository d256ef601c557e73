// The media library rules of spec section 5 as the screen and the server both run them.
import { describe, expect, it } from 'vitest';
import { nextShareStep, splitEmails, validateDirName, validateExpiry, validateLibraryInput, validateShareDate } from '../../../runtime/media/rules';

const now = new Date('2030-01-01T10:02:00Z');

describe('media library rules', () => {
  it('a library needs a name of at least 2 and, on create, a known provider', () => {
    expect(validateLibraryInput({ name: 'Ab', provider: 'luma-simple' }, 'create')).toEqual([]);
    expect(validateLibraryInput({ name: 'A' }, 'create').map((error) => [error.field, error.messages])).toEqual([
      ['name', ['cantBeLessThenChars']],
      ['provider', ['identityField.requiredField']],
    ]);
    expect(validateLibraryInput({ name: 'Ab', provider: 'ftp' }, 'create')[0]).toMatchObject({ field: 'provider', messages: ['invalid'] });
    expect(validateLibraryInput({ name: 'Ab', provider: 'luma-simple', dir: 'x' }, 'create')[0]).toMatchObject({ field: 'dir', messages: ['cantBeLessThenChars'], values: [{ min: 2 }] });
  });

  it('an s3 library needs every S3 field (min 2, URLs for endpoint and host); the mask keeps the secret on update', () => {
    const s3 = { name: 'Bucket', provider: 's3', s3_endpoint: 'https://s3.example', s3_region: 'eu', s3_bucket: 'media', s3_key: 'key', s3_secret: 'secret', host: 'https://cdn.example' };
    expect(validateLibraryInput(s3, 'create')).toEqual([]);
    expect(validateLibraryInput({ ...s3, s3_region: 'e', host: 'cdn' }, 'create').map((error) => error.field)).toEqual(['s3_region', 'host']);
    expect(validateLibraryInput({ name: 'Bucket', provider: 's3' }, 'create').map((error) => error.field)).toEqual(['s3_endpoint', 's3_region', 's3_bucket', 's3_key', 's3_secret', 'host']);
    expect(validateLibraryInput({ ...s3, s3_secret: '__PASSWORD__' }, 'update', 's3')).toEqual([]);
  });

  it('a directory name is required with at least 2 characters', () => {
    expect(validateDirName('')[0]!.messages).toEqual(['identityField.requiredField']);
    expect(validateDirName('a')[0]!.messages).toEqual(['cantBeLessThenChars']);
    expect(validateDirName('ab')).toEqual([]);
  });

  it('an expiry may not be in the past; a share date also sits on a 5-minute step', () => {
    expect(validateExpiry(null, now)).toEqual([]);
    expect(validateExpiry('2029-12-31T00:00:00Z', now)[0]!.messages).toEqual(['expiryInPast']);
    expect(validateExpiry('not a date', now)[0]!.messages).toEqual(['invalid']);
    expect(validateShareDate('2030-01-01T10:05:00Z', now)).toEqual([]);
    expect(validateShareDate('2030-01-01T10:06:00Z', now)[0]!.messages).toEqual(['shareStep']);
    expect(validateShareDate('2030-01-01T10:00:00Z', now)[0]!.messages).toEqual(['expiryInPast']);
    expect(validateShareDate(undefined, now)[0]!.messages).toEqual(['identityField.requiredField']);
    expect(nextShareStep(now).toISOString()).toBe('2030-01-01T10:05:00.000Z');
  });

  it('share e-mails are split on commas, semicolons and white space', () => {
    expect(splitEmails(' a@x.io, b@y.io;c@z.io\nd@w.io ')).toEqual(['a@x.io', 'b@y.io', 'c@z.io', 'd@w.io']);
  });
});
