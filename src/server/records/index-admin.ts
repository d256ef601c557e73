// The self-tuning indexes' admin calls (runtime/api/record-indexes.ts; docs/lists.md "Self-tuning
// indexes"): what indexes a component's records have and why, dropping one, and marking a field
// always indexed. Anyone with the component's 'settings' permission (admins included).
import { sql, type Kysely } from 'kysely';
import { INDEX_MESSAGE, type ComponentIndex, type ComponentIndexes, type IndexKind } from '../../../runtime/api/record-indexes';
import type { ComponentSettings } from '../../../schemas/index';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import { requireProject, type Accountability } from '../auth/tenancy';
import { findVersion } from '../components/sql';
import { requireSettingsPermission, resolveComponent } from '../components/model';
import type { ComponentRow, Database } from '../db/schema';
import { nowDate } from '../platform/clock';
import { badRequest, HttpError } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { listIndexState, markIndexes, putIndexState } from './auto-indexes-sql';
import type { RecordIndexJob } from './auto-indexes';
import { listFieldIndexes, type FieldIndexKind } from './field-indexes-sql';
import { fieldIndexesOf, fieldIndexName, fieldTakes, syncFieldIndexes } from './indexes';
import { compileFor } from './view';

type Db = Kysely<Database>;

const KIND: Record<FieldIndexKind, IndexKind> = { text: 'btree', number: 'btree', search: 'trigram', choice: 'partial' };

interface Versions {
  declared: Map<string, { key: string; kind: FieldIndexKind; value?: string }>;
  fields: Map<string, ViewField>;
}

/** The declared indexes and the fields of the versions both environments point to. */
async function versionsOf(db: Db, row: ComponentRow): Promise<Versions> {
  const out: Versions = { declared: new Map(), fields: new Map() };
  for (const version of new Set([row.dev_version, row.public_version])) {
    const stored = version ? await findVersion(db, row.uuid, version) : undefined;
    if (!stored) continue;
    const settings = stored.settings as ComponentSettings;
    for (const index of fieldIndexesOf(row, settings)) out.declared.set(index.name, index);
    for (const field of compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' }).fields) if (!out.fields.has(field.key)) out.fields.set(field.key, field);
  }
  return out;
}

async function sizesOf(db: Db, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<{ name: string; size: string | number }>`select c.relname as name, pg_relation_size(c.oid) as size from pg_class c where c.relname in (${sql.join(names)})`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.size)]));
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** What the component's records are indexed by (beyond the parent's own indexes), and why. */
export async function indexesOfRow(db: Db, row: ComponentRow, autoMax: number): Promise<ComponentIndexes> {
  const uuid = row.uuid.toLowerCase();
  const { declared, fields } = await versionsOf(db, row);
  const built = new Map((await listFieldIndexes(db, uuid)).filter((index) => index.valid).map((index) => [index.name, index]));
  const state = (await listIndexState(db, uuid)).filter((entry) => entry.dropped_at === null);
  const sizes = await sizesOf(db, [...built.keys()]);
  const indexes: ComponentIndex[] = [];
  const stated = new Set<string>();
  for (const entry of state) {
    stated.add(entry.name);
    const isBuilt = built.has(entry.name);
    indexes.push({
      name: entry.name,
      field: entry.field,
      kind: KIND[entry.kind as FieldIndexKind] ?? 'btree',
      value: entry.value,
      reason: entry.always ? 'always' : declared.has(entry.name) ? 'declared' : 'auto',
      shape: entry.shape,
      slowCount: entry.slow_count,
      status: entry.error ? 'failed' : isBuilt ? 'built' : 'building',
      error: entry.error,
      builtAt: isBuilt ? iso(entry.built_at) : null,
      lastUsedAt: iso(entry.last_used_at),
      size: sizes.get(entry.name) ?? null,
    });
  }
  for (const [name, index] of declared) {
    if (stated.has(name)) continue;
    const isBuilt = built.has(name);
    indexes.push({ name, field: index.key, kind: KIND[index.kind], value: index.value ?? null, reason: 'declared', shape: null, slowCount: 0, status: isBuilt ? 'built' : 'building', error: null, builtAt: null, lastUsedAt: null, size: sizes.get(name) ?? null });
  }
  indexes.sort((a, b) => a.field.localeCompare(b.field) || a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  const always = new Set(state.filter((entry) => entry.always).map((entry) => entry.field));
  const indexable = [...fields.values()].filter((field) => fieldTakes(field, { kind: 'search' }) || fieldTakes(field, { kind: 'text' }) || fieldTakes(field, { kind: 'number' }));
  return { indexes, fields: indexable.map((field) => ({ key: field.key, always: always.has(field.key) })).sort((a, b) => a.key.localeCompare(b.key)), autoMax };
}

async function adminTarget(db: Db, accountability: Accountability, ref: string): Promise<ComponentRow> {
  const row = await resolveComponent(db, requireProject(accountability), ref);
  requireSettingsPermission(accountability, row);
  return row;
}

export interface IndexAdminContext {
  db: Db;
  autoMax: number;
  send: (job: RecordIndexJob) => Promise<unknown>;
}

export async function componentIndexes(context: IndexAdminContext, accountability: Accountability, ref: string): Promise<ComponentIndexes> {
  return indexesOfRow(context.db, await adminTarget(context.db, accountability, ref), context.autoMax);
}

function textOf(body: unknown, key: string): string {
  const value = isPlainObject(body) ? body[key] : undefined;
  if (typeof value !== 'string' || value === '') throw badRequest([{ field: key, messages: ['required'] }]);
  return value;
}

/** Drops an index built for slow queries or asked for always; it is not built again for its shape. A declared one: 409, the schema keeps it. */
export async function dropComponentIndex(context: IndexAdminContext, accountability: Accountability, ref: string, body: unknown): Promise<ComponentIndexes> {
  const { db } = context;
  const row = await adminTarget(db, accountability, ref);
  const name = textOf(body, 'name');
  const uuid = row.uuid.toLowerCase();
  const entry = (await listIndexState(db, uuid)).find((candidate) => candidate.name === name && candidate.dropped_at === null);
  if (!entry) {
    const { declared } = await versionsOf(db, row);
    if (declared.has(name)) throw new HttpError(409, INDEX_MESSAGE.indexDeclared, [{ field: 'name', messages: [INDEX_MESSAGE.indexDeclared] }]);
    throw new HttpError(404, INDEX_MESSAGE.indexNotFound, [{ field: 'name', messages: [INDEX_MESSAGE.indexNotFound] }]);
  }
  await markIndexes(db, uuid, [name], { dropped_at: nowDate() });
  await syncFieldIndexes(db, uuid);
  return indexesOfRow(db, row, context.autoMax);
}

/** Keeps a field indexed whatever the queries do (its btree and, for searchable text, its trigram index); the build is queued at once. */
export async function alwaysIndexField(context: IndexAdminContext, accountability: Accountability, ref: string, body: unknown): Promise<ComponentIndexes> {
  const { db } = context;
  const row = await adminTarget(db, accountability, ref);
  const key = textOf(body, 'field');
  const { fields } = await versionsOf(db, row);
  const field = fields.get(key);
  if (!field) throw badRequest([{ field: 'field', messages: [INDEX_MESSAGE.fieldNotFound] }]);
  const kinds = (['number', 'text', 'search'] as const).filter((kind) => fieldTakes(field, { kind }));
  if (kinds.length === 0) throw badRequest([{ field: 'field', messages: [INDEX_MESSAGE.fieldNotIndexable] }]);
  const uuid = row.uuid.toLowerCase();
  const at = nowDate();
  for (const kind of kinds) {
    await putIndexState(db, { componentUuid: uuid, name: fieldIndexName(uuid, key, kind), need: { key, kind }, reason: 'always', shape: null, slowCount: 0, at });
  }
  await context.send({ component: uuid });
  return indexesOfRow(db, row, context.autoMax);
}
