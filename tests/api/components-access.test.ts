// Who may call the component calls, project isolation (another project's component is a 404,
// never its data) and bad input (never a 500).
import { beforeAll, expect, it } from 'vitest';
import { componentApi, createMember, createProject, insertComponentRow, textField } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`components: access and bad input (${DB_KIND})`, () => {
  const server = useServer();
  let admin = '';
  let seer = '';
  let keeper = '';
  const app = () => server().app;
  const api = componentApi(app, () => admin, 'dev');
  const seerApi = componentApi(app, () => seer, 'dev');
  const keeperApi = componentApi(app, () => keeper, 'dev');
  let visible = '';
  let hidden = '';
  let foreign = '';

  // Components, a member who may see one and a member who may change the settings of one.
  beforeAll(async () => {
    const db = server().database.db;
    admin = await login(app());
    visible = (await api.create({ name: 'visible', label: { en_US: 'Visible' } })).json().uuid;
    hidden = (await api.create({ name: 'hidden', label: { en_US: 'Hidden' } })).json().uuid;
    expect((await api.create({ name: 'scoped', scope: 'crm' })).statusCode).toBe(200);
    await createMember(db, 'seer@luma.test', 'seer password 1', [`see ${visible}`]);
    await createMember(db, 'keeper@luma.test', 'keeper password 1', [`SETTINGS ${visible}`, 'settings crm/scoped']);
    seer = await login(app(), 'seer@luma.test', 'seer password 1');
    keeper = await login(app(), 'keeper@luma.test', 'keeper password 1');

    const other = await createProject(db, 'Other');
    foreign = await insertComponentRow(db, other.projectUuid, { name: 'secret', publicVersion: 'v1', settings: { version: 'v1', fields: [textField('Token')] } });
    await insertComponentRow(db, other.projectUuid, { name: 'secret', scope: 'crm' });
  }, SETUP_TIMEOUT_MS);

  it('create needs admin', async () => {
    const response = await keeperApi.create({ name: 'nope' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('forbidden');
  });

  it('menu: non-admins see only the components they hold "see" for; admins see all', async () => {
    expect((await seerApi.menu()).json().map((item: { uuid: string }) => item.uuid)).toEqual([visible]);
    expect((await keeperApi.menu()).json()).toEqual([]);
    const adminMenu = (await api.menu()).json().map((item: { name: string }) => item.name);
    expect(adminMenu).toEqual(['hidden', 'scoped', 'visible']);
  });

  it('"see" alone opens no settings call', async () => {
    expect((await seerApi.settings(visible)).statusCode).toBe(403);
    expect((await seerApi.settings(visible, 'v1')).statusCode).toBe(403);
    expect((await seerApi.save(visible, 'v1', { settings: {} })).statusCode).toBe(403);
    expect((await seerApi.fork({ name: 'v2', from: 'v1', ref: visible })).statusCode).toBe(403);
    expect((await seerApi.forkSchema({ schema: {}, version: 'v2', ref: visible })).statusCode).toBe(403);
    expect((await seerApi.publish({ version: 'v1', env: 'live', ref: visible })).statusCode).toBe(403);
    expect((await seerApi.removeVersion({ version: 'v1', ref: visible })).statusCode).toBe(403);
    expect((await seerApi.clone({ name: 'copy', ref: visible })).statusCode).toBe(403);
    expect((await seerApi.remove(visible)).statusCode).toBe(403);
    expect((await seerApi.list()).json()).toEqual([]);
  });

  it('"settings X" opens every call on X (uuid or scope/name ref), and nothing on others', async () => {
    expect((await keeperApi.list()).json().map((c: { name: string }) => c.name)).toEqual(['scoped', 'visible']);
    const model = (await keeperApi.settings(visible)).json();
    expect(model.uuid).toBe(visible);
    const saved = await keeperApi.save(visible, 'v1', { ...model, icon: 'eye', settings: { ...model.settings, fields: [textField('Title')] } });
    expect(saved.statusCode).toBe(200);
    expect((await keeperApi.fork({ name: 'v2', from: 'v1', ref: visible })).statusCode).toBe(200);
    expect((await keeperApi.forkSchema({ schema: {}, version: 'v3', ref: visible })).statusCode).toBe(200);
    expect((await keeperApi.publish({ version: 'v2', env: 'live', ref: visible })).statusCode).toBe(200);
    expect((await keeperApi.removeVersion({ version: 'v3', ref: visible })).statusCode).toBe(200);
    expect((await keeperApi.settings('crm/scoped', 'v1')).statusCode).toBe(200);
    expect((await keeperApi.fork({ name: 'v2', from: 'v1', ref: 'crm/scoped' })).statusCode).toBe(200);

    for (const response of [
      await keeperApi.settings(hidden),
      await keeperApi.settings(hidden, 'v1'),
      await keeperApi.save(hidden, 'v1', model),
      await keeperApi.fork({ name: 'v2', from: 'v1', ref: hidden }),
      await keeperApi.publish({ version: 'v1', env: 'live', ref: hidden }),
      await keeperApi.clone({ name: 'copy', ref: hidden }),
      await keeperApi.remove(hidden),
    ]) {
      expect(response.statusCode).toBe(403);
    }

    const clone = await keeperApi.clone({ name: 'scoped_copy', ref: 'crm/scoped' });
    expect(clone.statusCode).toBe(200);
    expect((await keeperApi.remove('crm/scoped')).statusCode).toBe(200);
  });

  it('another project\'s component answers 404 to every call, by uuid or by scope/name', async () => {
    const db = server().database.db;
    const before = await db.selectFrom('components').selectAll().where('uuid', '=', foreign).executeTakeFirstOrThrow();
    const model = (await api.settings(visible, 'v1')).json();
    const responses = [
      await api.settings(foreign),
      await api.settings(foreign, 'v1'),
      await api.settings('crm/secret'),
      await api.settings('crm/secret', 'v1'),
      await api.save(foreign, 'v1', { ...model, settings: { ...model.settings, fields: [] } }),
      await api.save('crm/secret', 'v1', model),
      await api.fork({ name: 'v2', from: 'v1', ref: foreign }),
      await api.forkSchema({ schema: {}, version: 'v2', ref: foreign }),
      await api.publish({ version: 'v1', env: 'dev', ref: foreign }),
      await api.removeVersion({ version: 'v1', ref: foreign }),
      await api.clone({ name: 'stolen', ref: foreign }),
      await api.clone({ name: 'stolen', ref: 'crm/secret' }),
      await api.remove(foreign),
      await api.remove('crm/secret'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('Token');
    }
    expect(await db.selectFrom('components').selectAll().where('uuid', '=', foreign).executeTakeFirstOrThrow()).toEqual(before);
    expect((await db.selectFrom('component_versions').select('name').where('component_uuid', '=', foreign).execute()).map((v) => v.name)).toEqual(['v1']);
    expect((await api.list()).json().map((c: { uuid: string }) => c.uuid)).not.toContain(foreign);
    expect((await componentApi(app, () => admin, 'live').menu()).json().map((c: { uuid: string }) => c.uuid)).not.toContain(foreign);
    expect(((await api.send('GET', '/v1/user/permissions/list')).json() as string[]).some((p) => p.includes(foreign))).toBe(false);
  });

  it('a relation to another project\'s component is not valid and makes no dependency', async () => {
    const relation = { foreign: foreign, foreign_uuid: foreign, key: ['secret', 'uuid'], type: 'one-to-one' };
    const model = (await api.settings(hidden, 'v1')).json();
    const response = await api.save(hidden, 'v1', { ...model, settings: { ...model.settings, fields: [textField('Secret', { relation })] } });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors).toEqual([{ field: 'fields.0.relation', messages: ['relationshipNotValid'] }]);
  });

  it('bad input is a 4xx (400, 404, 413, 414, 415, 417), never a 500', async () => {
    const model = (await api.settings(hidden, 'v1')).json();
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 200; i += 1) cursor = cursor.next = {} as Record<string, unknown>;
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, number][] = [
      [api.send('POST', '/v3/system/component', '{"name": ', { 'content-type': 'application/json' }), 400],
      [api.create([1, 2]), 400],
      [api.create('text'), 415],
      [api.create({ name: 42 }), 417],
      [api.create({ name: 'labels', label: { en_US: 'x'.repeat(5000) } }), 417],
      [api.create({ name: 'labels', label: 7 }), 417],
      [api.create({ name: 'labels', scope: 'x'.repeat(5000) }), 417],
      [api.create({ name: 'labels', tag: ['a'] }), 417],
      [api.create({ name: 'labels', extra: true }), 400], // a key create does not take: unknownField (docs/security.md "Declared contract")
      [api.create({ name: 'nul', label: { en_US: 'a\u0000b' } }), 400],
      [api.create({ name: 'surrogate', label: { en_US: 'a\ud800b' } }), 400],
      [api.save(hidden, 'v1', { ...model, settings: { ...model.settings, config: deep } }), 400],
      [api.save(hidden, 'v1', { ...model, settings: 'x' }), 417],
      [api.save(hidden, 'v1', { ...model, sort: 1.5 }), 417],
      [api.save(hidden, 'v1', { ...model, sort: '1' }), 417],
      [api.save(hidden, 'v1', { ...model, is_active: 'yes' }), 417],
      [api.save(hidden, 'v1', { ...model, icon: 'x'.repeat(1000) }), 417],
      [api.save(hidden, 'v1', { ...model, props: [] }), 417],
      [api.save(hidden, 'v1', { ...model, props: { blob: 'x'.repeat(70_000) } }), 417],
      [api.save(hidden, 'v1', { ...model, label: { en_US: 'x'.repeat(5000) } }), 417],
      [api.save(hidden, 'v1', { ...model, settings: { ...model.settings, fields: [textField('Title', { name: 'y'.repeat(100_000) })] } }), 417],
      [api.save(hidden, 'v1', { ...model, settings: { ...model.settings, fields: 'none' } }), 417],
      [api.save(hidden, 'v1', { ...model, settings: { ...model.settings, config: 'x'.repeat(1_100_000) } }), 413],
      [api.save(hidden, 'v9', model), 404],
      [api.save(hidden, 'bad version!', model), 404],
      [api.save('x'.repeat(500), 'v1', model), 414],
      [api.save(`${hidden.slice(0, -1)}z`, 'v1', model), 404],
      [api.send('POST', `/v3/system/component/settings/${hidden}`, model), 404],
      [api.send('GET', '/v3/system/component/settings/crm%00/a%00'), 400], // a NUL in the path is malformed (docs/security.md)
      [api.send('GET', `/v3/system/component/settings/${'a'.repeat(300)}/${'b'.repeat(300)}/v1`), 414],
      [api.send('GET', `/v3/system/component/settings/${'a'.repeat(90)}/${'b'.repeat(90)}/v1`), 404],
      [api.settings('not-a-uuid'), 404],
      [api.settings('00000000-0000-0000-0000-000000000000'), 404],
      [api.settings(hidden, 'x'.repeat(100)), 404],
      [api.remove('no/such'), 404],
      [api.fork({ name: 'v2', from: 'v1' }), 404],
      [api.fork({ name: 'v2', from: 'v1', ref: 42 }), 404],
      [api.fork({ name: 'v2', from: 'v1', ref: { uuid: hidden } }), 404],
      [api.fork({ name: 'v2', from: ['v1'], ref: hidden }), 404],
      [api.fork({ name: 7, from: 'v1', ref: hidden }), 417],
      [api.forkSchema({ schema: null, version: 'v2', ref: hidden }), 417],
      [api.forkSchema({ schema: {}, version: { v: 1 }, ref: hidden }), 417],
      [api.publish({ version: 5, env: 'dev', ref: hidden }), 417],
      [api.publish({ version: 'v1', env: ['dev'], ref: hidden }), 400],
      [api.removeVersion({ version: null, ref: hidden }), 417],
      [api.clone({ ref: hidden }), 417],
      [api.clone('x'), 415],
      [api.send('POST', '/v3/system/component/clone', '', { 'content-type': 'application/json' }), 400],
    ];
    for (const [index, [pending, status]] of cases.entries()) {
      const response = await pending;
      expect({ index, status: response.statusCode, body: response.json() }).toMatchObject({ index, status });
    }
    // Nothing above changed the component.
    expect((await api.settings(hidden, 'v1')).json()).toEqual(model);
  });

  it('answers 401 without a session', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/v3/system/component/menu' });
    expect(response.statusCode).toBe(401);
  });
});

describeApi(`components: record users read the environment's settings (${DB_KIND})`, () => {
  const server = useServer();

  it("lets 'read', 'create' or 'update' holders read the environment's version, but not a named version", async () => {
    const app = () => server().app;
    const db = server().database.db;
    const admin = await login(app());
    const api = componentApi(app, () => admin, 'dev');
    const uuid = (await api.create({ name: 'orders', label: { en_US: 'Orders' } })).json().uuid as string;
    for (const verb of ['read', 'create', 'update']) {
      const email = `${verb}er@luma.test`;
      await createMember(db, email, 'member password 1', [`${verb} ${uuid}`]);
      const cookie = await login(app(), email, 'member password 1');
      const member = componentApi(app, () => cookie, 'dev');
      const environment = await member.settings(uuid);
      expect(environment.statusCode, verb).toBe(200);
      expect(environment.json().settings.version).toBe('v1');
      const named = await member.settings(uuid, 'v1');
      expect(named.statusCode, verb).toBe(403);
    }
    await createMember(db, 'seer@luma.test', 'member password 1', [`see ${uuid}`]);
    const seer = await login(app(), 'seer@luma.test', 'member password 1');
    expect((await componentApi(app, () => seer, 'dev').settings(uuid)).statusCode).toBe(403);
  });
});
