// Bulk delete and workflows (docs/workflows.md "Bulk actions"): like a single delete, each record's
// Before::Delete runs inside the batch's transaction and its Delete runs are queued in that same
// transaction, so a rolled-back batch queues nothing. The component's workflows are loaded once per
// call (a selection) or per batch (a filter job), never per record. Disable and enable change no
// data and run no workflows (the docs say why).
import { sql, type Kysely } from 'kysely';
import { WORKFLOW_MESSAGE } from '../../../runtime/api/workflows';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { applyBulkAction, recordsForEvents } from './list-sql';
import type { RecordScope } from './sql';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import { accountabilityFor, graphsFor, queueAfterEvent, runBeforeEvent, type EventTarget, type Graph } from '../workflows/record-events';
import { resolveComponent } from '../components/model';
import { withoutHashes } from './records';
import { compileFor, envSettings, viewerOf } from './view';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const DELETE_EVENTS = ['Before::Delete', 'Delete'] as const;

/** What a bulk delete needs to run the component's delete workflows. */
export interface DeleteFlows {
  graphs: Graph[];
  target: EventTarget;
  accountability: Accountability;
  /** The edit view: its hashed fields are left out of what workflows and the run log see. */
  view: ViewSchema;
}

export interface DeleteOutcome {
  /** Records deleted. */
  affected: number;
  /** Delete runs queued (call wakeWorkflows() after the commit when more than 0). */
  queued: number;
}

const targetOf = (scope: RecordScope): EventTarget => ({ projectUuid: scope.projectUuid, componentUuid: scope.componentUuid, env: scope.env });

/** The delete workflows of a selection's component for the caller, or null when it has none (one UPDATE then). */
export async function deleteFlows(db: Db, scope: RecordScope, accountability: Accountability, view: ViewSchema): Promise<DeleteFlows | null> {
  const graphs = await graphsFor(db, scope.componentUuid, scope.env, DELETE_EVENTS);
  return graphs.length === 0 ? null : { graphs, target: targetOf(scope), accountability, view };
}

/**
 * The delete workflows for one batch of a filter job, acting for the job's starter as a member of the
 * project now (like a queued run). A starter who has left the project fails the job (403 forbidden):
 * deleting without the workflows would skip their checks.
 */
export async function jobDeleteFlows(db: Db, scope: RecordScope, userUuid: string): Promise<DeleteFlows | null> {
  const graphs = await graphsFor(db, scope.componentUuid, scope.env, DELETE_EVENTS);
  if (graphs.length === 0) return null;
  const accountability = await accountabilityFor(db, userUuid, scope.projectUuid, scope.env);
  if (!accountability) throw forbidden();
  const row = await resolveComponent(db, scope.projectUuid, scope.componentUuid);
  const settings = await envSettings(db, row, scope.env);
  const view = compileFor(row, settings, { ...viewerOf(accountability, undefined), page: 'model_edit' });
  return { graphs, target: targetOf(scope), accountability, view };
}

/** The records as their workflows see them (no hashed fields), in the order of `uuids`. */
async function eventRows(db: Db, flows: DeleteFlows, scope: RecordScope, uuids: string[]) {
  const rows = new Map((await recordsForEvents(db, scope, uuids)).map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = rows.get(uuid);
    return row ? [{ uuid, version: row.version, data: withoutHashes(flows.view, row.data) }] : [];
  });
}

const isRefusal = (error: unknown): error is HttpError => error instanceof HttpError && error.message === WORKFLOW_MESSAGE.workflowRefused;

/**
 * A selection's delete, inside the caller's transaction on locked records: every record's
 * Before::Delete first; the first refusal throws 417 workflowRefused (naming the record), so the
 * transaction rolls back and nothing is deleted or queued. Then the records are deleted and a Delete
 * run queued for each.
 */
export async function deleteSelection(tx: Db, flows: DeleteFlows, scope: RecordScope, uuids: string[]): Promise<DeleteOutcome> {
  const rows = await eventRows(tx, flows, scope, uuids);
  for (const row of rows) {
    try {
      await runBeforeEvent(tx, flows.accountability, flows.target, flows.graphs, 'Before::Delete', row.data, { uuid: row.uuid, version: row.version });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      throw new HttpError(417, error.message, error.errors?.map((item) => ({ ...item, values: item.values?.map((value) => ({ ...value, record: row.uuid })) })));
    }
  }
  return deleteAndQueue(tx, flows, scope, rows);
}

/**
 * One batch of a filter job, inside the batch's transaction on locked records: each record's
 * Before::Delete runs in a savepoint; a refused record is left as it is (and whatever its refusing
 * run wrote is rolled back with the savepoint), the others are deleted and a Delete run queued for
 * each. Any other error fails the batch as a whole.
 */
export async function deleteBatch(tx: Db, flows: DeleteFlows, scope: RecordScope, uuids: string[]): Promise<DeleteOutcome> {
  const allowed: Awaited<ReturnType<typeof eventRows>> = [];
  for (const row of await eventRows(tx, flows, scope, uuids)) {
    await sql`savepoint luma_before_delete`.execute(tx);
    try {
      await runBeforeEvent(tx, flows.accountability, flows.target, flows.graphs, 'Before::Delete', row.data, { uuid: row.uuid, version: row.version });
      allowed.push(row);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      await sql`rollback to savepoint luma_before_delete`.execute(tx);
    }
    await sql`release savepoint luma_before_delete`.execute(tx);
  }
  return deleteAndQueue(tx, flows, scope, allowed);
}

async function deleteAndQueue(tx: Db, flows: DeleteFlows, scope: RecordScope, rows: Awaited<ReturnType<typeof eventRows>>): Promise<DeleteOutcome> {
  const user = flows.accountability.user.uuid;
  const affected = await applyBulkAction(tx, scope, 'delete', rows.map((row) => row.uuid), user);
  let queued = 0;
  for (const row of rows) queued += await queueAfterEvent(tx, flows.target, flows.graphs, 'Delete', row, user);
  return { affected, queued };
}
