// Defining thunder data sets (docs/thunder.md): admins create (POST with a definition), rebuild (POST
// with only the name of an existing set), change (PUT), read and remove them; everyone else is 403.
// A component source's filter and $aggregate are checked exactly as the record list checks them, for
// the defining admin (a refusal answers at `filter` or `aggregate`); a ratchet source's SQL must be one
// statement. Unknown keys are 400 unknownField, bad values 417 per field.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  THUNDER_LIMITS,
  THUNDER_MESSAGE,
  THUNDER_NAME,
  THUNDER_SOURCES,
  THUNDER_WRITE_KEYS,
  type ThunderBuild,
  type ThunderDetail,
  type ThunderSet,
  type ThunderSource,
} from '../../../runtime/api/thunder';
import type { Database } from '../db/schema';
import type { ThunderBuildRow } from '../db/schema-thunder';
import { badRequest, HttpError, notFound } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import type { Accountability } from '../auth/tenancy';
import { FieldErrors, requireAdmin } from '../iam/access';
import { bodyObject } from '../components/input';
import { resolveComponent } from '../components/model';
import { listTarget, parseOrThrow } from '../records/list';
import { requireConnection } from '../ratchet/connections';
import { singleStatement } from '../ratchet/statement';
import { buildsOf, countSets, deleteSet, findSetByName, insertSet, listSets, updateDefinition, widgetsUsing, type DefinitionColumns, type ThunderSetHead } from './sql';

type Db = Kysely<Database>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toThunderSet(row: ThunderSetHead): ThunderSet {
  return {
    uuid: row.uuid,
    name: row.name,
    env: row.env,
    source: row.source,
    component: row.component_uuid,
    filter: row.filter,
    aggregate: row.aggregate,
    connection: row.connection_uuid,
    sql: row.sql,
    schedule_minutes: row.schedule_minutes,
    rebuild_on_change: row.rebuild_on_change,
    status: row.status,
    error: row.error,
    rows: row.row_count,
    size_bytes: row.size_bytes,
    built_at: iso(row.built_at),
    next_build_at: iso(row.next_build_at),
    queued: row.queued_at !== null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function toBuild(row: ThunderBuildRow): ThunderBuild {
  return {
    uuid: row.uuid,
    trigger: row.trigger,
    status: row.status,
    error: row.error,
    rows: row.row_count,
    size_bytes: row.size_bytes,
    ms: row.ms,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
  };
}

/** The project's set with this name (404 otherwise). */
export async function requireSet(db: Db, projectUuid: string, name: string): Promise<ThunderSetHead> {
  const row = typeof name === 'string' && THUNDER_NAME.test(name) ? await findSetByName(db, projectUuid, name) : undefined;
  if (!row) throw notFound();
  return row;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

function checkName(value: unknown, errors: FieldErrors): string {
  if (value === undefined || value === null || value === '') errors.add('name', 'fieldRequired');
  else if (typeof value !== 'string' || !THUNDER_NAME.test(value) || CONTROL.test(value)) errors.add('name', 'invalid');
  else if (value.length < THUNDER_LIMITS.nameMin) errors.add('name', 'cantBeLessThenChars', { min: THUNDER_LIMITS.nameMin });
  else if (value.length > THUNDER_LIMITS.nameMax) errors.add('name', 'cantBeMoreThenChars', { max: THUNDER_LIMITS.nameMax });
  else return value;
  return '';
}

/** A list refusal of the set's query, at the key that holds it. */
function atDefinition(error: unknown): never {
  if (error instanceof HttpError && error.errors) {
    const errors = error.errors.map((entry) => ({ ...entry, field: entry.field.replace(/^\$adv/, 'filter').replace(/^\$aggregate/, 'aggregate') }));
    throw new HttpError(error.status, error.message, errors);
  }
  throw error;
}

type Given = Record<string, unknown>;
const has = (given: Given, key: string) => given[key] !== undefined;

/** The component source's columns, its query checked by the list's own rules for the defining admin. */
async function componentColumns(db: Db, accountability: Accountability, projectUuid: string, given: Given, existing: ThunderSetHead | null, errors: FieldErrors, locale: string | undefined) {
  const keep = existing?.source === 'component';
  let componentUuid: string | null = keep && !has(given, 'component') ? existing.component_uuid : null;
  if (componentUuid === null) {
    if (given.component === undefined || given.component === null || given.component === '') errors.add('component', 'fieldRequired');
    else if (typeof given.component !== 'string') errors.add('component', 'invalid');
    else componentUuid = (await resolveComponent(db, projectUuid, given.component).catch(() => null))?.uuid ?? null;
    if (componentUuid === null && typeof given.component === 'string' && given.component !== '') errors.add('component', 'invalid');
  }
  const filter = has(given, 'filter') ? given.filter : keep ? existing.filter : null;
  if (filter !== null && filter !== undefined && !isPlainObject(filter)) errors.add('filter', 'invalid');
  const aggregate = has(given, 'aggregate') ? given.aggregate : keep ? existing.aggregate : null;
  if (aggregate === null || aggregate === undefined || (Array.isArray(aggregate) && aggregate.length === 0)) errors.add('aggregate', 'fieldRequired');
  else if (!Array.isArray(aggregate)) errors.add('aggregate', 'invalid');
  errors.throwIfAny();
  const target = await listTarget(db, accountability, componentUuid!, ['read'], locale).catch(atDefinition);
  const cleanFilter = isPlainObject(filter) && Object.keys(filter).length > 0 ? filter : null;
  try {
    parseOrThrow(thunderListQuery(cleanFilter, aggregate as unknown[]), target.view, { app: false });
  } catch (error) {
    atDefinition(error);
  }
  return { component_uuid: componentUuid, connection_uuid: null, filter: cleanFilter, aggregate: aggregate as unknown[], sql: null };
}

/** The list query a component-sourced set builds (the list API's parameters, as text). */
export function thunderListQuery(filter: Record<string, unknown> | null, aggregate: unknown[]): Record<string, string> {
  return { ...(filter ? { $adv: JSON.stringify(filter) } : {}), $aggregate: JSON.stringify(aggregate) };
}

async function ratchetColumns(db: Db, projectUuid: string, given: Given, existing: ThunderSetHead | null, errors: FieldErrors) {
  const keep = existing?.source === 'ratchet';
  const connection = has(given, 'connection') ? given.connection : keep ? existing.connection_uuid : null;
  let row = null;
  if (connection === null || connection === undefined || connection === '') errors.add('connection', 'fieldRequired');
  else if (typeof connection !== 'string') errors.add('connection', 'invalid');
  else row = await requireConnection(db, projectUuid, connection).catch(() => null);
  if (typeof connection === 'string' && connection !== '' && row === null) errors.add('connection', 'invalid');
  const text = has(given, 'sql') ? given.sql : keep ? existing.sql : null;
  if (text === null || text === undefined || (typeof text === 'string' && text.trim() === '')) errors.add('sql', 'fieldRequired');
  else if (row) {
    try {
      singleStatement(text, row.kind);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.add('sql', error.status === 417 ? (error.errors?.[0]?.messages[0] ?? 'invalid') : error.message);
    }
  }
  errors.throwIfAny();
  return { component_uuid: null, connection_uuid: row!.uuid, filter: null, aggregate: null, sql: (text as string).trim() };
}

/** A definition from the body, over the existing set's (PUT: the keys given change). */
async function checkDefinition(db: Db, accountability: Accountability, projectUuid: string, given: Given, existing: ThunderSetHead | null, locale: string | undefined): Promise<DefinitionColumns> {
  const unknown = Object.keys(given).filter((key) => !(THUNDER_WRITE_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw badRequest(unknown.map((key) => ({ field: key, messages: ['unknownField'] })));
  const errors = new FieldErrors();
  const sourceValue = has(given, 'source') ? given.source : (existing?.source ?? 'component');
  if (!(THUNDER_SOURCES as readonly unknown[]).includes(sourceValue)) errors.add('source', 'invalid');
  const schedule = has(given, 'schedule_minutes') ? given.schedule_minutes : (existing?.schedule_minutes ?? 0);
  if (!Number.isInteger(schedule) || (schedule as number) < 0 || (schedule as number) > THUNDER_LIMITS.scheduleMax) errors.add('schedule_minutes', 'invalid');
  const onChange = has(given, 'rebuild_on_change') ? given.rebuild_on_change : (existing?.rebuild_on_change ?? true);
  if (typeof onChange !== 'boolean') errors.add('rebuild_on_change', 'invalid');
  errors.throwIfAny();
  const source = sourceValue as ThunderSource;
  const columns =
    source === 'component' ? await componentColumns(db, accountability, projectUuid, given, existing, errors, locale) : await ratchetColumns(db, projectUuid, given, existing, errors);
  return { source, ...columns, schedule_minutes: schedule as number, rebuild_on_change: onChange as boolean };
}

export async function listProjectSets(db: Db, accountability: Accountability): Promise<ThunderSet[]> {
  return (await listSets(db, requireAdmin(accountability))).map(toThunderSet);
}

export async function getSetDetail(db: Db, accountability: Accountability, name: string): Promise<ThunderDetail> {
  const row = await requireSet(db, requireAdmin(accountability), name);
  return { ...toThunderSet(row), builds: (await buildsOf(db, row.uuid)).map(toBuild) };
}

/** POST: a new set (its first build queued by the caller), or, for only the name of an existing one, that set (its rebuild queued by the caller). */
export async function defineSet(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<{ row: ThunderSetHead; created: boolean }> {
  const projectUuid = requireAdmin(accountability);
  const given = bodyObject(body);
  const errors = new FieldErrors();
  const name = checkName(given.name, errors);
  errors.throwIfAny();
  const existing = await findSetByName(db, projectUuid, name);
  if (existing) {
    // A rebuild names only the set; a definition under a taken name is refused.
    if (Object.keys(given).some((key) => key !== 'name')) throw new HttpError(417, 'fieldsNotValid', [{ field: 'name', messages: ['unique'] }]);
    return { row: existing, created: false };
  }
  const { name: _name, ...rest } = given;
  const columns = await checkDefinition(db, accountability, projectUuid, rest, null, locale);
  if ((await countSets(db, projectUuid)) >= THUNDER_LIMITS.perProject) throw new HttpError(409, THUNDER_MESSAGE.tooMany);
  const row = await insertSet(db, { ...columns, uuid: randomUUID(), project_uuid: projectUuid, name, env: accountability.env, created_by: accountability.user.uuid });
  return { row, created: true };
}

/** PUT: the named set's definition changes (the keys given); the caller queues its rebuild. */
export async function changeSet(db: Db, accountability: Accountability, body: unknown, locale: string | undefined): Promise<ThunderSetHead> {
  const projectUuid = requireAdmin(accountability);
  const given = bodyObject(body);
  const errors = new FieldErrors();
  const name = checkName(given.name, errors);
  errors.throwIfAny();
  const existing = await requireSet(db, projectUuid, name);
  const { name: _name, ...rest } = given;
  const columns = await checkDefinition(db, accountability, projectUuid, rest, existing, locale);
  const updated = await updateDefinition(db, existing.uuid, columns, accountability.user.uuid);
  if (!updated) throw notFound();
  return updated;
}

export async function removeSet(db: Db, accountability: Accountability, name: string): Promise<Record<string, never>> {
  const row = await requireSet(db, requireAdmin(accountability), name);
  if ((await widgetsUsing(db, row.uuid)) > 0) throw new HttpError(409, THUNDER_MESSAGE.inUse);
  if (!(await deleteSet(db, row.uuid))) throw notFound();
  return {};
}
