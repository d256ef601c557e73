// The rules of docs/components.md with their statuses and message keys, as the API answers them.
import { expect, it } from 'vitest';
import { adminProject, componentApi, insertComponentRow, textField } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

type Model = { settings: Record<string, unknown> & { fields: unknown[] } } & Record<string, unknown>;

describeApi(`components: rules (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const app = () => server().app;
  const api = componentApi(app, () => cookie, 'dev');
  const liveApi = componentApi(app, () => cookie, 'live');

  async function create(name: string, scope: string | null = null): Promise<string> {
    const response = await api.create({ name, label: { en_US: name }, scope, tag: null });
    expect(response.statusCode).toBe(200);
    return response.json().uuid;
  }
  const model = async (ref: string, version: string): Promise<Model> => (await api.settings(ref, version)).json();
  /** Saves one version with settings changed by `change` and general data merged from `general`. */
  async function save(ref: string, version: string, settings: Record<string, unknown>, general: Record<string, unknown> = {}) {
    const current = await model(ref, version);
    return api.save(ref, version, { ...current, ...general, settings: { ...current.settings, ...settings } });
  }
  function expectError(response: { statusCode: number; json(): { message: string; errors?: unknown } }, status: number, message: string, errors?: unknown) {
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    if (errors !== undefined) expect(response.json().errors).toEqual(errors);
  }

  it('flow: versions, publishing, the live version lock and removal rules', async () => {
    cookie = await login(app());
    const products = await create('products');
    expect((await save(products, 'v1', { fields: [textField('Title', { unique: true })] })).statusCode).toBe(200);
    expect((await api.fork({ name: 'v2', from: 'v1', ref: products })).statusCode).toBe(200);
    expect((await api.publish({ version: 'v2', env: 'dev', ref: products })).json()).toMatchObject({ dev_version: 'v2' });
    expect((await api.publish({ version: 'v1', env: 'live', ref: products })).json()).toMatchObject({ public_version: 'v1' });

    // The live version's fields and integrations cannot change...
    const v1 = await model(products, 'v1');
    expectError(await save(products, 'v1', { fields: [...v1.settings.fields, textField('Price')] }), 409, 'liveVersionNotEditable');
    expectError(await save(products, 'v1', { fields: [{ ...(v1.settings.fields[0] as object), description: 'changed' }] }), 409, 'liveVersionNotEditable');
    expectError(await save(products, 'v1', { integrations: [{ name: 'stripe' }] }), 409, 'liveVersionNotEditable');
    // ...but its presets, list and other parts may.
    const preset = { name: 'Recent', roles: null, context: { default: false, filters: {}, expr: null } };
    const accepted = await save(products, 'v1', { presets: [preset], list: { fields: [{ key: 'title', label: 'Title', sortOrder: 0, formatter: null, provided_template_component: false, component_template: null }] } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().settings.presets).toMatchObject([preset]);
    // The model as answered saves back unchanged.
    expect((await api.save(products, 'v1', accepted.json())).statusCode).toBe(200);
    // The dev version's fields may change.
    expect((await save(products, 'v2', { fields: [textField('Title', { unique: true }), textField('Price')] })).statusCode).toBe(200);

    expectError(await api.removeVersion({ version: 'v1', ref: products }), 409, 'versionIsLive');
    expectError(await api.removeVersion({ version: 'v2', ref: products }), 409, 'versionIsDev');
    expectError(await api.removeVersion({ version: 'v7', ref: products }), 404, 'notFound');

    const { projectUuid } = await adminProject(server().database.db);
    const solo = await insertComponentRow(server().database.db, projectUuid, { name: 'solo', devVersion: null });
    expectError(await api.removeVersion({ version: 'v1', ref: solo }), 409, 'lastVersionCannotBeRemoved');
  });

  it('fork: the target must be a valid, new version name; the source must exist', async () => {
    const ref = await create('forks');
    expectError(await api.fork({ name: 'v1', from: 'v1', ref }), 409, 'cantForkVersionExists');
    expectError(await api.fork({ name: 'bad name!', from: 'v1', ref }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['versionNameRule'] }]);
    expectError(await api.fork({ name: 'x'.repeat(33), from: 'v1', ref }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['versionNameRule'] }]);
    expectError(await api.fork({ from: 'v1', ref }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['identityField.requiredField'] }]);
    expectError(await api.fork({ name: 'v2', from: 'v9', ref }), 404, 'notFound');
    expectError(await api.forkSchema({ schema: { fields: [] }, version: 'v1', ref }), 409, 'cantForkVersionExists');
    const invalid = await api.forkSchema({ schema: { fields: [{ name: 'x', module: 'bogus' }], model: { cleanup_after: 'soon' } }, version: 'v2', ref });
    expectError(invalid, 417, 'confNotValid');
    expect(invalid.json().errors).toEqual(
      expect.arrayContaining([
        // The key is derived from the name (auto_key); the type is missing.
        { field: 'fields.0.type', messages: ['identityField.requiredField'] },
        { field: 'fields.0.module', messages: ['invalidSelection'] },
        { field: 'model.cleanup_after', messages: ['invalidInput'] },
      ]),
    );
    expectError(await api.forkSchema({ schema: '{not json', version: 'v2', ref }), 417, 'confNotValid');
    expectError(await api.forkSchema({ schema: 42, version: 'v2', ref }), 417, 'confNotValid');
    expectError(await api.forkSchema({ schema: { fields: [textField('A')] }, version: 'v2', ref }), 417, 'fieldsNotValid');
    expect((await api.settings(ref)).json().versions).toEqual(['v1']);
  });

  it('publish: unknown version 404, env other than dev or live 400', async () => {
    const ref = await create('publishing');
    expectError(await api.publish({ version: 'v9', env: 'dev', ref }), 404, 'notFound');
    expectError(await api.publish({ version: 'v1', env: 'prod', ref }), 400, 'badRequest');
    expectError(await api.publish({ version: 'v1', ref }), 400, 'badRequest');
    expect((await api.settings(ref)).json().public_version).toBeNull();
  });

  it('switches: active only with fields set up, public only when also active', async () => {
    const ref = await create('switches');
    expectError(await save(ref, 'v1', {}, { is_active: true }), 417, 'activeNeedsFields', [{ field: 'is_active', messages: ['activeNeedsFields'] }]);
    expectError(await save(ref, 'v1', { fields: [textField('Title')] }, { is_public: true }), 417, 'publicNeedsActive', [
      { field: 'is_public', messages: ['publicNeedsActive'] },
    ]);
    const ok = await save(ref, 'v1', { fields: [textField('Title')] }, { is_active: true, is_public: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ is_active: true, is_public: true });
    expectError(await save(ref, 'v1', { fields: [] }), 417, 'activeNeedsFields');
  });

  it('component names: required, 2..64 letters, digits, _ and -, unique in their scope', async () => {
    expectError(await api.create({ label: {}, scope: null, tag: null }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['identityField.requiredField'] }]);
    expectError(await api.create({ name: 'a', label: {} }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['componentNameRule'] }]);
    expectError(await api.create({ name: 'has space' }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['componentNameRule'] }]);
    expectError(await api.create({ name: 'x'.repeat(65) }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['componentNameRule'] }]);
    await create('unique_name');
    expectError(await api.create({ name: 'unique_name', label: {} }), 417, 'componentExists', [{ field: 'name', messages: ['componentExists'] }]);
    await create('unique_name', 'elsewhere');
    expectError(await api.create({ name: 'unique_name', scope: 'elsewhere' }), 417, 'componentExists');
    // Renaming onto a taken name, and cloning onto one, are refused the same way.
    const other = await create('other_name');
    expectError(await save(other, 'v1', {}, { name: 'unique_name' }), 417, 'componentExists');
    expectError(await save(other, 'v1', {}, { name: '!' }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['componentNameRule'] }]);
    expectError(await api.clone({ name: 'unique_name', ref: other }), 417, 'componentExists');
    expectError(await api.clone({ name: 'a', ref: other }), 417, 'fieldsNotValid', [{ field: 'name', messages: ['componentNameRule'] }]);
  });

  it('concurrent creates of one name: exactly one wins, the others get 417 componentExists', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.create({ name: 'racing', label: {} })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 417, 417, 417, 417, 417]);
    for (const response of responses.filter((r) => r.statusCode === 417)) expect(response.json().message).toBe('componentExists');
    // Concurrent forks of one version name: one wins, the others get 409.
    const ref = responses.find((r) => r.statusCode === 200)!.json().uuid;
    const forks = await Promise.all(Array.from({ length: 4 }, () => api.fork({ name: 'v2', from: 'v1', ref })));
    expect(forks.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('settings must match the schema: 417 confNotValid with errors at JSON paths', async () => {
    const ref = await create('schema_check');
    const response = await save(ref, 'v1', { fields: [{ name: 'Title', key: 'title', module: 'input', type: 'carousel' }], unknown_part: 1 });
    expectError(response, 417, 'confNotValid');
    expect(response.json().errors).toEqual(expect.arrayContaining([{ field: 'unknown_part', messages: ['invalidInput'] }]));
    expectError(await api.save(ref, 'v1', { name: 'schema_check' }), 417, 'confNotValid', [{ field: 'settings', messages: ['identityField.requiredField'] }]);
    // An action name too short is a name rule: fieldsNotValid, as every name rule (issue 27).
    expectError(await save(ref, 'v1', { actions: [{ name: 'a', display_condition: null, fields: [], action: '' }] }), 417, 'fieldsNotValid');
    expectError(await save(ref, 'v1', { actions: [{ name: 'ab', display_condition: 7, fields: [], action: '' }] }), 417, 'confNotValid');
  });

  it('a refused name says which rule it broke: field keys and route paths', async () => {
    const ref = await create('name_rules');
    // A name rule is fieldsNotValid whoever finds it, the schema or the rules (issue 27).
    const badKey = textField('Order Title', { key: 'order-title', auto_key: false });
    expectError(await save(ref, 'v1', { fields: [badKey] }), 417, 'fieldsNotValid', [{ field: 'fields.0.key', messages: ['fieldKeyRule'] }]);
    expectError(await save(ref, 'v1', { fields: [textField('Title')], routes: { 'My Orders': { code: '' } } }), 417, 'fieldsNotValid', [
      { field: 'routes.My Orders', messages: ['routePathRule'] },
    ]);
    expectError(await save(ref, 'v1', { fields: [textField('Title')], routes: { a: { code: '' } } }), 417, 'fieldsNotValid', [
      { field: 'routes.a', messages: ['cantBeLessThenChars'] },
    ]);
  });

  it('field rules: 417 fieldsNotValid with the message keys at field paths', async () => {
    const ref = await create('field_rules');
    expectError(await save(ref, 'v1', { fields: [textField('A')] }), 417, 'fieldsNotValid', [
      { field: 'fields.0.name', messages: ['cantBeLessThenChars'] },
      { field: 'fields.0.key', messages: ['cantBeLessThenChars'] },
    ]);
    expectError(await save(ref, 'v1', { fields: [textField('Title'), textField('title')] }), 417, 'fieldsNotValid', [
      { field: 'fields.1.key', messages: ['fieldWithSameNameOrKeyExists'] },
    ]);
    expectError(await save(ref, 'v1', { fields: [textField('Title', { constraints: { length: { min: 10, max: 5 } } })] }), 417, 'fieldsNotValid', [
      { field: 'fields.0.constraints.length', messages: ['invalidInput'] },
    ]);
    expectError(await save(ref, 'v1', { fields: [textField('Title', { constraints: { length: { min: 0, max: 100000 } } })] }), 417, 'fieldsNotValid', [
      { field: 'fields.0.constraints.length.max', messages: ['invalidInput'] },
    ]);
    // A missing bound of a text input takes the field length default (spec section 3).
    expect((await save(ref, 'v1', { fields: [textField('Title', { constraints: { length: { min: 1, max: null } } })] })).statusCode).toBe(200);
    const hashed = { constraints: { hashed: true, length: { min: 1, max: 255 } } };
    expectError(await save(ref, 'v1', { fields: [textField('Secret', hashed)] }), 417, 'fieldsNotValid', [{ field: 'fields', messages: ['notAllFieldsHashed'] }]);
    expect((await save(ref, 'v1', { fields: [textField('Secret', hashed), textField('Title')] })).statusCode).toBe(200);
    const relation = { foreign: ref, foreign_uuid: ref, key: ['parent', 'uuid'], type: 'one-to-one' };
    expectError(
      await save(ref, 'v1', { fields: [textField('Title'), textField('Parent', { relation, constraints: { hashed: true, length: { min: 1, max: 9 } } })] }),
      417,
      'fieldsNotValid',
      [{ field: 'fields.1.constraints.hashed', messages: ['foreignKeyOnlyUnique'] }],
    );
    expectError(await save(ref, 'v1', { functions: [{ name: 'total', expr: '1' }, { name: 'total', expr: '2' }] }), 417, 'fieldsNotValid', [
      { field: 'functions.1.name', messages: ['functionExists'] },
    ]);
  });

  it('relations: a foreign component and a full key pair whose foreign key is a unique field or uuid', async () => {
    const target = await create('rel_target');
    expect((await save(target, 'v1', { fields: [textField('Code', { unique: true }), textField('Note')] })).statusCode).toBe(200);
    const source = await create('rel_source');
    const field = (relation: Record<string, unknown>) => ({ fields: [textField('Title'), { name: 'Target', key: 'target', module: 'select', type: 'relation', relation }] });
    const base = { foreign: target, foreign_uuid: target, type: 'one-to-one' };
    expectError(await save(source, 'v1', field({ ...base, key: ['target', 'note'] })), 417, 'fieldsNotValid', [
      { field: 'fields.1.relation', messages: ['relationshipNotValid'] },
    ]);
    expectError(await save(source, 'v1', field({ ...base, foreign: crypto.randomUUID(), foreign_uuid: null, key: ['target', 'uuid'] })), 417, 'fieldsNotValid', [
      { field: 'fields.1.relation', messages: ['relationshipNotValid'] },
    ]);
    expectError(await save(source, 'v1', field({ ...base, key: ['missing', 'uuid'] })), 417, 'fieldsNotValid', [
      { field: 'fields.1.relation', messages: ['relationshipNotValid'] },
    ]);
    expect((await save(source, 'v1', field({ ...base, key: ['target', 'code'] }))).statusCode).toBe(200);
    expect((await save(source, 'v1', field({ ...base, key: ['target', 'uuid'] }))).statusCode).toBe(200);
  });

  it('dependencies: a relation from B blocks A\'s removal, clone and label, tag and scope edits', async () => {
    const a = await create('dep_a');
    expect((await save(a, 'v1', { fields: [textField('Title')] })).statusCode).toBe(200);
    const b = await create('dep_b');
    const relation = { foreign: a, foreign_uuid: a, key: ['a_ref', 'uuid'], type: 'one-to-one' };
    // Only in a version that is neither dev nor live: any version counts.
    await api.fork({ name: 'v2', from: 'v1', ref: b });
    expect((await save(b, 'v2', { fields: [textField('A ref', { relation })] })).statusCode).toBe(200);

    const shaped = (await api.settings(a, 'v1')).json();
    expect(shaped.dependencies).toEqual([{ kind: 'component', uuid: b, name: 'dep_b', ref: b }]);
    expect((await api.list()).json().find((c: { uuid: string }) => c.uuid === a).dependencies).toEqual(shaped.dependencies);

    expectError(await api.remove(a), 409, 'componentRemovalBlockedByDependency');
    expectError(await api.clone({ name: 'dep_a_copy', ref: a }), 409, 'componentRemovalBlockedByDependency');
    expectError(await save(a, 'v1', {}, { label: { en_US: 'Renamed' } }), 409, 'componentRemovalBlockedByDependency');
    expectError(await save(a, 'v1', {}, { tag: 'new' }), 409, 'componentRemovalBlockedByDependency');
    expectError(await save(a, 'v1', {}, { scope: 'moved' }), 409, 'componentRemovalBlockedByDependency');
    // Other edits go through.
    expect((await save(a, 'v1', { fields: [textField('Title'), textField('Body')] }, { icon: 'star', sort: 2 })).statusCode).toBe(200);
    expect((await api.settings(a, 'v1')).json()).toMatchObject({ icon: 'star', label: { en_US: 'dep_a' } });

    expect((await api.remove(b)).statusCode).toBe(200);
    expect((await api.settings(a, 'v1')).json().dependencies).toEqual([]);
    expect((await api.remove(a)).statusCode).toBe(200);
  });

  it('dependencies by scope/name ref block the scoped component, its renaming included', async () => {
    const a = await create('dep_scoped', 'crm');
    expect((await save('crm/dep_scoped', 'v1', { fields: [textField('Title')] })).statusCode).toBe(200);
    const b = await create('dep_user', 'crm');
    const relation = { foreign: 'crm/dep_scoped', foreign_uuid: null, key: ['owner', 'uuid'], type: 'one-to-many' };
    expect((await save('crm/dep_user', 'v1', { fields: [textField('Owner', { relation })] })).statusCode).toBe(200);
    expect((await api.settings('crm/dep_scoped', 'v1')).json().dependencies).toEqual([{ kind: 'component', uuid: b, name: 'dep_user', ref: 'crm/dep_user' }]);
    expectError(await api.remove('crm/dep_scoped'), 409, 'componentRemovalBlockedByDependency');
    expectError(await save('crm/dep_scoped', 'v1', {}, { name: 'renamed' }), 409, 'componentRemovalBlockedByDependency');
    // A self-relation is no dependency.
    expect((await api.settings('crm/dep_user', 'v1')).json().dependencies).toEqual([]);
    expect(a).not.toBe(b);
  });

  it('menu: in dev only when dev_version is set, in live only when public_version is set', async () => {
    const { projectUuid } = await adminProject(server().database.db);
    const db = server().database.db;
    const devOnly = await insertComponentRow(db, projectUuid, { name: 'menu_dev_only', devVersion: 'v1', publicVersion: null });
    const liveOnly = await insertComponentRow(db, projectUuid, { name: 'menu_live_only', devVersion: null, publicVersion: 'v1' });
    const devRefs = (await api.menu()).json().map((item: { uuid: string }) => item.uuid);
    const liveRefs = (await liveApi.menu()).json().map((item: { uuid: string }) => item.uuid);
    expect(devRefs).toContain(devOnly);
    expect(devRefs).not.toContain(liveOnly);
    expect(liveRefs).toContain(liveOnly);
    expect(liveRefs).not.toContain(devOnly);
    expectError(await api.settings(liveOnly), 404, 'componentWrongEnvironment');
    expect((await liveApi.settings(liveOnly)).statusCode).toBe(200);
  });

  it('workspaces must belong to the project', async () => {
    const ref = await create('ws_check');
    const stranger = crypto.randomUUID();
    expectError(await save(ref, 'v1', {}, { workspaces: [{ uuid: stranger, name: 'x' }] }), 417, 'fieldsNotValid', [
      { field: 'workspaces.0', messages: ['invalidSelection'] },
    ]);
    expectError(await save(ref, 'v1', {}, { workspaces: ['not-a-uuid'] }), 417, 'fieldsNotValid');
  });
});
