// Platform apps (docs/apps.md) against a real database: create with the name rules, the definition's
// rules (unknown keys, missing titles, components of the project only) and its text HTML sanitised,
// versions forked, saved (not live), removed and deployed like a component's, the gateway's lists
// showing an app only in an environment whose version is set, members reading but not writing, and
// onboarding finished by an admin.
import { beforeAll, expect, it } from 'vitest';
import { addWorkspace, adminProject, componentApi, componentWithFields, createMember, createProject, insertComponentRow, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`apps (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let notes = '';
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, env: 'dev' | 'live' = 'dev', cookie = admin) =>
    app().inject({ method, url: `/api/v3/system${url}`, payload: payload as object, headers: { cookie, 'x-project-env': env } });
  const names = (response: { json: () => unknown }) => (response.json() as { name: string }[]).map((item) => item.name);
  const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'main', title: 'Main', path: 'main', blocks, ...extra });

  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(componentApi(app, () => admin, 'dev'), 'notes', [recordFields.text('title')]);
    await createMember(db(), 'app-member@luma.test', 'app member password');
    member = await login(app(), 'app-member@luma.test', 'app member password');
  }, SETUP_TIMEOUT_MS);

  it('creates an app with an empty v1 on dev, linked to the caller\'s workspace; names follow the rules and are unique', async () => {
    const created = await call('POST', '/app', { name: 'crm', label: 'Customer care', icon: 'users', onboarding_required: true });
    expect(created.statusCode, created.body).toBe(200);
    const { workspaceUuid } = await adminProject(db());
    expect(created.json()).toMatchObject({
      name: 'crm',
      label: 'Customer care',
      icon: 'users',
      dev_version: 'v1',
      public_version: null,
      onboarding: { required: true, finished: false },
      versions: ['v1'],
      workspaces: [{ uuid: workspaceUuid }],
      version: 'v1',
      definition: { pages: [], menu: [] },
    });
    for (const name of ['', 'x', 'Crm', '1abc', 'has space', 'a'.repeat(65), 42]) {
      const refused = await call('POST', '/app', { name });
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(417);
      expect(refused.json().errors[0].field).toBe('name');
    }
    const taken = await call('POST', '/app', { name: 'crm' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'appExists']);
    expect((await call('POST', '/app', { name: 'other', colour: 'red' })).statusCode).toBe(400);
    expect((await call('POST', '/app', { name: 'other', workspaces: ['not-a-uuid'] })).statusCode).toBe(417);
    // Another project's workspace is not one of ours.
    const elsewhere = await createProject(db(), 'Elsewhere');
    expect((await call('POST', '/app', { name: 'other', workspaces: [elsewhere.workspaceUuid] })).json().errors[0]).toEqual({ field: 'workspaces', messages: ['invalidSelection'] });
    expect(names(await call('GET', '/app'))).toEqual(['crm']);
  });

  it('saves a definition under its rules: unknown keys, bad pages and unknown components are 417; text HTML is sanitised', async () => {
    const id = (await call('GET', '/app')).json()[0].uuid;
    const save = (definition: unknown, version = 'v1') => call('PUT', `/app/${id}/definition/${version}`, { definition });
    const fields = async (definition: unknown) => {
      const refused = await save(definition);
      expect(refused.statusCode, refused.body).toBe(417);
      expect(refused.json().message).toBe('fieldsNotValid');
      return refused.json().errors.map((error: { field: string; messages: string[] }) => `${error.field}:${error.messages[0]}`);
    };
    expect(await fields({ pages: [], menu: [], theme: 'dark' })).toEqual(['definition.theme:invalidInput']);
    expect(await fields({ pages: [page([], { title: '', colour: 1 })], menu: [] })).toEqual(['definition.pages[0].colour:invalidInput', 'definition.pages[0].title:identityField.requiredField']);
    expect(await fields({ pages: [page([]), page([], { id: 'other' })], menu: [] })).toEqual(['definition.pages[1].path:routeExists']);
    expect(await fields({ pages: [page([{ kind: 'component', ref: '00000000-0000-4000-8000-000000000000' }])], menu: [] })).toEqual(['definition.pages[0].blocks[0].ref:invalidSelection']);
    expect(await fields({ pages: [page([{ kind: 'chart' }, { kind: 'component', ref: notes, entrypoint: 'default' }])], menu: [{ page: 'nope' }] })).toEqual([
      'definition.pages[0].blocks[0].kind:invalidSelection',
      'definition.pages[0].blocks[1].entrypoint:invalidSelection',
      'definition.menu[0].page:invalidSelection',
    ]);
    expect((await save({ pages: [], menu: [] }, 'v9')).statusCode).toBe(404);
    const saved = await save({
      pages: [page([{ kind: 'component', ref: notes, entrypoint: 'list' }, { kind: 'text', html: '<p onclick="steal()">Hello <script>alert(1)</script><b>team</b></p>' }])],
      menu: [{ page: 'main', label: 'Home' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().definition.pages[0].blocks).toEqual([{ kind: 'component', ref: notes, entrypoint: 'list' }, { kind: 'text', html: '<p>Hello <b>team</b></p>' }]);
    expect((await call('GET', `/app/${id}?version=v1`)).json().definition.menu).toEqual([{ page: 'main', label: 'Home' }]);
  });

  it("takes a widget block only for a widget of the project: another project's widget and an unknown one are 417 at the block's widget", async () => {
    const id = (await call('GET', '/app')).json()[0].uuid;
    const save = (definition: unknown) => call('PUT', `/app/${id}/definition/v1`, { definition });
    const widget = await app().inject({
      method: 'POST',
      url: '/api/v1/system/widget',
      payload: { name: 'Notes', kind: 'number', component: notes, settings: { refresh_seconds: 30 } },
      headers: { cookie: admin, 'x-project-env': 'dev' },
    });
    expect(widget.statusCode, widget.body).toBe(200);
    const ours = widget.json().uuid as string;
    const { adminUuid } = await adminProject(db());
    const elsewhere = await createProject(db(), 'Widgets elsewhere', adminUuid);
    const theirs = crypto.randomUUID();
    const foreign = await insertComponentRow(db(), elsewhere.projectUuid, { name: 'foreign' });
    await db().insertInto('widgets').values({ uuid: theirs, project_uuid: elsewhere.projectUuid, component_uuid: foreign, name: 'Theirs', kind: 'number', settings: '{}', created_by: adminUuid }).execute();
    const refused = await save({ pages: [page([{ kind: 'widget', widget: theirs }, { kind: 'widget', widget: crypto.randomUUID() }, { kind: 'widget', widget: ours, extra: 1 }])], menu: [] });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors.map((error: { field: string; messages: string[] }) => `${error.field}:${error.messages[0]}`)).toEqual([
      'definition.pages[0].blocks[2].extra:invalidInput',
      'definition.pages[0].blocks[0].widget:invalidSelection',
      'definition.pages[0].blocks[1].widget:invalidSelection',
    ]);
    const saved = await save({ pages: [page([{ kind: 'widget', widget: ours }, { kind: 'text', html: '<p>Totals</p>' }])], menu: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await call('GET', `/app/${id}?version=v1`)).json();
    expect(read.definition.pages[0].blocks).toEqual([{ kind: 'widget', widget: ours }, { kind: 'text', html: '<p>Totals</p>' }]);
  });

  it('forks, deploys and removes versions like a component; an app shows in an environment only once its version is set there', async () => {
    const id = (await call('GET', '/app')).json()[0].uuid;
    const gateway = (env: 'dev' | 'live', which = 'workspace', cookie = admin) => call('GET', `/gateway/app-service/app/${which}`, undefined, env, cookie);
    expect(names(await gateway('dev'))).toEqual(['crm']);
    expect(names(await gateway('live'))).toEqual([]);
    expect(names(await gateway('live', 'all'))).toEqual([]);
    const forked = await call('POST', `/app/${id}/version/fork`, { from: 'v1', name: 'v2' });
    expect(forked.json()).toMatchObject({ version: 'v2', versions: ['v1', 'v2'] });
    expect(forked.json().definition.pages[0].id).toBe('main');
    expect((await call('POST', `/app/${id}/version/fork`, { from: 'v1', name: 'v2' })).json().message).toBe('cantForkVersionExists');
    expect((await call('POST', `/app/${id}/version/fork`, { from: 'v7', name: 'v3' })).statusCode).toBe(417);
    expect((await call('POST', `/app/${id}/version/publish`, { env: 'staging', version: 'v1' })).statusCode).toBe(417);
    expect((await call('POST', `/app/${id}/version/publish`, { env: 'live', version: 'v9' })).statusCode).toBe(404);
    const deployed = await call('POST', `/app/${id}/version/publish`, { env: 'live', version: 'v1' });
    expect(deployed.json()).toMatchObject({ public_version: 'v1', dev_version: 'v1' });
    expect((await gateway('live')).json()).toEqual([{ uuid: id, name: 'crm', label: 'Customer care', icon: 'users', version: 'v1', onboarding: { required: true, finished: false } }]);
    // Live's version is not edited in place.
    expect((await call('PUT', `/app/${id}/definition/v1`, { definition: { pages: [], menu: [] } })).json().message).toBe('liveVersionNotEditable');
    expect((await call('POST', `/app/${id}/version/remove`, { version: 'v1' })).json().message).toBe('versionIsLive');
    await call('POST', `/app/${id}/version/publish`, { env: 'dev', version: 'v2' });
    expect((await call('POST', `/app/${id}/version/remove`, { version: 'v2' })).json().message).toBe('versionIsDev');
    expect((await call('POST', `/app/${id}/version/fork`, { from: 'v2', name: 'v3' })).statusCode).toBe(200);
    expect((await call('POST', `/app/${id}/version/remove`, { version: 'v3' })).json().versions).toEqual(['v1', 'v2']);
    // The live container reads live's version; dev reads dev's.
    expect((await call('GET', `/app/${id}`, undefined, 'live')).json().version).toBe('v1');
    expect((await call('GET', `/app/${id}`, undefined, 'dev')).json().version).toBe('v2');
  });

  it('members read the environment\'s version and the gateway lists, but every write is for admins', async () => {
    const id = (await call('GET', '/app')).json()[0].uuid;
    expect(names(await call('GET', '/gateway/app-service/app/all', undefined, 'live', member))).toEqual(['crm']);
    const read = await call('GET', `/app/${id}`, undefined, 'live', member);
    expect([read.statusCode, read.json().version]).toEqual([200, 'v1']);
    expect((await call('GET', `/app/${id}?version=v2`, undefined, 'live', member)).statusCode).toBe(404);
    expect((await call('GET', '/app', undefined, 'live', member)).statusCode).toBe(403);
    expect((await call('POST', '/app', { name: 'mine' }, 'live', member)).statusCode).toBe(403);
    expect((await call('PATCH', `/app/${id}`, { label: 'x' }, 'live', member)).statusCode).toBe(403);
    expect((await call('PUT', `/app/${id}/onboarding`, { finished: true }, 'live', member)).statusCode).toBe(403);
    expect((await call('DELETE', `/app/${id}`, undefined, 'live', member)).statusCode).toBe(403);
    // A new app with no live version is not there for anyone on live.
    const draft = (await call('POST', '/app', { name: 'draft' })).json().uuid;
    expect((await call('GET', `/app/${draft}`, undefined, 'live', member)).statusCode).toBe(404);
    expect(names(await call('GET', '/gateway/app-service/app/all', undefined, 'live', member))).toEqual(['crm']);
    expect((await call('DELETE', `/app/${draft}`)).statusCode).toBe(200);
  });

  it('changes settings and workspaces, finishes onboarding, and removes an app', async () => {
    const id = (await call('GET', '/app')).json()[0].uuid;
    const { projectUuid } = await adminProject(db());
    const sales = await addWorkspace(db(), projectUuid, 'Sales');
    const changed = await call('PATCH', `/app/${id}`, { label: 'Care', icon: null, onboarding_required: true, workspaces: [sales] });
    expect(changed.json()).toMatchObject({ label: 'Care', icon: null, workspaces: [{ uuid: sales, name: 'Sales' }] });
    // No longer linked to the admin's workspace: gone from its list, still in the project's.
    expect(names(await call('GET', '/gateway/app-service/app/workspace', undefined, 'live'))).toEqual([]);
    expect(names(await call('GET', '/gateway/app-service/app/all', undefined, 'live'))).toEqual(['crm']);
    expect((await call('PATCH', `/app/${id}`, { label: ' ' })).statusCode).toBe(417);
    expect((await call('PUT', `/app/${id}/onboarding`, { finished: 'yes' })).statusCode).toBe(417);
    expect((await call('PUT', `/app/${id}/onboarding`, { finished: true })).json().onboarding).toEqual({ required: true, finished: true });
    expect((await call('DELETE', `/app/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/app/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/app/not-a-uuid')).json().message).toBe('appNotFound');
  });
});
