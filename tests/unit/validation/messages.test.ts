import { describe, expect, it } from 'vitest';
import { CATALOGUES, isMessageKey } from '../../../runtime/i18n/catalogues';
import { en_US } from '../../../runtime/i18n/en_US';
import { componentsEn_US } from '../../../runtime/i18n/components.en_US';
import { recordsEn_US } from '../../../runtime/i18n/records.en_US';
import { recordsSr } from '../../../runtime/i18n/records.sr';
import { RECORD_MESSAGE } from '../../../runtime/validation';

describe('record form messages', () => {
  it('repeat no key of the main or components catalogue', () => {
    const existing = new Set([...Object.keys(en_US), ...Object.keys(componentsEn_US)]);
    expect(Object.keys(recordsEn_US).filter((key) => existing.has(key))).toEqual([]);
  });

  it('every record message key has a text in both locales, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.values(RECORD_MESSAGE)) {
      expect(isMessageKey(key), key).toBe(true);
      const en = CATALOGUES.en_US[key as keyof typeof CATALOGUES.en_US];
      const sr = CATALOGUES.sr[key as keyof typeof CATALOGUES.sr];
      expect(placeholders(sr), key).toEqual(placeholders(en));
    }
    expect(Object.keys(recordsSr).sort()).toEqual(Object.keys(recordsEn_US).sort());
  });

  it('keeps the English texts of spec section 5 verbatim', () => {
    const en = CATALOGUES.en_US;
    expect({
      required: en['identityField.requiredField'],
      invalidNumber: en.invalidNumber,
      numberNotInRange: en.numberNotInRange,
      selectNotLessThen: en.selectNotLessThen,
      maxNrOfImages: en.maxNrOfImages,
      maxNrOfImagesExceeded: en.maxNrOfImagesExceeded,
      invalidSelection: en.invalidSelection,
      invalidDates: en.invalidDates,
      invalidInput: en.invalidInput,
      invalidEmail: en.invalidEmail,
      cantBeMoreThen: en.cantBeMoreThen,
      cantBeLessThen: en.cantBeLessThen,
      cantBeMoreThenChars: en.cantBeMoreThenChars,
      cantBeLessThenChars: en.cantBeLessThenChars,
      symbolNotAllowed: en.symbolNotAllowed,
      wordNotAllowed: en.wordNotAllowed,
      email_already_exists: en.email_already_exists,
      unique: en.unique,
      invalid: en.invalid,
    }).toEqual({
      required: 'This is a required field',
      invalidNumber: 'Invalid number',
      numberNotInRange: 'Number not in range',
      selectNotLessThen: 'You need to select not less then {min} and not more then {max}',
      maxNrOfImages: 'Maximum number of images is {max}',
      maxNrOfImagesExceeded: 'Maximum number of images exceeded',
      invalidSelection: 'Invalid selection',
      invalidDates: 'Invalid dates',
      invalidInput: 'Invalid input',
      invalidEmail: 'Invalid email',
      cantBeMoreThen: "Can't be more then {max}",
      cantBeLessThen: "Can't be less then {min}",
      cantBeMoreThenChars: "Can't be more then {max} characters",
      cantBeLessThenChars: "Can't be less then {min} characters",
      symbolNotAllowed: 'Letter or symbol {symbol} is not allowed',
      wordNotAllowed: 'Word {word} is not allowed',
      email_already_exists: 'Email already exists',
      unique: 'This field must be unique',
      invalid: 'Invalid value',
    });
  });
});
