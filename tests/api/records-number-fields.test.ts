// A number field stores a number or nothing, never text: its list index casts to numeric, so text
// there would break every later insert (found by records-property.test.ts on a random seed).
import { expect, it } from 'vitest';
import { componentApi, componentWithFields, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`records: number fields hold numbers (${DB_KIND})`, () => {
  const server = useServer();

  it('a number select with custom values takes numbers, stores blank as null and refuses text', async () => {
    const cookie = await login(server().app);
    const field = { name: 'Pick', key: 'pick', module: 'select', type: 'number', filterable: true, constraints: { selectables: { custom: true } } };
    const ref = await componentWithFields(componentApi(() => server().app, () => cookie, 'dev'), 'numbers', [field]);
    const records = recordApi(() => server().app, () => cookie);

    const blank = await records.create(ref, { pick: '' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().pick).toBeNull();

    const custom = await records.create(ref, { pick: '42' });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().pick).toBe(42);

    const text = await records.create(ref, { pick: 'forty' });
    expect(text.statusCode).toBe(417);
    expect(text.json().errors).toEqual([{ field: 'pick', messages: ['invalidInput'], values: [null] }]);
  });

  it('a number select or radio whose items are text refuses those items too (417, never a 500 from the numeric index)', async () => {
    const cookie = await login(server().app);
    const items = { selectables: { items: ['1', 'two', '-Cz<5'] } };
    const fields = [
      { name: 'Choice', key: 'choice', module: 'select', type: 'number', filterable: true, constraints: items },
      { name: 'Dial', key: 'dial', module: 'radio', type: 'number', filterable: true, constraints: items },
    ];
    const ref = await componentWithFields(componentApi(() => server().app, () => cookie, 'dev'), 'text_items', fields);
    const records = recordApi(() => server().app, () => cookie);

    const numeric = await records.create(ref, { choice: '1', dial: '1' });
    expect(numeric.statusCode, numeric.body).toBe(200);
    expect(numeric.json()).toMatchObject({ choice: 1, dial: 1 });

    for (const value of ['two', '-Cz<5']) {
      const text = await records.create(ref, { choice: value, dial: 1 });
      expect(text.statusCode, text.body).toBe(417);
      expect(text.json().errors).toEqual([{ field: 'choice', messages: ['invalidInput'], values: [null] }]);
      const radio = await records.create(ref, { choice: 1, dial: value });
      expect(radio.statusCode, radio.body).toBe(417);
      expect(radio.json().errors[0].field).toBe('dial');
    }
  });

  it('an empty list given to one number (radio, or a single select) is empty: stored as null, never a 500 from the numeric index', async () => {
    // Issue 27: records-property.test.ts (seed -584798636, path "26"), a radio/number whose items hold
    // an object ({ value: true }) given [] answered 500 (the insert failed the index's numeric cast).
    const cookie = await login(server().app);
    const selectables = { items: ['Zd', '3', { value: true }], custom: true, multiple: false, range: null };
    const fields = [
      { name: 'Dial', key: 'dial', module: 'radio', type: 'number', filterable: true, constraints: { selectables } },
      { name: 'Choice', key: 'choice', module: 'select', type: 'number', filterable: true, constraints: { selectables } },
      { name: 'Required dial', key: 'required_dial', module: 'radio', type: 'number', filterable: true, constraints: { required: true, selectables } },
    ];
    const ref = await componentWithFields(componentApi(() => server().app, () => cookie, 'dev'), 'empty_lists', fields);
    const records = recordApi(() => server().app, () => cookie);

    const empty = await records.create(ref, { dial: [], choice: [], required_dial: 3 });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ dial: null, choice: null, required_dial: 3 });
    // Required: an empty list is no value.
    const missing = await records.create(ref, { required_dial: [] });
    expect(missing.statusCode, missing.body).toBe(417);
    expect(missing.json().errors).toEqual([{ field: 'required_dial', messages: ['identityField.requiredField'], values: [null] }]);
    // A list with something in it is not one number.
    const listed = await records.create(ref, { dial: [1], required_dial: 3 });
    expect(listed.statusCode, listed.body).toBe(417);
    expect(listed.json().errors[0]).toMatchObject({ field: 'dial', messages: ['invalidInput'] });
  });
});
