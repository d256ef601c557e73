// Workflow budgets (docs/workflows.md "Budgets") on a real database and pg-boss: a chain of runs
// started by one write stops at its budget of queued runs and of record writes, with the reason in
// the run log and nothing more queued; a reasonable workflow is not affected.
import { beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { connect, liveRecords, nodeFactory, runsOf, savedWorkflow, type Node } from './workflow-graph';

const node = nodeFactory(11_000_001);

describeApi(`workflow budgets (${DB_KIND})`, () => {
  // Runs go through pg-boss workers: the bounds stop a hang, they do not time anything.
  vi.setConfig({ testTimeout: 180_000 });
  const WRITES = 14;
  const RUNS = 6;
  const server = useServer({ LUMA_WORKFLOW_CHAIN_WRITES: String(WRITES), LUMA_WORKFLOW_CHAIN_RUNS: String(RUNS), LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  let fan = '';
  let sink = '';
  let orders = '';

  const count = (component: string) => liveRecords(db(), component);
  const runs = (workflow: string) => runsOf(db(), workflow);
  /** The workflow's runs once every one has finished (nothing running can queue more then). */
  const settled = (workflow: string) =>
    until(`the runs of ${workflow} to finish`, 120_000, async () => {
      const all = await runs(workflow);
      return all.length > 0 && all.every((run) => run.status === 'success' || run.status === 'error') ? all : undefined;
    });
  const workflowWith = (name: string, component: string, nodes: Node[]) => savedWorkflow(wf, component, name, nodes);
  /** Create -> each over `items` -> a component node writing one record per item into `target`. */
  const fanOut = (items: number, target: string) => {
    const event = node('event', 'Create');
    const each = node('each', '', { expression: `return Array.from({ length: ${items} }, (_, i) => i)` });
    const write = node('operation', 'component', { component_ref: target, expression: "return { title: 'child ' + item }" });
    connect(event, each);
    connect(each, write);
    return [event, each, write];
  };

  beforeAll(async () => {
    admin = await login(app());
    fan = await componentWithFields(components, 'fan', [recordFields.text('title')]);
    sink = await componentWithFields(components, 'sink', [recordFields.text('title')]);
    orders = await componentWithFields(components, 'orders', [recordFields.text('title')]);
  }, SETUP_TIMEOUT_MS);

  it('an each writing into its own component stops at the budget of queued runs, with the reason in the run log', async () => {
    // Unbounded, one create would lead to 4 + 16 + 64 + ... writes until the depth limit (1,364).
    const flow = await workflowWith('Fan', fan, fanOut(4, fan));
    const created = await records.create(fan, { title: 'root' });
    expect(created.statusCode, created.body).toBe(200);
    const all = await settled(flow);
    // Every successful write by a run queued one run: the chain queued exactly RUNS runs, so RUNS records
    // were written by runs, and the first write's own run makes RUNS + 1 in all.
    expect(all).toHaveLength(RUNS + 1);
    expect(await count(fan)).toBe(RUNS + 1);
    const failed = all.filter((run) => run.status === 'error');
    expect(failed.length).toBeGreaterThan(0);
    for (const run of failed) expect(run.error).toContain('workflow budget exceeded');
    expect(failed[0]!.error).toContain(`at most ${RUNS} queued runs (LUMA_WORKFLOW_CHAIN_RUNS)`);
    // The run log answers the reason, on the failing node.
    const detail = (await wf('GET', `/runs/${failed[0]!.uuid}`)).json();
    expect(detail.status).toBe('error');
    expect(detail.error).toContain('LUMA_WORKFLOW_CHAIN_RUNS');
    expect(detail.results.find((result: { status: string }) => result.status === 'error').error).toContain('workflow budget exceeded');
    // One chain, counted in the database; never retried.
    expect(new Set(all.map((run) => run.chain_uuid)).size).toBe(1);
    expect(failed.every((run) => run.attempts === 1)).toBe(true);
    const chain = await db().selectFrom('workflow_chains').selectAll().where('uuid', '=', all[0]!.chain_uuid!).executeTakeFirstOrThrow();
    expect(chain.runs).toBe(RUNS);
    expect(chain.writes).toBeLessThanOrEqual(WRITES);
    // Nothing is left queued: no run and no job waiting.
    expect((await runs(flow)).length).toBe(RUNS + 1);
    await wf('DELETE', `/workflows/${flow}`);
  });

  it('a run writing more records than the budget stops at it; what it wrote before stays', async () => {
    const flow = await workflowWith('Many', orders, fanOut(WRITES + 6, sink));
    expect((await records.create(orders, { title: 'many' })).statusCode).toBe(200);
    const [run, ...more] = await settled(flow);
    expect(more).toEqual([]);
    expect(run!.status).toBe('error');
    expect(run!.error).toContain(`at most ${WRITES} record writes (LUMA_WORKFLOW_CHAIN_WRITES)`);
    expect(await count(sink)).toBe(WRITES);
    await wf('DELETE', `/workflows/${flow}`);
  });

  it('a reasonable workflow is not affected, and each write starts a chain of its own', async () => {
    const flow = await workflowWith('Few', orders, fanOut(WRITES - 4, sink));
    const before = await count(sink);
    for (const title of ['a', 'b']) expect((await records.create(orders, { title })).statusCode).toBe(200);
    const all = await until('both runs', 120_000, async () => {
      const done = await settled(flow);
      return done.length === 2 ? done : undefined;
    });
    expect(all.map((run) => [run.status, run.error])).toEqual([
      ['success', null],
      ['success', null],
    ]);
    // Two writes, two chains: 2 x (WRITES - 4) writes in all, more than one chain's budget.
    expect(await count(sink)).toBe(before + 2 * (WRITES - 4));
    expect(new Set(all.map((run) => run.chain_uuid)).size).toBe(2);
  });
});
