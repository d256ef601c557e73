// Table types of documents (migration 0013_documents; docs/documents.md).
import type { ColumnType, Selectable } from 'kysely';
import type { JsonWithDefault, NullableTimestamp, Timestamp } from './schema-columns';

export interface DocumentsTable {
  uuid: string;
  library_uuid: string;
  /** Normalised path inside the library ('contracts/2026/offer'); unique among live documents. */
  path: string;
  /** The directory part ('' at the root), so a listing is one index range. */
  parent: string;
  /** The last segment. */
  name: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Soft delete: null while live. */
  deleted_at: NullableTimestamp;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DocumentVersionsTable {
  document_uuid: string;
  variant: string;
  version: number;
  /** Sanitised slate nodes (runtime/documents/content.ts). */
  content: JsonWithDefault<unknown[]>;
  sources: JsonWithDefault<unknown[]>;
  fields: JsonWithDefault<Record<string, unknown>>;
  /** The version this one was restored from, when it is a restore. */
  restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface DocumentCommentsTable {
  uuid: string;
  document_uuid: string;
  variant: string;
  /** The variant's version the range was read on. */
  version: number;
  range_from: number;
  range_to: number;
  content: string;
  created_by: string | null;
  created_at: Timestamp;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type DocumentVersionRow = Selectable<DocumentVersionsTable>;
export type DocumentCommentRow = Selectable<DocumentCommentsTable>;
