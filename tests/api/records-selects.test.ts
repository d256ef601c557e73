// The relation, image and external select verdicts on the server (runtime/validation/selects.ts):
// the 417 of a bad shape or a value outside the image items is exactly validateRecord's, and the
// relation existence check (records-relations.ts) still adds invalidSelection for a missing record.
import { beforeAll, expect, it } from 'vitest';
import { compileViewSchema } from '../../runtime/compile';
import { validateRecord } from '../../runtime/validation';
import type { ComponentSettings, ViewSchema } from '../../schemas';
import { componentApi, componentWithFields, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const items = [
  { value: 'cat', label: 'Cat', image: '/img/cat.png' },
  { value: 2, label: { en_US: 'Two' }, image: '/img/two.png' },
];

describeApi(`records: relation, image and external selects (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let authors = '';
  let shelves = '';
  let view: ViewSchema;
  const authorUuid: Record<string, string> = {};

  // Authors and a shelf with every kind of select.
  beforeAll(async () => {
    admin = await login(app());
    authors = await componentWithFields(api, 'sel_authors', [f.text('code', { required: true }, { unique: true }), f.text('name')]);
    for (const code of ['A1', 'A2']) {
      const created = await records.create(authors, { code, name: `Author ${code}` });
      expect(created.statusCode, created.body).toBe(200);
      authorUuid[code] = created.json().uuid;
    }
    shelves = await componentWithFields(api, 'sel_shelves', [
      f.relation('author', authors, 'code', 'one-to-one', { relation: { label: '{{name}} ({{code}})', searchOn: ['name'] } }),
      f.relation('coauthors', authors, 'uuid', 'one-to-many'),
      { name: 'Pet', key: 'pet', auto_key: false, module: 'select', type: 'image', constraints: { selectables: { items } } },
      { name: 'Pets', key: 'pets', auto_key: false, module: 'select', type: 'image', constraints: { selectables: { items, multiple: true } } },
      { name: 'Ext', key: 'ext', auto_key: false, module: 'select', type: 'external', constraints: { custom_data: 'return [keyword, page]' } },
      { name: 'Exts', key: 'exts', auto_key: false, module: 'select', type: 'external', constraints: { custom_data: 'return []', selectables: { multiple: true } } },
    ]);
    const settings = (await api.settings(shelves, 'v1')).json().settings as ComponentSettings;
    view = compileViewSchema(settings, { component: { uuid: shelves, ref: shelves, name: 'sel_shelves', label: { en_US: 'sel_shelves' } }, locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
  }, SETUP_TIMEOUT_MS);

  it('good values are stored in their shape (an image value takes its item\'s type; one-to-many a list)', async () => {
    const data = { author: 'A1', coauthors: authorUuid.A2, pet: '2', pets: ['cat', 2], ext: 7, exts: ['x', 'y'] };
    expect(validateRecord(view, data, { page: 'model_create' })).toEqual([]);
    const created = await records.create(shelves, data);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ author: 'A1', coauthors: [authorUuid.A2], pet: 2, pets: ['cat', 2], ext: '7', exts: ['x', 'y'] });
    expect(created.json().author_RefObj).toMatchObject({ code: 'A1', name: 'Author A1' });
    expect(created.json().coauthors_RefObj.map((r: { code: string }) => r.code)).toEqual(['A2']);
  });

  it('bad shapes and image values outside the items: the same 417 as the runtime', async () => {
    const cases: Record<string, unknown>[] = [
      { pet: 'dog' },
      { pet: ['cat'] },
      { pets: ['cat', 'dog'] },
      { pets: [{ value: 'cat' }] },
      { ext: { a: 1 } },
      { exts: [['a']] },
      { exts: [null] },
      { author: ['A1'] },
      { author: { code: 'A1' } },
      { coauthors: [{ uuid: authorUuid.A1 }] },
      { pet: 'dog', ext: {}, author: ['A1'] },
    ];
    for (const data of cases) {
      const expected = validateRecord(view, data, { page: 'model_create' });
      expect(expected.length, JSON.stringify(data)).toBeGreaterThan(0);
      const response = await records.create(shelves, data);
      expect(response.statusCode, JSON.stringify(data)).toBe(417);
      expect(response.json().message).toBe('fieldsNotValid');
      expect(response.json().errors, JSON.stringify(data)).toEqual(expected);
    }
    expect(validateRecord(view, { pet: 'dog' }, { page: 'model_create' })).toEqual([{ field: 'pet', messages: ['invalidSelection'], values: [null] }]);
    expect(validateRecord(view, { ext: { a: 1 } }, { page: 'model_create' })).toEqual([{ field: 'ext', messages: ['invalidInput'], values: [null] }]);
  });

  it('the relation existence check is kept: a well-shaped value naming no record is invalidSelection', async () => {
    expect(validateRecord(view, { author: 'NOPE' }, { page: 'model_create' })).toEqual([]);
    const response = await records.create(shelves, { author: 'NOPE', coauthors: [authorUuid.A1, crypto.randomUUID()] });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors).toEqual([
      { field: 'author', messages: ['invalidSelection'], values: [null] },
      { field: 'coauthors', messages: ['invalidSelection'], values: [null] },
    ]);
  });

  it('the relation select\'s search works on the list API: $regex on the label field, $in on the key', async () => {
    const search = await api.send('GET', `/v3/system/component/${authors}/models?limit=10&offset=0&$adv=${encodeURIComponent(JSON.stringify({ name: { $regex: 'author a2' } }))}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().items.map((r: { code: string }) => r.code)).toEqual(['A2']);
    const initial = await api.send('GET', `/v3/system/component/${authors}/models?limit=2&offset=0&$adv=${encodeURIComponent(JSON.stringify({ code: { $in: ['A1', 'A2'] } }))}`);
    expect(initial.json().items.map((r: { code: string }) => r.code).sort()).toEqual(['A1', 'A2']);
  });
});
