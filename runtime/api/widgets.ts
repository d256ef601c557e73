// Widgets and dashboards (docs/widgets.md): a widget is a saved view of a component's records (a
// filter and an $aggregate pipeline, exactly as the record list takes them) shown as a number, a table
// or a chart, with a refresh interval. Wire types, the settings' JSON Schema (the editor renders it with
// @rjsf/core) and the route schemas. Framework-free.
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schema-kit';

export const WIDGET_KINDS = ['number', 'table', 'chart'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/** Where widgets are placed: the admin dashboard and the home page. */
export const WIDGET_PLACES = ['dashboard', 'home'] as const;
export type WidgetPlace = (typeof WIDGET_PLACES)[number];

export const WIDGET_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  /** 0: never refreshed; else 10 s to a day. */
  refreshMin: 10,
  refreshMax: 86_400,
  /** Rows of a table widget (and records a number widget without $aggregate counts from the total). */
  tableRowsMax: 100,
  /** Widgets per project, and per place. */
  perProject: 200,
  perPlace: 50,
} as const;

export interface WidgetSettings {
  /** Chart widgets: bar, line or pie. */
  chart?: ChartType;
  /** The list's `$adv` filter (docs/lists.md), or null for every record. */
  filter?: Record<string, unknown> | null;
  /** The list's `$aggregate` pipeline; a chart needs one, a number without one shows the total. */
  aggregate?: unknown[] | null;
  /** The item key shown as the label (default `_id`). */
  label?: string;
  /** The item key shown as the value (default: the first key that is not `_id`). */
  value?: string;
  /** Seconds between refreshes; 0 never. */
  refresh_seconds?: number;
  /** Table widgets without $aggregate: how many records (default 10). */
  limit?: number;
}

export interface Widget {
  uuid: string;
  name: string;
  kind: WidgetKind;
  /** The component's uuid, or null when a thunder data set is the source. */
  component: string | null;
  /** The thunder data set's uuid (docs/thunder.md), or null when a component is the source. */
  thunder: string | null;
  settings: WidgetSettings;
  created_at: string;
  updated_at: string;
}

export interface WidgetWrite {
  name?: string;
  kind?: WidgetKind;
  component?: string | null;
  /** A thunder data set (name or uuid) instead of a component; its stored result is the data. */
  thunder?: string | null;
  settings?: WidgetSettings;
}

/** The records list's answer, computed through the list's own code path with the caller's rights. */
export interface WidgetData {
  items: Record<string, unknown>[];
  total: number;
  pages: number;
}

export type WidgetPlaces = Record<WidgetPlace, string[]>;

export const WIDGET_SETTING_KEYS = ['chart', 'filter', 'aggregate', 'label', 'value', 'refresh_seconds', 'limit'] as const;

/** The list query a widget's data is (the same parameters the list API receives, as text). */
export function widgetListQuery(kind: WidgetKind, settings: WidgetSettings): Record<string, string> {
  const query: Record<string, string> = {};
  if (settings.filter && Object.keys(settings.filter).length > 0) query.$adv = JSON.stringify(settings.filter);
  if (settings.aggregate && settings.aggregate.length > 0) query.$aggregate = JSON.stringify(settings.aggregate);
  else query.limit = String(kind === 'table' ? (settings.limit ?? 10) : 1);
  return query;
}

/** The label and value keys of a widget's items (defaults: `_id`, and the first other key of the first item). */
export function widgetKeys(settings: WidgetSettings, items: Record<string, unknown>[]): { label: string; value: string | null } {
  const label = settings.label || '_id';
  const first = items[0];
  const value = settings.value || (first ? (Object.keys(first).find((key) => key !== label && key !== '_id') ?? null) : null);
  return { label, value };
}

// ---- The settings form (JSON Schema; the editor renders it with @rjsf/core) ---------------------

/** The editable part of a widget as one JSON Schema: the editor's form; components are filled in at run time. */
export function widgetFormSchema(components: { uuid: string; label: string }[], sets: { uuid: string; label: string }[] = []) {
  return {
    type: 'object',
    required: ['name', 'kind'],
    properties: {
      name: { type: 'string', title: 'widgets.field.name', minLength: WIDGET_LIMITS.nameMin, maxLength: WIDGET_LIMITS.nameMax },
      kind: { type: 'string', title: 'widgets.field.kind', enum: [...WIDGET_KINDS], default: 'chart' },
      chart: { type: 'string', title: 'widgets.field.chart', enum: [...CHART_TYPES], default: 'bar' },
      source: { type: 'string', title: 'widgets.field.source', enum: ['component', 'thunder'], default: 'component' },
      component: {
        type: 'string',
        title: 'widgets.field.component',
        ...(components.length > 0 ? { oneOf: components.map((component) => ({ const: component.uuid, title: component.label })) } : {}),
      },
      thunder: { type: 'string', title: 'widgets.field.thunder', ...(sets.length > 0 ? { oneOf: sets.map((set) => ({ const: set.uuid, title: set.label })) } : {}) },
      filter: { type: 'string', title: 'widgets.field.filter', description: 'widgets.field.filterHint' },
      aggregate: { type: 'string', title: 'widgets.field.aggregate', description: 'widgets.field.aggregateHint' },
      label: { type: 'string', title: 'widgets.field.label' },
      value: { type: 'string', title: 'widgets.field.value' },
      refresh_seconds: { type: 'integer', title: 'widgets.field.refresh', minimum: 0, maximum: WIDGET_LIMITS.refreshMax, default: 60 },
      limit: { type: 'integer', title: 'widgets.field.limit', minimum: 1, maximum: WIDGET_LIMITS.tableRowsMax, default: 10 },
    },
  } as const;
}

// ---- Route schemas --------------------------------------------------------------------------------

export const widgetParams = closed({ id: { type: 'string', description: 'the widget uuid' } }, ['id']);

const settingsSchema = {
  type: 'object',
  description: 'chart, filter ($adv), aggregate ($aggregate), label, value, refresh_seconds, limit (docs/widgets.md)',
  additionalProperties: true,
} as const;

export const widgetSchema = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    kind: { type: 'string', enum: [...WIDGET_KINDS] },
    component: nullable(uuidSchema),
    thunder: nullable(uuidSchema),
    settings: settingsSchema,
    created_at: dateTimeSchema,
    updated_at: dateTimeSchema,
  },
  ['uuid', 'name', 'kind', 'component', 'thunder', 'settings', 'created_at', 'updated_at'],
);

export const widgetWriteSchema = {
  type: 'object',
  properties: {
    name: judged(`required, ${WIDGET_LIMITS.nameMin}..${WIDGET_LIMITS.nameMax} characters`),
    kind: judged("required: 'number', 'table' or 'chart'"),
    component: judged("the component's uuid (or scope/name); required unless thunder names the source"),
    thunder: judged('a thunder data set (name or uuid) as the source instead of a component (docs/thunder.md); its stored result is the data'),
    settings: judged(`object: ${WIDGET_SETTING_KEYS.join(', ')}; any other key is refused`),
  },
  additionalProperties: false,
} as const;

export const widgetDataSchema = closed(
  { items: arrayOf({ type: 'object', additionalProperties: true }), total: { type: 'integer', minimum: 0 }, pages: { type: 'integer', minimum: 0 } },
  ['items', 'total', 'pages'],
);

export const widgetPlacesSchema = closed({ dashboard: arrayOf(uuidSchema), home: arrayOf(uuidSchema) }, ['dashboard', 'home']);
export const widgetPlacesWriteSchema = {
  type: 'object',
  properties: { dashboard: judged('the widget uuids shown on the admin dashboard, in order'), home: judged('the widget uuids shown on the home page, in order') },
  additionalProperties: false,
} as const;
