// The dry run's HTTP node meets the address guard the run meets (issue 29, item 12): a host on
// LUMA_WORKFLOW_HTTP_ALLOW passes both (the dry run sends nothing), a refused one fails the node in
// both, shown as the node's error and not as a success with "refused" inside its result.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { connect, nodeFactory, runsOf, savedWorkflow } from './workflow-graph';

const node = nodeFactory(10_400_001);

describeApi(`workflow dry run of an HTTP node (${DB_KIND})`, () => {
  vi.setConfig({ testTimeout: 120_000 });
  const hits: string[] = [];
  const receiver = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  const refusedServer = http.createServer((_request, response) => {
    hits.push('refused server');
    response.end('secret');
  });
  let receiverPort = 0;
  let refusedPort = 0;
  const overrides: Record<string, string> = { LUMA_JOB_POLL_SECONDS: '0.5' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    await new Promise<void>((resolve) => refusedServer.listen(0, '127.0.0.1', () => resolve()));
    receiverPort = (receiver.address() as AddressInfo).port;
    refusedPort = (refusedServer.address() as AddressInfo).port;
    overrides.LUMA_WORKFLOW_HTTP_ALLOW = `127.0.0.1:${receiverPort}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await new Promise<void>((resolve) => refusedServer.close(() => resolve()));
  });

  const server = useServer(overrides);
  const app = () => server().app;
  let admin = '';
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  let orders = '';
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(componentApi(app, () => admin, 'dev'), 'orders', [recordFields.text('title')]);
  }, SETUP_TIMEOUT_MS);

  /** The graph Create -> http_request(url), dry-run: the HTTP node's result and the answer's error. */
  const dryRunOf = async (url: string) => {
    const event = node('event', 'Create');
    const call = node('operation', 'http_request', { url });
    connect(event, call);
    const reply = await wf('POST', '/workflow/component/dryrun', { component_uuid: orders, event: 'Create', dry_run: true, nodes: [event, call], model_collection: { title: 'Dry' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const answer = reply.json();
    return { node: answer.nodes.find((n: { id: number }) => n.id === call.id), error: answer.error as string | undefined, graph: [event, call] };
  };

  it('an allowed loopback host passes the dry run as it passes the run; the dry run sends nothing', async () => {
    const url = `http://127.0.0.1:${receiverPort}/allowed`;
    const dry = await dryRunOf(url);
    expect(dry.error).toBeUndefined();
    expect(dry.node).toMatchObject({ status: 'success', State: { Results: { would: 'request', method: 'GET', url } } });
    expect(dry.node.State.Results).not.toHaveProperty('refused');
    expect(hits).toEqual([]);

    const uuid = await savedWorkflow(wf, orders, 'Allowed hook', dry.graph);
    expect((await recordApi(app, () => admin, 'dev').create(orders, { title: 'Live' })).statusCode).toBe(200);
    const run = await until('the run', 60_000, async () => (await runsOf(server().database.db, uuid)).find((r) => r.status === 'success' || r.status === 'error'));
    expect(run.status, run.error ?? '').toBe('success');
    expect(hits).toEqual(['/allowed']);
  });

  it('a refused address fails the HTTP node in the dry run, as it fails the run', async () => {
    for (const url of [`http://127.0.0.1:${refusedPort}/x`, 'http://10.0.0.1/hook', `http://localhost:${refusedPort}/`, 'file:///etc/passwd']) {
      const dry = await dryRunOf(url);
      expect([url, dry.node.status]).toEqual([url, 'error']);
      expect(dry.error).toMatch(/refused|only http/);
    }
    expect(hits).not.toContain('refused server');
  });
});
