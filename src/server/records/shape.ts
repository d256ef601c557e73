// A stored record as the API answers it (docs/records.md): its own keys, then the fields the
// viewer may see; hashed fields never leave the server.
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { RecordRow } from '../db/schema';
import { isPlainObject } from '../platform/validate';

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
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A field whose key is one of these is never answered from data (the `in` test of a plain object: the meta keys and Object.prototype's). */
const META_PROBE: Record<string, unknown> = Object.fromEntries(RECORD_META_KEYS.map((key) => [key, true]));

/** The keys of the fields a view answers, in its order; kept per frozen (cached) view. */
const answeredKeys = new WeakMap<ViewSchema, string[]>();

function keysOf(view: ViewSchema): string[] {
  const kept = answeredKeys.get(view);
  if (kept) return kept;
  const keys = view.fields.filter((field) => field.visible && !field.hashed && !(field.key in META_PROBE)).map((field) => field.key);
  if (Object.isFrozen(view) && Object.isFrozen(view.fields)) answeredKeys.set(view, keys);
  return keys;
}

/**
 * A stored row as answered: meta keys and the fields the viewer may see, never hashed ones.
 * Built as one object literal, then the field keys (a list answers many rows: copying a meta object
 * into each answer cost ten times as much).
 */
export function shapeRecord(row: RecordRow, view: ViewSchema): RecordAnswer {
  const data = isPlainObject(row.data) ? row.data : {};
  const answer: Record<string, unknown> = {
    uuid: row.uuid,
    __version__: row.version,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at)!,
    deleted_at: iso(row.deleted_at),
    disabled_at: iso(row.disabled_at),
  };
  for (const key of keysOf(view)) answer[key] = Object.prototype.hasOwnProperty.call(data, key) ? data[key] : null;
  return answer as RecordAnswer;
}
