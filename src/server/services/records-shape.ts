// A stored record as the API answers it (docs/records.md): its own keys, then the fields the
// viewer may see; hashed fields never leave the server.
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { RecordRow } from '../db/schema';
import { isPlainObject } from '../validate';

/** The record's own keys, answered beside the fields; ignored (never stored) when sent back. */
export const RECORD_META_KEYS = ['uuid', '__version__', 'created_by', 'created_at', 'updated_by', 'updated_at', 'deleted_at', 'disabled_at'] as const;

export const REF_OBJ_SUFFIX = '_RefObj';

export type RecordAnswer = Record<string, unknown> & {
  uuid: string;
  __version__: number;
  created_by: string | null;
  created_at: string;
  updated_by: string | null;
  updated_at: string;
  deleted_at: string | null;
  disabled_at: string | null;
};

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A stored row as answered: meta keys and the fields the viewer may see, never hashed ones. */
export function shapeRecord(row: RecordRow, view: ViewSchema): RecordAnswer {
  const data = isPlainObject(row.data) ? row.data : {};
  const meta = {
    uuid: row.uuid,
    __version__: row.version,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at)!,
    deleted_at: iso(row.deleted_at),
    disabled_at: iso(row.disabled_at),
  };
  const answer: Record<string, unknown> = { ...meta };
  for (const field of view.fields) {
    if (!field.visible || field.hashed || field.key in meta) continue;
    answer[field.key] = Object.prototype.hasOwnProperty.call(data, field.key) ? data[field.key] : null;
  }
  return answer as RecordAnswer;
}

