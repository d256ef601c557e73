// What an outside client may leave out of a field (key, text length bounds) is filled before the
// schema judges the model; reserved keys are refused by the field rules.
import { describe, expect, it } from 'vitest';
import { checkFields, isReservedFieldKey, prefillFields, validateSettings, defaultSettings } from '../../../runtime/components';

/** Models as a client sends them: shapes the schema has not judged yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

describe('prefillFields', () => {
  it('derives a missing key from the name unless auto_key is false, at every level', () => {
    const model = prefillFields<Loose>({
      fields: [
        { name: 'customer  name', module: 'input', type: 'number' },
        { name: 'Code', auto_key: false, module: 'input', type: 'number' },
        { name: 'Typed', key: 'kept', module: 'input', type: 'number' },
        {
          name: 'Address',
          module: 'fieldset',
          type: 'default',
          constraints: { custom_data: [{ name: 'street name', module: 'input', type: 'text' }] },
        },
      ],
      actions: [{ name: 'Approve', fields: [{ name: 'Reason why', module: 'input', type: 'text' }] }],
    });
    expect(model.fields.map((f: { key?: string }) => f.key)).toEqual(['customer_name', undefined, 'kept', 'address']);
    expect(model.fields[3].constraints.custom_data[0]).toMatchObject({ key: 'street_name', constraints: { length: { min: 1, max: 255 } } });
    expect(model.actions[0].fields[0]).toMatchObject({ key: 'reason_why', constraints: { length: { min: 1, max: 255 } } });
  });

  it('fills each missing bound of a text or password input; other fields keep theirs', () => {
    const [none, minOnly, maxOnly, both, number] = prefillFields<Loose>({
      fields: [
        { name: 'a', module: 'input', type: 'password' },
        { name: 'b', module: 'input', type: 'text', constraints: { length: { min: 400 } } },
        { name: 'c', module: 'input', type: 'text', constraints: { length: { min: null, max: 9 } } },
        { name: 'd', module: 'input', type: 'text', constraints: { length: { min: 3, max: 4 } } },
        { name: 'e', module: 'input', type: 'number' },
      ],
    }).fields;
    expect(none.constraints.length).toEqual({ min: 1, max: 255 });
    expect(minOnly.constraints.length).toEqual({ min: 400, max: 400 });
    expect(maxOnly.constraints.length).toEqual({ min: 1, max: 9 });
    expect(both.constraints.length).toEqual({ min: 3, max: 4 });
    expect(number.constraints).toBeUndefined();
  });

  it('never changes its input and leaves what is not a field to the schema', () => {
    const input = { fields: [{ name: 'x y', module: 'input', type: 'text' }, 'junk', null], actions: 'junk' };
    const before = structuredClone(input);
    const out = prefillFields<Loose>(input);
    expect(input).toEqual(before);
    expect(out.fields.slice(1)).toEqual(['junk', null]);
    expect(out.actions).toBe('junk');
    expect(prefillFields('junk')).toBe('junk');
  });

  it('a filled model passes the schema', () => {
    const result = validateSettings(prefillFields({ ...defaultSettings('v1'), fields: [{ name: 'Title', module: 'input', type: 'text' }] }));
    expect(result.ok).toBe(true);
  });
});

describe('reserved field keys', () => {
  it('refuses keys reaching the prototype or starting with __, at the key', () => {
    for (const key of ['__proto__', 'constructor', 'prototype', '__version__', '__']) {
      expect(isReservedFieldKey(key), key).toBe(true);
      const errors = checkFields([{ name: 'Trap', key, auto_key: false, module: 'input', type: 'number' }]);
      expect(errors, key).toEqual([{ field: 'fields.0.key', messages: ['fieldKeyReserved'] }]);
    }
    for (const key of ['proto', 'my__key', 'constructors', '_x']) expect(isReservedFieldKey(key), key).toBe(false);
  });
});
