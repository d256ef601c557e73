// What the workflows subscribe to in the hook registry (docs/workflows.md "Running", docs/platform.md
// "Hooks"): a record write's Before:: event is a filter of the write (inside its transaction, before
// the row is written: it may change the data, or refuse with 417 workflowRefused); its after-commit
// event is a run row and its job queued in the write's transaction once the row is written, so a
// rolled-back write queues nothing; after the commit this process's worker is woken. The component's
// workflows are loaded once per write (an import's rows share one), on its first moment.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FilterEvents, HookContext, HookRegistry } from '../platform/hooks';
import type { RecordDraft, RecordWrite } from '../records/hook-events';
import { withoutHashes } from '../records/write-hooks';
import { registerBulkDeleteHooks } from './bulk-delete';
import { reactsTo } from './engine';
import { graphsFor, queueAfterEvent, runBeforeEvent, wakeWorkflows, type Graph } from './record-events';

type Db = Kysely<Database>;

const RECORD_EVENTS = ['Before::Create', 'Create', 'Before::Update', 'Update', 'Before::Delete', 'Delete'] as const;

interface WriteFlows {
  /** The component's workflows in the write's environment that react to a record event. */
  graphs: Promise<Graph[]>;
  /** Runs the write queued. */
  queued: number;
}

const flowsOf = new WeakMap<RecordWrite, WriteFlows>();

function flows(write: RecordWrite, db: Db): WriteFlows {
  let found = flowsOf.get(write);
  if (!found) {
    found = { graphs: graphsFor(db, write.target.row.uuid, write.target.scope.env, RECORD_EVENTS), queued: 0 };
    flowsOf.set(write, found);
  }
  return found;
}

async function reacting(write: RecordWrite, db: Db, event: string): Promise<Graph[]> {
  return (await flows(write, db).graphs).filter((graph) => reactsTo(graph.nodes, event));
}

/** A Before:: event as a filter: the data its workflows answer, or the draft unchanged when none reacts. */
function before(event: 'Before::Create' | 'Before::Update' | 'Before::Delete') {
  return async (draft: RecordDraft, write: RecordWrite, { db }: HookContext): Promise<RecordDraft | void> => {
    const graphs = await reacting(write, db, event);
    if (graphs.length === 0) return;
    return { ...draft, data: await runBeforeEvent(db, write.accountability, write.target.scope, graphs, event, draft.data, draft.record) };
  };
}

/** Queues the after-commit event's runs for one record, in the write's transaction. */
async function queue(db: Db, write: RecordWrite, event: 'Create' | 'Update' | 'Delete', record: { uuid: string; data: Record<string, unknown> }): Promise<void> {
  const graphs = await reacting(write, db, event);
  if (graphs.length > 0) flows(write, db).queued += await queueAfterEvent(db, write.target.scope, graphs, event, record, write.accountability.user.uuid);
}

/** An import's Create and Update runs: the records it created (by their created_at) and those it updated. */
async function queueImport(db: Db, write: RecordWrite, done: FilterEvents['records.import.written']['payload']): Promise<void> {
  const { projectUuid, componentUuid, env } = write.target.scope;
  const user = write.accountability.user.uuid;
  if (done.created > 0 && (await reacting(write, db, 'Create')).length > 0) {
    const created = await db
      .selectFrom('records')
      .select(['uuid', 'data'])
      .where('project_uuid', '=', projectUuid)
      .where('component_uuid', '=', componentUuid)
      .where('env', '=', env)
      .where('created_at', '=', done.createdAt)
      .where('created_by', '=', user)
      .execute();
    for (const row of created) await queue(db, write, 'Create', { uuid: row.uuid, data: withoutHashes(done.views.create, row.data) });
  }
  if (done.updatedUuids.length > 0 && (await reacting(write, db, 'Update')).length > 0) {
    const updated = await db.selectFrom('records').select(['uuid', 'data']).where('uuid', 'in', done.updatedUuids).execute();
    for (const row of updated) await queue(db, write, 'Update', { uuid: row.uuid, data: withoutHashes(done.views.edit, row.data) });
  }
}

/** Subscribes the workflows to the records' writes (instance.ts, once per process). */
export function registerWorkflowHooks(registry: HookRegistry): void {
  // Idle for a write when no workflow of its component reacts to Before::Create (an import then checks its rows off the server's thread).
  registry.onFilter('records.create', before('Before::Create'), async (write, { db }) => (await reacting(write, db, 'Before::Create')).length === 0);
  registry.onFilter('records.update', before('Before::Update'));
  registry.onFilter('records.delete', before('Before::Delete'));
  registry.onFilter('records.create.written', async ({ row, view }, write, { db }) => queue(db, write, 'Create', { uuid: row.uuid, data: withoutHashes(view, row.data) }));
  registry.onFilter('records.update.written', async ({ row, view }, write, { db }) => queue(db, write, 'Update', { uuid: row.uuid, data: withoutHashes(view, row.data) }));
  registry.onFilter('records.delete.written', async (deleted, write, { db }) => queue(db, write, 'Delete', deleted));
  registry.onFilter('records.import.written', async (done, write, { db }) => queueImport(db, write, done));
  // After a record's commit the worker looks at once when the component has workflows (the runs that
  // a Before:: event's own writes queued too); after an import's, when it queued runs.
  for (const event of ['records.create', 'records.update', 'records.delete'] as const) {
    registry.onAction(event, async ({ write }) => {
      const found = flowsOf.get(write);
      if (found && (await found.graphs).length > 0) wakeWorkflows();
    });
  }
  registry.onAction('records.import', ({ write }) => {
    if ((flowsOf.get(write)?.queued ?? 0) > 0) wakeWorkflows();
  });
  registerBulkDeleteHooks(registry);
}
