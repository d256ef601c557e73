// context.env in workflow scripts (docs/user-code.md "context.env"): an expression and a {{template}}
// read the global variables of the run's environment, secrets included; a Before::Create writes one
// into the record; the dry run answers the secret masked, never in clear.
import { beforeAll, expect, it } from 'vitest';
import { VARIABLE_MASK } from '../../runtime/api/environment';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

let nextId = 15_000_001;
const node = (type: string, action: string, data: Record<string, unknown> = {}) => {
  const id = nextId++;
  return { id, name: `n_${id}`, x: 0, y: 0, width: 120, height: 60, type, action, paused: false, parallel: false, data, connections: [] as unknown[] };
};
type Node = ReturnType<typeof node>;
const connect = (from: Node, to: Node) =>
  from.connections.push({ id: `${from.id}-${to.id}`, source: { id: from.id, position: 'bottom' }, destination: { id: to.id, position: 'top' }, type: 'pass', name: 'pass' });

describeApi(`context.env in workflows (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  let admin = '';
  let orders = '';
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown, env: 'dev' | 'live' = 'dev') =>
    app().inject({ method, url, payload: payload as object, headers: { cookie: admin, 'x-project-env': env } });

  // A component and variables in dev and live.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(componentApi(app, () => admin, 'dev'), 'orders', [recordFields.text('title'), recordFields.text('region', { length: { min: 0, max: 255 } })]);
    for (const [env, body] of [
      ['dev', { name: 'REGION', value: 'eu-dev' }],
      ['live', { name: 'REGION', value: 'eu-live' }],
      ['dev', { name: 'TOKEN', value: 'tok_SECRET_123', secret: true }],
    ] as const) {
      const reply = await call('POST', '/api/v1/system/environment/variables', body, env);
      expect(reply.statusCode, reply.body).toBe(200);
    }
  }, SETUP_TIMEOUT_MS);

  it('a dry run sees context.env of its environment; a secret it answers comes back masked', async () => {
    const start = node('event', 'Create');
    const expression = node('operation', 'expression', { expression: "return context.env.REGION + '/' + env + '/' + typeof context.env.MISSING" });
    const leak = node('operation', 'expression', { expression: "return { token: context.env.TOKEN, len: context.env.TOKEN.length }" });
    const notify = node('operation', 'platform_notification', { notification: 'region {{context.env.REGION}} token {{context.env.TOKEN}}' });
    connect(start, expression);
    connect(expression, leak);
    connect(leak, notify);
    const body = { component_uuid: orders, event: 'Create', dry_run: true, nodes: [start, expression, leak, notify], model_collection: { title: 'x' } };
    const reply = await call('POST', '/api/workflow/workflow/component/dryrun', body);
    expect(reply.statusCode, reply.body).toBe(200);
    const results = Object.fromEntries(reply.json().nodes.map((n: { id: number; State: { Results: unknown } }) => [n.id, n.State.Results]));
    expect(results[expression.id]).toBe('eu-dev/dev/undefined');
    // The script read the real secret (its length), the answer shows only the mask.
    expect(results[leak.id]).toEqual({ token: VARIABLE_MASK, len: 'tok_SECRET_123'.length });
    expect(results[notify.id]).toMatchObject({ notification: `region eu-dev token ${VARIABLE_MASK}` });
    expect(reply.body).not.toContain('tok_SECRET_123');

    const inLive = await call('POST', '/api/workflow/workflow/component/dryrun', { ...body, nodes: [start, { ...expression, connections: [] }] }, 'live');
    expect(inLive.statusCode, inLive.body).toBe(200);
    expect(inLive.json().nodes.find((n: { id: number }) => n.id === expression.id).State.Results).toBe('eu-live/live/undefined');
  });

  it('a Before::Create expression writes a variable into the stored record', async () => {
    const start = node('event', 'Before::Create');
    const stamp = node('operation', 'expression', { expression: 'return { data: { ...data, region: context.env.REGION } }' });
    connect(start, stamp);
    const created = await call('POST', '/api/workflow/workflows', { component_uuid: orders, name: 'Stamp region' });
    expect(created.statusCode, created.body).toBe(200);
    const saved = await call('PUT', `/api/workflow/workflows/${created.json().uuid}/version/v1`, { nodes: [start, stamp] });
    expect(saved.statusCode, saved.body).toBe(200);
    const record = await recordApi(app, () => admin, 'dev').create(orders, { title: 'first' });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ title: 'first', region: 'eu-dev' });
  });
});
