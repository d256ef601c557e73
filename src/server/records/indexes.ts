// Unique fields (docs/records.md): one partial unique expression index per unique field of the
// version an environment points to, so a duplicate fails inside the database (no check-then-insert
// race). Deploying a version (publish) and saving the pointed version bring the environment's
// indexes in line; rows that already break uniqueness answer 409 'uniqueIndexConflict' and the
// surrounding transaction changes nothing.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import { dataKindOf, isSearchable } from '../../../runtime/query/index';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import { isEmbedded } from '../db/dialect-pglite';
import { createFieldIndex, dropFieldIndex, isIndexableChoice, listFieldIndexes, type FieldIndex, type FieldIndexKind } from './field-indexes-sql';
import { ensureRecordPartition, keepStatistics } from './partitions-sql';
import { allComponentUuids, findComponentByUuidAnyProject, findVersion } from '../components/sql';
import { createUniqueIndex, dropUniqueIndex, listUniqueIndexes, type UniqueIndex } from './sql';
import type { ComponentRow, Database, RecordEnv } from '../db/schema';
import { HttpError } from '../platform/errors';
import { compileFor } from './view';
import { deleteIndexState, listIndexState, markBuilt, markIndexes } from './auto-indexes-sql';
import { nowDate } from '../platform/clock';

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
}

// ---------------------------------------------------------------------------------------------
// Field indexes (docs/lists.md "Indexes"): only what the queries need, once for both
// environments, on the component's partition (records/field-indexes-sql):
// - a btree (text or number) for a field that is filterable (the admin's word that users filter,
//   range and sort on it) or a sortable column of a list whose columns the admin chose;
// - a trigram index for a searchable field that is filterable or named in a preset's filterOn;
// the union of what the versions dev and live point to need. Only short scalar values get a btree
// (an entry holds about 2.7 kB); a trigram index takes any text. At most MAX_FIELD_INDEXES.
// They are built after the deploy's transaction: CONCURRENTLY on PostgreSQL, so writers are never
// locked out; an index that cannot be built (a stored value that is not a number under the
// numeric cast) is skipped and its failed build dropped, never failing the deploy.

export const MAX_FIELD_INDEXES = 32;
/** A sync waits for another instance's sync of the same component: about ten minutes in 100 ms tries. */
const LOCK_RETRY_MS = 100;
const LOCK_ATTEMPTS = 6000;
const SHORT_TEXT_RENDERERS = new Set([
  'input/email', 'select/text', 'select/relation', 'radio/text', 'picker/date', 'picker/datetime', 'picker/time', 'checkbox/bool', 'reference/text',
]);
const SHORT_TEXT_MAX = 1000;

/** The index name for one (component, field key, kind), and for a choice index its item. */
export function fieldIndexName(componentUuid: string, key: string, kind: FieldIndexKind, value?: string): string {
  const of = kind === 'choice' ? `${componentUuid}|${key}|${kind}|${value}` : `${componentUuid}|${key}|${kind}`;
  return `records_ix_${createHash('sha256').update(of).digest('hex').slice(0, 40)}`;
}

/** Choice fields of up to this many items get an index per item (docs/lists.md "Indexes"). */
export const MAX_CHOICE_ITEMS = 8;
const CHOICE_RENDERERS = new Set(['select/text', 'radio/text']);

/**
 * The items of a filterable field that holds one of a fixed list of texts (a select or radio of
 * text, neither multiple nor open to custom values), when there are few enough; else none.
 */
export function choiceItems(field: ViewField): string[] {
  if (!CHOICE_RENDERERS.has(field.renderer) || field.options.multiple || field.options.customValues) return [];
  const items = [...new Set(field.options.items.map((item) => String(item.value)))];
  if (items.length === 0 || items.length > MAX_CHOICE_ITEMS || !items.every(isIndexableChoice)) return [];
  return items;
}

/** The btree a field's values fit (short scalars only), or null. */
export function btreeKind(field: ViewField): 'text' | 'number' | null {
  if (field.hashed || !FIELD_KEY.test(field.key)) return null;
  const kind = dataKindOf(field);
  if (kind === 'number') return 'number';
  if (kind === 'json') return null;
  if (SHORT_TEXT_RENDERERS.has(field.renderer)) return 'text';
  const max = field.options.length.max;
  if (field.renderer === 'input/text' && max !== null && max <= SHORT_TEXT_MAX) return 'text';
  return null;
}

/** The field indexes one version's settings need. */
export function fieldIndexesOf(row: ComponentRow, settings: ComponentSettings): FieldIndex[] {
  const view = compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
  const filterable = new Set((settings.fields ?? []).filter((field) => field.filterable === true).map((field) => field.key));
  const chosenColumns = (settings.list?.fields ?? []).length > 0;
  const sorted = new Set(chosenColumns ? view.columns.filter((column) => !column.virtual && column.sortable).map((column) => column.key) : []);
  const searched = new Set((settings.presets ?? []).flatMap((preset) => preset.context?.filters?.filterOn ?? []));
  const componentUuid = row.uuid.toLowerCase();
  const out: FieldIndex[] = [];
  const add = (key: string, kind: FieldIndexKind) => out.push({ name: fieldIndexName(componentUuid, key, kind), componentUuid, key, kind });
  for (const field of view.fields) {
    if (!FIELD_KEY.test(field.key) || field.hashed) continue;
    const btree = btreeKind(field);
    if (btree && (filterable.has(field.key) || sorted.has(field.key))) add(field.key, btree);
    if (isSearchable(field) && (filterable.has(field.key) || searched.has(field.key))) add(field.key, 'search');
    if (filterable.has(field.key)) {
      for (const value of choiceItems(field)) out.push({ name: fieldIndexName(componentUuid, field.key, 'choice', value), componentUuid, key: field.key, kind: 'choice', value });
    }
  }
  return out.slice(0, MAX_FIELD_INDEXES);
}

/** Whether a field's values take an index of this kind (and a choice index's item is still one of its items). */
export function fieldTakes(field: ViewField, need: { kind: string; value?: string | null }): boolean {
  if (field.hashed || !FIELD_KEY.test(field.key)) return false;
  if (need.kind === 'search') return isSearchable(field);
  if (need.kind === 'choice') return typeof need.value === 'string' && choiceItems(field).includes(need.value);
  return btreeKind(field) === need.kind;
}

/**
 * What both environments' versions need, by name: what their schemas declare, then the indexes
 * built for slow query shapes or asked for by an admin (records/auto-indexes.ts) while a field of
 * either version still takes them; the state of one whose field is gone or changed type is forgotten.
 */
async function wantedFieldIndexes(db: Db, row: ComponentRow): Promise<Map<string, FieldIndex>> {
  const wanted = new Map<string, FieldIndex>();
  const fields: ViewField[] = [];
  for (const version of new Set([row.dev_version, row.public_version])) {
    if (!version) continue;
    const stored = await findVersion(db, row.uuid, version);
    if (!stored) continue;
    const settings = stored.settings as ComponentSettings;
    for (const index of fieldIndexesOf(row, settings)) if (wanted.size < MAX_FIELD_INDEXES) wanted.set(index.name, index);
    fields.push(...compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' }).fields);
  }
  const componentUuid = row.uuid.toLowerCase();
  const gone: string[] = [];
  for (const state of await listIndexState(db, componentUuid)) {
    if (state.dropped_at || state.error) continue;
    const kind = state.kind as FieldIndexKind;
    const name = fieldIndexName(componentUuid, state.field, kind, state.value ?? undefined);
    if (name !== state.name || !fields.some((field) => field.key === state.field && fieldTakes(field, state))) gone.push(state.name);
    else if (wanted.size < MAX_FIELD_INDEXES) wanted.set(name, { name, componentUuid, key: state.field, kind, ...(state.value !== null ? { value: state.value } : {}) });
  }
  await deleteIndexState(db, componentUuid, gone);
  return wanted;
}

export interface FieldIndexChanges {
  created: string[];
  dropped: string[];
  skipped: string[];
}

/**
 * Brings a component's field indexes in line with the versions its environments point to: drops
 * what no version needs (and failed builds), builds what is missing, then refreshes the planner's
 * statistics (expression indexes have their own). Call it outside any transaction, after the
 * change that moved a pointer or saved a pointed version has committed. Two instances syncing the
 * same component take turns (an advisory lock per component on PostgreSQL).
 */
export async function syncFieldIndexes(db: Db, componentUuid: string): Promise<FieldIndexChanges> {
  const embedded = isEmbedded(db);
  if (embedded) return syncFieldIndexesOn(db, componentUuid, false);
  return db.connection().execute(async (connection) => {
    const key = `luma:records:indexes:${componentUuid.toLowerCase()}`;
    // Tried, not waited for inside PostgreSQL: a session blocked on the lock would hold a snapshot
    // that the other session's CREATE INDEX CONCURRENTLY waits for (a deadlock).
    for (let attempt = 0; ; attempt++) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      if (attempt >= LOCK_ATTEMPTS) throw new Error(`record indexes of ${componentUuid} are being built elsewhere (${LOCK_ATTEMPTS} attempts)`);
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    try {
      return await syncFieldIndexesOn(connection, componentUuid, true);
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}

async function syncFieldIndexesOn(db: Db, componentUuid: string, concurrently: boolean): Promise<FieldIndexChanges> {
  const changes: FieldIndexChanges = { created: [], dropped: [], skipped: [] };
  const row = await findComponentByUuidAnyProject(db, componentUuid.toLowerCase());
  if (!row) return changes;
  const wanted = await wantedFieldIndexes(db, row);
  const existing = await listFieldIndexes(db, row.uuid);
  for (const index of existing) {
    if (index.valid && wanted.has(index.name)) continue;
    await dropFieldIndex(db, index.name, concurrently);
    changes.dropped.push(index.name);
  }
  const present = new Set(existing.filter((index) => index.valid).map((index) => index.name));
  for (const index of wanted.values()) {
    if (present.has(index.name)) continue;
    try {
      await createFieldIndex(db, index, concurrently);
      changes.created.push(index.name);
    } catch {
      // A value the index expression cannot take: no index for this field, and no failed build left behind.
      await dropFieldIndex(db, index.name, concurrently).catch(() => undefined);
      changes.skipped.push(index.name);
    }
  }
  await markBuilt(db, componentUuid.toLowerCase(), [...wanted.keys()].filter((name) => present.has(name) || changes.created.includes(name)), nowDate());
  await markIndexes(db, componentUuid.toLowerCase(), changes.skipped, { error: 'the index could not be built (a stored value the expression does not take)' });
  // New expression indexes have no statistics until ANALYZE; otherwise only when enough changed.
  await keepStatistics(db, row.uuid, changes.created.length > 0 ? 'always' : 'counted');
  return changes;
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

/**
 * Every component's partition and indexes, brought in line when the server starts: after migration
 * 0007 (which rebuilt the table without them) and after a process died while building one. A
 * unique index that existing records break is reported through `log`, never stopping the start.
 */
export async function syncAllRecordIndexes(db: Db, log: (error: unknown, message: string) => void): Promise<void> {
  for (const uuid of await allComponentUuids(db)) {
    try {
      await ensureRecordPartition(db, uuid);
      const row = await findComponentByUuidAnyProject(db, uuid);
      if (!row) continue;
      for (const [env, version] of [['dev', row.dev_version], ['live', row.public_version]] as const) {
        const stored = version ? await findVersion(db, row.uuid, version) : undefined;
        await syncUniqueIndexes(db, row, env, (stored?.settings as ComponentSettings | undefined) ?? null);
      }
      await syncFieldIndexes(db, uuid);
    } catch (error) {
      log(error, `record indexes of component ${uuid} could not be brought in line`);
    }
  }
}
