// Bulk actions and workflows (docs/workflows.md "Bulk actions"), on a real database and pg-boss:
// a bulk delete runs Before::Delete for each record inside the batch's transaction and queues Delete
// runs in that same transaction; a selection is refused whole, a filter job skips and counts the
// refused records; a rolled-back batch queues nothing; disable and enable run no workflows.
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { runBulkJob } from '../../src/server/records/bulk';
import { componentApi, componentWithFields, createUser, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { listApi } from './list-fixtures';
import { connect, nodeFactory, savedWorkflow, type Node } from './workflow-graph';

const node = nodeFactory(10_500_001);

describeApi(`bulk actions and workflows (${DB_KIND})`, () => {
  // Runs go through pg-boss workers: the bounds stop a hang, they do not time anything.
  vi.setConfig({ testTimeout: 180_000 });
  // Batches of 2: a filter job runs several batch transactions.
  const server = useServer({ LUMA_BULK_BATCH_SIZE: '2', LUMA_JOB_POLL_SECONDS: '0.5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const wf = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url: `/api/workflow${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  let orders = '';
  let audit = '';

  const workflowWith = (name: string, nodes: Node[]) => savedWorkflow(wf, orders, name, nodes);
  const removeWorkflow = async (uuid: string) => expect((await wf('DELETE', `/workflows/${uuid}`)).statusCode).toBe(200);
  /** Records of orders tagged `batch`, created through the API, in order: answers their uuids. */
  const ordersOf = async (batch: string, totals: number[], extra: Record<string, unknown> = {}) => {
    const uuids: string[] = [];
    for (const [at, total] of totals.entries()) {
      const created = await records.create(orders, { title: `${batch}-${at}`, total, status: batch, ...extra });
      expect(created.statusCode, created.body).toBe(200);
      uuids.push(created.json().uuid);
    }
    return uuids;
  };
  const live = async (uuids: string[]) =>
    (await db().selectFrom('records').select('uuid').where('uuid', 'in', uuids).where('deleted_at', 'is', null).execute()).map((row) => row.uuid).sort();
  const runsOf = (workflow: string) => db().selectFrom('workflow_runs').selectAll().where('workflow_uuid', '=', workflow).execute();
  const auditNotes = async () =>
    (await db().selectFrom('records').select('data').where('component_uuid', '=', audit).where('deleted_at', 'is', null).execute()).map((row) => (row.data as { note: string }).note).sort();
  const workflowJobs = async () => Number((await sql<{ n: string }>`select count(*) as n from pgboss.job where name = 'luma-workflow'`.execute(db())).rows[0]!.n);

  /** Before::Delete: writes an audit note (a component node), then refuses orders over 100. */
  const guard = () => {
    const event = node('event', 'Before::Delete');
    const note = node('operation', 'component', { component_ref: audit, expression: "return { note: 'deleting ' + data.title }" });
    const check = node('condition', '', { expression: 'data.total <= 100', message: 'Big orders stay' });
    connect(event, note);
    connect(note, check);
    return [event, note, check];
  };
  /** Delete: one run per deleted record. */
  const afterDelete = () => {
    const event = node('event', 'Delete');
    const echo = node('operation', 'expression', { expression: 'return data.title' });
    connect(event, echo);
    return [event, echo];
  };

  // Orders (with a password field) and audit.
  beforeAll(async () => {
    admin = await login(app());
    orders = await componentWithFields(components, 'orders', [
      recordFields.text('title'),
      recordFields.number('total'),
      recordFields.text('status', { length: { min: 0, max: 255 } }),
      recordFields.password('secret', { length: { min: 0, max: 64 } }),
    ]);
    audit = await componentWithFields(components, 'audit', [recordFields.text('note')]);
  }, SETUP_TIMEOUT_MS);

  it('a selection: a Delete run is queued and runs for each deleted record, without hashed fields', async () => {
    const flow = await workflowWith('After delete', afterDelete());
    const uuids = await ordersOf('sel', [1, 2, 3], { secret: 'hunter22' });
    const deleted = await lists.bulk(orders, 'delete', { items: uuids });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ affected: 3 });
    expect(await live(uuids)).toEqual([]);
    const done = await until('three finished Delete runs', 60_000, async () => {
      const rows = await runsOf(flow);
      return rows.length === 3 && rows.every((row) => row.status === 'success') ? rows : undefined;
    });
    expect(done.map((row) => row.record_uuid).sort()).toEqual([...uuids].sort());
    for (const row of done) {
      expect(row.event).toBe('Delete');
      expect(row.data).not.toHaveProperty('secret');
      const title = (row.data as { title: string }).title;
      expect((row.results as { State: { Results: unknown } }[]).map((result) => result.State.Results)).toContain(title);
    }
    await removeWorkflow(flow);
  });

  it('a selection a Before::Delete refuses is refused whole: 417 naming the record, nothing deleted, written or queued', async () => {
    const check = await workflowWith('Guard', guard());
    const flow = await workflowWith('After delete', afterDelete());
    const [small, big, other] = await ordersOf('refused', [10, 500, 20]);
    const notes = await auditNotes();
    const jobs = await workflowJobs();
    const refused = await lists.bulk(orders, 'delete', { items: [small, big, other] });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json()).toMatchObject({
      message: 'workflowRefused',
      errors: [{ field: 'workflow', messages: ['Big orders stay'], values: [{ workflow: 'Guard', record: big }] }],
    });
    expect(await live([small!, big!, other!])).toEqual([small, big, other].sort());
    // The note written for the first record went with the rolled-back transaction.
    expect(await auditNotes()).toEqual(notes);
    expect(await runsOf(flow)).toEqual([]);
    expect(await workflowJobs()).toBe(jobs);
    // Without the big one the selection goes through, and the guard's notes are kept.
    expect((await lists.bulk(orders, 'delete', { items: [small, other] })).json()).toEqual({ affected: 2 });
    expect(await auditNotes()).toEqual([...notes, 'deleting refused-0', 'deleting refused-2'].sort());
    await until('two Delete runs', 60_000, async () => ((await runsOf(flow)).length === 2 ? true : undefined));
    await removeWorkflow(check);
    await removeWorkflow(flow);
  });

  it('a filter job skips exactly the records Before::Delete refuses and reports them; the rest are deleted with their runs', async () => {
    const check = await workflowWith('Guard', guard());
    const flow = await workflowWith('After delete', afterDelete());
    const totals = [1, 200, 2, 3, 300, 4, 5];
    const uuids = await ordersOf('job', totals);
    const notes = await auditNotes();
    const started = await lists.bulk(orders, 'delete', { filter: { $adv: { status: 'job' } } });
    expect(started.statusCode, started.body).toBe(202);
    const done = (await lists.waitForJob(orders, started.json().job, 120_000)).json();
    expect(done).toEqual({ status: 'done', processed: 7, total: 7, affected: 5, refused: 2, error: null });
    const kept = uuids.filter((_, at) => totals[at]! > 100);
    const gone = uuids.filter((_, at) => totals[at]! <= 100);
    expect(await live(uuids)).toEqual([...kept].sort());
    // The refused records' notes were rolled back with their savepoint; the deleted ones' kept.
    const titles = totals.flatMap((total, at) => (total <= 100 ? [`deleting job-${at}`] : []));
    expect(await auditNotes()).toEqual([...notes, ...titles].sort());
    const runs = await until('five Delete runs', 60_000, async () => {
      const rows = await runsOf(flow);
      return rows.length === 5 && rows.every((row) => row.status === 'success') ? rows : undefined;
    });
    expect(runs.map((row) => row.record_uuid).sort()).toEqual([...gone].sort());
    await removeWorkflow(check);
    await removeWorkflow(flow);
  });

  it('a filter job whose starter has left the project fails (forbidden) rather than deleting without the workflows', async () => {
    const check = await workflowWith('Guard', guard());
    const uuids = await ordersOf('outsider', [1, 2]);
    const outsider = await createUser(db(), 'outsider@luma.test', 'outsider password');
    // A delete job of the outsider's (as if they had started it and then been removed), run by this
    // process; its filter is copied from a job that matched the same records and changed nothing.
    const started = (await lists.bulk(orders, 'enable', { filter: { $adv: { status: 'outsider' } } })).json().job as string;
    expect((await lists.waitForJob(orders, started)).json()).toMatchObject({ status: 'done', processed: 2, affected: 0 });
    const model = await db().selectFrom('record_jobs').selectAll().where('uuid', '=', started).executeTakeFirstOrThrow();
    const job = crypto.randomUUID();
    await db()
      .insertInto('record_jobs')
      .values({ ...model, uuid: job, user_uuid: outsider, action: 'delete', filter: JSON.stringify(model.filter), status: 'running', processed: 0, affected: 0, total: null, error: null, cursor_created_at: null, cursor_uuid: null, finished_at: null })
      .execute();
    expect(await runBulkJob(db(), server().platform.bus, job, { batchSize: 2, sliceMs: 60_000 })).toBe('done');
    expect((await lists.job(orders, job)).json()).toMatchObject({ status: 'failed', error: 'forbidden', affected: 0 });
    expect(await live(uuids)).toEqual([...uuids].sort());
    await removeWorkflow(check);
  });

  it('a batch that rolls back queues nothing: a selection, and a filter job\'s batch (the job fails)', async () => {
    const flow = await workflowWith('After delete', afterDelete());
    // A stored run of the 'poison' record fails the transaction after the runs before it were queued.
    await sql
      .raw(
        `create function luma_test_poison() returns trigger language plpgsql as $$
         begin if new.data->>'title' = 'poison' then raise exception 'poisoned run'; end if; return new; end $$`,
      )
      .execute(db());
    await sql.raw('create trigger luma_test_poison before insert on workflow_runs for each row execute function luma_test_poison()').execute(db());
    try {
      const [first] = await ordersOf('rollback', [1]);
      const poison = (await records.create(orders, { title: 'poison', total: 1, status: 'rollback' })).json().uuid as string;
      const jobs = await workflowJobs();
      const failed = await lists.bulk(orders, 'delete', { items: [first, poison] });
      expect(failed.statusCode).toBe(500);
      expect(await live([first!, poison])).toEqual([first, poison].sort());
      expect(await runsOf(flow)).toEqual([]);
      expect(await workflowJobs()).toBe(jobs);

      // A job over [first, poison] then [a, b] (batches of 2, oldest first): its first batch rolls back
      // and fails the job, so nothing at all is deleted or queued.
      const later = await ordersOf('rollback', [1, 2]);
      const job = (await lists.bulk(orders, 'delete', { filter: { $adv: { status: 'rollback' } } })).json().job as string;
      const answer = (await lists.waitForJob(orders, job, 120_000)).json();
      expect(answer).toMatchObject({ status: 'failed', processed: 0, affected: 0, refused: 0, error: 'serverError' });
      expect(await live([first!, poison, ...later])).toEqual([first!, poison, ...later].sort());
      expect(await runsOf(flow)).toEqual([]);
      expect(await workflowJobs()).toBe(jobs);

      // Once the poison is gone by itself (no workflow for it), the job deletes the rest with their runs.
      await db().updateTable('records').set({ deleted_at: new Date() }).where('uuid', '=', poison).execute();
      const again = (await lists.bulk(orders, 'delete', { filter: { $adv: { status: 'rollback' } } })).json().job as string;
      expect((await lists.waitForJob(orders, again, 120_000)).json()).toMatchObject({ status: 'done', processed: 3, affected: 3, refused: 0 });
      await until('three Delete runs', 60_000, async () => ((await runsOf(flow)).length === 3 ? true : undefined));
    } finally {
      await sql.raw('drop trigger luma_test_poison on workflow_runs').execute(db());
      await sql.raw('drop function luma_test_poison()').execute(db());
    }
    await removeWorkflow(flow);
  });

  it('disable and enable run no workflows: a refusing Before::Update does not stop them and no Update run is queued', async () => {
    const before = node('event', 'Before::Update');
    const never = node('condition', '', { expression: 'false', message: 'Nothing changes' });
    connect(before, never);
    const update = node('event', 'Update');
    const echo = node('operation', 'expression', { expression: 'return 1' });
    connect(update, echo);
    const flow = await workflowWith('Frozen', [before, never, update, echo]);
    const uuids = await ordersOf('toggle', [1, 2, 3]);
    // The workflow is live for record updates...
    const stored = (await records.get(orders, uuids[0]!)).json();
    expect((await records.update(orders, uuids[0]!, stored.__version__, { title: 'changed' })).statusCode).toBe(417);
    // ...but disabling and enabling are not updates of the record's data.
    expect((await lists.bulk(orders, 'disable', { items: uuids })).json()).toEqual({ affected: 3 });
    const job = (await lists.bulk(orders, 'enable', { filter: { disabled: true, $adv: { status: 'toggle' } } })).json().job as string;
    expect((await lists.waitForJob(orders, job, 120_000)).json()).toEqual({ status: 'done', processed: 3, total: 3, affected: 3, refused: 0, error: null });
    expect(await runsOf(flow)).toEqual([]);
    await removeWorkflow(flow);
  });
});
