// Which events run a workflow (issue 29 item 13): the start node's event alone. A component whose
// Model tab ticks no event still runs its workflow's Create on a new record, so there is no hidden
// second setting to find (docs/workflows.md "Running").
import { beforeAll, expect, it, vi } from 'vitest';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { connect, nodeFactory, removedWorkflow, runsOf, savedWorkflow } from './workflow-graph';

const node = nodeFactory(10_090_001);

describeApi(`workflow events and the Model tab (${DB_KIND})`, () => {
  // The run goes through a pg-boss worker: the bound stops a hang, it does not time anything.
  vi.setConfig({ testTimeout: 120_000 });
  const server = useServer({ LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  let orders = '';

  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(components, 'orders', [recordFields.text('title')]);
  }, SETUP_TIMEOUT_MS);

  it('runs Create for a new record with no event ticked on the Model tab', async () => {
    const settings = (await components.settings(orders, 'v1')).json();
    expect(settings.settings.model.events).toEqual([]);
    const event = node('event', 'Create');
    const note = node('operation', 'expression', { expression: "return 'ran:' + data.title" });
    connect(event, note);
    const uuid = await savedWorkflow(wf, orders, 'Unticked', [event, note]);
    const created = await records.create(orders, { title: 'plain' });
    expect(created.statusCode, created.body).toBe(200);
    const run = await until('the Create run to finish', 60_000, async () => {
      const [row] = await runsOf(server().database.db, uuid);
      return row && (row.status === 'success' || row.status === 'error') ? row : undefined;
    });
    expect(run).toMatchObject({ status: 'success', event: 'Create', record_uuid: created.json().uuid, env: 'dev', version: 'v1' });
    const results = Object.fromEntries((run.results as { id: number; State: { Results: unknown } }[]).map((r) => [r.id, r.State.Results]));
    expect(results[note.id]).toBe('ran:plain');
    await removedWorkflow(wf, uuid);
  });
});
