// The template picker on the server (docs/forge.md "The template picker"; spec section 2: "value is
// component and template") against a real database: the choices (components with a template
// distribution and its HTML entrypoints), and a component's settings save that keeps a picked
// {component, template} only when it is an entrypoint of that component's distribution.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`the template picker (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  let cards = '';
  let plain = '';
  let orders = '';
  const api = componentApi(app, () => admin, 'dev');
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = admin) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie, 'x-project-env': 'dev' } });
  const saveColumn = async (componentTemplate: unknown) => {
    const current = (await api.settings(orders, 'v1')).json();
    const column = { key: 'title', label: 'Title', sortOrder: 0, formatter: null, provided_template_component: true, component_template: componentTemplate };
    return api.save(orders, 'v1', { ...current, settings: { ...current.settings, list: { fields: [column] } } });
  };
  const refusal = (response: { statusCode: number; body: string; json: () => { errors: { field: string; messages: string[] }[] } }) => {
    expect(response.statusCode, response.body).toBe(417);
    return response.json().errors.map((error) => `${error.field}:${error.messages[0]}`);
  };

  beforeAll(async () => {
    admin = await login(app());
    cards = await componentWithFields(api, 'cards', [recordFields.text('title')]);
    plain = await componentWithFields(api, 'plain', [recordFields.text('title')]);
    orders = await componentWithFields(api, 'orders', [recordFields.text('title')]);
    // The cards' distribution: two entrypoints and a script; the version's templates_dist points at it.
    const release = await call('POST', `/v3/system/forge/component/${cards}/files`, { files: { 'list.html': '<p>list</p>', 'views/card.html': '<p>card</p>', 'app.js': '1;' } });
    expect(release.statusCode, release.body).toBe(200);
    const current = (await api.settings(cards, 'v1')).json();
    expect((await api.save(cards, 'v1', { ...current, settings: { ...current.settings, templates_dist: { dist: release.json().uuid, sdk_version: 6 } } })).statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);

  it("answers the picker's choices: components with a distribution and its HTML entrypoints", async () => {
    const choices = await call('GET', '/v3/system/forge/templates');
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json()).toEqual([{ component: cards, label: 'cards', templates: ['list.html', 'views/card.html'] }]);
    expect(choices.body).not.toContain(plain);
    // A member who may not see the component gets no choices; without a session, 401.
    await createMember(server().database.db, 'picker-member@luma.test', 'picker member password');
    const member = await login(app(), 'picker-member@luma.test', 'picker member password');
    expect((await call('GET', '/v3/system/forge/templates', undefined, member)).json()).toEqual([]);
    expect((await app().inject({ method: 'GET', url: '/api/v3/system/forge/templates' })).statusCode).toBe(401);
  });

  it('keeps a picked {component, template} that is an entrypoint of its distribution, and refuses any other', async () => {
    const saved = await saveColumn({ component: cards, template: 'views/card.html' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await api.settings(orders, 'v1')).json().settings.list.fields[0].component_template).toEqual({ component: cards, template: 'views/card.html' });
    const at = 'list.fields.0.component_template';
    expect(refusal(await saveColumn({ component: cards, template: 'missing.html' }))).toEqual([`${at}:templatePickerTemplateNotFound`]);
    expect(refusal(await saveColumn({ component: cards, template: 'app.js' })).length).toBe(1);
    expect(refusal(await saveColumn({ component: plain, template: 'list.html' }))).toEqual([`${at}:templatePickerComponentNotFound`]);
    expect(refusal(await saveColumn({ component: crypto.randomUUID(), template: 'list.html' }))).toEqual([`${at}:templatePickerComponentNotFound`]);
    // Malformed values: the schema's refusal, never a 500 and never stored.
    for (const bad of [{ component: cards }, { component: cards, template: '../list.html' }, { component: 'cards', template: 'list.html' }, { component: cards, template: 'list.html', extra: 1 }, 'list.html']) {
      expect((await saveColumn(bad)).statusCode).toBe(417);
    }
    expect((await api.settings(orders, 'v1')).json().settings.list.fields[0].component_template).toEqual({ component: cards, template: 'views/card.html' });
    // None is always allowed.
    expect((await saveColumn(null)).statusCode).toBe(200);
  });
});
