// Table types of record history (migration 0036_record_revisions; docs/history.md).
import type { ColumnType, Selectable } from 'kysely';
import type { Timestamp } from './schema-columns';

export type RevisionAction = 'create' | 'update' | 'delete' | 'restore' | 'bulk' | 'import';
export type RevisionActorKind = 'user' | 'api' | 'workflow' | 'import';

export interface RecordRevisionsTable {
  /** bigint: text from pg. */
  id: ColumnType<string, never, never>;
  record_uuid: string;
  project_uuid: string;
  component_uuid: string;
  env: string;
  /** The record's __version__ after the write. */
  version: number;
  action: RevisionAction;
  /** A bulk action's kind (delete, disable, enable), an import's (create, update), the revision a restore restored. */
  detail: string | null;
  actor_kind: RevisionActorKind;
  actor_uuid: string | null;
  /** The workflow run that wrote it, when one did. */
  actor_run: string | null;
  /** The record's data after the write; hashed fields as an md5 of their hash. */
  data: ColumnType<Record<string, unknown>, string, string>;
  /** The earlier values of the fields a single update or restore changed. */
  previous: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
}

export type RevisionRow = Selectable<RecordRevisionsTable>;
