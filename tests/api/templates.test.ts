// Workspace templates (docs/templates.md): the catalogue of the repository's three templates; each
// installs into an empty project's workspace in one transaction (its components, workflow, widget,
// app and sample records, usable at once: a record created in it), one template per workspace, and
// uninstalls leaving the project exactly as it was before (its snapshot the same bytes); a failing
// install answers the spec's 'failed to install' (templateInstallFailed) and changes nothing.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { TEMPLATE_MESSAGE, templateCatalogueSchema, templateSchema } from '../../runtime/api/templates';
import { addWorkspace, createMember, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner, withCookie } from './iam-fixtures';

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const matchesCatalogue = ajv.compile(templateCatalogueSchema);
const matchesTemplate = ajv.compile(templateSchema);

describeApi(`workspace templates (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let owner: Awaited<ReturnType<typeof projectOwner>>;
  const as = () => withCookie(app, () => owner.cookie);
  const snapshot = async () => {
    const reply = await app().inject({ url: '/api/v3/system/snapshot', headers: { cookie: owner.cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.body;
  };
  const install = (id: string, workspace: string) => as().post(`/v3/system/template/${id}/install`, { workspace });
  const uninstall = (id: string, workspace: string) => as().post(`/v3/system/template/${id}/uninstall`, { workspace });

  beforeAll(async () => {
    owner = await projectOwner(server(), 'templates@luma.test', 'Templates');
  }, SETUP_TIMEOUT_MS);

  it('lists the three templates and what each contains; admins only', async () => {
    const list = await as().get('/v3/system/template');
    expect(list.statusCode, list.body).toBe(200);
    expect(matchesCatalogue(list.json()), JSON.stringify(matchesCatalogue.errors)).toBe(true);
    expect(list.json().templates.map((t: { id: string }) => t.id)).toEqual(['crm', 'help-desk', 'inventory']);
    expect(list.json().workspaces).toEqual([{ uuid: owner.workspaceUuid, name: 'Main', template: null }]);
    const crm = await as().get('/v3/system/template/crm');
    expect(crm.statusCode, crm.body).toBe(200);
    expect(matchesTemplate(crm.json()), JSON.stringify(matchesTemplate.errors)).toBe(true);
    expect(crm.json().contents).toMatchObject({ components: [{ name: 'companies' }, { name: 'contacts' }, { name: 'deals' }], workflows: ['Deal created'], widgets: ['Deals by stage'], apps: ['CRM'] });
    expect((await as().get('/v3/system/template/nope')).statusCode).toBe(404);
    await createMember(server().database.db, 'template-member@luma.test', 'member password');
    const member = await login(app(), 'template-member@luma.test', 'member password');
    expect((await app().inject({ url: '/api/v3/system/template', headers: { cookie: member } })).statusCode).toBe(403);
  });

  it('installs each template into an empty workspace, usable at once, and uninstalls it leaving the project exactly as before', async () => {
    for (const id of ['crm', 'inventory', 'help-desk']) {
      const before = await snapshot();
      const installed = await install(id, owner.workspaceUuid);
      expect(installed.statusCode, installed.body).toBe(200);
      const after = JSON.parse(await snapshot());
      const template = (await as().get(`/v3/system/template/${id}`)).json();
      expect(after.components.map((c: { name: string }) => c.name).sort()).toEqual(template.contents.components.map((c: { name: string }) => c.name).sort());
      expect(after.components.every((c: { workspaces: string[] }) => c.workspaces.join() === 'Main')).toBe(true);
      expect(after.apps).toHaveLength(1);
      expect(after.widget_places.dashboard).toHaveLength(1);
      // Its sample records are there, and a new one can be created in its first component at once.
      const first = after.components.find((c: { name: string }) => c.name === template.contents.components[0].name);
      const records = JSON.parse((await as().get('/v3/system/snapshot?records=1')).body).records;
      expect(records.length).toBe(template.contents.records.length);
      const fields = first.versions[0].settings.fields as { key: string; type: string; module: string }[];
      const data = Object.fromEntries(fields.filter((f) => f.module === 'input').map((f) => [f.key, f.type === 'number' ? 7 : f.type === 'email' ? 'new@example.com' : 'New one']));
      const created = await recordApi(app, () => owner.cookie, 'live').create(first.uuid, data);
      expect(created.statusCode, created.body).toBe(200);
      const catalogue = (await as().get('/v3/system/template')).json();
      expect(catalogue.workspaces[0].template).toBe(id);
      expect(catalogue.templates.find((t: { id: string }) => t.id === id).installed).toEqual([{ workspace_uuid: owner.workspaceUuid, workspace_name: 'Main', installed_at: expect.any(String) }]);
      const removed = await uninstall(id, owner.workspaceUuid);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await snapshot()).toBe(before);
      expect((await as().get('/v3/system/template')).json().workspaces[0].template).toBeNull();
    }
    // Three installs and uninstalls, each one transaction of a few dozen capability calls.
  }, 300_000);

  it('one template per workspace; a failing install answers templateInstallFailed and changes nothing', async () => {
    const before = await snapshot();
    expect((await install('crm', owner.workspaceUuid)).statusCode).toBe(200);
    const second = await install('inventory', owner.workspaceUuid);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ message: TEMPLATE_MESSAGE.installFailed, errors: [{ field: 'workspace', messages: [TEMPLATE_MESSAGE.onePerWorkspace] }] });
    // The same template in another workspace of the project: its components are there already.
    const other = await addWorkspace(server().database.db, owner.projectUuid, 'Second');
    const again = await install('crm', other);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(TEMPLATE_MESSAGE.installFailed);
    // Another template in the second workspace is fine; a component of the project's own with a
    // template's name makes its install fail, and nothing of it stays.
    const blocker = await as().post('/v3/system/component', { name: 'customers', label: { en_US: 'Customers' } });
    expect(blocker.statusCode, blocker.body).toBe(200);
    const middle = await snapshot();
    const blocked = await install('help-desk', other);
    expect(blocked.statusCode, blocked.body).toBe(417);
    expect(blocked.json().message).toBe(TEMPLATE_MESSAGE.installFailed);
    expect(blocked.json().errors[0].field).toMatch(/^components\.customers/);
    expect(await snapshot()).toBe(middle);
    expect((await uninstall('inventory', other)).json()).toMatchObject({ message: TEMPLATE_MESSAGE.installFailed, errors: [{ field: 'workspace', messages: [TEMPLATE_MESSAGE.notInstalled] }] });
    expect((await install('crm', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(417);
    expect((await uninstall('crm', owner.workspaceUuid)).statusCode).toBe(200);
    expect((await as().send('DELETE', `/v3/system/component/${blocker.json().uuid}`)).statusCode).toBe(200);
    expect(await snapshot()).toBe(before);
  }, 180_000);
});
