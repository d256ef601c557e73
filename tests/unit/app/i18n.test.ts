import { describe, expect, it } from 'vitest';
import { en_US } from '../../../runtime/i18n/en_US';
import { sr } from '../../../runtime/i18n/sr';
import { CATALOGUES, LOCALES, isLocale, isMessageKey } from '../../../runtime/i18n/catalogues';
import { ERROR_KEY } from '../../../runtime/api/contract';
import { WORKFLOW_MESSAGE } from '../../../runtime/api/workflows';
import { WORKFLOW_SCREEN_CATALOGUES } from '../../../runtime/i18n/workflowScreens';
import { createIntl } from 'react-intl';

describe('message catalogues', () => {
  it('en_US and sr have exactly the same keys', () => {
    expect(Object.keys(sr).sort()).toEqual(Object.keys(en_US).sort());
  });

  it("the workflow screens' catalogue has the same keys in both locales, none empty, each a valid message", () => {
    expect(Object.keys(WORKFLOW_SCREEN_CATALOGUES.sr).sort()).toEqual(Object.keys(WORKFLOW_SCREEN_CATALOGUES.en_US).sort());
    for (const locale of LOCALES) {
      for (const [key, value] of Object.entries(WORKFLOW_SCREEN_CATALOGUES[locale])) {
        expect(value.trim(), `${locale}:${key}`).not.toBe('');
        // Literal braces ({{data.x}}) must be quoted for ICU, or the message breaks at runtime.
        const errors: unknown[] = [];
        createIntl({ locale: 'en', messages: { [key]: value }, onError: (error) => errors.push(error) }).formatMessage({ id: key }, { min: 2, max: 3, name: 'n', page: 1, pages: 2, dev: 'a', live: 'b', count: 2, events: 'Create' });
        expect(errors, `${locale}:${key}`).toEqual([]);
      }
    }
    expect(WORKFLOW_SCREEN_CATALOGUES.en_US['workflow.editor.placeholders']).toContain("'{{data.field}}'");
  });

  it('every workflow message key the server answers with is in the main catalogue', () => {
    for (const key of Object.values(WORKFLOW_MESSAGE)) expect(isMessageKey(key), key).toBe(true);
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
