// Widgets (docs/widgets.md): create, read, change, remove and GET /v1/system/widget/list; the data
// call equal to the same $aggregate through the list API, with the caller's rights (403 without read,
// hidden fields refused); bad input with the spec's keys and statuses; the dashboard and home places.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, createProject, insertComponentRow } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';

const PIPELINE = [{ $group: { _id: '$code', n: { $sum: 1 }, total: { $sum: '$price' } } }, { $sort: { _id: 1 } }];

describeApi(`widgets (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  let books = '';
  const as = (who: string) => withCookie(app, () => (who === 'admin' ? admin : cookies[who]!));
  const withEnv = { 'x-project-env': 'dev' };
  const send = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) => as(who).send(method, url, body, withEnv);
  const create = (body: unknown, who = 'admin') => send(who, 'POST', '/v1/system/widget', body);
  const chart = () => ({ name: 'Books by code', kind: 'chart', component: books, settings: { chart: 'bar', aggregate: PIPELINE, label: '_id', value: 'n', refresh_seconds: 60 } });

  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    books = await componentWithFields(componentApi(app, () => admin, 'dev'), 'books', bookFields(insider.roleUuid));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 40 });
    await db().updateTable('roles').set({ permissions: JSON.stringify([`read ${books}`]) }).where('uuid', '=', insider.roleUuid).execute();
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${books}`]);
    await createMember(db(), 'nobody@luma.test', 'nobody password', [`see ${books}`]);
    for (const who of ['insider', 'reader', 'nobody']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('create, read, list, change and remove; GET /v1/system/widget/list answers every widget of the project', async () => {
    const created = await create(chart());
    expect(created.statusCode, created.body).toBe(200);
    const widget = created.json();
    expect(widget).toMatchObject({ name: 'Books by code', kind: 'chart', component: books, settings: { chart: 'bar', aggregate: PIPELINE, value: 'n', refresh_seconds: 60 } });
    expect((await send('reader', 'GET', `/v1/system/widget/${widget.uuid}`)).json()).toEqual(widget);
    const listed = await send('reader', 'GET', '/v1/system/widget/list');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((item: { uuid: string }) => item.uuid)).toContain(widget.uuid);
    const changed = await send('admin', 'PATCH', `/v1/system/widget/${widget.uuid}`, { name: 'Books per code', settings: { ...widget.settings, chart: 'pie' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Books per code', kind: 'chart', settings: { chart: 'pie' } });
    expect((await send('admin', 'DELETE', `/v1/system/widget/${widget.uuid}`)).statusCode).toBe(200);
    expect((await send('admin', 'GET', `/v1/system/widget/${widget.uuid}`)).statusCode).toBe(404);
    expect((await send('admin', 'DELETE', `/v1/system/widget/${widget.uuid}`)).statusCode).toBe(404);
    expect((await send('admin', 'GET', '/v1/system/widget/list')).json().map((item: { uuid: string }) => item.uuid)).not.toContain(widget.uuid);
  });

  it("the data is the list API's answer to the same $adv and $aggregate, for each caller", async () => {
    const widget = (await create({ ...chart(), settings: { ...chart().settings, filter: { price: { $gte: 10 } } } })).json();
    const data = await send('admin', 'GET', `/v1/system/widget/${widget.uuid}/data`);
    expect(data.statusCode, data.body).toBe(200);
    const listed = await listApi(app, () => admin, 'dev').list(books, { $adv: { price: { $gte: 10 } }, $aggregate: PIPELINE });
    expect(data.json()).toEqual(listed.json());
    expect(data.json().items.length).toBe(7);
    const n = data.json().items.reduce((sum: number, item: { n: number }) => sum + item.n, 0);
    expect(n).toBe(31); // prices 10..40 of books 10..40
    // A number widget without $aggregate shows the list's total.
    const count = (await create({ name: 'All books', kind: 'number', component: books, settings: {} })).json();
    const counted = (await send('reader', 'GET', `/v1/system/widget/${count.uuid}/data`)).json();
    expect(counted.total).toBe(40);
    // A table widget without $aggregate: its rows as the list shapes them, the caller's fields only.
    const table = (await create({ name: 'Latest', kind: 'table', component: books, settings: { limit: 3 } })).json();
    const rows = (await send('reader', 'GET', `/v1/system/widget/${table.uuid}/data`)).json();
    expect(rows.items).toHaveLength(3);
    expect(rows.items[0]).not.toHaveProperty('secret');
    expect((await send('insider', 'GET', `/v1/system/widget/${table.uuid}/data`)).json().items[0].secret).toBe('s1');
  });

  it('permissions: without read on the component the data is 403 and nothing else; a hidden field is refused; writes are for admins', async () => {
    const widget = (await create(chart())).json();
    const denied = await send('nobody', 'GET', `/v1/system/widget/${widget.uuid}/data`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ status: 403, message: 'noPermissionsToRead', request_uuid: expect.any(String) });
    const secret = (await create({ name: 'Secrets', kind: 'chart', component: books, settings: { chart: 'bar', aggregate: [{ $group: { _id: '$secret', n: { $sum: 1 } } }] } })).json();
    const hidden = await send('reader', 'GET', `/v1/system/widget/${secret.uuid}/data`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('fieldNotVisible');
    expect(hidden.json()).not.toHaveProperty('items');
    expect((await send('insider', 'GET', `/v1/system/widget/${secret.uuid}/data`)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/v1/system/widget', chart()],
      ['PATCH', `/v1/system/widget/${widget.uuid}`, { name: 'Mine now' }],
      ['DELETE', `/v1/system/widget/${widget.uuid}`, undefined],
      ['PUT', '/v1/system/widget/places', { dashboard: [widget.uuid] }],
    ] as const) {
      const refused = await send('reader', method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('forbidden');
    }
    expect((await send('admin', 'GET', `/v1/system/widget/${widget.uuid}`)).json().name).toBe('Books by code');
  });

  it('bad input: 417 fieldsNotValid with field messages, 400 unknownField for keys never taken, the list refusals at settings.*', async () => {
    const bad = async (body: unknown, status: number, message: string, field: string, messages: string[]) => {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
      expect(response.json().errors.find((error: { field: string }) => error.field === field)?.messages, JSON.stringify(response.json())).toEqual(messages);
    };
    await bad({ kind: 'number', component: books }, 417, 'fieldsNotValid', 'name', ['fieldRequired']);
    await bad({ name: 'x', kind: 'number', component: books }, 417, 'fieldsNotValid', 'name', ['cantBeLessThenChars']);
    await bad({ name: 'Nope', kind: 'gauge', component: books }, 417, 'fieldsNotValid', 'kind', ['invalid']);
    await bad({ name: 'Nope', kind: 'number' }, 417, 'fieldsNotValid', 'component', ['fieldRequired']);
    await bad({ name: 'Nope', kind: 'number', component: '00000000-0000-4000-8000-000000000000' }, 417, 'fieldsNotValid', 'component', ['invalid']);
    await bad({ name: 'Nope', kind: 'chart', component: books, settings: {} }, 417, 'fieldsNotValid', 'settings.chart', ['fieldRequired']);
    await bad({ name: 'Nope', kind: 'chart', component: books, settings: { chart: 'radar', aggregate: PIPELINE } }, 417, 'fieldsNotValid', 'settings.chart', ['invalid']);
    await bad({ name: 'Nope', kind: 'chart', component: books, settings: { chart: 'bar' } }, 417, 'fieldsNotValid', 'settings.aggregate', ['fieldRequired']);
    await bad({ name: 'Nope', kind: 'number', component: books, settings: { refresh_seconds: 3 } }, 417, 'fieldsNotValid', 'settings.refresh_seconds', ['invalid']);
    await bad({ name: 'Nope', kind: 'table', component: books, settings: { limit: 500 } }, 417, 'fieldsNotValid', 'settings.limit', ['invalid']);
    await bad({ name: 'Nope', kind: 'number', component: books, colour: 'red' }, 400, 'badRequest', 'colour', ['unknownField']);
    await bad({ name: 'Nope', kind: 'number', component: books, settings: { colour: 'red' } }, 400, 'badRequest', 'settings.colour', ['unknownField']);
    await bad({ name: 'Nope', kind: 'number', component: books, settings: { aggregate: [{ $lookup: {} }] } }, 400, 'badRequest', 'settings.aggregate.0.$lookup', ['invalid']);
    await bad({ name: 'Nope', kind: 'number', component: books, settings: { filter: { nope: 1 } } }, 400, 'badRequest', 'settings.filter.nope', ['unknownField']);
    await bad({ name: 'Nope', kind: 'number', component: books, settings: { filter: { password: 'x' } } }, 403, 'fieldNotVisible', 'settings.filter.password', ['fieldNotVisible']);
    expect((await create([1])).statusCode).toBe(400);
    expect((await send('admin', 'GET', '/v1/system/widget/not-a-uuid')).statusCode).toBe(404);
    expect((await send('admin', 'PATCH', '/v1/system/widget/00000000-0000-4000-8000-000000000000', { name: 'Ghost' })).statusCode).toBe(404);
  });

  it("another project's widget is 404, and its component cannot be named", async () => {
    const { adminUuid } = await adminProject(db());
    const other = await createProject(db(), 'Other', adminUuid);
    const foreign = await insertComponentRow(db(), other.projectUuid, { name: 'foreign' });
    const refused = await create({ name: 'Foreign', kind: 'number', component: foreign });
    expect(refused.statusCode).toBe(417);
    expect(refused.json().errors).toEqual([{ field: 'component', messages: ['invalid'] }]);
    const row = { uuid: crypto.randomUUID(), project_uuid: other.projectUuid, component_uuid: foreign, name: 'Theirs', kind: 'number' as const, settings: '{}', created_by: adminUuid };
    await db().insertInto('widgets').values(row).execute();
    expect((await send('admin', 'GET', `/v1/system/widget/${row.uuid}`)).statusCode).toBe(404);
    expect((await send('admin', 'GET', `/v1/system/widget/${row.uuid}/data`)).statusCode).toBe(404);
    expect((await send('admin', 'GET', '/v1/system/widget/list')).json().map((item: { uuid: string }) => item.uuid)).not.toContain(row.uuid);
  });

  it('places: the dashboard and the home page keep their widgets in order; a removed widget leaves them; bad lists are 417', async () => {
    const first = (await create({ ...chart(), name: 'First' })).json();
    const second = (await create({ name: 'Second', kind: 'number', component: books })).json();
    const put = await send('admin', 'PUT', '/v1/system/widget/places', { dashboard: [second.uuid, first.uuid], home: [first.uuid] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ dashboard: [second.uuid, first.uuid], home: [first.uuid] });
    // Only the places named change.
    expect((await send('admin', 'PUT', '/v1/system/widget/places', { home: [second.uuid] })).json()).toEqual({ dashboard: [second.uuid, first.uuid], home: [second.uuid] });
    expect((await send('reader', 'GET', '/v1/system/widget/places')).json()).toEqual({ dashboard: [second.uuid, first.uuid], home: [second.uuid] });
    await send('admin', 'DELETE', `/v1/system/widget/${second.uuid}`);
    expect((await send('admin', 'GET', '/v1/system/widget/places')).json()).toEqual({ dashboard: [first.uuid], home: [] });
    for (const body of [{ dashboard: [first.uuid, first.uuid] }, { dashboard: ['nope'] }, { home: [second.uuid] }, { home: 'x' }]) {
      const response = await send('admin', 'PUT', '/v1/system/widget/places', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(417);
      expect(response.json().message).toBe('fieldsNotValid');
    }
    const unknown = await send('admin', 'PUT', '/v1/system/widget/places', { sidebar: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'sidebar', messages: ['unknownField'] }]);
  });
});
