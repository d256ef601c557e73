// Input the declared contract refuses (docs/api.md "Declared contract"): a key a call does not take is
// 400 badRequest naming it ('unknownField'), never dropped in silence; a query value of the wrong form is
// 400 wherever it is sent; X-Project-Env '' is 400 invalidEnvironment; the bulk and fork/schema bodies
// are the ones the server reads.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { textField } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

type Json = Record<string, unknown>;

describeApi(`declared contract: input (${DB_KIND})`, () => {
  const server = useServer();
  let cookie = '';
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const { app } = server();
    cookie ||= await login(app);
    const response = await app.inject({ method, url, payload: payload as Json | undefined, headers: { cookie, ...headers } });
    return { status: response.statusCode, body: response.json() as Json };
  };
  const unknownKey = (field: string) => ({ status: 400, body: expect.objectContaining({ status: 400, message: 'badRequest', errors: [{ field, messages: ['unknownField'] }] }) });

  it('refuses a key a body does not take, naming it, and changes nothing', async () => {
    const members = (await call('GET', '/api/v1/iam/users')).body as unknown as { uuid: string; roles: unknown[] }[];
    const admin = members[0]!;
    expect(await call('PUT', `/api/v1/iam/users/${admin.uuid}`, { roles: [] })).toEqual(unknownKey('roles'));
    const after = (await call('GET', '/api/v1/iam/users')).body as unknown as { uuid: string; roles: unknown[] }[];
    expect(after.find((member) => member.uuid === admin.uuid)?.roles).toEqual(admin.roles);

    const invitesBefore = ((await call('GET', '/api/v1/iam/invites')).body as unknown as unknown[]).length;
    expect(await call('POST', '/api/v1/iam/invites', { email: 'someone@luma.test', roles: [randomUUID()] })).toEqual(unknownKey('roles'));
    expect(((await call('GET', '/api/v1/iam/invites')).body as unknown as unknown[]).length).toBe(invitesBefore);

    const project = (await call('GET', '/api/v1/project/info')).body as { workspaces: { uuid: string; name: string }[] };
    const workspace = project.workspaces[0]!;
    expect(await call('PUT', `/api/v1/workspace/${workspace.uuid}`, { name: 'Renamed', environments: ['prod'] })).toEqual(unknownKey('environments'));
    expect(((await call('GET', '/api/v1/project/info')).body as typeof project).workspaces[0]!.name).toBe(workspace.name);

    // Nested: a list filter key the bulk call does not know is named with its path.
    expect(await call('POST', `/api/v3/system/component/${randomUUID()}/delete/models`, { filter: { nonsense: 1 } })).toEqual(unknownKey('filter.nonsense'));
    // The shape the server reads is the one documented: {uuids} / {all: true} are not it.
    expect(await call('POST', `/api/v3/system/component/${randomUUID()}/delete/models`, { uuids: [randomUUID()] })).toEqual(unknownKey('uuids'));
    expect(await call('POST', `/api/v3/system/component/${randomUUID()}/delete/models`, { all: true })).toEqual(unknownKey('all'));
    // Workflow and version bodies are closed too.
    expect(await call('POST', '/api/workflow/workflows', { component_uuid: randomUUID(), name: 'w', nodes: [] })).toEqual(unknownKey('nodes'));
    expect(await call('POST', '/api/v3/system/component/version/fork/schema', { uuid: randomUUID(), version: 'v2', schema: {} })).toEqual(unknownKey('uuid'));
  });

  it('takes fork/schema as documented: {ref, version, schema}', async () => {
    const created = await call('POST', '/api/v3/system/component', { name: 'contract_fork', label: { en_US: 'Contract fork' }, scope: null, tag: null });
    expect(created.status).toBe(200);
    const ref = created.body.uuid as string;
    const forked = await call('POST', '/api/v3/system/component/version/fork/schema', { ref, version: 'v9', schema: { fields: [textField('Total')] } });
    expect(forked.body).toMatchObject({ uuid: ref });
    expect(forked.status).toBe(200);
    expect(forked.body.versions).toContain('v9');
  });

  it('answers 400 for a query value of the wrong form, on every host', async () => {
    const created = await call('POST', '/api/v3/system/component', { name: 'contract_query', label: { en_US: 'Contract query' }, scope: null, tag: null });
    const ref = created.body.uuid as string;
    const refused = [
      '/api/workflow/runs?limit=abc&offset=-5',
      '/api/workflow/runs?page=abc',
      '/api/workflow/workflows?unknown=1',
      `/api/spark/spark/logs/${randomUUID()}?page=true`,
      `/api/spark/spark/logs/${randomUUID()}?per_page=3.5`,
      `/api/v3/system/component/${ref}/models?disabled=zzz`,
      `/api/v3/system/component/${ref}/models?limit=ten`,
      `/api/v3/system/component/${ref}/models?sortDesc=maybe`,
      `/api/v3/system/component/${ref}/models?nonsense=1`,
      '/api/v1/system/api-log?from=3.5',
      '/api/v1/system/api-log?limit=-1',
      '/api/v1system/events?from=yesterday',
      '/api/v1/config/user?other=1',
    ];
    for (const url of refused) {
      const answer = await call('GET', url);
      expect({ url, status: answer.status, message: answer.body.message }).toEqual({ url, status: 400, message: 'badRequest' });
    }
    // The same calls with good values still answer.
    for (const url of [`/api/v3/system/component/${ref}/models?disabled=1&limit=5&offset=0&sortDesc=-1`, '/api/workflow/runs?page=1&perPage=10', '/api/v1/system/api-log?from=2024-01-01T00:00:00Z&limit=5']) {
      // dev: the new component has a dev version only.
      expect({ url, status: (await call('GET', url, undefined, { 'x-project-env': 'dev' })).status }).toEqual({ url, status: 200 });
    }
  });

  it("refuses X-Project-Env '' (400 invalidEnvironment), as any value but dev or live", async () => {
    for (const env of ['', ' ', 'prod']) {
      const answer = await call('GET', '/api/v1/user/model', undefined, { 'x-project-env': env });
      expect({ env, status: answer.status, message: answer.body.message }).toEqual({ env, status: 400, message: 'invalidEnvironment' });
    }
    expect((await call('GET', '/api/v1/user/model', undefined, { 'x-project-env': 'dev' })).status).toBe(200);
    expect((await call('GET', '/api/v1/user/model')).status).toBe(200);
  });
});
