// Scout's API call log (runtime/api/apiLog.ts). Capture: one onResponse hook on the app for the /api
// hosts pushes a small object into an in-process buffer; nothing is awaited on the request path.
// The buffer is flushed every API_LOG_LIMITS.flushMs or at batchRows rows, and on close. The flush
// reads the settings of the projects in the batch (one query), drops the calls of projects whose log
// is off, strips or redacts and caps the bodies, and inserts the rest in one statement.
// Durability: a crash loses at most the buffer (≤ batchRows rows, ≤ flushMs of calls); the log is
// a diagnostic aid, not an audit trail.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  API_LOG_DEFAULTS,
  API_LOG_LIMITS,
  API_LOG_MESSAGE,
  API_LOG_PATH,
  LOG_METHODS,
  STATUS_CLASSES,
  type ApiCallDetail,
  type ApiCallItem,
  type ApiCallsPage,
  type ApiLogListQuery,
  type ApiLogSettings,
} from '../../../runtime/api/apiLog';
import { HOST_PREFIX } from '../../../runtime/api/contract';
import { safePath } from '../platform/redact';
import { bodyText, secretKeysOf } from './api-log-redact';
import { now, nowDate } from '../platform/clock';
import type { Database } from '../db/schema';
import type { Insertable } from 'kysely';
import type { ApiCallsTable } from '../db/schema-api-log';
import { uuidv7 } from '../db/uuid7';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { requireProject, type Accountability } from '../auth/tenancy';
import { isUuid } from '../platform/validate';

type Db = Kysely<Database>;

interface Pending {
  project_uuid: string;
  method: string;
  url: string;
  /** The route's pattern (prefix included), which names the route's secret fields. */
  route: string | undefined;
  status: number;
  duration_ms: number;
  caller_uuid: string | null;
  caller_kind: 'user' | 'api' | null;
  request_uuid: string;
  at: number;
  requestBody: unknown;
  responseBody: unknown;
}

const LOG_READS = `${HOST_PREFIX.main}${API_LOG_PATH}`;

declare module 'fastify' {
  interface FastifyRequest {
    apiLogBody?: unknown;
  }
}

export interface ApiLogWriter {
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Rows waiting in the buffer. */
  pending(): number;
}

/** Installs the capture hooks on the app and answers the writer (flushed and stopped when the app closes). */
export function installApiLog(app: FastifyInstance, db: Db, log: (error: unknown) => void): ApiLogWriter {
  let buffer: Pending[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (buffer.length === 0) return running;
    const batch = buffer;
    buffer = [];
    running = running.then(() => writeBatch(db, batch)).catch(log);
    return running;
  };

  const push = (entry: Pending) => {
    if (closed) return;
    buffer.push(entry);
    if (buffer.length >= API_LOG_LIMITS.batchRows) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), API_LOG_LIMITS.flushMs);
      timer.unref();
    }
  };

  app.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    // A reference only; parsed, redacted and capped at flush time, and only if the project keeps bodies.
    if (typeof payload === 'string') request.apiLogBody = payload;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const url = request.url;
    if (url.charCodeAt(0) !== 47 || !(url.startsWith('/api/') || url === '/api')) return;
    if (url.startsWith(LOG_READS) && request.method === 'GET') return;
    if (request.headers.upgrade !== undefined || url.startsWith(`${HOST_PREFIX.bus}/`)) return;
    const accountability = request.accountability;
    const project = accountability?.project_uuid;
    if (!project) return;
    push({
      project_uuid: project,
      method: request.method,
      url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      duration_ms: reply.elapsedTime,
      caller_uuid: accountability.user.uuid,
      caller_kind: accountability.user.kind === 'api' ? 'api' : 'user',
      request_uuid: request.id,
      at: now(),
      requestBody: request.body,
      responseBody: request.apiLogBody,
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    await flush();
  });
  return { flush, close: async () => ((closed = true), flush()), pending: () => buffer.length };
}

async function writeBatch(db: Db, batch: Pending[]): Promise<void> {
  const projects = [...new Set(batch.map((entry) => entry.project_uuid))];
  const settings = new Map<string, ApiLogSettings>();
  for (const row of await db.selectFrom('api_log_settings').select(['project_uuid', 'enabled', 'bodies', 'retention_days']).where('project_uuid', 'in', projects).execute()) {
    settings.set(row.project_uuid, row);
  }
  const hashed = await hashedFieldKeys(db, projects.filter((project) => (settings.get(project) ?? API_LOG_DEFAULTS).bodies));
  const rows: (Insertable<ApiCallsTable> & { project_uuid: string })[] = [];
  for (const entry of batch) {
    const kept = settings.get(entry.project_uuid) ?? API_LOG_DEFAULTS;
    if (!kept.enabled) continue;
    const secrets = kept.bodies ? secretKeysOf(entry.method, entry.route, hashed.get(entry.project_uuid)) : undefined;
    rows.push({
      uuid: uuidv7(entry.at),
      project_uuid: entry.project_uuid,
      method: entry.method,
      path: safePath(entry.url).slice(0, 2000),
      status: entry.status,
      duration_ms: Math.round(entry.duration_ms * 100) / 100,
      caller_uuid: entry.caller_uuid,
      caller_kind: entry.caller_kind,
      request_uuid: entry.request_uuid,
      request_body: secrets ? bodyText(entry.requestBody, secrets) : null,
      response_body: secrets ? bodyText(entry.responseBody, secrets) : null,
      created_at: new Date(entry.at),
    });
  }
  if (rows.length === 0) return;
  // A project removed while its calls waited would fail the whole insert: keep only those still there.
  const existing = new Set((await db.selectFrom('projects').select('uuid').where('uuid', 'in', [...new Set(rows.map((row) => row.project_uuid))]).execute()).map((row) => row.uuid));
  const live = rows.filter((row) => existing.has(row.project_uuid));
  if (live.length > 0) await db.insertInto('api_calls').values(live).execute();
}

/**
 * The keys of the fields the projects' components hash (a password input, or constraints.hashed), in
 * any version: redacted from kept bodies whatever their names. Read only for projects that keep bodies.
 */
async function hashedFieldKeys(db: Db, projects: string[]): Promise<Map<string, Set<string>>> {
  const keys = new Map<string, Set<string>>();
  if (projects.length === 0) return keys;
  const versions = await db
    .selectFrom('component_versions')
    .innerJoin('components', 'components.uuid', 'component_versions.component_uuid')
    .select(['components.project_uuid', 'component_versions.settings'])
    .where('components.project_uuid', 'in', projects)
    .execute();
  for (const version of versions) {
    const settings = (typeof version.settings === 'string' ? JSON.parse(version.settings) : version.settings) as { fields?: unknown };
    if (!Array.isArray(settings?.fields)) continue;
    for (const field of settings.fields as { key?: unknown; module?: unknown; type?: unknown; constraints?: { hashed?: unknown } }[]) {
      if (typeof field?.key !== 'string') continue;
      if (field.constraints?.hashed === true || (field.module === 'input' && field.type === 'password')) {
        if (!keys.has(version.project_uuid)) keys.set(version.project_uuid, new Set());
        keys.get(version.project_uuid)!.add(field.key);
      }
    }
  }
  return keys;
}

function requireAdmin(accountability: Accountability): string {
  const project = requireProject(accountability);
  if (!accountability.is_admin) throw forbidden();
  return project;
}

export async function readApiLogSettings(db: Db, accountability: Accountability): Promise<ApiLogSettings> {
  const project = requireAdmin(accountability);
  const row = await db.selectFrom('api_log_settings').select(['enabled', 'bodies', 'retention_days']).where('project_uuid', '=', project).executeTakeFirst();
  return row ?? { ...API_LOG_DEFAULTS };
}

export async function saveApiLogSettings(db: Db, accountability: Accountability, body: Partial<ApiLogSettings>): Promise<ApiLogSettings> {
  const project = requireAdmin(accountability);
  const current = await readApiLogSettings(db, accountability);
  const next: ApiLogSettings = { ...current, ...body };
  if (!Number.isInteger(next.retention_days) || next.retention_days < 1 || next.retention_days > API_LOG_LIMITS.retentionMax) {
    throw badRequest([{ field: 'retention_days', messages: [API_LOG_MESSAGE.invalidRetention] }]);
  }
  await db
    .insertInto('api_log_settings')
    .values({ project_uuid: project, ...next, updated_at: nowDate() })
    .onConflict((conflict) => conflict.column('project_uuid').doUpdateSet({ ...next, updated_at: nowDate() }))
    .execute();
  return next;
}

const CURSOR = /^(\d{1,15})_(\d{1,19})$/;

function invalid(field: string): never {
  throw badRequest([{ field, messages: [API_LOG_MESSAGE.invalidFilter] }]);
}

function timeOf(field: string, value: string | undefined): Date | null {
  if (value === undefined || value === '') return null;
  const date = /^\d{1,15}$/.test(value) ? new Date(Number(value)) : new Date(value);
  if (Number.isNaN(date.getTime())) invalid(field);
  return date;
}

type CallRow = Pick<ApiCallsTable, 'uuid' | 'method' | 'path' | 'status' | 'duration_ms' | 'caller_uuid' | 'caller_kind' | 'request_uuid'> & {
  created_at: Date;
  seq: string | number;
  user_name: string | null;
  user_email: string | null;
  user_kind: string | null;
};

/** What Scout shows for a caller: an API user's name; a person's name, else their e-mail; null when gone. */
export function callerName(row: { user_name: string | null; user_email: string | null; user_kind: string | null }): string | null {
  if (row.user_kind === null) return null;
  const name = (row.user_name ?? '').trim();
  if (row.user_kind === 'api') return name || null;
  return name || (row.user_email ?? '').trim() || null;
}

function itemOf(row: CallRow): ApiCallItem {
  return {
    uuid: row.uuid,
    method: row.method,
    path: row.path,
    status: row.status,
    duration_ms: Number(row.duration_ms),
    caller_uuid: row.caller_uuid,
    caller_kind: row.caller_kind,
    caller_name: callerName(row),
    request_uuid: row.request_uuid,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const CALL_COLUMNS = ['c.uuid', 'c.method', 'c.path', 'c.status', 'c.duration_ms', 'c.caller_uuid', 'c.caller_kind', 'c.request_uuid', 'c.created_at', 'c.seq'] as const;

/**
 * The page's calls with their caller's name: the page is chosen first (filters, order and limit on
 * api_calls alone, so the planner reads an index in list order and sorts no joined rows), then joined
 * to users by primary key, one statement, no lookup per row.
 */
function withCallers<T extends { caller_uuid: string | null }>(db: Db, page: SelectQueryBuilder<Database & { c: ApiCallsTable }, 'c', T>) {
  return db
    .selectFrom(page.as('c'))
    .leftJoin('users as u', 'u.uuid', 'c.caller_uuid')
    .selectAll('c')
    .select(['u.name as user_name', 'u.email as user_email', 'u.kind as user_kind']);
}

/** Characters of the path the prefix index holds (0018_scout_scale). */
const PATH_INDEXED = 200;

/** The least string greater than every string starting with `prefix` in byte (code point) order; null when there is none. */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/**
 * Newest first (or oldest with order=asc), keyset-paged on (created_at, seq): calls of the same
 * millisecond list in the order they were logged. Each filter has an index in that order (0018).
 */
export async function listApiCalls(db: Db, accountability: Accountability, query: ApiLogListQuery): Promise<ApiCallsPage> {
  const project = requireAdmin(accountability);
  const limit = query.limit === undefined ? API_LOG_LIMITS.pageSize : /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
  if (!(limit >= 1 && limit <= API_LOG_LIMITS.pageMax)) invalid('limit');
  const order = query.order ?? 'desc';
  if (order !== 'desc' && order !== 'asc') invalid('order');
  const cursor = query.cursor === undefined ? null : CURSOR.exec(query.cursor);
  if (query.cursor !== undefined && !cursor) invalid('cursor');
  let select = db.selectFrom('api_calls as c').where('c.project_uuid', '=', project);
  let byPath = false;
  if (query.method !== undefined && query.method !== '') {
    const method = query.method.toUpperCase();
    if (!(LOG_METHODS as readonly string[]).includes(method)) invalid('method');
    select = select.where('c.method', '=', method);
  }
  if (query.status !== undefined && query.status !== '') {
    if (!(STATUS_CLASSES as readonly string[]).includes(query.status)) invalid('status');
    // The expression of the status-class index.
    select = select.where(sql<boolean>`(c.status / 100) = ${Number(query.status[0])}`);
  }
  if (query.path !== undefined && query.path !== '') {
    if (query.path.length > API_LOG_LIMITS.pathPrefixMax || query.path.includes('\0')) invalid('path');
    // A byte-order range on path_head (the path's first characters, collate "C", 0018_scout_scale), exact
    // for a prefix that fits in it; a longer one is tested on the path too.
    const head = [...query.path].slice(0, PATH_INDEXED).join('');
    const upper = prefixUpperBound(head);
    select = select.where('c.path_head', '>=', head);
    if (upper !== null) select = select.where('c.path_head', '<', upper);
    if (head !== query.path) select = select.where(sql<boolean>`left(c.path, ${query.path.length}) = ${query.path}`);
    byPath = true;
  }
  if (query.caller !== undefined && query.caller !== '') {
    if (!isUuid(query.caller)) invalid('caller');
    select = select.where('c.caller_uuid', '=', query.caller.toLowerCase());
  }
  const from = timeOf('from', query.from);
  const to = timeOf('to', query.to);
  if (from) select = select.where('c.created_at', '>=', from);
  if (to) select = select.where('c.created_at', '<', to);
  if (cursor) {
    const at = new Date(Number(cursor[1]));
    select = order === 'desc'
      ? select.where(sql<boolean>`(c.created_at, c.seq) < (${at}::timestamptz, ${cursor[2]}::bigint)`)
      : select.where(sql<boolean>`(c.created_at, c.seq) > (${at}::timestamptz, ${cursor[2]}::bigint)`);
  }
  const ordered = <T extends typeof select>(query: T) => query.orderBy('c.created_at', order).orderBy('c.seq', order).limit(limit + 1);
  // A path prefix's rows are not in time order in its index: the page's keys are chosen from the index
  // alone (an index-only scan: it includes the time, seq, uuid and the other filters' columns), sorted,
  // and only the page's rows are read from the table.
  const page = byPath
    ? db.selectFrom('api_calls as c').select(CALL_COLUMNS).where('c.uuid', 'in', ordered(select).select('c.uuid'))
    : ordered(select).select(CALL_COLUMNS);
  const rows = (await withCallers(db, page)
    .orderBy('c.created_at', order)
    .orderBy('c.seq', order)
    .execute()) as CallRow[];
  const shown = rows.slice(0, limit);
  const last = rows.length > limit ? shown[shown.length - 1]! : null;
  return { items: shown.map(itemOf), next: last ? `${new Date(last.created_at).getTime()}_${last.seq}` : null };
}

export async function readApiCall(db: Db, accountability: Accountability, uuid: string): Promise<ApiCallDetail> {
  const project = requireAdmin(accountability);
  if (!isUuid(uuid)) throw notFound();
  const row = (await withCallers(db, db.selectFrom('api_calls as c').select([...CALL_COLUMNS, 'c.request_body', 'c.response_body']).where('c.project_uuid', '=', project).where('c.uuid', '=', uuid.toLowerCase())).executeTakeFirst()) as
    | (CallRow & { request_body: string | null; response_body: string | null })
    | undefined;
  if (!row) throw notFound();
  return { ...itemOf(row), request_body: row.request_body, response_body: row.response_body };
}

/** Housekeeping: each project's calls older than its retention (the default for projects without settings). */
export async function purgeApiCalls(db: Db, at: Date = nowDate()): Promise<number> {
  const result = await sql`
    delete from api_calls c
    where c.created_at < ${at}::timestamptz - make_interval(days => coalesce((select s.retention_days from api_log_settings s where s.project_uuid = c.project_uuid), ${API_LOG_DEFAULTS.retention_days}))
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
