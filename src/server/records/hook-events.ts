// What the records announce through the hook registry (platform/hooks.ts, docs/platform.md "Hooks").
// Every write of records runs in a transaction; at each of its moments it emits an event:
// - filter `records.create` / `records.update` / `records.delete`, before the row is written: the
//   record as the write would leave it (its data without hashed fields); a hook may answer other data
//   (create, update; a delete's data is not written) or refuse the write by throwing;
// - filter `records.create.written` / `.update.written` / `.delete.written`, `records.import.written`,
//   `records.bulk.written`, after the rows are written, in the same transaction: what must commit
//   with the write (or not at all) is written here;
// - filter `records.bulk`, before a bulk action changes its records: a hook may answer fewer uuids;
// - action `records.create` / `.update` / `.delete` / `.import` / `.bulk`, after the commit. A write
//   that joins a transaction it did not open (a workflow's component node in a Before:: event) emits
//   no action: the transaction's own write does, after its commit.
// The meta (RecordWrite, RecordBulk) is one object per write, the same at each of its moments, so a
// hook may keep what it learnt at one moment for the next (a WeakMap keyed by it).
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Accountability } from '../auth/tenancy';
import type { RecordRow } from '../db/schema';
import type { BulkAction } from './list-sql';
import type { RecordTarget } from './records';
import type { RecordScope } from './sql';

/** One write of a component's records: a record's create, update or delete, or an import. */
export interface RecordWrite {
  /** The component, its environment's settings and the caller's view of it. */
  target: RecordTarget;
  accountability: Accountability;
  /** What the write is besides a caller's own: a restore of a record's revision (history/restore.ts). */
  origin?: { kind: 'restore'; revision: string };
}

/** A record as a filter sees it before it is written: its data (no hashed field) and which record it is. */
export interface RecordDraft {
  data: Record<string, unknown>;
  /** uuid and version null: a record being created. */
  record: { uuid: string | null; version: number | null };
}

/** A created or updated record as written, and the view it was written through (its hashed fields). */
export interface WrittenRecord {
  row: RecordRow;
  view: ViewSchema;
}

/** One bulk action on a component's records: a selection (at once), or one batch of a filter job. */
export interface RecordBulk {
  scope: RecordScope;
  /** The component's uuid, and its ref (a job's: as when it started) that names its event topics. */
  component: { uuid: string; ref: string };
  action: BulkAction;
  userUuid: string;
  /** The caller; null for a job's batch, which acts for userUuid as a member of the project now. */
  accountability: Accountability | null;
  /** The view whose hashed fields hooks never see; null for a job's batch. */
  view: ViewSchema | null;
  /** The job of a batch; null for a selection. */
  job: string | null;
  /** The browser tab that started a job (its batches have no accountability to carry it). */
  client?: string;
}

declare module '../platform/hooks' {
  interface FilterEvents {
    'records.create': { payload: RecordDraft; meta: RecordWrite };
    'records.create.written': { payload: WrittenRecord; meta: RecordWrite };
    /** The stored record with the change applied; data a hook changes is added to the write. */
    'records.update': { payload: RecordDraft; meta: RecordWrite };
    /** previous: the record as it was stored before the update. */
    'records.update.written': { payload: WrittenRecord & { previous: RecordRow }; meta: RecordWrite };
    /** The stored record; a hook may refuse its removal (what it changes is not written). */
    'records.delete': { payload: RecordDraft; meta: RecordWrite };
    'records.delete.written': { payload: { uuid: string; data: Record<string, unknown> }; meta: RecordWrite };
    /** Every row is written: the counts, the created_at of the created records, the updated records' uuids. */
    'records.import.written': {
      payload: { created: number; updated: number; total: number; createdAt: Date; updatedUuids: string[]; views: { create: ViewSchema; edit: ViewSchema } };
      meta: RecordWrite;
    };
    /** The records the action is about to change (locked); a hook may answer fewer. */
    'records.bulk': { payload: { uuids: string[] }; meta: RecordBulk };
    /** items: the records the action named; changed: those it changed (affected: how many); progress: a job's, after this batch. */
    'records.bulk.written': {
      payload: { items: string[]; changed: string[]; affected: number; progress: { total: number | null; processed: number; affected: number } | null };
      meta: RecordBulk;
    };
  }
  interface ActionEvents {
    'records.create': { write: RecordWrite; row: RecordRow };
    'records.update': { write: RecordWrite; row: RecordRow };
    'records.delete': { write: RecordWrite; uuid: string };
    'records.import': { write: RecordWrite; created: number; updated: number; total: number };
    'records.bulk': { write: RecordBulk; affected: number };
  }
}
