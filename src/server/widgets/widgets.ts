// Widgets (docs/widgets.md): any member of the project lists and reads them, admins create, change and
// remove them. A widget's data is the record list's answer to the widget's filter and $aggregate,
// computed by the list's own code (records/list.ts listModels) with the caller's rights: without
// `read` on the component it is 403 and no data, and a field the caller may not see is refused.
// A widget may read a thunder data set instead (docs/thunder.md): its stored result, no query.
// A write is checked the same way with the writing admin's view, so a widget never stores a query the
// list would refuse (then the refusal is answered at settings.filter or settings.aggregate).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CHART_TYPES,
  WIDGET_KINDS,
  WIDGET_LIMITS,
  WIDGET_SETTING_KEYS,
  widgetListQuery,
  type Widget,
  type WidgetData,
  type WidgetKind,
  type WidgetSettings,
} from '../../../runtime/api/widgets';
import type { Database } from '../db/schema';
import type { WidgetRow } from '../db/schema-widgets';
import { badRequest, HttpError, notFound } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { resolveComponent } from '../components/model';
import { FieldErrors, requireAdmin } from '../iam/access';
import { listModels, listTarget, parseOrThrow } from '../records/list';
import { requireProject, type Accountability } from '../auth/tenancy';
import { findSet, findSetByName } from '../thunder/sql';
import { readSetData } from '../thunder/build';
import { countWidgets, deleteWidget, findWidget, insertWidget, listWidgets, updateWidget, type WidgetColumns } from './sql';

type Db = Kysely<Database>;

export const WIDGET_MESSAGE = { tooManyWidgets: 'tooManyWidgets' } as const;

export function toWidget(row: WidgetRow): Widget {
  return {
    uuid: row.uuid,
    name: row.name,
    kind: row.kind,
    component: row.component_uuid,
    thunder: row.thunder_uuid,
    settings: row.settings as WidgetSettings,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The project's widget with this id (404 for a malformed id and another project's widget). */
export async function requireWidget(db: Db, projectUuid: string, id: string): Promise<WidgetRow> {
  const row = isUuid(id) ? await findWidget(db, projectUuid, id.toLowerCase()) : undefined;
  if (!row) throw notFound();
  return row;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function checkName(value: unknown, errors: FieldErrors): string {
  const name = typeof value === 'string' ? value.trim() : value;
  if (name === undefined || name === null || name === '') errors.add('name', 'fieldRequired');
  else if (typeof name !== 'string' || CONTROL.test(name)) errors.add('name', 'invalid');
  else if (name.length < WIDGET_LIMITS.nameMin) errors.add('name', 'cantBeLessThenChars', { min: WIDGET_LIMITS.nameMin });
  else if (name.length > WIDGET_LIMITS.nameMax) errors.add('name', 'cantBeMoreThenChars', { max: WIDGET_LIMITS.nameMax });
  else return name;
  return '';
}

const whole = (value: unknown, min: number, max: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The settings object: unknown keys are 400 unknownField (never dropped), bad values 417 at settings.{key}. */
function checkSettings(kind: WidgetKind | null, value: unknown, errors: FieldErrors, fromThunder: boolean): WidgetSettings {
  if (value === undefined || value === null) value = {};
  if (!isPlainObject(value)) {
    errors.add('settings', 'invalid');
    return {};
  }
  const unknown = Object.keys(value).filter((key) => !(WIDGET_SETTING_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw badRequest(unknown.map((key) => ({ field: `settings.${key}`, messages: ['unknownField'] })));
  const given = value as Record<string, unknown>;
  const settings: WidgetSettings = {};
  if (given.chart !== undefined && given.chart !== null) {
    if (!(CHART_TYPES as readonly unknown[]).includes(given.chart)) errors.add('settings.chart', 'invalid');
    else settings.chart = given.chart as WidgetSettings['chart'];
  }
  if (kind === 'chart' && settings.chart === undefined && !errors.list.some((error) => error.field === 'settings.chart')) errors.add('settings.chart', 'fieldRequired');
  if (given.filter !== undefined && given.filter !== null) {
    if (!isPlainObject(given.filter)) errors.add('settings.filter', 'invalid');
    else settings.filter = given.filter;
  }
  if (given.aggregate !== undefined && given.aggregate !== null) {
    if (!Array.isArray(given.aggregate)) errors.add('settings.aggregate', 'invalid');
    else if (given.aggregate.length > 0) settings.aggregate = given.aggregate;
  }
  if ((settings.filter !== undefined || settings.aggregate !== undefined) && fromThunder) errors.add(settings.filter !== undefined ? 'settings.filter' : 'settings.aggregate', 'invalid');
  if (kind === 'chart' && !fromThunder && settings.aggregate === undefined && !errors.list.some((error) => error.field === 'settings.aggregate')) errors.add('settings.aggregate', 'fieldRequired');
  for (const key of ['label', 'value'] as const) {
    const text = given[key];
    if (text === undefined || text === null || text === '') continue;
    if (typeof text !== 'string' || !KEY.test(text)) errors.add(`settings.${key}`, 'invalid');
    else settings[key] = text;
  }
  const refresh = given.refresh_seconds ?? 0;
  if (!(refresh === 0 || whole(refresh, WIDGET_LIMITS.refreshMin, WIDGET_LIMITS.refreshMax))) errors.add('settings.refresh_seconds', 'invalid');
  else settings.refresh_seconds = refresh as number;
  if (given.limit !== undefined && given.limit !== null) {
    if (!whole(given.limit, 1, WIDGET_LIMITS.tableRowsMax)) errors.add('settings.limit', 'invalid');
    else settings.limit = given.limit as number;
  }
  return settings;
}

/** A list refusal of the widget's query, at the settings key that holds it. */
function atSettings(error: unknown): never {
  if (error instanceof HttpError && error.errors) {
    const errors = error.errors.map((entry) => ({
      ...entry,
      field: entry.field.replace(/^\$adv/, 'settings.filter').replace(/^\$aggregate/, 'settings.aggregate').replace(/^limit$/, 'settings.limit'),
    }));
    throw new HttpError(error.status, error.message, errors);
  }
  throw error;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The widget's source: a component (by uuid or scope/name) or a thunder data set (by name or uuid),
 * exactly one. A change that names neither keeps the widget's; naming one replaces the other.
 */
async function checkSource(db: Db, projectUuid: string, given: Record<string, unknown>, existing: WidgetRow | null, errors: FieldErrors): Promise<Pick<WidgetColumns, 'component_uuid' | 'thunder_uuid'>> {
  if (!blank(given.thunder)) {
    if (!blank(given.component)) errors.add('thunder', 'invalid');
    const set = typeof given.thunder === 'string' ? await findThunderSet(db, projectUuid, given.thunder) : undefined;
    if (!set) errors.add('thunder', 'invalid');
    return { component_uuid: null, thunder_uuid: set?.uuid ?? null };
  }
  if (existing && given.component === undefined && given.thunder === undefined) return { component_uuid: existing.component_uuid, thunder_uuid: existing.thunder_uuid };
  let componentUuid: string | null = existing && given.component === undefined ? existing.component_uuid : null;
  if (componentUuid === null) {
    if (blank(given.component)) errors.add('component', 'fieldRequired');
    else if (typeof given.component !== 'string') errors.add('component', 'invalid');
    else componentUuid = (await resolveComponent(db, projectUuid, given.component).catch(() => null))?.uuid ?? null;
    if (componentUuid === null && typeof given.component === 'string' && given.component !== '') errors.add('component', 'invalid');
  }
  return { component_uuid: componentUuid, thunder_uuid: null };
}

/** A set of the project by name or uuid. */
async function findThunderSet(db: Db, projectUuid: string, ref: string) {
  if (isUuid(ref)) {
    const row = await findSet(db, ref.toLowerCase());
    return row?.project_uuid === projectUuid ? row : undefined;
  }
  return findSetByName(db, projectUuid, ref);
}

async function checkWrite(db: Db, accountability: Accountability, projectUuid: string, body: unknown, existing: WidgetRow | null, locale: string | undefined): Promise<WidgetColumns> {
  const given = bodyObject(body);
  const errors = new FieldErrors();
  const name = given.name === undefined && existing ? existing.name : checkName(given.name, errors);
  const kindValue = given.kind === undefined && existing ? existing.kind : given.kind;
  let kind: WidgetKind | null = null;
  if (kindValue === undefined || kindValue === null || kindValue === '') errors.add('kind', 'fieldRequired');
  else if (!(WIDGET_KINDS as readonly unknown[]).includes(kindValue)) errors.add('kind', 'invalid');
  else kind = kindValue as WidgetKind;
  const source = await checkSource(db, projectUuid, given, existing, errors);
  const settings = checkSettings(kind, given.settings === undefined && existing ? existing.settings : given.settings, errors, source.thunder_uuid !== null);
  errors.throwIfAny();
  if (source.component_uuid !== null) {
    // The query must be one the list takes, for the writing admin (who sees every field but hashed ones).
    const target = await listTarget(db, accountability, source.component_uuid, ['read'], locale).catch(atSettings);
    try {
      parseOrThrow(widgetListQuery(kind!, settings), target.view, { app: false });
    } catch (error) {
      atSettings(error);
    }
  }
  return { name, kind: kind!, ...source, settings: settings as Record<string, unknown> };
}

export async function listProjectWidgets(db: Db, accountability: Accountability): Promise<Widget[]> {
  return (await listWidgets(db, requireProject(accountability))).map(toWidget);
}

export async function getWidget(db: Db, accountability: Accountability, id: string): Promise<Widget> {
  return toWidget(await requireWidget(db, requireProject(accountability), id));
}

/** `uuid`: the new widget's id when it is given (a snapshot's apply keeps its ids). */
export async function createWidget(db: Db, accountability: Accountability, body: unknown, locale: string | undefined, uuid?: string): Promise<Widget> {
  const projectUuid = requireAdmin(accountability);
  const columns = await checkWrite(db, accountability, projectUuid, body, null, locale);
  if ((await countWidgets(db, projectUuid)) >= WIDGET_LIMITS.perProject) throw new HttpError(409, WIDGET_MESSAGE.tooManyWidgets);
  return toWidget(await insertWidget(db, { ...columns, uuid: uuid ?? randomUUID(), project_uuid: projectUuid, created_by: accountability.user.uuid }));
}

export async function changeWidget(db: Db, accountability: Accountability, id: string, body: unknown, locale: string | undefined): Promise<Widget> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireWidget(db, projectUuid, id);
  const columns = await checkWrite(db, accountability, projectUuid, body, row, locale);
  const updated = await updateWidget(db, projectUuid, row.uuid, columns);
  if (!updated) throw notFound();
  return toWidget(updated);
}

export async function removeWidget(db: Db, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  const row = await requireWidget(db, projectUuid, id);
  if (!(await deleteWidget(db, projectUuid, row.uuid))) throw notFound();
  return {};
}

/** The widget's data: the list's answer to its query, with the caller's rights and environment. */
export async function widgetData(db: Db, accountability: Accountability, id: string, locale: string | undefined): Promise<WidgetData> {
  const row = await requireWidget(db, requireProject(accountability), id);
  if (row.thunder_uuid !== null) {
    // A data set's stored result: read in constant time; every member sees what the admin chose to show.
    const data = await readSetData(db, { uuid: row.thunder_uuid });
    const items = data?.items ?? [];
    return { items, total: items.length, pages: items.length === 0 ? 0 : 1 };
  }
  const query = widgetListQuery(row.kind, row.settings as WidgetSettings);
  const result = await listModels(db, accountability, { ref: row.component_uuid!, query, locale, app: false, cacheTtl: null, source: null });
  return result.answer;
}
