// Workflows (docs/workflows.md) against a real database: the entity and its rules (create, list, rename,
// fork, publish, remove under the version rules), the connection and node rules on save, and access.
// The runs, actions, SMTP, HTTP receiver, imports, Recycle and the dry run are in workflows.test.ts.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { connect, nodeFactory, removedWorkflow, savedWorkflow, type Node } from './workflow-graph';

const node = nodeFactory(10_000_001);

describeApi(`workflows: the entity and its rules (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = () => admin) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: cookie(), 'x-project-env': 'dev' } });
  let orders = '';

  /** A workflow on orders with the given graph, saved into v1 (the dev version). */
  const workflowWith = (name: string, nodes: Node[], component = orders) => savedWorkflow(wf, component, name, nodes);
  const removeWorkflow = (uuid: string) => removedWorkflow(wf, uuid);

  // The orders component.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(components, 'orders', [recordFields.text('title'), recordFields.number('total'), recordFields.text('status', { length: { min: 0, max: 255 } })]);
  }, SETUP_TIMEOUT_MS);

  it('creates, lists, renames, forks, publishes and removes a workflow under the version rules', async () => {
    const created = await wf('POST', '/workflows', { component_uuid: orders, name: 'Lifecycle' });
    expect(created.statusCode, created.body).toBe(200);
    const workflow = created.json();
    expect(workflow).toMatchObject({ name: 'Lifecycle', component_uuid: orders, dev_version: 'v1', public_version: null, events: ['Create'] });
    expect(workflow.version.nodes).toHaveLength(1);
    expect(workflow.version.nodes[0]).toMatchObject({ type: 'event', action: 'Create', width: 120, height: 60 });
    expect(workflow.version.nodes[0].id).toBeGreaterThanOrEqual(10_000_000);
    expect(workflow.version.nodes[0].id).toBeLessThanOrEqual(19_999_999);

    expect((await wf('POST', '/workflows', { component_uuid: orders, name: 'Lifecycle' })).statusCode).toBe(409);
    expect((await wf('POST', '/workflows', { component_uuid: orders, name: 'x' })).statusCode).toBe(417);
    const listed = (await wf('GET', `/workflows?component_uuid=${orders}`)).json();
    expect(listed.map((w: { name: string }) => w.name)).toContain('Lifecycle');

    expect((await wf('PATCH', `/workflows/${workflow.uuid}`, { name: 'Lifecycle two' })).json().name).toBe('Lifecycle two');
    // The last version, and the dev one, cannot be removed.
    expect((await wf('DELETE', `/workflows/${workflow.uuid}/version/v1`)).json().message).toBe('versionIsDev');
    expect((await wf('POST', `/workflows/${workflow.uuid}/version`, { name: 'v2', from: 'v1' })).statusCode).toBe(200);
    expect((await wf('POST', `/workflows/${workflow.uuid}/version`, { name: 'v2', from: 'v1' })).json().message).toBe('cantForkVersionExists');
    expect((await wf('POST', `/workflows/${workflow.uuid}/publish`, { version: 'v2', env: 'live' })).json().public_version).toBe('v2');
    expect((await wf('DELETE', `/workflows/${workflow.uuid}/version/v2`)).json().message).toBe('versionIsLive');
    // A live workflow cannot be removed; unpublished, it can.
    const blocked = await wf('DELETE', `/workflows/${workflow.uuid}`);
    expect([blocked.statusCode, blocked.json().message]).toEqual([409, 'workflowRemovalBlockedByDependency']);
    await wf('POST', `/workflows/${workflow.uuid}/publish`, { version: 'v1', env: 'live' });
    expect((await wf('DELETE', `/workflows/${workflow.uuid}/version/v2`)).statusCode).toBe(200);
    const last = await wf('POST', `/workflows/${workflow.uuid}/publish`, { version: null, env: 'dev' });
    expect(last.json().dev_version).toBeNull();
    await removeWorkflow(workflow.uuid);
    expect((await wf('GET', `/workflows/${workflow.uuid}`)).statusCode).toBe(404);
  });

  it('refuses graphs that break a connection rule, and malformed nodes, with nothing saved', async () => {
    const event = node('event', 'Create');
    const op = node('operation', 'expression', { expression: 'return 1' });
    const op2 = node('operation', 'expression', { expression: 'return 2' });
    connect(event, op);
    const uuid = await workflowWith('Rules', [event, op, op2]);
    const before = (await wf('GET', `/workflows/${uuid}`)).json().version.updated_at;
    const broken = [
      // operation into event
      (() => {
        const e = node('event', 'Create');
        const o = node('operation', 'expression', { expression: '1' });
        connect(o, e);
        return [e, o];
      })(),
      // two connections into one operation
      (() => {
        const e = node('event', 'Create');
        const a = node('switch', '', { expression: '"a"' });
        const o = node('operation', 'expression', { expression: '1' });
        connect(e, a);
        connect(e, o);
        connect(a, o);
        return [e, a, o];
      })(),
      // into a condition's side
      (() => {
        const e = node('event', 'Create');
        const c = node('condition', '', { expression: 'true' });
        connect(e, c, { to: 'left' });
        return [e, c];
      })(),
    ];
    for (const nodes of broken) {
      const reply = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes });
      expect([reply.statusCode, reply.json().message], reply.body).toEqual([417, 'workflowGraphNotValid']);
    }
    for (const nodes of [[{ ...event, id: 5 }], [{ ...event, type: 'robot' }], [{ ...event, extra: 1 }], 'nodes', [{ ...event, data: [] }]]) {
      const reply = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes });
      expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, reply.body).toBeLessThan(500);
    }
    const proto = await app().inject({
      method: 'PUT',
      url: `/api/workflow/workflows/${uuid}/version/v1`,
      headers: { cookie: admin, 'x-project-env': 'dev', 'content-type': 'application/json' },
      payload: `{"nodes":[{"__proto__":{"x":1}}]}`,
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
    expect((await wf('GET', `/workflows/${uuid}`)).json().version.updated_at).toBe(before);
    await removeWorkflow(uuid);
  });

  it('checks every node against its rules on save (spec section 5), naming each broken field; a node not yet edited passes', async () => {
    const event = node('event', 'Create');
    const uuid = await workflowWith('Node rules', [event]);
    const before = (await wf('GET', `/workflows/${uuid}`)).json().version.updated_at;
    const recycle = node('event', 'Recycle', { timer: '2h', expression: '{"status": ' });
    const short = node('operation', 'http_request', { url: 'x', headers: '{"a":' }, { name: 'h' });
    const mail = node('operation', 'email', { to: 'someone@example.com', smtp: { host: 'smtp.example.com' } });
    const push = node('operation', 'push_notification', { value: 'device-token', title: 'Hi', body: 'Body', ttl: 'soon' });
    const gate = node('condition', '', { expression: '   ' });
    const pick = node('switch', '', { expression: 'data.status' });
    const target = node('operation', 'expression', { expression: 'return 1' });
    connect(event, gate);
    connect(event, pick);
    connect(pick, target, { name: 'a' });
    const reply = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes: [event, recycle, short, mail, push, gate, pick, target] });
    expect(reply.statusCode, reply.body).toBe(417);
    const answer = reply.json() as { message: string; errors: { field: string; messages: string[]; values?: unknown[] }[] };
    expect(answer.message).toBe('someFieldsAreNotValid');
    const byField = Object.fromEntries(answer.errors.map((error) => [error.field, [error.messages[0], error.values?.[0] ?? null]]));
    const required = ['identityField.requiredField', null];
    expect(byField).toEqual({
      [`nodes.${recycle.id}.data.timer`]: required,
      [`nodes.${recycle.id}.data.expression`]: ['workflow.invalidJson', null],
      [`nodes.${short.id}.name`]: ['cantBeLessThenChars', { min: 2 }],
      [`nodes.${short.id}.data.url`]: ['cantBeLessThenChars', { min: 2 }],
      [`nodes.${short.id}.data.headers`]: ['workflow.invalidJson', null],
      [`nodes.${mail.id}.data.subject`]: required,
      [`nodes.${mail.id}.data.smtp.username`]: required,
      [`nodes.${mail.id}.data.smtp.password`]: required,
      [`nodes.${mail.id}.data.smtp.port`]: required,
      [`nodes.${mail.id}.data.smtp.email_from`]: required,
      [`nodes.${mail.id}.data.smtp.auth_type`]: required,
      [`nodes.${push.id}.data.ttl`]: ['invalidInput', null],
      [`nodes.${gate.id}.data.expression`]: required,
      [`nodes.${pick.id}.connections.${pick.id}-${target.id}.name`]: ['cantBeLessThenChars', { min: 2 }],
    });
    expect((await wf('GET', `/workflows/${uuid}`)).json().version.updated_at).toBe(before);
    // The same nodes set up right are saved; a node just added (no data yet, as the canvas saves it) passes too.
    const fixed = [
      event,
      { ...recycle, data: { timer: '1h', expression: '{"status": "old"}' } },
      { ...short, name: 'hook', data: { url: 'https://example.com/hook', headers: '{"a": 1}' } },
      node('operation', 'email'),
      { ...push, data: { ...push.data, ttl: 60 } },
      { ...gate, data: { expression: 'true' } },
      { ...pick, connections: [{ ...(pick.connections[0] as object), name: 'ab' }] },
      target,
    ];
    const saved = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes: fixed });
    expect(saved.statusCode, saved.body).toBe(200);
    // An added node still needs its name and action.
    const unnamed = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes: [node('event', 'Create'), node('operation', '', {}, { name: '' })] });
    expect(unnamed.statusCode).toBe(417);
    expect(unnamed.json().errors.map((error: { field: string }) => error.field.replace(/^nodes\.\d+\./, '')).sort()).toEqual(['action', 'name']);
    await removeWorkflow(uuid);
  });

  it("a component's own workflow is no dependant: label, tag, scope and clone stay free; removal waits for the workflow", async () => {
    const owned = await componentWithFields(components, 'owned', [recordFields.text('title')]);
    const uuid = await workflowWith('Own', [node('event', 'Create')], owned);
    const model = (await components.settings(owned, 'v1')).json();
    expect(model.dependencies).toEqual([]);
    expect((await components.list()).json().find((c: { uuid: string }) => c.uuid === owned).dependencies).toEqual([]);
    const renamed = await components.save(owned, 'v1', { ...model, label: { en_US: 'Owned things' }, tag: 'shop', scope: 'sales' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const ref = renamed.json().ref;
    expect(ref).toBe('sales/owned');
    const clone = await components.clone({ name: 'owned_copy', ref });
    expect(clone.statusCode, clone.body).toBe(200);
    // The workflow follows its component by uuid through the rename.
    expect((await wf('GET', `/workflows/${uuid}`)).json()).toMatchObject({ component_uuid: owned });
    const refused = await components.remove(ref);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'componentHasWorkflows']);
    await removeWorkflow(uuid);
    expect((await components.remove(ref)).statusCode).toBe(200);
    expect((await components.remove(clone.json().uuid)).statusCode).toBe(200);
  });

  it('answers 403 without the settings permission and 404 for a forged id', async () => {
    const uuid = await workflowWith('Guarded', [node('event', 'Create')]);
    await createMember(db(), 'wf-reader@luma.test', 'reader password', [`read ${orders}`, `create ${orders}`]);
    const reader = await login(app(), 'wf-reader@luma.test', 'reader password');
    expect((await wf('GET', `/workflows/${uuid}`, undefined, () => reader)).statusCode).toBe(403);
    expect((await wf('GET', '/workflows', undefined, () => reader)).json()).toEqual([]);
    expect((await wf('GET', `/workflows/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await wf('GET', '/workflows/not-a-uuid')).statusCode).toBe(404);
    await removeWorkflow(uuid);
  });

});
