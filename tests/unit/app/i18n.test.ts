import { describe, expect, it } from 'vitest';
import { en_US } from '../../../runtime/i18n/en_US';
import { sr } from '../../../runtime/i18n/sr';
import { CATALOGUES, LOCALES, isLocale, isMessageKey } from '../../../runtime/i18n';
import { ERROR_KEY } from '../../../runtime/api/contract';

describe('message catalogues', () => {
  it('en_US and sr have exactly the same keys', () => {
    expect(Object.keys(sr).sort()).toEqual(Object.keys(en_US).sort());
  });

  it('no message is empty in any locale', () => {
    for (const locale of LOCALES) {
      for (const [key, value] of Object.entries(CATALOGUES[locale])) {
        expect(value.trim(), `${locale}:${key}`).not.toBe('');
      }
    }
  });

  it('every message key the server answers with has a translation', () => {
    for (const key of Object.values(ERROR_KEY)) expect(isMessageKey(key), key).toBe(true);
  });

  it('keeps the spec texts verbatim', () => {
    expect(en_US['serverError.title']).toBe('It seems that we have a problem!');
    expect(en_US['serverError.body']).toBe('The page you are looking for is temporarily unavailable');
    expect(en_US['Login failed']).toBe('Login failed');
    expect(en_US['Connection to server failed']).toBe('Connection to server failed');
    for (const key of ['unexpectedError', 'noWorkspace', 'noComponents', 'somethingWrong', 'fieldsNotValid']) {
      expect(isMessageKey(key), key).toBe(true);
    }
  });

  it('placeholders match between locales', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en_US) as (keyof typeof en_US)[]) {
      expect(placeholders(sr[key]), key).toEqual(placeholders(en_US[key]));
    }
  });

  it('knows its locales', () => {
    expect(isLocale('sr')).toBe(true);
    expect(isLocale('en_US')).toBe(true);
    expect(isLocale('de')).toBe(false);
  });
});
