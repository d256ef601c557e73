// Bulk delete and workflows (docs/workflows.md "Bulk actions"), as hooks of the records' bulk action
// (records/hook-events.ts): like a single delete, each record's Before::Delete runs inside the batch's
// transaction (the filter `records.bulk`) and its Delete runs are queued in that same transaction
// (`records.bulk.written`), so a rolled-back batch queues nothing. The component's workflows are
// loaded once per selection or per batch of a filter job, never per record. Disable and enable change
// no data and run no workflows (the docs say why).
import { sql, type Kysely } from 'kysely';
import { WORKFLOW_MESSAGE } from '../../../runtime/api/workflows';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Accountability } from '../auth/tenancy';
import { resolveComponent } from '../components/model';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import type { HookRegistry } from '../platform/hooks';
import type { RecordBulk } from '../records/hook-events';
import { recordsForEvents } from '../records/list-sql';
import { compileFor, envSettings, viewerOf } from '../records/view';
import { withoutHashes } from '../records/write-hooks';
import { accountabilityFor, graphsFor, queueAfterEvent, runBeforeEvent, wakeWorkflows, type Graph } from './record-events';

type Db = Kysely<Database>;

const DELETE_EVENTS = ['Before::Delete', 'Delete'] as const;

type EventRow = { uuid: string; version: number; data: Record<string, unknown> };

/** What a bulk delete needs to run the component's delete workflows, and what it did. */
interface DeleteFlows {
  graphs: Graph[];
  accountability: Accountability;
  /** The view whose hashed fields are left out of what workflows and the run log see. */
  view: ViewSchema;
  /** The records allowed by their Before::Delete (deleted, each with its Delete runs). */
  rows: EventRow[];
  /** Delete runs queued (the worker is woken after the commit when more than 0). */
  queued: number;
}

const flowsOf = new WeakMap<RecordBulk, DeleteFlows>();

/**
 * The delete workflows of a selection (for the caller) or of one batch of a filter job (for the job's
 * starter as a member of the project now, like a queued run), or null when there are none. A starter
 * who has left the project fails the job (403 forbidden): deleting without the workflows would skip
 * their checks.
 */
async function deleteFlows(db: Db, bulk: RecordBulk): Promise<DeleteFlows | null> {
  const { scope } = bulk;
  const graphs = await graphsFor(db, scope.componentUuid, scope.env, DELETE_EVENTS);
  if (graphs.length === 0) return null;
  if (bulk.accountability && bulk.view) return { graphs, accountability: bulk.accountability, view: bulk.view, rows: [], queued: 0 };
  const accountability = await accountabilityFor(db, bulk.userUuid, scope.projectUuid, scope.env);
  if (!accountability) throw forbidden();
  const row = await resolveComponent(db, scope.projectUuid, scope.componentUuid);
  const settings = await envSettings(db, row, scope.env);
  const view = compileFor(row, settings, { ...viewerOf(accountability, undefined), page: 'model_edit' });
  return { graphs, accountability, view, rows: [], queued: 0 };
}

/** The records as their workflows see them (no hashed fields), in the order of `uuids`. */
async function eventRows(db: Db, flows: DeleteFlows, bulk: RecordBulk, uuids: string[]): Promise<EventRow[]> {
  const rows = new Map((await recordsForEvents(db, bulk.scope, uuids)).map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = rows.get(uuid);
    return row ? [{ uuid, version: row.version, data: withoutHashes(flows.view, row.data) }] : [];
  });
}

const isRefusal = (error: unknown): error is HttpError => error instanceof HttpError && error.message === WORKFLOW_MESSAGE.workflowRefused;

function runBefore(db: Db, flows: DeleteFlows, bulk: RecordBulk, row: EventRow): Promise<unknown> {
  return runBeforeEvent(db, flows.accountability, bulk.scope, flows.graphs, 'Before::Delete', row.data, { uuid: row.uuid, version: row.version });
}

/**
 * A selection, on locked records: every record's Before::Delete; the first refusal throws 417
 * workflowRefused (naming the record), so the transaction rolls back and nothing is deleted or queued.
 */
async function checkSelection(db: Db, flows: DeleteFlows, bulk: RecordBulk, rows: EventRow[]): Promise<EventRow[]> {
  for (const row of rows) {
    try {
      await runBefore(db, flows, bulk, row);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      throw new HttpError(417, error.message, error.errors?.map((item) => ({ ...item, values: item.values?.map((value) => ({ ...value, record: row.uuid })) })));
    }
  }
  return rows;
}

/**
 * One batch of a filter job, on locked records: each record's Before::Delete runs in a savepoint; a
 * refused record is left as it is (and whatever its refusing run wrote is rolled back with the
 * savepoint). Any other error fails the batch as a whole.
 */
async function checkBatch(db: Db, flows: DeleteFlows, bulk: RecordBulk, rows: EventRow[]): Promise<EventRow[]> {
  const allowed: EventRow[] = [];
  for (const row of rows) {
    await sql`savepoint luma_before_delete`.execute(db);
    try {
      await runBefore(db, flows, bulk, row);
      allowed.push(row);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await sql`rollback to savepoint luma_before_delete`.execute(db);
    }
    await sql`release savepoint luma_before_delete`.execute(db);
  }
  return allowed;
}

/** Subscribes the bulk delete's workflows (workflows/hooks.ts registers them with the rest). */
export function registerBulkDeleteHooks(registry: HookRegistry): void {
  registry.onFilter('records.bulk', async ({ uuids }, bulk, { db }) => {
    if (bulk.action !== 'delete') return;
    const flows = await deleteFlows(db, bulk);
    if (!flows) return;
    flowsOf.set(bulk, flows);
    const rows = await eventRows(db, flows, bulk, uuids);
    flows.rows = bulk.job === null ? await checkSelection(db, flows, bulk, rows) : await checkBatch(db, flows, bulk, rows);
    return { uuids: flows.rows.map((row) => row.uuid) };
  });
  registry.onFilter('records.bulk.written', async (_written, bulk, { db }) => {
    const flows = flowsOf.get(bulk);
    if (!flows) return;
    for (const row of flows.rows) flows.queued += await queueAfterEvent(db, bulk.scope, flows.graphs, 'Delete', row, bulk.userUuid);
  });
  registry.onAction('records.bulk', ({ write }) => {
    // The batch committed its Delete runs: this process's worker looks at once.
    if ((flowsOf.get(write)?.queued ?? 0) > 0) wakeWorkflows();
  });
}
