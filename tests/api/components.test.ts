// The component calls of docs/components.md: each call's happy path, with uuid and scope/name refs.
import { expect, it } from 'vitest';
import { adminProject, componentApi, textField } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeApi(`components: calls (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const app = () => server().app;
  const dev = componentApi(app, () => cookie, 'dev');
  const live = componentApi(app, () => cookie, 'live');
  let orders = '';

  it('POST /v3/system/component creates a component with a first version v1 that dev points to', async () => {
    cookie = await login(app());
    const response = await dev.create({ name: 'orders', label: { en_US: 'Orders', sr: 'Porudžbine' }, scope: null, tag: 'sales team' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uuid: expect.stringMatching(UUID), version: 'v1' });
    orders = response.json().uuid;

    const model = (await dev.settings(orders)).json();
    expect(model).toMatchObject({
      uuid: orders,
      name: 'orders',
      scope: null,
      tag: 'sales_team',
      ref: orders,
      label: { en_US: 'Orders', sr: 'Porudžbine' },
      displayName: 'Orders',
      icon: null,
      sort: 0,
      is_public: false,
      is_active: false,
      is_custom: true,
      public_version: null,
      dev_version: 'v1',
      versions: ['v1'],
      dependencies: [],
      props: {},
      workspaces: [],
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      UpdatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(model.settings).toMatchObject({ version: 'v1', fields: [], presets: [], routes: {}, integrations: [] });
  });

  it('creates scoped components: scope sanitised, ref scope/name', async () => {
    const response = await dev.create({ name: 'invoices', label: { en_US: 'Invoices' }, scope: 'shop::eu west', tag: null });
    expect(response.statusCode).toBe(200);
    const model = (await dev.settings('shop_eu_west/invoices')).json();
    expect(model).toMatchObject({ uuid: response.json().uuid, scope: 'shop_eu_west', ref: 'shop_eu_west/invoices', dev_version: 'v1' });
  });

  it('GET settings/{ref} answers the environment version; 404 componentWrongEnvironment when unset', async () => {
    expect((await dev.settings(orders)).json().settings.version).toBe('v1');
    const response = await live.settings(orders);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('componentWrongEnvironment');
    const scoped = await live.settings('shop_eu_west/invoices');
    expect(scoped.statusCode).toBe(404);
    expect(scoped.json().message).toBe('componentWrongEnvironment');
  });

  it('GET settings/{ref}/{version} answers that version, for uuid and scope/name refs', async () => {
    const byUuid = await live.settings(orders, 'v1');
    expect(byUuid.statusCode).toBe(200);
    expect(byUuid.json()).toMatchObject({ uuid: orders, settings: { version: 'v1' } });
    const byName = await live.settings('shop_eu_west/invoices', 'v1');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toMatchObject({ ref: 'shop_eu_west/invoices', settings: { version: 'v1' } });
    expect((await dev.settings(orders, 'v9')).statusCode).toBe(404);
    expect((await dev.settings('shop_eu_west/invoices', 'v9')).statusCode).toBe(404);
  });

  it('POST settings saves the whole model and answers it re-read', async () => {
    const { workspaceUuid } = await adminProject(server().database.db);
    const model = (await dev.settings(orders, 'v1')).json();
    const response = await dev.save(orders, 'v1', {
      ...model,
      label: { en_US: 'Customer orders' },
      icon: 'cart',
      sort: 3,
      props: { color: 'blue' },
      is_active: true,
      workspaces: [{ uuid: workspaceUuid, name: 'Main' }],
      settings: { ...model.settings, fields: [textField('order number', { key: 'ignored', auto_key: true, unique: true })], presets: [{ name: 'Open', roles: null, context: { default: true, filters: {}, expr: null } }] },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({
      label: { en_US: 'Customer orders' },
      displayName: 'Customer orders',
      icon: 'cart',
      sort: 3,
      props: { color: 'blue' },
      is_active: true,
      workspaces: [{ uuid: workspaceUuid, name: 'Main' }],
    });
    // Field normalised: name in Start Case, key derived from the name while auto_key.
    expect(saved.settings.fields).toHaveLength(1);
    expect(saved.settings.fields[0]).toMatchObject({ name: 'Order Number', key: 'order_number', group: 'general', visible: true });
    expect(saved.settings.presets[0].name).toBe('Open');
    expect((await dev.settings(orders, 'v1')).json()).toEqual(saved);
  });

  it('POST settings with a scope/name ref, and renaming a component', async () => {
    const model = (await dev.settings('shop_eu_west/invoices', 'v1')).json();
    const response = await dev.save('shop_eu_west/invoices', 'v1', { ...model, name: 'bills', tag: 'a b!c' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'bills', ref: 'shop_eu_west/bills', tag: 'a_bc' });
    expect((await dev.settings('shop_eu_west/invoices')).statusCode).toBe(404);
    expect((await dev.settings('shop_eu_west/bills')).statusCode).toBe(200);
  });

  it('POST version/fork copies a version; fork/schema stores a pasted model', async () => {
    const fork = await dev.fork({ name: 'v2', from: 'v1', ref: orders });
    expect(fork.statusCode).toBe(200);
    expect(fork.json()).toMatchObject({ uuid: orders, versions: ['v1', 'v2'], settings: { version: 'v2' } });
    expect(fork.json().settings.fields.map((f: { key: string }) => f.key)).toEqual(['order_number']);

    const schema = { version: 'ignored', fields: [textField('Total')] };
    const pasted = await dev.forkSchema({ schema, version: 'v3', ref: 'shop_eu_west/bills' });
    expect(pasted.statusCode).toBe(200);
    expect(pasted.json()).toMatchObject({ ref: 'shop_eu_west/bills', versions: ['v1', 'v3'], settings: { version: 'v3', fields: [{ key: 'total' }] } });

    const asText = await dev.forkSchema({ schema: JSON.stringify(schema), version: 'v4', ref: orders });
    expect(asText.statusCode).toBe(200);
    expect(asText.json().settings.version).toBe('v4');

    const scoped = await dev.fork({ name: 'v5', from: 'v3', ref: 'shop_eu_west/bills' });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().versions).toEqual(['v1', 'v3', 'v5']);
  });

  it('POST version/publish points dev or live at a version', async () => {
    const toDev = await dev.publish({ version: 'v2', env: 'dev', ref: orders });
    expect(toDev.statusCode).toBe(200);
    expect(toDev.json()).toMatchObject({ uuid: orders, dev_version: 'v2', public_version: null, versions: ['v1', 'v2', 'v4'] });
    expect(toDev.json()).not.toHaveProperty('settings');
    const toLive = await dev.publish({ version: 'v1', env: 'live', ref: orders });
    expect(toLive.json()).toMatchObject({ dev_version: 'v2', public_version: 'v1' });
    expect((await live.settings(orders)).json().settings.version).toBe('v1');
    expect((await dev.settings(orders)).json().settings.version).toBe('v2');

    const scoped = await dev.publish({ version: 'v3', env: 'live', ref: 'shop_eu_west/bills' });
    expect(scoped.json()).toMatchObject({ ref: 'shop_eu_west/bills', public_version: 'v3' });
  });

  it('POST version/remove removes a version that is neither live, dev nor the last', async () => {
    const response = await dev.removeVersion({ version: 'v4', ref: orders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ uuid: orders, versions: ['v1', 'v2'] });
    const scoped = await dev.removeVersion({ version: 'v5', ref: 'shop_eu_west/bills' });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().versions).toEqual(['v1', 'v3']);
    expect((await dev.settings(orders, 'v4')).statusCode).toBe(404);
  });

  it('GET /v3/system/component/menu lists components of the environment, by sort then name', async () => {
    await dev.create({ name: 'alpha', label: { en_US: 'Alpha' }, scope: null, tag: null });
    const devMenu = (await dev.menu()).json();
    expect(devMenu.map((item: { name: string }) => item.name)).toEqual(['alpha', 'bills', 'orders']);
    expect(devMenu.find((item: { name: string }) => item.name === 'orders')).toEqual({
      uuid: orders,
      name: 'orders',
      scope: null,
      ref: orders,
      label: { en_US: 'Customer orders' },
      displayName: 'Customer orders',
      icon: 'cart',
      sort: 3,
      is_active: true,
    });
    const liveMenu = (await live.menu()).json();
    expect(liveMenu.map((item: { ref: string }) => item.ref)).toEqual(['shop_eu_west/bills', orders]);
  });

  it('the menu and lists answer displayName in the Accept-Language locale', async () => {
    const model = (await dev.settings(orders, 'v2')).json();
    await dev.save(orders, 'v2', { ...model, label: { en_US: 'Orders', sr: 'Porudžbine' } });
    const menu = (await dev.menu({ 'accept-language': 'sr' })).json();
    expect(menu.find((item: { uuid: string }) => item.uuid === orders).displayName).toBe('Porudžbine');
  });

  it('GET /v3/system/components lists every component of the project', async () => {
    const response = await dev.list();
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((c: { name: string }) => c.name).sort()).toEqual(['alpha', 'bills', 'orders']);
    expect(list.find((c: { uuid: string }) => c.uuid === orders)).toMatchObject({ versions: ['v1', 'v2'], dev_version: 'v2', public_version: 'v1', dependencies: [] });
    expect(list[0]).not.toHaveProperty('settings');
  });

  it('GET /v1/user/permissions/list adds read, create, update, delete, see and settings for each component', async () => {
    const list = (await dev.send('GET', '/v1/user/permissions/list')).json() as string[];
    for (const ref of [orders, 'shop_eu_west/bills']) {
      for (const verb of ['read', 'create', 'update', 'delete', 'see', 'settings']) expect(list).toContain(`${verb} ${ref}`);
    }
    expect(list).toContain('use luma-media');
  });

  it('POST /v3/system/component/clone copies the component with all its versions', async () => {
    const response = await dev.clone({ name: 'orders_copy', ref: orders });
    expect(response.statusCode).toBe(200);
    const uuid = response.json().uuid;
    expect(uuid).toMatch(UUID);
    expect(uuid).not.toBe(orders);
    const copy = (await dev.settings(uuid, 'v2')).json();
    expect(copy).toMatchObject({ name: 'orders_copy', scope: null, versions: ['v1', 'v2'], dev_version: 'v2', public_version: null, label: { en_US: 'Orders' } });
    expect(copy.settings.fields.map((f: { key: string }) => f.key)).toEqual(['order_number']);

    const scoped = await dev.clone({ name: 'bills_copy', ref: 'shop_eu_west/bills' });
    expect(scoped.statusCode).toBe(200);
    expect((await dev.settings('shop_eu_west/bills_copy', 'v3')).json()).toMatchObject({ scope: 'shop_eu_west', versions: ['v1', 'v3'] });
  });

  it('DELETE /v3/system/component/{ref} removes the component, its versions and links', async () => {
    const copy = (await dev.list()).json().find((c: { name: string }) => c.name === 'orders_copy');
    const response = await dev.remove(copy.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await dev.settings(copy.uuid, 'v1')).statusCode).toBe(404);
    const db = server().database.db;
    expect(await db.selectFrom('component_versions').selectAll().where('component_uuid', '=', copy.uuid).execute()).toEqual([]);
    expect(await db.selectFrom('component_workspaces').selectAll().where('component_uuid', '=', copy.uuid).execute()).toEqual([]);

    const scoped = await dev.remove('shop_eu_west/bills_copy');
    expect(scoped.statusCode).toBe(200);
    expect((await dev.settings('shop_eu_west/bills_copy', 'v1')).statusCode).toBe(404);
  });
});
