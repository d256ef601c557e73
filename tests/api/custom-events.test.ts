// Custom events (docs/event-bus.md "Custom events") from every entry point that is lent
// context.events.publish but component functions (tests/api/event-bus.test.ts): sparks, global
// functions, actions, routes and workflow scripts. Each publishes after its
// writes commit: the event row is there and a subscribed bus socket gets it, cut by the same rules as
// record events (a component's readers; custom.* for admins). A forged platform name is refused with a
// clear error and writes nothing. A workflow's Before:: event publishes inside the write's
// transaction (a refused write publishes nothing); a queued run on its own; a dry run writes nothing
// and lists in its answer what would have been published. Both databases.
import { beforeAll, expect, it, vi } from 'vitest';
import { openBus, type BusClient } from './event-bus-fixtures';
import { adminProject, componentApi, componentWithFields, createMember, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';

type Node = { id: number; name: string; x: number; y: number; width: number; height: number; type: string; action: string; paused: boolean; parallel: boolean; data: Record<string, unknown>; connections: unknown[] };
let nextId = 10_000_001;
const node = (type: string, action: string, data: Record<string, unknown> = {}): Node => {
  const id = nextId++;
  return { id, name: `n_${id}`, x: 0, y: 0, width: 120, height: 60, type, action, paused: false, parallel: false, data, connections: [] };
};
const connect = (from: Node, to: Node) => {
  from.connections.push({ id: `${from.id}-${to.id}`, source: { id: from.id, position: 'bottom' }, destination: { id: to.id, position: 'top' }, type: 'pass', name: 'pass' });
};
/** A graph: the event node, then each operation after the one before. */
const chain = (event: string, ...steps: Node[]): Node[] => {
  const start = node('event', event);
  [start, ...steps].forEach((from, i) => steps[i] && connect(from, steps[i]!));
  return [start, ...steps];
};
const FORGED = 'events.publish: name must be a letter then up to 63 letters, digits, _ or -, and not a platform event name';

describeApi(`custom events from sparks, global functions, actions, routes and workflows (${DB_KIND})`, () => {
  // Workflow runs go through pg-boss workers: the bounds stop a hang, they time nothing.
  vi.setConfig({ testTimeout: 120_000 });
  const server = useServer({ LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let port = 0;
  let project = '';
  let adminUuid = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => cookies.admin!, 'dev');
  const records = recordApi(app, () => cookies.admin!, 'dev');
  const sockets: BusClient[] = [];
  let orders = '';
  let gates = '';
  let first = '';
  const headers = (who = 'admin') => ({ cookie: cookies[who]!, 'x-project-env': 'dev' });

  const connectBus = async (who: string, topics: string[]): Promise<BusClient> => {
    const answer = await app().inject({ method: 'POST', url: '/api/v1/system/eventbus/auth', headers: { cookie: cookies[who]! }, payload: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    const socket = openBus(port, project, answer.json().token);
    sockets.push(socket);
    await socket.subscribe(topics);
    expect(socket.closed).toBeNull();
    return socket;
  };
  const eventRows = (topic: string) => db().selectFrom('events').select(['topic', 'payload', 'actor', 'component_uuid', 'project_uuid', 'env']).where('topic', '=', topic).orderBy('created_at').execute();
  const received = async (socket: BusClient, topic: string, count = 1) => {
    await until(`${count} event(s) ${topic}`, 30_000, () => (socket.events().filter((event) => event.topic === topic).length >= count ? true : undefined));
    await socket.sync();
    return socket.events().filter((event) => event.topic === topic);
  };
  const wf = (method: 'POST' | 'PUT', url: string, payload: unknown) => app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: headers() });
  const workflowWith = async (component: string, name: string, nodes: Node[]) => {
    const created = await wf('POST', '/workflows', { component_uuid: component, name });
    expect(created.statusCode, created.body).toBe(200);
    const uuid: string = created.json().uuid;
    const saved = await wf('PUT', `/workflows/${uuid}/version/v1`, { nodes });
    expect(saved.statusCode, saved.body).toBe(200);
    return uuid;
  };

  // Shop/orders with an action and routes, shop/gates, a reader of orders.
  beforeAll(async () => {
    port = Number(new URL(await app().listen({ port: 0, host: '127.0.0.1' })).port);
    const admin = await adminProject(db());
    project = admin.projectUuid;
    adminUuid = admin.adminUuid;
    cookies.admin = await login(app());
    orders = await componentWithFields(api, 'orders', [f.text('title', { required: true })], { scope: 'shop' });
    gates = await componentWithFields(api, 'gates', [f.text('title', { required: true })], { scope: 'shop' });
    const model = (await api.settings('shop/orders', 'v1')).json();
    model.settings.actions = [
      { name: 'ship', display_condition: '', fields: [], action: "return context.events.publish('shipped', { uuid: record.uuid, title: record.title })" },
      { name: 'forge', display_condition: '', fields: [], action: "return context.events.publish('delete', { record: { uuid: record.uuid } })" },
    ];
    model.settings.routes = {
      notify: { code: "return { status: 202, body: context.events.publish('noted', request.body) }" },
      forge: { code: "return context.events.publish('update', { record: { uuid: 'x' } })" },
      huge: { code: "return context.events.publish('huge', { text: 'x'.repeat(70000) })" },
    };
    const saved = await api.save('shop/orders', 'v1', model);
    expect(saved.statusCode, saved.body).toBe(200);
    await createMember(db(), 'reader@luma.test', 'reader password', ['read shop/orders']);
    cookies.reader = await login(app(), 'reader@luma.test', 'reader password');
    first = (await records.create('shop/orders', { title: 'First' })).json().uuid;
  }, SETUP_TIMEOUT_MS);

  it('a spark publishes custom.{name}.{env}, for admins only; a forged name is refused and writes nothing', async () => {
    const admin = await connectBus('admin', ['custom.*.dev']);
    const reader = await connectBus('reader', ['#']);
    const spark = async (name: string, code: string) => {
      const created = await app().inject({ method: 'POST', url: '/api/spark/spark', payload: { name, code }, headers: headers() });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().uuid;
      expect((await app().inject({ method: 'PUT', url: `/api/spark/spark/release/${id}/1`, payload: { note: 'first' }, headers: headers() })).statusCode).toBe(200);
      expect((await app().inject({ method: 'PUT', url: `/api/spark/spark/deploy/${id}/dev`, payload: { version: 1 }, headers: headers() })).statusCode).toBe(200);
    };
    const invoke = (name: string, data: unknown) => app().inject({ method: 'POST', url: `/api/spark/invoke/${name}`, payload: { data }, headers: headers() });
    await spark('pinger', "return context.events.publish('pinged', { n: data.n })");
    await spark('forger', "return context.events.publish('Create', { record: { uuid: 'x' } })");

    const pinged = await invoke('pinger', { n: 3 });
    expect(pinged.statusCode, pinged.body).toBe(200);
    expect(pinged.json().data).toEqual({ topic: 'custom.pinged.dev' });
    expect(await received(admin, 'custom.pinged.dev')).toEqual([{ topic: 'custom.pinged.dev', payload: { n: 3 } }]);
    expect(await eventRows('custom.pinged.dev')).toEqual([{ topic: 'custom.pinged.dev', payload: { n: 3 }, actor: adminUuid, component_uuid: null, project_uuid: project, env: 'dev' }]);

    const forged = await invoke('forger', {});
    expect(forged.statusCode).toBe(417);
    expect(forged.json().errors[0].messages[0]).toContain(FORGED);
    expect(await eventRows('custom.Create.dev')).toEqual([]);
    await reader.sync();
    expect(reader.events()).toEqual([]);
  });

  it('a global function publishes custom.{name}.{env} as its API user; one without an API user has no context.events', async () => {
    const admin = await connectBus('admin', ['custom.computed.dev']);
    const robot = await app().inject({ method: 'POST', url: '/api/v1/iam/api-users', payload: { name: 'Events bot', role_uuids: [] }, headers: headers() });
    expect(robot.statusCode, robot.body).toBe(200);
    const robotUuid: string = robot.json().user.uuid;
    const make = async (name: string, apiUser: string | null) => {
      const made = await app().inject({ method: 'POST', url: '/api/v1/system/function', payload: { name, code: "return context.events.publish('computed', { n: data.n })", api_user_uuid: apiUser }, headers: headers() });
      expect(made.statusCode, made.body).toBe(200);
      return made.json().uuid as string;
    };
    const run = (uuid: string) => app().inject({ method: 'POST', url: `/api/v1/system/function/${uuid}/run`, payload: { data: { n: 5 } }, headers: headers() });
    const answered = await run(await make('computer', robotUuid));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().output).toEqual({ topic: 'custom.computed.dev' });
    expect(await received(admin, 'custom.computed.dev')).toEqual([{ topic: 'custom.computed.dev', payload: { n: 5 } }]);
    expect(await eventRows('custom.computed.dev')).toMatchObject([{ actor: robotUuid, component_uuid: null }]);
    const without = await run(await make('orphan', null));
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ message: 'functionFailed', errors: [{ messages: [expect.stringContaining("cannot read property 'publish' of undefined")] }] });
    expect(await eventRows('custom.computed.dev')).toHaveLength(1);
  });

  it("an action publishes an event of its component, seen by the component's readers; a forged name is the action's error", async () => {
    const reader = await connectBus('reader', ['shop/orders.*.dev']);
    const shipped = await app().inject({ method: 'POST', url: `/api/v3/system/component/shop/orders/action/ship`, payload: { items: [first] }, headers: headers() });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toEqual({ items: [{ uuid: first, value: { topic: 'shop/orders.shipped.dev' } }] });
    expect(await received(reader, 'shop/orders.shipped.dev')).toEqual([{ topic: 'shop/orders.shipped.dev', payload: { uuid: first, title: 'First' } }]);
    expect(await eventRows('shop/orders.shipped.dev')).toMatchObject([{ component_uuid: orders, actor: adminUuid }]);

    const forged = await app().inject({ method: 'POST', url: `/api/v3/system/component/shop/orders/action/forge`, payload: { items: [first] }, headers: headers() });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: 'actionEvaluationError', errors: [{ values: [{ name: 'forge', message: FORGED }] }] });
    expect(await eventRows('shop/orders.delete.dev')).toEqual([]);
    await reader.sync();
    expect(reader.events().map((event) => event.topic)).toEqual(['shop/orders.shipped.dev']);
  });

  it('a route publishes an event of its component; a forged name and a payload over 64 KiB are refused', async () => {
    const reader = await connectBus('reader', ['shop/orders.*.dev']);
    const noted = await app().inject({ method: 'POST', url: '/api/v1/route/shop/orders/notify', payload: { note: 'hello' }, headers: headers() });
    expect(noted.statusCode, noted.body).toBe(202);
    expect(noted.json()).toEqual({ topic: 'shop/orders.noted.dev' });
    expect(await received(reader, 'shop/orders.noted.dev')).toEqual([{ topic: 'shop/orders.noted.dev', payload: { note: 'hello' } }]);
    for (const [path, message] of [
      ['forge', FORGED],
      ['huge', 'events.publish: payload must be at most 65536 bytes as JSON'],
    ]) {
      const refused = await app().inject({ method: 'GET', url: `/api/v1/route/shop/orders/${path}`, headers: headers() });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json(), path).toMatchObject({ message: 'routeEvaluationError', errors: [{ values: [{ path, message }] }] });
    }
    expect(await eventRows('shop/orders.update.dev')).toEqual([]);
    expect(await eventRows('shop/orders.huge.dev')).toEqual([]);
    await reader.sync();
    expect(reader.events().map((event) => event.topic)).toEqual(['shop/orders.noted.dev']);
  });

  it('a queued workflow run publishes from its script: the event row is written and a subscribed socket gets it', async () => {
    const reader = await connectBus('reader', ['shop/orders.audited.dev']);
    const script = node('operation', 'expression', { expression: "const sent = context.events.publish('audited', { title: data.title, env }); return { sent: sent.topic }" });
    const workflow = await workflowWith(orders, 'Audit', chain('Create', script));
    const created = (await records.create('shop/orders', { title: 'Audited one' })).json().uuid;
    expect(await received(reader, 'shop/orders.audited.dev')).toEqual([{ topic: 'shop/orders.audited.dev', payload: { title: 'Audited one', env: 'dev' } }]);
    expect(await eventRows('shop/orders.audited.dev')).toEqual([{ topic: 'shop/orders.audited.dev', payload: { title: 'Audited one', env: 'dev' }, actor: adminUuid, component_uuid: orders, project_uuid: project, env: 'dev' }]);
    const run = await until('the run to finish', 30_000, async () => {
      const row = await db().selectFrom('workflow_runs').selectAll().where('workflow_uuid', '=', workflow).where('record_uuid', '=', created).executeTakeFirst();
      return row && row.status !== 'queued' && row.status !== 'running' ? row : undefined;
    });
    expect(run.status).toBe('success');
    // The run log says what the node published.
    const result = (run.results as { id: number; State: { Results: unknown }; events?: unknown }[]).find((entry) => entry.id === script.id);
    expect(result).toMatchObject({ State: { Results: { sent: 'shop/orders.audited.dev' } }, events: [{ topic: 'shop/orders.audited.dev', payload: { title: 'Audited one', env: 'dev' } }] });
    await wf('PUT', `/workflows/${workflow}/version/v1`, { nodes: chain('Create') });
  });

  it("a Before:: event publishes inside the write's transaction: a refused write publishes nothing", async () => {
    const admin = await connectBus('admin', ['shop/gates.*.dev']);
    const script = node('operation', 'expression', { expression: "context.events.publish('checked', { title: data.title }); return 1" });
    const gate = node('condition', '', { expression: "data.title !== 'refuse me'", message: 'Not this one' });
    await workflowWith(gates, 'Gate', chain('Before::Create', script, gate));
    const refused = await records.create('shop/gates', { title: 'refuse me' });
    expect(refused.statusCode, refused.body).toBe(417);
    const allowed = await records.create('shop/gates', { title: 'welcome' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await received(admin, 'shop/gates.create.dev');
    await received(admin, 'shop/gates.checked.dev');
    expect(admin.events().map((event) => event.topic).sort()).toEqual(['shop/gates.checked.dev', 'shop/gates.create.dev']);
    expect(admin.events().find((event) => event.topic === 'shop/gates.checked.dev')!.payload).toEqual({ title: 'welcome' });
    expect((await eventRows('shop/gates.checked.dev')).map((row) => row.payload)).toEqual([{ title: 'welcome' }]);
  });

  it('a dry run publishes nothing: its answer lists what the node would publish', async () => {
    const admin = await connectBus('admin', ['shop/orders.*.dev']);
    const script = node('operation', 'expression', { expression: "const a = context.events.publish('previewed', { title: data.title }); context.events.publish('previewed', { again: true }); return a" });
    const answer = await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes: chain('Create', script), model_collection: { title: 'Dry' } });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().nodes.find((entry: { id: number }) => entry.id === script.id);
    expect(result).toMatchObject({
      status: 'success',
      State: { Results: { topic: 'shop/orders.previewed.dev' } },
      events: [
        { topic: 'shop/orders.previewed.dev', payload: { title: 'Dry' } },
        { topic: 'shop/orders.previewed.dev', payload: { again: true } },
      ],
    });
    expect(answer.json().error).toBeUndefined();
    expect(await eventRows('shop/orders.previewed.dev')).toEqual([]);
    await admin.sync();
    expect(admin.events()).toEqual([]);
  });

  it('a workflow script forging a platform event name is refused with a clear error, in a dry run and in a run', async () => {
    const forge = () => node('operation', 'expression', { expression: "context.events.publish('update', { record: { uuid: 'x' } }); return 1" });
    const dry = forge();
    const answer = (await wf('POST', '/workflow/component/dryrun', { component_uuid: gates, event: 'Create', dry_run: true, nodes: chain('Create', dry), model_collection: { title: 'x' } })).json();
    expect(answer.error).toContain(FORGED);
    expect(answer.nodes.find((entry: { id: number }) => entry.id === dry.id)).toMatchObject({ status: 'error' });
    expect(answer.nodes.find((entry: { id: number }) => entry.id === dry.id).events).toBeUndefined();

    // A script may catch the refusal: it carries the status and the field errors.
    const caught = node('operation', 'expression', { expression: "try { context.events.publish('run', {}); } catch (e) { return { message: e.message, status: e.status, field: e.errors[0].field } }" });
    const catching = (await wf('POST', '/workflow/component/dryrun', { component_uuid: gates, event: 'Create', dry_run: true, nodes: chain('Create', caught), model_collection: { title: 'x' } })).json();
    expect(catching.nodes.find((entry: { id: number }) => entry.id === caught.id).State.Results).toEqual({ message: FORGED, status: 400, field: 'events.publish' });

    const real = forge();
    const workflow = await workflowWith(gates, 'Forger', chain('Create', real));
    const made = (await records.create('shop/gates', { title: 'forged' })).json().uuid;
    const run = await until('the run to finish', 30_000, async () => {
      const row = await db().selectFrom('workflow_runs').selectAll().where('workflow_uuid', '=', workflow).where('record_uuid', '=', made).executeTakeFirst();
      return row && row.status !== 'queued' && row.status !== 'running' ? row : undefined;
    });
    expect(run.status).toBe('error');
    expect(run.error).toContain(FORGED);
    expect(await eventRows('shop/gates.update.dev')).toEqual([]);
    for (const socket of sockets) socket.close();
  });
});
