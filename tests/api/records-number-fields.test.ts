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
});
