import { describe, expect, it } from 'vitest';
import { coerceValue, validateField, PASSWORD_TOKEN } from '../../../runtime/validation';
import { create, edit, view } from './helpers';

const required = { key: 'identityField.requiredField' };

describe('required (identityField.requiredField)', () => {
  it('fires on empty values of required fields only', () => {
    const f = view({ module: 'input', type: 'text', constraints: { required: true } });
    for (const empty of [undefined, null, '', '   ']) expect(validateField(f, empty, create)).toEqual([required]);
    expect(validateField(view({ module: 'input', type: 'text' }), '', create)).toEqual([]);
  });

  it('passwords are exempt on model_edit; the placeholder token means unchanged', () => {
    const f = view({ module: 'input', type: 'password', constraints: { required: true, length: { min: 8, max: 64 } } });
    expect(validateField(f, '', create)).toEqual([required]);
    expect(validateField(f, '', edit)).toEqual([]);
    expect(validateField(f, PASSWORD_TOKEN, edit)).toEqual([]);
    expect(validateField(f, 'short', edit)).toEqual([{ key: 'cantBeLessThenChars', values: { min: 8 } }]);
  });

  it('a date field reports required whenever its value is empty', () => {
    expect(validateField(view({ module: 'picker', type: 'date' }), '', create)).toEqual([required]);
  });

  it('image, file, reference and the other types check required only', () => {
    for (const [module, type] of [['input', 'image'], ['input', 'imagev2'], ['input', 'file'], ['reference', 'text'], ['picker', 'daterange'], ['picker', 'datetime'], ['table', 'default'], ['fieldset', 'default'], ['select', 'external']] as const) {
      const f = view({ module, type, constraints: { required: true } });
      expect(validateField(f, null, create), `${module}/${type}`).toEqual([required]);
    }
    expect(validateField(view({ module: 'input', type: 'imagev2', constraints: { required: true } }), { localURL: '', publicURL: '' }, create)).toEqual([required]);
    expect(validateField(view({ module: 'picker', type: 'daterange', constraints: { required: true } }), { startDate: '2025-01-01', endDate: null }, create)).toEqual([required]);
  });
});

describe('text rules', () => {
  const text = (constraints: object, module: 'input' | 'text' = 'input', type: 'text' | 'default' | 'editor' = module === 'input' ? 'text' : 'default') =>
    view({ module, type: type as never, constraints: { length: { min: null, max: null }, ...constraints } });

  it('max length (only if max > 0): cantBeMoreThenChars {max}', () => {
    expect(validateField(text({ length: { min: null, max: 3 } }), 'abcd', create)).toEqual([{ key: 'cantBeMoreThenChars', values: { max: 3 } }]);
    expect(validateField(text({ length: { min: null, max: 0 } }), 'abcd', create)).toEqual([]);
  });

  it('min length: cantBeLessThenChars {min}, only on non-empty values', () => {
    expect(validateField(text({ length: { min: 3, max: null } }), 'ab', create)).toEqual([{ key: 'cantBeLessThenChars', values: { min: 3 } }]);
    expect(validateField(text({ length: { min: 3, max: null } }), '', create)).toEqual([]);
  });

  it('not_allowed_words: symbolNotAllowed for entries shorter than 2, wordNotAllowed otherwise', () => {
    const f = text({ not_allowed_words: 'foo, $ ,bar' });
    expect(validateField(f, 'foo costs $5', create)).toEqual([
      { key: 'wordNotAllowed', values: { word: 'foo' } },
      { key: 'symbolNotAllowed', values: { symbol: '$' } },
    ]);
  });

  it('text area has no symbol variant', () => {
    expect(validateField(text({ not_allowed_words: '$' }, 'text'), 'a $', create)).toEqual([{ key: 'wordNotAllowed', values: { word: '$' } }]);
  });

  it('regex mismatch: invalidInput', () => {
    expect(validateField(text({ regex: '^[A-Z]' }), 'abc', create)).toEqual([{ key: 'invalidInput' }]);
    expect(validateField(text({ regex: '^[A-Z]' }), 'Abc', create)).toEqual([]);
  });

  it('rich text rules run on the text with tags stripped', () => {
    const f = text({ length: { min: null, max: 3 } }, 'text', 'editor');
    expect(validateField(f, '<p><b>abc</b></p>', create)).toEqual([]);
    expect(validateField(view({ module: 'text', type: 'editor', constraints: { required: true } }), '<p></p>', create)).toEqual([required]);
  });

  it('a value that is not text: invalidInput', () => {
    expect(validateField(text({}), { a: 1 }, create)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('email', () => {
  const f = view({ module: 'input', type: 'email', constraints: { required: true, length: { min: 50, max: 60 }, not_allowed_words: 'a' } });
  it('invalidEmail for a non-email; length and word rules skipped', () => {
    expect(validateField(f, 'nope', create)).toEqual([{ key: 'invalidEmail' }]);
    expect(validateField(f, 'ana@example.com', create)).toEqual([]);
    expect(validateField(f, '', create)).toEqual([required]);
  });
});

describe('text_i18n', () => {
  const f = view({ module: 'input', type: 'text_i18n', constraints: { required: true, length: { min: null, max: 3 } } });
  it('text rules apply per locale, with path locales.xx', () => {
    expect(validateField(f, { locales: { en_US: 'ok', sr: 'predugo' } }, create)).toEqual([{ key: 'cantBeMoreThenChars', values: { max: 3 }, path: 'locales.sr' }]);
  });
  it('required when no locale has text; invalidInput for another shape', () => {
    expect(validateField(f, { locales: { en_US: '', sr: ' ' } }, create)).toEqual([required]);
    expect(validateField(f, 'plain', create)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('number', () => {
  const f = view({ module: 'input', type: 'number', constraints: { length: { min: 1, max: 10 } } });
  it('above max: cantBeMoreThen {max}; below min: cantBeLessThen {min}', () => {
    expect(validateField(f, 11, create)).toEqual([{ key: 'cantBeMoreThen', values: { max: 10 } }]);
    expect(validateField(f, '0.5', create)).toEqual([{ key: 'cantBeLessThen', values: { min: 1 } }]);
    expect(validateField(f, 10, create)).toEqual([]);
  });
  it('parsed as float; non-numeric becomes null (required when required)', () => {
    expect(coerceValue(f, '12.5kg')).toBe(12.5);
    expect(coerceValue(f, 'abc')).toBeNull();
    expect(validateField(f, 'abc', create)).toEqual([]);
    expect(validateField(view({ module: 'input', type: 'number', constraints: { required: true } }), 'abc', create)).toEqual([required]);
    expect(validateField(view({ module: 'input', type: 'number', constraints: { required: true } }), 0, create)).toEqual([]);
  });
});

describe('select', () => {
  const text = view({ module: 'select', type: 'text', constraints: { required: true, selectables: { items: ['a', 'b'] } } });
  it('required, then invalidSelection for a value not among the items', () => {
    expect(validateField(text, '', create)).toEqual([required]);
    expect(validateField(text, 'c', create)).toEqual([{ key: 'invalidSelection' }]);
    expect(validateField(text, 'a', create)).toEqual([]);
  });
  it('custom values skip the selection check', () => {
    expect(validateField(view({ module: 'select', type: 'text', constraints: { selectables: { items: ['a'], custom: true } } }), 'z', create)).toEqual([]);
  });
  it('multiple: every value must be an item', () => {
    const f = view({ module: 'select', type: 'text', constraints: { selectables: { items: ['a', 'b'], multiple: true } } });
    expect(validateField(f, ['a', 'b'], create)).toEqual([]);
    expect(validateField(f, ['a', 'x'], create)).toEqual([{ key: 'invalidSelection' }]);
  });
  it('select number: the integer range from..to counts as items', () => {
    const f = view({ module: 'select', type: 'number', constraints: { selectables: { items: [100], range: { from: 1, to: 5 } } } });
    expect(validateField(f, '3', create)).toEqual([]);
    expect(validateField(f, 100, create)).toEqual([]);
    expect(validateField(f, 6, create)).toEqual([{ key: 'invalidSelection' }]);
  });
  it('select number with custom values: numbers only; blank text is empty, never stored as text', () => {
    const f = view({ module: 'select', type: 'number', constraints: { selectables: { custom: true } } });
    expect(validateField(f, '42', create)).toEqual([]);
    expect(validateField(f, '', create)).toEqual([]);
    expect(coerceValue(f, '')).toBeNull();
    expect(coerceValue(f, '  ')).toBeNull();
    expect(validateField(f, 'forty', create)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('picker', () => {
  const date = view({ module: 'picker', type: 'date' });
  it('date: YYYY-MM-DD and a real day, else invalidInput', () => {
    expect(validateField(date, '2024-02-29', create)).toEqual([]);
    for (const bad of ['2023-02-29', '2024-13-01', '01.02.2024', 20240101]) expect(validateField(date, bad, create), String(bad)).toEqual([{ key: 'invalidInput' }]);
  });
  it('time: HH:mm or HH:mm:ss, else invalidInput', () => {
    const time = view({ module: 'picker', type: 'time', constraints: { required: true } });
    expect(validateField(time, '23:59', create)).toEqual([]);
    expect(validateField(time, '08:30:15', create)).toEqual([]);
    expect(validateField(time, '24:00', create)).toEqual([{ key: 'invalidInput' }]);
    expect(validateField(time, null, create)).toEqual([required]);
  });
});

describe('checkbox', () => {
  it('text: required needs at least one; with more than one chosen, a count outside min..max gives selectNotLessThen {min, max}', () => {
    const f = view({ module: 'checkbox', type: 'text', constraints: { required: true, length: { min: 2, max: 3 }, selectables: { items: ['a', 'b', 'c', 'd'] } } });
    expect(validateField(f, [], create)).toEqual([required]);
    expect(validateField(f, ['a'], create)).toEqual([]);
    expect(validateField(f, ['a', 'b'], create)).toEqual([]);
    expect(validateField(f, ['a', 'b', 'c', 'd'], create)).toEqual([{ key: 'selectNotLessThen', values: { min: 2, max: 3 } }]);
  });

  it('number: out of range gives numberNotInRange (compared with from and with to), not among items invalidNumber', () => {
    const f = view({ module: 'checkbox', type: 'number', constraints: { required: true, selectables: { items: [50], range: { from: 1, to: 10 } } } });
    expect(validateField(f, [], create)).toEqual([required]);
    expect(validateField(f, [1, 10], create)).toEqual([]);
    // The original compared the upper bound with from: 5 would have been refused, 11 let through.
    expect(validateField(f, [5], create)).toEqual([]);
    expect(validateField(f, [11], create)).toEqual([{ key: 'numberNotInRange' }]);
    expect(validateField(f, [2.5], create)).toEqual([{ key: 'invalidNumber' }]);
    expect(validateField(f, ['x'], create)).toEqual([{ key: 'invalidNumber' }]);
  });

  it('bool: required needs it checked', () => {
    const f = view({ module: 'checkbox', type: 'bool', constraints: { required: true } });
    expect(validateField(f, false, create)).toEqual([required]);
    expect(validateField(f, true, create)).toEqual([]);
    expect(validateField(f, 'yes', create)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('radio', () => {
  it('required needs a value; a value not among the items gives invalidSelection', () => {
    const f = view({ module: 'radio', type: 'number', constraints: { required: true, selectables: { items: [1, 2] } } });
    expect(validateField(f, null, create)).toEqual([required]);
    expect(validateField(f, '2', create)).toEqual([]);
    expect(validateField(f, 3, create)).toEqual([{ key: 'invalidSelection' }]);
    expect(validateField(view({ module: 'radio', type: 'text', constraints: { selectables: { items: ['a'] } } }), 'b', create)).toEqual([{ key: 'invalidSelection' }]);
  });
});

describe('data json', () => {
  const f = view({ module: 'data', type: 'json' });
  it('objects, arrays and scalars are fine; text that does not parse gives invalidInput', () => {
    for (const ok of [{ a: 1 }, [1, 2], 3, true, '{"a":1}', '"x"']) expect(validateField(f, ok, create)).toEqual([]);
    expect(validateField(f, '{a:1', create)).toEqual([{ key: 'invalidInput' }]);
  });
});

describe('image carousel', () => {
  it('when required, at least one and at most max_images (maxNrOfImages {max})', () => {
    const f = view({ module: 'image', type: 'carousel', constraints: { required: true, custom_data: { max_images: 2 } } });
    expect(validateField(f, [], create)).toEqual([required]);
    const image = (n: string) => ({ localURL: '', publicURL: `https://images.example.test/${n}.png` });
    expect(validateField(f, [image('a'), image('b'), image('c')], create)).toEqual([{ key: 'maxNrOfImages', values: { max: 2 } }]);
    expect(validateField(f, [image('a')], create)).toEqual([]);
  });

  it('takes library paths inside their library and http(s) URLs only (docs/media-widgets.md)', () => {
    const f = view({ module: 'image', type: 'carousel', constraints: { custom_data: {} } });
    const lib = '/media/library/0b7c3a51-2f1e-4c1d-9a51-6f0a3c2b1d10/get/';
    expect(validateField(f, [`${lib}a.png`, { localURL: `${lib}b.png`, publicURL: '' }], create)).toEqual([]);
    expect(validateField(f, [`${lib}../a.png`], create)).toEqual([{ key: 'mediaWidgets.invalidMediaUrl' }]);
    expect(validateField(f, [{ localURL: '', publicURL: 'javascript:alert(1)' }], create)).toEqual([{ key: 'mediaWidgets.invalidMediaUrl' }]);
  });
});
