// Where the API departed from the spec's contract, found by calling every route as an outside client
// would; each is decided by the spec and pinned here (docs/components.md, docs/records.md, docs/iam.md).
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, grantRole, once, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
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
  /** The five fields the length-default case saves on orders; the cases after it count field positions from them. */
  const FIVE_FIELDS = [
    recordFields.text('title'),
    { name: 'Note', module: 'input', type: 'text' },
    { name: 'Secret', module: 'input', type: 'password', constraints: { hashed: true } },
    { name: 'Long', module: 'input', type: 'text', constraints: { length: { min: 300 } } },
    { name: 'Short', module: 'input', type: 'text', constraints: { length: { min: null, max: 20 } } },
  ];
  const saveFiveFields = async () => {
    const model = (await api.settings(orders, 'v1')).json();
    return api.save(orders, 'v1', { ...model, settings: { ...model.settings, fields: FIVE_FIELDS } });
  };
  /** A role 'Editors' with read and edit on orders, granted to the clerk (made by the first case that needs it). */
  const clerkEditors = once(async () => {
    const role = await adminCalls.post('/v1/iam/roles', { name: 'Editors', level: 10, permissions: [`read ${orders}`, `EDIT ${orders}`] });
    if (role.statusCode === 200) await grantRole(server().database.db, clerkUuid, role.json().uuid);
    return role;
  });

  // Two components, a record, and a clerk who may only see orders.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(api, 'orders', [recordFields.text('title')]);
    secret = await componentWithFields(api, 'secret_plans', [recordFields.text('plan')]);
    record = (await records.create(orders, { title: 'First' })).json().uuid;
    clerkUuid = (await createMember(server().database.db, 'clerk@luma.test', 'clerk password 1', [`see ${orders}`])).userUuid;
    clerk = await login(app(), 'clerk@luma.test', 'clerk password 1');
  }, SETUP_TIMEOUT_MS);

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
    const saved = await saveFiveFields();
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
    expect((await saveFiveFields()).statusCode).toBe(200);
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
    expect((await saveFiveFields()).statusCode).toBe(200);
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
    const role = await clerkEditors();
    expect(role.statusCode).toBe(200);
    expect(role.json().permissions).toEqual([`read ${orders}`, `edit ${orders}`]);
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
    await clerkEditors();
    const all: string[] = (await adminCalls.get('/v1/user/permissions/list')).json();
    expect(all).toEqual(expect.arrayContaining([`read ${orders}`, `read ${secret}`, `settings ${secret}`, 'use luma-media']));
    const own: string[] = (await clerkCalls.get('/v1/user/permissions/list')).json();
    expect(own.sort()).toEqual([`read ${orders}`, `see ${orders}`].sort());
    expect(own.some((permission) => permission.includes(secret))).toBe(false);
  });

  // ---- Issue 27: the last departures of components and records, each decided by the spec's words ----

  /** A fresh component whose v1 holds `fields` (saved as given), for the saves below. */
  const fresh = async (name: string, fields: unknown[], scope: string | null = null) => {
    const made = await api.create({ name, label: { en_US: name }, ...(scope ? { scope } : {}) });
    expect(made.statusCode, made.body).toBe(200);
    const ref = scope ? `${scope}/${name}` : made.json().uuid;
    const model = (await api.settings(ref, 'v1')).json();
    const saveWith = (more: unknown[]) => api.save(ref, 'v1', { ...model, settings: { ...model.settings, fields: [...fields, ...more] } });
    return { uuid: made.json().uuid as string, ref, saveWith };
  };

  it("a field key with capitals or spaces is lower-cased, spaces to '_' (section 5: 'Key: ... lower-cased, spaces to underscore')", async () => {
    const { saveWith } = await fresh('keys_normalised', [recordFields.text('title')]);
    const saved = await saveWith([{ name: 'Order Title', key: 'Order  Title', auto_key: false, module: 'input', type: 'number' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(fieldsAfter(saved).map((field) => field.key)).toEqual(['title', 'order_title']);
    // Only that: any other character still breaks the key rule, it is never silently dropped.
    const odd = await saveWith([{ name: 'Odd', key: 'Order-Title!', auto_key: false, module: 'input', type: 'number' }]);
    expect([odd.statusCode, odd.json().errors]).toEqual([417, [{ field: 'fields.1.key', messages: ['fieldKeyRule'] }]]);
    // A component's name is its ref and its permissions' word: the spec gives it no normalisation, so
    // capitals or spaces are refused with the rule, not changed behind the caller's back.
    const named = await api.create({ name: 'Big Name', label: { en_US: 'Big' } });
    expect([named.statusCode, named.json().errors]).toEqual([417, [{ field: 'name', messages: ['componentNameRule'] }]]);
  });

  it("an empty field name is the required-field key (section 5: 'Name: required, min 2'), a one-letter one cantBeLessThenChars", async () => {
    const { saveWith } = await fresh('empty_names', [recordFields.text('title')]);
    const empty = await saveWith([{ name: '', key: 'empty_name', auto_key: false, module: 'input', type: 'number' }]);
    expect([empty.statusCode, empty.json().message, empty.json().errors]).toEqual([417, 'fieldsNotValid', [{ field: 'fields.1.name', messages: ['identityField.requiredField'] }]]);
    const short = await saveWith([{ name: 'A', key: 'short_name', auto_key: false, module: 'input', type: 'number' }]);
    expect(short.json().errors).toEqual([{ field: 'fields.1.name', messages: ['cantBeLessThenChars'] }]);
  });

  it("a relation's foreign component must be in the same scope (section 5: 'Foreign components offered: active ones in the same scope')", async () => {
    const people = await fresh('people', [recordFields.text('code', {}, { unique: true })], 'hr');
    expect((await people.saveWith([])).statusCode).toBe(200);
    const own = await fresh('rel_orders', [recordFields.text('title')], 'sales');
    const relation = (foreign: string) => ({ name: 'Person', key: 'person', auto_key: false, module: 'select', type: 'relation', relation: { foreign, foreign_uuid: null, key: ['person', 'code'], type: 'one-to-one' } });
    const other = await own.saveWith([relation('hr/people')]);
    expect([other.statusCode, other.json().message, other.json().errors]).toEqual([417, 'fieldsNotValid', [{ field: 'fields.1.relation', messages: ['relationshipNotValid'] }]]);
    const unscoped = await fresh('rel_unscoped', [recordFields.text('title')]);
    expect((await unscoped.saveWith([relation('hr/people')])).json().errors).toEqual([{ field: 'fields.1.relation', messages: ['relationshipNotValid'] }]);
    // The same scope: accepted although inactive (active needs fields first, so two new components are
    // related before either is switched on; the editor offers the active ones).
    const clients = await fresh('clients', [recordFields.text('code', {}, { unique: true })], 'sales');
    expect((await clients.saveWith([])).statusCode).toBe(200);
    const same = await own.saveWith([relation('sales/clients')]);
    expect(same.statusCode, same.body).toBe(200);
  });

  it('every name rule answers fieldsNotValid, whether the schema or the rules find it; confNotValid is for a configuration the schema refuses otherwise', async () => {
    const { ref, saveWith } = await fresh('name_keys', [recordFields.text('title')]);
    const key = await saveWith([{ name: 'Bad key', key: 'bad-key', auto_key: false, module: 'input', type: 'number' }]);
    expect([key.json().message, key.json().errors]).toEqual(['fieldsNotValid', [{ field: 'fields.1.key', messages: ['fieldKeyRule'] }]]);
    const model = (await api.settings(ref, 'v1')).json();
    const route = await api.save(ref, 'v1', { ...model, settings: { ...model.settings, routes: { 'My Orders': { code: '' } } } });
    expect([route.json().message, route.json().errors]).toEqual(['fieldsNotValid', [{ field: 'routes.My Orders', messages: ['routePathRule'] }]]);
    const short = await saveWith([{ name: 'A', key: 'a_short', auto_key: false, module: 'input', type: 'number' }]);
    expect(short.json().message).toBe('fieldsNotValid');
    expect((await api.create({ name: 'bad name!' })).json().message).toBe('fieldsNotValid');
    expect((await api.fork({ name: 'bad name!', from: 'v1', ref })).json().message).toBe('fieldsNotValid');
    const structure = await saveWith([{ name: 'Carousel', key: 'carousel', auto_key: false, module: 'input', type: 'carousel' }]);
    expect([structure.statusCode, structure.json().message]).toEqual([417, 'confNotValid']);
  });

  it("an unscoped component is named in a permission by its uuid, its ref (section 6: '{verb} {component ref}'; the spec: 'ref is the component uuid, or scope/name when a scope is set')", async () => {
    const unscoped = await fresh('perm_plain', [recordFields.text('title')]);
    await fresh('perm_scoped', [recordFields.text('title')], 'crm');
    const byName = await adminCalls.post('/v1/iam/roles', { name: 'By name', level: 10, permissions: ['read perm_plain'] });
    expect([byName.statusCode, byName.json().errors]).toEqual([417, [{ field: 'permissions', messages: ['invalid'], values: [{ permission: 'read perm_plain' }] }]]);
    const byRef = await adminCalls.post('/v1/iam/roles', { name: 'By ref', level: 10, permissions: [`read ${unscoped.uuid}`, 'read crm/perm_scoped'] });
    expect(byRef.statusCode, byRef.body).toBe(200);
  });

  it("a reader without 'settings' gets the environment's model without the fields they may not see (section 6, field visibility); 'settings' gets it whole", async () => {
    const hiddenRole = crypto.randomUUID();
    const { uuid, saveWith } = await fresh('hidden_defs', [recordFields.text('title'), { ...recordFields.text('salary'), roles: { see: [hiddenRole], edit: null } }]);
    const saved = await saveWith([]);
    expect(saved.statusCode, saved.body).toBe(200);
    const model = saved.json();
    expect((await api.save(uuid, 'v1', { ...model, settings: { ...model.settings, list: { fields: [{ key: 'title', label: '', sortOrder: 0 }, { key: 'salary', label: '', sortOrder: 1 }] } } })).statusCode).toBe(200);
    const db = server().database.db;
    await createMember(db, 'hidden-reader@luma.test', 'reader password 1', [`read ${uuid}`]);
    await createMember(db, 'hidden-editor@luma.test', 'editor password 1', [`settings ${uuid}`]);
    const readerCookie = await login(app(), 'hidden-reader@luma.test', 'reader password 1');
    const editorCookie = await login(app(), 'hidden-editor@luma.test', 'editor password 1');
    const reader = componentApi(app, () => readerCookie, 'dev');
    const editor = componentApi(app, () => editorCookie, 'dev');
    const read = (await reader.settings(uuid)).json().settings;
    expect(read.fields.map((field: Field) => field.key)).toEqual(['title']);
    expect(read.list.fields.map((column: { key: string }) => column.key)).toEqual(['title']);
    expect(JSON.stringify(read)).not.toContain('salary');
    expect((await reader.settings(uuid, 'v1')).statusCode).toBe(403);
    for (const whole of [await editor.settings(uuid), await editor.settings(uuid, 'v1'), await api.settings(uuid)]) {
      expect(whole.json().settings.fields.map((field: Field) => field.key)).toEqual(['title', 'salary']);
    }
  });

  it('a new component is linked to no workspace (the spec sets no default; the General tab links them), and create takes no workspaces', async () => {
    const made = await api.create({ name: 'no_workspaces', label: { en_US: 'x' } });
    expect((await api.settings(made.json().uuid, 'v1')).json().workspaces).toEqual([]);
    const withLinks = await api.create({ name: 'with_workspaces', label: { en_US: 'x' }, workspaces: [] });
    expect([withLinks.statusCode, withLinks.json().errors]).toEqual([400, [{ field: 'workspaces', messages: ['unknownField'] }]]);
  });
});
