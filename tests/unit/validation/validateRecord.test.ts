import { describe, expect, it } from 'vitest';
import { compileViewSchema } from '../../../runtime/compile';
import { SERVER_ERROR_CODES, validateRecord } from '../../../runtime/validation';
import { field, input, settingsWith } from '../compile/fixtures';

const view = compileViewSchema(
  settingsWith([
    field({ key: 'name', module: 'input', type: 'text', constraints: { required: true, length: { min: 2, max: 5 }, not_allowed_words: 'x' } }),
    field({ key: 'title', module: 'input', type: 'text_i18n', constraints: { length: { min: null, max: 3 } } }),
    field({ key: 'age', module: 'input', type: 'number' }),
    field({ key: 'constructor', module: 'input', type: 'text', constraints: { required: true } }),
  ]),
  input(),
);

describe('validateRecord', () => {
  it('reports only fields with messages; values aligned with messages (null where none)', () => {
    expect(validateRecord(view, { name: 'x', title: { locales: { en_US: 'ok', sr: 'dugačko' } }, age: 3, constructor: 'c' }, { page: 'model_create' })).toEqual([
      { field: 'name', messages: ['cantBeLessThenChars', 'symbolNotAllowed'], values: [{ min: 2 }, { symbol: 'x' }] },
      { field: 'title.locales.sr', messages: ['cantBeMoreThenChars'], values: [{ max: 3 }] },
    ]);
  });

  it('a missing field is undefined, never a prototype property', () => {
    expect(validateRecord(view, {}, { page: 'model_create' })).toEqual([
      { field: 'name', messages: ['identityField.requiredField'], values: [null] },
      { field: 'constructor', messages: ['identityField.requiredField'], values: [null] },
    ]);
  });

  it('a valid record gives no errors', () => {
    expect(validateRecord(view, { name: 'Ana', age: '7', constructor: 'c' }, { page: 'model_create' })).toEqual([]);
  });

  it('data that is not an object is read as no values', () => {
    expect(validateRecord(view, null as never, { page: 'model_create' })).toHaveLength(2);
  });
});

describe('SERVER_ERROR_CODES', () => {
  it('maps the server codes to their catalogue keys', () => {
    expect(SERVER_ERROR_CODES).toEqual({
      email_already_exists: 'email_already_exists',
      unique: 'unique',
      invalid: 'invalid',
      password_not_match: 'identityField.passwordDoesntMatch',
    });
  });
});
