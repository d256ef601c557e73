// Where the API departed from the spec's contract, found by calling every route as an outside client
// would; each is decided by the spec and pinned here (docs/components.md, docs/records.md, docs/iam.md).
import { expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, grantRole, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';
import { withCookie } from './iam-fixtures';

type Field = { key: string; name: string; constraints: { length: { min: number | null; max: number | null } } };

describeApi(`the API keeps the spec's contract (${DB_KIND})`, () => {
  const server = useServer();
  let admin = '';
  let clerk = '';
  let clerkUuid = '';
  const app = () => server().app;
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const clerkRecords = recordApi(app, () => clerk, 'dev');
  const adminCalls = withCookie(app, () => admin);
  const clerkCalls = withCookie(app, () => clerk);
  let orders = '';
  let secret = '';
  let record = '';

  /** Saves v1 of orders with its current fields plus `more` (and settings parts in `extra`). */
  const saveOrders = async (more: unknown[], extra: Record<string, unknown> = {}) => {
    const model = (await api.settings(orders, 'v1')).json();
    return api.save(orders, 'v1', { ...model, settings: { ...model.settings, fields: [...model.settings.fields, ...more], ...extra } });
  };
  const fieldsAfter = (response: { json(): { settings: { fields: Field[] } } }) => response.json().settings.fields;

  it('setup: two components, a record, and a clerk who may only see orders', async () => {
    admin = await login(app());
    orders = await componentWithFields(api, 'orders', [recordFields.text('title')]);
    secret = await componentWithFields(api, 'secret_plans', [recordFields.text('plan')]);
    record = (await records.create(orders, { title: 'First' })).json().uuid;
    clerkUuid = (await createMember(server().database.db, 'clerk@luma.test', 'clerk password 1', [`see ${orders}`])).userUuid;
    clerk = await login(app(), 'clerk@luma.test', 'clerk password 1');
  });

  it('a field saved without a key gets the key derived from its name (section 5), unless auto-generation is off', async () => {
    const saved = await saveOrders([{ name: 'customer name', module: 'input', type: 'number' }]);
    expect(saved.statusCode).toBe(200);
    expect(fieldsAfter(saved).map((field) => [field.name, field.key])).toEqual([
      ['Title', 'title'],
      ['Customer Name', 'customer_name'],
    ]);
    const manual = await saveOrders([{ name: 'Code', auto_key: false, module: 'input', type: 'number' }]);
    expect(manual.statusCode).toBe(417);
    expect(manual.json().errors).toEqual([{ field: 'fields.2.key', messages: ['identityField.requiredField'] }]);
  });

  it('a text or password field saved without length bounds takes the defaults, min 1 and max 255 (section 3)', async () => {
    const model = (await api.settings(orders, 'v1')).json();
    const saved = await api.save(orders, 'v1', {
      ...model,
      settings: {
        ...model.settings,
        fields: [
          recordFields.text('title'),
          { name: 'Note', module: 'input', type: 'text' },
          { name: 'Secret', module: 'input', type: 'password', constraints: { hashed: true } },
          { name: 'Long', module: 'input', type: 'text', constraints: { length: { min: 300 } } },
          { name: 'Short', module: 'input', type: 'text', constraints: { length: { min: null, max: 20 } } },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(fieldsAfter(saved).map((field) => [field.key, field.constraints.length])).toEqual([
      ['title', { min: 1, max: 255 }],
      ['note', { min: 1, max: 255 }],
      ['secret', { min: 1, max: 255 }],
      ['long', { min: 300, max: 300 }],
      ['short', { min: 1, max: 20 }],
    ]);
    // Bounds that are given stay the caller's to get right.
    const bad = await saveOrders([{ name: 'Bad', module: 'input', type: 'text', constraints: { length: { min: -1, max: 5 } } }]);
    expect(bad.statusCode).toBe(417);
    expect(bad.json().errors).toEqual([{ field: 'fields.5.constraints.length.min', messages: ['invalidInput'] }]);
  });

  it('a length rule answers the key of the side it falls on: too short cantBeLessThenChars, too long cantBeMoreThenChars', async () => {
    const tooShort = await saveOrders([], { actions: [{ name: 'a' }] });
    const tooLong = await saveOrders([], { actions: [{ name: 'a'.repeat(26) }] });
    const fits = await saveOrders([], { actions: [{ name: 'ab' }, { name: 'a'.repeat(25) }] });
    expect(tooShort.json().errors).toEqual([{ field: 'actions.0.name', messages: ['cantBeLessThenChars'] }]);
    expect(tooLong.json().errors).toEqual([{ field: 'actions.0.name', messages: ['cantBeMoreThenChars'] }]);
    expect(fits.statusCode).toBe(200);
    const longName = await saveOrders([{ name: 'N'.repeat(129), key: 'n_long', auto_key: false, module: 'input', type: 'number' }]);
    expect(longName.json().errors).toEqual([{ field: 'fields.5.name', messages: ['cantBeMoreThenChars'] }]);
  });

  it('a field key that reaches the prototype or starts with __ is refused with 417 at the field, and nothing is saved', async () => {
    const before = (await api.settings(orders, 'v1')).json().settings.fields;
    for (const key of ['__proto__', 'constructor', 'prototype', '__version__', '__x']) {
      const response = await saveOrders([{ name: 'Trap', key, auto_key: false, module: 'input', type: 'number' }]);
      expect(response.statusCode, key).toBe(417);
      expect(response.json().errors, key).toEqual([{ field: 'fields.5.key', messages: ['fieldKeyReserved'] }]);
    }
    expect((await api.settings(orders, 'v1')).json().settings.fields).toEqual(before);
    const created = await records.create(orders, { title: 'Still works' });
    expect(created.statusCode).toBe(200);
  });

  it("a role can be given the 'edit' verb (section 6: 'update / edit'), and it lets the member save a record", async () => {
    const role = await adminCalls.post('/v1/iam/roles', { name: 'Editors', level: 10, permissions: [`read ${orders}`, `EDIT ${orders}`] });
    expect(role.statusCode).toBe(200);
    expect(role.json().permissions).toEqual([`read ${orders}`, `edit ${orders}`]);
    await grantRole(server().database.db, clerkUuid, role.json().uuid);
    const current = (await clerkRecords.get(orders, record)).json();
    const updated = await clerkRecords.update(orders, record, current.__version__, { title: 'Edited' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().title).toBe('Edited');
    // Still only what the project offers.
    expect((await adminCalls.post('/v1/iam/roles', { name: 'Odd', permissions: ['edit nothing_here'] })).statusCode).toBe(417);
  });

  it('without read, a single record answers the same as the list: 403 noPermissionsToRead', async () => {
    const single = await clerkRecords.get(secret, record);
    const list = await clerkRecords.send('GET', `/v3/system/component/${secret}/models`);
    expect([single.statusCode, single.json().message]).toEqual([403, 'noPermissionsToRead']);
    expect([list.statusCode, list.json().message]).toEqual([403, 'noPermissionsToRead']);
    // Other verbs keep 'forbidden'.
    const create = await clerkRecords.create(secret, { plan: 'x' });
    expect([create.statusCode, create.json().message]).toEqual([403, 'forbidden']);
  });

  it('an update without a usable version is a malformed request (400), not a field error (417)', async () => {
    const current = (await records.get(orders, record)).json();
    for (const body of [{ data: { title: 'x' } }, { version: 'one', data: { title: 'x' } }, { version: 0, data: { title: 'x' } }]) {
      const response = await records.send('POST', `/v3/system/component/${orders}/model/${record}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'badRequest', errors: [{ field: 'version', messages: ['invalid'] }] });
    }
    expect((await records.get(orders, record)).json().__version__).toBe(current.__version__);
    expect((await records.update(orders, record, current.__version__ - 1 || 99, { title: 'x' })).statusCode).toBe(409);
  });

  it('every host asks who calls before it says a path does not exist (401 before 404)', async () => {
    for (const url of ['/api/workflow/anything', '/api/media/v1/nothing', '/api/integration/x', '/api/transaction/x', '/api/spark/x', '/api/v9/unknown', '/api']) {
      const anonymous = await app().inject({ method: 'GET', url });
      expect([anonymous.statusCode, anonymous.json().message], url).toEqual([401, 'unauthorized']);
      const signedIn = await app().inject({ method: 'GET', url, headers: { cookie: admin } });
      expect([signedIn.statusCode, signedIn.json().message], url).toEqual([404, 'notFound']);
    }
  });

  it('a long URL is judged by what it says, never 403 for the admin: a long query part is a 400 at its parameter, an over-long path part 414', async () => {
    const long = 'a'.repeat(4096);
    const filter = await records.send('GET', `/v3/system/component/${orders}/models?filter=${long}`);
    expect([filter.statusCode, filter.json().errors[0].field]).toEqual([400, 'filter']);
    const unknownQuery = await adminCalls.get(`/v1/user/claims?x=${long}`);
    expect(unknownQuery.statusCode).toBe(200);
    const path = await records.send('GET', `/v3/system/component/${long}/models`);
    expect(path.statusCode).toBe(414);
    const listed = await records.send('GET', `/v3/system/component/${orders}/models?filterOn=${'title,'.repeat(700)}title`);
    expect(listed.statusCode).not.toBe(403);
    expect(listed.statusCode).toBeLessThan(500);
  });

  it('GET /v1/user/permissions/list: the admin gets every assignable permission, anyone else only those they hold', async () => {
    const all: string[] = (await adminCalls.get('/v1/user/permissions/list')).json();
    expect(all).toEqual(expect.arrayContaining([`read ${orders}`, `read ${secret}`, `settings ${secret}`, 'use luma-media']));
    const own: string[] = (await clerkCalls.get('/v1/user/permissions/list')).json();
    expect(own.sort()).toEqual([`read ${orders}`, `see ${orders}`].sort());
    expect(own.some((permission) => permission.includes(secret))).toBe(false);
  });
});
