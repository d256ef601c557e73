// Thunder data sets (docs/thunder.md): a named, materialised result of a component's filter and
// $aggregate, or of a ratchet connection's read-only SQL, stored with its build time and rebuilt on a
// schedule or when its source component's records change, so dashboards read it in constant time.
// Wire types, limits, message keys, the definition form's JSON Schema and the route schemas.
// Framework-free.
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schema-kit';

export const THUNDER_SOURCES = ['component', 'ratchet'] as const;
export type ThunderSource = (typeof THUNDER_SOURCES)[number];
export const THUNDER_STATUSES = ['building', 'ready', 'failed'] as const;
export type ThunderStatus = (typeof THUNDER_STATUSES)[number];
export const THUNDER_TRIGGERS = ['define', 'manual', 'schedule', 'change'] as const;
export type ThunderTrigger = (typeof THUNDER_TRIGGERS)[number];

export const THUNDER_LIMITS = {
  nameMin: 2,
  nameMax: 64,
  /** Data sets per project. */
  perProject: 100,
  /** Minutes between scheduled builds: 0 (none) or 1 minute to 31 days. */
  scheduleMax: 31 * 24 * 60,
  /** A change's rebuild waits this long after the first write, so a burst of writes is one build. */
  changeDebounceSeconds: 2,
  /** Rows a ratchet-sourced set keeps at most (the console's cap). */
  rowCap: 5000,
  /** Build log entries kept per set. */
  logKept: 50,
  /** A queued build not started after this long is queued again (its job was lost). */
  requeueMinutes: 10,
} as const;

/**
 * The event bus topic a finished build is told on ('thunder.build.{env}', payload uuid, name and
 * status): every member sees it, so a widget over the set reads it again.
 */
export const THUNDER_BUILD_TOPIC_PREFIX = 'thunder.build.';
export const thunderBuildTopic = (env: string) => `${THUNDER_BUILD_TOPIC_PREFIX}${env}`;

/** A name: letters, digits, '-' and '_' (it is a path segment: /admin/thunder/:name). */
export const THUNDER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** What the thunder calls answer besides the spec's generic keys (docs/thunder.md). */
export const THUNDER_MESSAGE = {
  /** 409: the set is the source of a widget. */
  inUse: 'thunderInUse',
  /** 409: the project has THUNDER_LIMITS.perProject sets. */
  tooMany: 'thunderTooMany',
  /** A build's error: the source component or connection is gone. */
  sourceMissing: 'thunderSourceMissing',
  /** A build's error: nobody to act for (the definer left the project). */
  noDefiner: 'thunderNoDefiner',
  /** A build's error not otherwise named. */
  buildFailed: 'thunderBuildFailed',
} as const;

/** The keys of a definition (POST and PUT bodies); any other key is refused. */
export const THUNDER_WRITE_KEYS = ['name', 'source', 'component', 'filter', 'aggregate', 'connection', 'sql', 'schedule_minutes', 'rebuild_on_change'] as const;

export interface ThunderDefinition {
  source: ThunderSource;
  /** component source: the component's uuid. */
  component: string | null;
  /** component source: the list's $adv filter. */
  filter: Record<string, unknown> | null;
  /** component source: the list's $aggregate pipeline (required). */
  aggregate: unknown[] | null;
  /** ratchet source: the connection's uuid. */
  connection: string | null;
  /** ratchet source: one read-only statement. */
  sql: string | null;
  /** Minutes between scheduled builds; 0: none. */
  schedule_minutes: number;
  /** Rebuilt when the source component's records change (component source). */
  rebuild_on_change: boolean;
}

export interface ThunderSet extends ThunderDefinition {
  uuid: string;
  name: string;
  env: 'dev' | 'live';
  status: ThunderStatus;
  /** The failed build's message key (the database's words after ': ' for a ratchet source). */
  error: string | null;
  rows: number;
  size_bytes: number;
  built_at: string | null;
  next_build_at: string | null;
  /** A build is queued or running. */
  queued: boolean;
  created_at: string;
  updated_at: string;
}

export interface ThunderBuild {
  uuid: string;
  trigger: ThunderTrigger;
  status: ThunderStatus;
  error: string | null;
  rows: number | null;
  size_bytes: number | null;
  ms: number | null;
  started_at: string;
  finished_at: string | null;
}

/** GET /v3/system/thunder/{name}: the set and its build log, newest first. */
export interface ThunderDetail extends ThunderSet {
  builds: ThunderBuild[];
}

/** GET /v3/system/thunder/{name}/data: the stored result of the last good build. */
export interface ThunderData {
  name: string;
  status: ThunderStatus;
  built_at: string | null;
  items: Record<string, unknown>[];
  total: number;
}

/** POST (create, or rebuild when only the name of an existing set is given) and PUT (change) bodies. */
export type ThunderWrite = { name: string } & Partial<ThunderDefinition>;

// ---- The definition form (JSON Schema; the editor renders it with @rjsf/core) ---------------------

export function thunderFormSchema(components: { uuid: string; label: string }[], connections: { uuid: string; label: string }[]) {
  const choice = (list: { uuid: string; label: string }[]) => (list.length > 0 ? { oneOf: list.map((item) => ({ const: item.uuid, title: item.label })) } : {});
  return {
    type: 'object',
    required: ['name', 'source'],
    properties: {
      name: { type: 'string', title: 'thunder.field.name', minLength: THUNDER_LIMITS.nameMin, maxLength: THUNDER_LIMITS.nameMax },
      source: { type: 'string', title: 'thunder.field.source', enum: [...THUNDER_SOURCES], default: 'component' },
      component: { type: 'string', title: 'thunder.field.component', ...choice(components) },
      filter: { type: 'string', title: 'thunder.field.filter', description: 'widgets.field.filterHint' },
      aggregate: { type: 'string', title: 'thunder.field.aggregate', description: 'widgets.field.aggregateHint' },
      connection: { type: 'string', title: 'thunder.field.connection', ...choice(connections) },
      sql: { type: 'string', title: 'thunder.field.sql', description: 'thunder.field.sqlHint' },
      schedule_minutes: { type: 'integer', title: 'thunder.field.schedule', description: 'thunder.field.scheduleHint', minimum: 0, maximum: THUNDER_LIMITS.scheduleMax, default: 0 },
      rebuild_on_change: { type: 'boolean', title: 'thunder.field.onChange', default: true },
    },
  } as const;
}

// ---- Route schemas --------------------------------------------------------------------------------

export const thunderParams = closed({ name: { type: 'string', description: 'the data set name' } }, ['name']);

const definitionProperties = {
  source: { type: 'string', enum: [...THUNDER_SOURCES] },
  component: nullable(uuidSchema),
  filter: nullable({ type: 'object', additionalProperties: true }),
  aggregate: nullable(arrayOf({})),
  connection: nullable(uuidSchema),
  sql: nullable(stringSchema),
  schedule_minutes: { type: 'integer', minimum: 0 },
  rebuild_on_change: { type: 'boolean' },
} as const;

const setProperties = {
  uuid: uuidSchema,
  name: stringSchema,
  env: { type: 'string', enum: ['dev', 'live'] },
  ...definitionProperties,
  status: { type: 'string', enum: [...THUNDER_STATUSES] },
  error: nullable(stringSchema),
  rows: { type: 'integer', minimum: 0 },
  size_bytes: { type: 'integer', minimum: 0 },
  built_at: nullable(dateTimeSchema),
  next_build_at: nullable(dateTimeSchema),
  queued: { type: 'boolean' },
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
} as const;
const SET_KEYS = ['uuid', 'name', 'env', 'source', 'component', 'filter', 'aggregate', 'connection', 'sql', 'schedule_minutes', 'rebuild_on_change', 'status', 'error', 'rows', 'size_bytes', 'built_at', 'next_build_at', 'queued', 'created_at', 'updated_at'] as const;

export const thunderSetSchema = closed(setProperties, SET_KEYS);
export const thunderListSchema = arrayOf(thunderSetSchema);

const buildSchema = closed(
  {
    uuid: uuidSchema,
    trigger: { type: 'string', enum: [...THUNDER_TRIGGERS] },
    status: { type: 'string', enum: [...THUNDER_STATUSES] },
    error: nullable(stringSchema),
    rows: nullable({ type: 'integer' }),
    size_bytes: nullable({ type: 'integer' }),
    ms: nullable({ type: 'integer' }),
    started_at: dateTimeSchema,
    finished_at: nullable(dateTimeSchema),
  },
  ['uuid', 'trigger', 'status', 'error', 'rows', 'size_bytes', 'ms', 'started_at', 'finished_at'],
);

export const thunderDetailSchema = closed({ ...setProperties, builds: arrayOf(buildSchema) }, [...SET_KEYS, 'builds']);

export const thunderDataSchema = closed(
  {
    name: stringSchema,
    status: { type: 'string', enum: [...THUNDER_STATUSES] },
    built_at: nullable(dateTimeSchema),
    items: arrayOf({ type: 'object', additionalProperties: true }),
    total: { type: 'integer', minimum: 0 },
  },
  ['name', 'status', 'built_at', 'items', 'total'],
);

export const thunderWriteSchema = {
  type: 'object',
  properties: {
    name: judged(`required: ${THUNDER_LIMITS.nameMin}..${THUNDER_LIMITS.nameMax} letters, digits, '-' or '_', unique in the project`),
    source: judged("'component' (default) or 'ratchet'"),
    component: judged("component source: the component's uuid (or scope/name)"),
    filter: judged("component source: the list's $adv filter (object)"),
    aggregate: judged("component source, required: the list's $aggregate pipeline (array)"),
    connection: judged("ratchet source: the connection's uuid"),
    sql: judged('ratchet source, required: one read-only statement'),
    schedule_minutes: judged(`minutes between scheduled builds, 0 (default: none) to ${THUNDER_LIMITS.scheduleMax}`),
    rebuild_on_change: judged("boolean (default true): rebuilt a moment after the source component's records change"),
  },
  additionalProperties: false,
} as const;
