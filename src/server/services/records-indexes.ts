// Unique fields (docs/records.md): one partial unique expression index per unique field of the
// version an environment points to, so a duplicate fails inside the database (no check-then-insert
// race). Deploying a version (publish) and saving the pointed version bring the environment's
// indexes in line; rows that already break uniqueness answer 409 'uniqueIndexConflict' and the
// surrounding transaction changes nothing.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas';
import { dataKindOf } from '../../../runtime/query';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import {
  createDefaultListIndex,
  createListIndex,
  dropListIndex,
  listListIndexes,
  withSavepoint,
  type ListIndex,
  type ListIndexKind,
} from '../db/queries/record-list';
import { createUniqueIndex, dropUniqueIndex, listUniqueIndexes, type UniqueIndex } from '../db/queries/records';
import type { ComponentRow, Database, RecordEnv } from '../db/schema';
import { HttpError } from '../errors';
import { compileFor } from './records-view';

type Db = Kysely<Database>;

export const UNIQUE_INDEX_CONFLICT = 'uniqueIndexConflict';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FIELD_KEY = /^[a-z0-9_]{1,64}$/;

/** The index name for one (component, environment, field key): derived from a hash, so any key fits 63 bytes. */
export function uniqueIndexName(componentUuid: string, env: RecordEnv, key: string): string {
  return `records_uq_${createHash('sha256').update(`${componentUuid}|${env}|${key}`).digest('hex').slice(0, 40)}`;
}

/** The unique fields of a version, as the compiled ViewSchema marks them (hashed values are salted, never indexed). */
export function uniqueKeysOf(row: ComponentRow, settings: ComponentSettings): string[] {
  const view = compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
  return view.fields.filter((field) => field.unique && !field.hashed).map((field) => field.key);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Brings the indexes of (component, env) in line with `settings` (null: the environment points to
 * no version, so none). Run inside the transaction that changes the pointer or the settings.
 */
export async function syncUniqueIndexes(db: Db, row: ComponentRow, env: RecordEnv, settings: ComponentSettings | null): Promise<void> {
  const componentUuid = row.uuid.toLowerCase();
  if (!UUID.test(componentUuid)) throw new Error(`unexpected component uuid ${row.uuid}`);
  const wanted = new Set(settings ? uniqueKeysOf(row, settings).filter((key) => FIELD_KEY.test(key)) : []);
  const existing = (await listUniqueIndexes(db, componentUuid)).filter((index) => index.env === env);
  for (const index of existing) {
    if (!wanted.has(index.key) || index.name !== uniqueIndexName(componentUuid, env, index.key)) await dropUniqueIndex(db, index.name);
  }
  const conflicts: string[] = [];
  for (const key of wanted) {
    const index: UniqueIndex = { name: uniqueIndexName(componentUuid, env, key), componentUuid, env, key };
    try {
      await createUniqueIndex(db, index);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      conflicts.push(key);
      // The transaction is aborted now: nothing further can run in it.
      break;
    }
  }
  if (conflicts.length > 0) {
    throw new HttpError(
      409,
      UNIQUE_INDEX_CONFLICT,
      conflicts.map((key) => ({ field: key, messages: [UNIQUE_INDEX_CONFLICT], values: [{ env }] })),
    );
  }
  await syncListIndexes(db, row, env, settings);
}

/** Drops every unique index of a component (before the component itself is removed). */
export async function dropUniqueIndexesOf(db: Db, componentUuid: string): Promise<void> {
  for (const index of await listUniqueIndexes(db, componentUuid.toLowerCase())) await dropUniqueIndex(db, index.name);
  for (const index of await listListIndexes(db, componentUuid.toLowerCase())) await dropListIndex(db, index.name);
}

// ---------------------------------------------------------------------------------------------
// List indexes (docs/lists.md "Indexes"): filterable fields and list columns get an expression
// index per environment, the exact expression the list query sorts and filters with
// (db/queries/record-list): text ((data->>'key'), uuid), number (((data->>'key')::numeric), uuid).
// Only fields with short scalar values are indexed (a btree entry holds about 2.7 kB), at most
// MAX_LIST_INDEXES per environment; an index that cannot be built (a stored value that is not a
// number under the numeric cast) is skipped, never failing the deploy.

export const MAX_LIST_INDEXES = 32;
const SHORT_TEXT_RENDERERS = new Set([
  'input/email', 'select/text', 'select/relation', 'radio/text', 'picker/date', 'picker/datetime', 'picker/time', 'checkbox/bool', 'reference/text',
]);
const SHORT_TEXT_MAX = 1000;

/** The index name for one (component, environment, field key, kind). */
export function listIndexName(componentUuid: string, env: RecordEnv, key: string, kind: ListIndexKind): string {
  return `records_ix_${createHash('sha256').update(`${componentUuid}|${env}|${key}|${kind}`).digest('hex').slice(0, 40)}`;
}

function listIndexKind(field: ViewField): ListIndexKind | null {
  if (field.hashed || !FIELD_KEY.test(field.key)) return null;
  const kind = dataKindOf(field);
  if (kind === 'number') return 'number';
  if (kind === 'json') return null;
  if (SHORT_TEXT_RENDERERS.has(field.renderer)) return 'text';
  const max = field.options.length.max;
  if (field.renderer === 'input/text' && max !== null && max <= SHORT_TEXT_MAX) return 'text';
  return null;
}

/** The list indexes a version needs: its filterable fields and its list columns. */
export function listIndexesOf(row: ComponentRow, env: RecordEnv, settings: ComponentSettings): ListIndex[] {
  const view = compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
  const filterable = new Set((settings.fields ?? []).filter((field) => field.filterable === true).map((field) => field.key));
  const columns = new Set(view.columns.filter((column) => !column.virtual).map((column) => column.key));
  const componentUuid = row.uuid.toLowerCase();
  const out: ListIndex[] = [];
  for (const field of view.fields) {
    if (!filterable.has(field.key) && !columns.has(field.key)) continue;
    const kind = listIndexKind(field);
    if (!kind) continue;
    out.push({ name: listIndexName(componentUuid, env, field.key, kind), componentUuid, env, key: field.key, kind });
    if (out.length >= MAX_LIST_INDEXES) break;
  }
  return out;
}

/** Brings the list indexes of (component, env) in line with `settings` (null: none). */
export async function syncListIndexes(db: Db, row: ComponentRow, env: RecordEnv, settings: ComponentSettings | null): Promise<void> {
  const componentUuid = row.uuid.toLowerCase();
  if (!UUID.test(componentUuid)) throw new Error(`unexpected component uuid ${row.uuid}`);
  const wanted = settings ? listIndexesOf(row, env, settings) : [];
  const wantedNames = new Set(wanted.map((index) => index.name));
  for (const index of (await listListIndexes(db, componentUuid)).filter((candidate) => candidate.env === env)) {
    if (!wantedNames.has(index.name)) await dropListIndex(db, index.name);
  }
  if (settings) await withSavepoint(db, 'luma_list_default_index', () => createDefaultListIndex(db));
  for (const index of wanted) await withSavepoint(db, 'luma_list_index', () => createListIndex(db, index));
}

/**
 * The unique field a violated index (error.constraint) stands for: undefined when the error is not a
 * unique violation, null when the index is not one of the component's record indexes.
 */
export async function uniqueViolationField(
  db: Db,
  target: { scope: { componentUuid: string; env: RecordEnv } },
  view: { fields: readonly { key: string; unique: boolean }[] },
  error: unknown,
): Promise<string | null | undefined> {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  if (typeof constraint !== 'string') return null;
  const { componentUuid, env } = target.scope;
  const direct = view.fields.find((field) => uniqueIndexName(componentUuid.toLowerCase(), env, field.key) === constraint);
  if (direct) return direct.key;
  // An index of the environment's version whose field the caller's view does not carry.
  const index = (await listUniqueIndexes(db, componentUuid.toLowerCase())).find((candidate) => candidate.name === constraint);
  return index ? index.key : null;
}
