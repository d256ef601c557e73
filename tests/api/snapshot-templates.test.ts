// Installed workspace templates in a project's snapshot (docs/snapshots.md "The format": `templates`)
// against a real database: exported by workspace name with what the install created, applied onto
// another project (its workspace then holds the template, and its uninstall there removes exactly that
// install's items), a document that lists none removes the install rows (never the items), a
// workspace the project does not have is refused, and the diff names the change.
import { beforeAll, expect, it } from 'vitest';
import { describeApi, DB_KIND, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner, withCookie } from './iam-fixtures';

describeApi(`installed templates in snapshots (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let origin: Awaited<ReturnType<typeof projectOwner>>;
  let copy: Awaited<ReturnType<typeof projectOwner>>;
  const snapshot = async (cookie: string) => {
    const reply = await app().inject({ url: '/api/v3/system/snapshot', headers: { cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    return JSON.parse(reply.body) as Record<string, unknown> & { templates: { workspace: string; template: string; ledger: { components: string[] } & Record<string, string[]> }[] };
  };
  const post = (cookie: string, url: string, payload: unknown) => app().inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers: { cookie } });

  beforeAll(async () => {
    origin = await projectOwner(server(), 'snapshot-templates@luma.test', 'Origin');
    copy = await projectOwner(server(), 'snapshot-templates-copy@luma.test', 'Copy');
  }, SETUP_TIMEOUT_MS);

  it("exports which template each workspace holds with its ledger, and applies it onto another project's workspace of that name", async () => {
    expect((await snapshot(origin.cookie)).templates).toEqual([]);
    const installed = await withCookie(app, () => origin.cookie).post('/v3/system/template/crm/install', { workspace: origin.workspaceUuid });
    expect(installed.statusCode, installed.body).toBe(200);
    const exported = await snapshot(origin.cookie);
    expect(exported.templates).toHaveLength(1);
    const [entry] = exported.templates;
    expect([entry!.workspace, entry!.template]).toEqual(['Main', 'crm']);
    expect(Object.keys(entry!.ledger).sort()).toEqual(['apps', 'components', 'functions', 'records', 'sparks', 'widgets', 'workflows']);
    expect(entry!.ledger.components.sort()).toEqual((exported.components as { uuid: string }[]).map((component) => component.uuid).sort());

    // The diff against the empty copy names the template; the apply makes the copy's Main hold it.
    const diff = await post(copy.cookie, '/v3/system/snapshot/diff', exported);
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().create).toContainEqual({ kind: 'template', id: 'Main', name: 'Main' });
    const applied = await post(copy.cookie, '/v3/system/snapshot/apply', exported);
    expect(applied.statusCode, applied.body).toBe(200);
    const ids = applied.json().ids as Record<string, string>;
    const copied = await snapshot(copy.cookie);
    expect(copied.templates).toHaveLength(1);
    expect(copied.templates[0]!.ledger.components.sort()).toEqual(entry!.ledger.components.map((uuid) => ids[uuid] ?? uuid).sort());
    const catalogue = (await withCookie(app, () => copy.cookie).get('/v3/system/template')).json();
    expect(catalogue.workspaces).toEqual([{ uuid: copy.workspaceUuid, name: 'Main', template: 'crm' }]);
    // Applying the same document again changes nothing.
    expect((await post(copy.cookie, '/v3/system/snapshot/apply', exported)).json().diff).toEqual({ create: [], change: [], remove: [] });

    // The uninstall on the copy removes what the install created there: the copy is empty again.
    const uninstalled = await withCookie(app, () => copy.cookie).post('/v3/system/template/crm/uninstall', { workspace: copy.workspaceUuid });
    expect(uninstalled.statusCode, uninstalled.body).toBe(200);
    const emptied = await snapshot(copy.cookie);
    expect([emptied.components, emptied.apps, emptied.widgets, emptied.templates]).toEqual([[], [], [], []]);
  });

  it('removes the install rows a document does not list (never the items), refuses a workspace the project does not have', async () => {
    const exported = await snapshot(origin.cookie);
    const withoutTemplates = { ...exported, templates: [] };
    const diff = await post(origin.cookie, '/v3/system/snapshot/diff', withoutTemplates);
    expect(diff.json()).toEqual({ create: [], change: [], remove: [{ kind: 'template', id: 'Main', name: 'Main' }] });
    expect((await post(origin.cookie, '/v3/system/snapshot/apply', withoutTemplates)).statusCode).toBe(200);
    const after = await snapshot(origin.cookie);
    expect(after.templates).toEqual([]);
    expect(after.components).toEqual(exported.components);
    // Left out: the project keeps what it has.
    const { templates: _left, ...leftOut } = exported;
    expect((await post(origin.cookie, '/v3/system/snapshot/apply', { ...leftOut })).statusCode).toBe(200);
    expect((await snapshot(origin.cookie)).templates).toEqual([]);
    // Back, then a workspace that is not the project's: refused, nothing changed.
    expect((await post(origin.cookie, '/v3/system/snapshot/apply', exported)).statusCode).toBe(200);
    expect((await snapshot(origin.cookie)).templates).toEqual(exported.templates);
    const elsewhere = await post(origin.cookie, '/v3/system/snapshot/apply', { ...exported, templates: [{ ...exported.templates[0]!, workspace: 'Nowhere' }] });
    expect(elsewhere.statusCode, elsewhere.body).toBe(417);
    expect(elsewhere.json().errors[0].field).toBe('templates.Nowhere.workspace.0');
    const malformed = await post(origin.cookie, '/v3/system/snapshot/apply', { ...exported, templates: [{ workspace: 'Main', template: 'crm', ledger: { components: ['x'] } }] });
    expect(malformed.statusCode).toBe(400);
    expect((await snapshot(origin.cookie)).templates).toEqual(exported.templates);
  });
});
