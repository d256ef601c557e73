// Tables and fieldsets on the server (issue 7): rows and items are checked per sub-field by the shared
// rule set, and a create or update answers 417 fieldsNotValid with exactly the runtime's verdict
// (validateRecord on the view compiled from the stored settings): 'lines.rows.1.title',
// 'people.items.0.name', invalidFields at the fieldset.
import { expect, it } from 'vitest';
import { compileViewSchema } from '../../runtime/compile';
import { validateRecord } from '../../runtime/validation';
import type { ComponentSettings } from '../../schemas';
import { componentApi, componentWithFields, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) => ({ name: key, key, label: { en_US: key }, module, type, constraints });
const FIELDS = [
  {
    name: 'Lines',
    key: 'lines',
    module: 'table',
    type: 'default',
    constraints: { table: { search: true, per_page: 10, fields: [sub('title', 'input', 'text', { required: true, length: { min: 2, max: 20 } }), sub('qty', 'input', 'number', { max: 100 })] } },
  },
  {
    name: 'People',
    key: 'people',
    module: 'fieldset',
    type: 'default',
    constraints: { required: true, custom_data: [sub('name', 'input', 'text', { required: true, length: { min: 1, max: 50 } }), sub('email', 'input', 'email')] },
  },
  { name: 'Codes', key: 'codes', module: 'table', type: 'custom', constraints: { custom_data: [sub('code', 'input', 'text', { required: true, length: { min: 1, max: 10 } })] } },
];

describeApi(`records: tables and fieldsets, the server's verdict is the runtime's (${DB_KIND})`, () => {
  const server = useServer();

  let made = 0;
  async function setup() {
    const name = `tables_${(made += 1)}`;
    const cookie = await login(server().app);
    const components = componentApi(() => server().app, () => cookie, 'dev');
    const ref = await componentWithFields(components, name, FIELDS);
    const settings = (await components.settings(ref, 'v1')).json().settings as ComponentSettings;
    const view = compileViewSchema(settings, {
      component: { uuid: ref, ref, name, label: { en_US: name } },
      locale: 'en_US',
      roles: [],
      isAdmin: true,
      page: 'model_create',
    });
    return { ref, view, records: recordApi(() => server().app, () => cookie) };
  }

  it('invalid rows and items: 417 fieldsNotValid with the nested paths, equal to validateRecord', async () => {
    const { ref, view, records } = await setup();
    const cases: Record<string, unknown>[] = [
      { lines: [{ title: 'ok', qty: 1 }, { title: 'x', qty: 500 }], people: [{ name: 'Ann', email: 'ann@example.com' }], codes: [] },
      { lines: [], people: [{ name: '', email: 'nope' }, { name: 'Bob' }], codes: [{ code: '' }] },
      { lines: [{ qty: '7' }], people: [], codes: [{ code: 'way too long code' }] },
      { lines: ['text'], people: [{ name: 'A' }], codes: null },
    ];
    for (const data of cases) {
      const expected = validateRecord(view, data, { page: 'model_create' });
      expect(expected.length).toBeGreaterThan(0);
      const answer = await records.create(ref, data);
      expect(answer.statusCode, answer.body).toBe(417);
      expect(answer.json().message).toBe('fieldsNotValid');
      expect(answer.json().errors).toEqual(expected);
    }
    const first = await records.create(ref, cases[1]);
    expect(first.json().errors).toEqual([
      { field: 'people', messages: ['invalidFields'], values: [null] },
      { field: 'people.items.0.name', messages: ['identityField.requiredField'], values: [null] },
      { field: 'people.items.0.email', messages: ['invalidEmail'], values: [null] },
      { field: 'codes.rows.0.code', messages: ['identityField.requiredField'], values: [null] },
    ]);
    const rows = await records.create(ref, cases[0]);
    expect(rows.json().errors).toEqual([
      { field: 'lines.rows.1.title', messages: ['cantBeLessThenChars'], values: [{ min: 2 }] },
      { field: 'lines.rows.1.qty', messages: ['cantBeMoreThen'], values: [{ max: 100 }] },
    ]);
  });

  it('a required fieldset needs at least one item', async () => {
    const { ref, records } = await setup();
    const answer = await records.create(ref, { lines: [], people: [] });
    expect(answer.statusCode).toBe(417);
    expect(answer.json().errors).toEqual([{ field: 'people', messages: ['identityField.requiredField'], values: [null] }]);
  });

  it('valid rows and items are stored coerced per sub-field; an update is checked the same way', async () => {
    const { ref, records } = await setup();
    const created = await records.create(ref, { lines: [{ title: 'Chair', qty: '4' }], people: [{ name: 'Ann', email: 'ann@example.com' }], codes: [{ code: 'A1' }] });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json();
    expect(record).toMatchObject({ lines: [{ title: 'Chair', qty: 4 }], people: [{ name: 'Ann', email: 'ann@example.com' }], codes: [{ code: 'A1' }] });
    const bad = await records.update(ref, record.uuid, record.__version__, { people: [{ name: 'Ann' }, { email: 'x' }] });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().errors).toEqual([
      { field: 'people', messages: ['invalidFields'], values: [null] },
      { field: 'people.items.1.name', messages: ['identityField.requiredField'], values: [null] },
      { field: 'people.items.1.email', messages: ['invalidEmail'], values: [null] },
    ]);
    const good = await records.update(ref, record.uuid, record.__version__, { people: [{ name: 'Ann' }, { name: 'Bob', email: 'bob@example.com' }] });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().people).toHaveLength(2);
  });
});
