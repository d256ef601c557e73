// What a revision keeps and shows (docs/history.md): the record's data after the write with each
// hashed field's hash replaced by its md5 (a change shows, the hash never leaves the write), who
// wrote it, and the changes a reader may see of it.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Accountability } from '../auth/tenancy';
import type { RevisionActorKind, RevisionRow } from '../db/schema-history';
import { isPlainObject } from '../platform/validate';
import { RECORD_META_KEYS } from '../records/shape';
import { currentChain } from '../workflows/depth';

/** Who wrote a revision: a member, an API user, a workflow run (for the user whose write started it), an import. */
export interface Actor {
  kind: RevisionActorKind;
  user: string | null;
  run: string | null;
}

/** The keys of a view's hashed fields (the view holds every field, visible or not). */
export function hashedKeys(view: ViewSchema): string[] {
  return view.fields.filter((field) => field.hashed).map((field) => field.key);
}

/** The md5 hex of a stored hash: what a revision keeps of a hashed field (the same function as SQL's md5). */
export function hashMark(value: unknown): unknown {
  return typeof value === 'string' ? createHash('md5').update(value).digest('hex') : value;
}

/** A copy of `data` with each hashed field's hash replaced by its mark. */
export function masked(data: unknown, hashed: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = isPlainObject(data) ? { ...data } : {};
  for (const key of hashed) if (key in copy) copy[key] = hashMark(copy[key]);
  return copy;
}

/** The earlier values of the keys whose value differs between `before` and `after` (both masked). */
export function previousValues(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!isDeepStrictEqual(before[key] ?? null, after[key] ?? null)) previous[key] = before[key] ?? null;
  }
  return previous;
}

/** The writer of a single write: the workflow run writing it (workflows/depth.ts), else the caller. */
export function actorOf(accountability: Accountability): Actor {
  const chain = currentChain();
  if (chain) return { kind: 'workflow', user: accountability.user.uuid, run: chain.run ?? null };
  return { kind: accountability.user.kind === 'api' ? 'api' : 'user', user: accountability.user.uuid, run: null };
}

/** One changed field as a reader sees it: its values, or only that it changed (a hashed field). */
export type Change = { field: string; before?: unknown; after: unknown } | { field: string; hashed: true };

/** The fields of a record's data a change may name: not the record's own keys. */
const META = new Set<string>(RECORD_META_KEYS);

/**
 * The changes of `revision`, given the record's revision before it (`older`, undefined when none is
 * kept), as the reader of `view` may see them: fields it may not see are left out, hashed fields say
 * only that they changed. A revision that changed no value (a delete, a bulk action) has none; an
 * update with neither `previous` nor an older revision shows its new values only (no `before`).
 */
export function visibleChanges(revision: RevisionRow, older: RevisionRow | undefined, view: ViewSchema): Change[] {
  if (revision.action === 'delete' || revision.action === 'bulk') return [];
  const after = isPlainObject(revision.data) ? revision.data : {};
  const created = revision.action === 'create' || (revision.action === 'import' && revision.detail === 'create');
  const before: Record<string, unknown> | null = revision.previous ?? (created ? {} : older ? (older.data as Record<string, unknown>) : null);
  const keys = revision.previous ? Object.keys(revision.previous) : Object.keys(before ? previousValues(before, after) : after);
  const changes: Change[] = [];
  for (const field of view.fields) {
    if (!keys.includes(field.key) || !field.visible || META.has(field.key)) continue;
    if (field.hashed) changes.push({ field: field.key, hashed: true });
    else changes.push(before ? { field: field.key, before: before[field.key] ?? null, after: after[field.key] ?? null } : { field: field.key, after: after[field.key] ?? null });
  }
  return changes;
}
