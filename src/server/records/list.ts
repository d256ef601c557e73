// The record list (docs/lists.md "List"): GET .../models with paging capped at the 5000th record,
// a total counted up to 5001, search, date range, disabled, sort, $adv and $aggregate, all checked
// against the caller's compiled ViewSchema by runtime/query before any SQL is built
// (records/list-sql). Items are shaped exactly as the record API shapes a record. An
// in-process cache (X-Cache) keeps answers per caller and query for X-Build-Ttl seconds and is
// dropped, on every instance (through the bus), on any write to the component's records or settings.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE, componentRef } from '../../../runtime/components/index';
import { LIST_LIMITS, pagesOf, type AggregatePipeline, type ListOptions, type ListQuery, type Refusal } from '../../../runtime/query/index';
import type { ComponentSettings } from '../../../schemas/index';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Bus } from '../platform/bus';
import type { ListTotalCache } from './list-totals';
import type { ShapeRecorder } from './auto-indexes';
import { aggregateRecords, countRecordsBounded, listRecords } from './list-sql';
import type { RecordScope } from './sql';
import type { ComponentRow, Database, RecordRow } from '../db/schema';
import { now as clockNow } from '../platform/clock';
import { badRequest, forbidden, HttpError } from '../platform/errors';
import { mayOnComponent, resolveComponentForEnv } from '../components/model';
import { relatedObjects } from './relations';
import { parseListParamsMemo } from './list-memo';
import { shapeRecord, type RecordAnswer } from './shape';
import { compileForVersion, viewerOf, type Viewer } from './view';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const LIST_MESSAGE = { noPermissionsToRead: 'noPermissionsToRead', fieldNotVisible: 'fieldNotVisible' } as const;

export interface ListAnswer {
  items: Record<string, unknown>[];
  total: number;
  pages: number;
}

export interface ListTarget {
  row: ComponentRow;
  settings: ComponentSettings;
  scope: RecordScope;
  viewer: Viewer;
  view: ViewSchema;
}

/** The component, the caller's right to one of `verbs` on it, the environment's settings and the caller's view. */
export async function listTarget(
  db: Db,
  accountability: Accountability,
  ref: string,
  verbs: string[],
  locale: string | undefined,
  message: string = LIST_MESSAGE.noPermissionsToRead,
): Promise<ListTarget> {
  const projectUuid = requireProject(accountability);
  const found = await resolveComponentForEnv(db, accountability, projectUuid, ref);
  const row = found.row;
  if (!verbs.some((verb) => mayOnComponent(accountability, verb, row))) throw forbidden(message);
  if (!found.settings) throw new HttpError(404, COMPONENT_MESSAGE.componentWrongEnvironment);
  const settings = found.settings as ComponentSettings;
  const viewer = viewerOf(accountability, locale);
  const view = compileForVersion(row, settings, found.versionUpdatedAt, { ...viewer, page: 'model_edit' });
  return { row, settings, scope: { projectUuid, componentUuid: row.uuid, env: accountability.env }, viewer, view };
}

export function refusalError(refusal: Refusal): HttpError {
  return new HttpError(refusal.status, refusal.message, refusal.errors);
}

/** The query for `view` (frozen when kept for a cached view: records/list-memo), or the refusal as an HttpError. */
export function parseOrThrow(params: unknown, view: ViewSchema, options: ListOptions): ListQuery {
  const parsed = parseListParamsMemo(params, view, options);
  if (!parsed.ok) throw refusalError(parsed.refusal);
  return parsed.value;
}

// Database errors a bound value can provoke (a regex Postgres rejects, a stored value that is not a
// number under a numeric cast): the caller's bad input, never a 500.
const INPUT_ERRORS = new Set(['2201B', '22P02', '22003', '22007', '22008', '22023', '2201E', '54001', '22004']);

export function asInputError(error: unknown): never {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && INPUT_ERRORS.has(code)) throw badRequest([{ field: code === '2201B' ? '$adv' : 'query', messages: [code === '2201B' ? 'invalidRegex' : 'invalid'] }]);
  throw error;
}

/** Rows as the record API answers them: shapeRecord plus `{key}_RefObj` for relation fields. */
export async function shapeRows(db: Db, accountability: Accountability, target: ListTarget, rows: RecordRow[]): Promise<RecordAnswer[]> {
  const hasRelations = target.view.fields.some((field) => field.relation && field.visible && !field.hashed);
  const items: RecordAnswer[] = [];
  for (const row of rows) {
    const answer = shapeRecord(row, target.view);
    if (hasRelations) Object.assign(answer, await relatedObjects(db, accountability, target, target.view, answer));
    items.push(answer);
  }
  return items;
}

function groupValue(value: unknown, numeric: boolean): unknown {
  if (value instanceof Date) return value.toISOString();
  if (numeric && value !== null && value !== undefined) return Number(value);
  return value ?? null;
}

async function aggregateAnswer(db: Db, target: ListTarget, query: ListQuery, pipeline: AggregatePipeline): Promise<ListAnswer> {
  const rows = await aggregateRecords(db, target.scope, query, pipeline);
  const items = rows.map((row) => {
    const item: Record<string, unknown> = { _id: groupValue(row.g_id, false) };
    pipeline.group.accumulators.forEach((accumulator, index) => {
      const numeric = accumulator.fn === 'count' || accumulator.fn === 'sum' || accumulator.fn === 'avg' || (accumulator.path.source === 'data' && accumulator.path.kind === 'number');
      item[accumulator.name] = groupValue(row[`a${index}`], numeric);
    });
    return item;
  });
  return { items, total: items.length, pages: items.length === 0 ? 0 : Math.ceil(items.length / pipeline.limit) };
}

// ---------------------------------------------------------------------------------------------
// The answer cache (X-Cache: 1): per process, keyed by caller, project, environment, component,
// settings, and the normalised query (the parsed AST).

export const CACHE_TTL = { defaultSeconds: 5, maxSeconds: 60 } as const;
const CACHE_MAX_ENTRIES = 1000;

interface CacheEntry {
  expires: number;
  projectUuid: string;
  componentUuid: string;
  componentRef: string;
  answer: ListAnswer;
}

const cache = new Map<string, CacheEntry>();

/** Drops the cached answers of a component (by uuid or ref; null: every component) in a project (null: every project). */
export function invalidateListCache(projectUuid: string | null, ref: string | null): void {
  const wanted = ref?.toLowerCase() ?? null;
  for (const [key, entry] of cache) {
    if (projectUuid !== null && entry.projectUuid !== projectUuid) continue;
    if (wanted === null || entry.componentUuid === wanted || entry.componentRef.toLowerCase() === wanted) cache.delete(key);
  }
}

/**
 * A component's records or settings changed: every instance drops its cached answers (this one at
 * once, the others when the bus message arrives). component null: every component of the project.
 */
export async function listChanged(bus: Bus, projectUuid: string | null, component: string | null): Promise<void> {
  await bus.publish('list.invalidate', { project: projectUuid, component });
}

/** Makes this process's answer cache follow the bus; answers the unsubscribe function. */
export function followListChanges(bus: Bus): () => void {
  return bus.subscribe('list.invalidate', ({ project, component }) => invalidateListCache(project, component));
}

export function clearListCache(): void {
  cache.clear();
}

function cacheKey(accountability: Accountability, target: ListTarget, query: ListQuery, extra: unknown): string {
  const settingsHash = createHash('sha256').update(JSON.stringify(target.settings)).digest('hex');
  const parts = [
    accountability.user.uuid,
    target.scope.projectUuid,
    target.scope.env,
    target.row.uuid,
    settingsHash,
    [...target.viewer.roles].sort(),
    target.viewer.isAdmin,
    target.viewer.locale,
    [...accountability.permissions].map((permission) => String(permission).toLowerCase()).sort(),
    query,
    extra,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface ListRequest {
  ref: string;
  query: unknown;
  locale: string | undefined;
  app: boolean;
  /** X-Cache: 1 with its TTL (seconds), or null when the caller does not ask for the cache. */
  cacheTtl: number | null;
  source: string | null;
  /** This process's kept totals (records/list-totals.ts); without it every total is counted. */
  totals?: ListTotalCache;
  /** This process's count of query shapes (records/auto-indexes.ts); without it nothing is counted. */
  shapes?: Pick<ShapeRecorder, 'observe'>;
  /** Narrows the list (RecordScope.only); no answer cache, kept totals or shape count with it. */
  only?: RecordScope['only'];
}

export interface ListResult {
  answer: ListAnswer;
  cache: 'HIT' | 'MISS' | null;
}

/** X-Build-Ttl: whole seconds, default 5, at most 60; anything else is 400. */
export function cacheTtlOf(cacheHeader: string | undefined, ttlHeader: string | undefined): number | null {
  if (cacheHeader === undefined || cacheHeader.trim() !== '1') return null;
  if (ttlHeader === undefined || ttlHeader.trim() === '') return CACHE_TTL.defaultSeconds;
  if (!/^\d{1,6}$/.test(ttlHeader.trim())) throw badRequest([{ field: 'X-Build-Ttl', messages: ['invalid'] }]);
  const seconds = Number(ttlHeader.trim());
  if (seconds < 1) throw badRequest([{ field: 'X-Build-Ttl', messages: ['invalid'] }]);
  return Math.min(seconds, CACHE_TTL.maxSeconds);
}

const SOURCE = /^(?:public-api|public-app|platform-app|(?:public-app|platform-app)::[A-Za-z0-9][A-Za-z0-9_.-]{0,99})$/;

/** X-Source (spec section 6 read sources), or 400. */
export function sourceOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!SOURCE.test(header)) throw badRequest([{ field: 'X-Source', messages: ['invalid'] }]);
  return header;
}

export async function listModels(db: Db, accountability: Accountability, request: ListRequest): Promise<ListResult> {
  const target = await listTarget(db, accountability, request.ref, ['read'], request.locale);
  if (request.only) return { answer: await computeAnswer(db, accountability, { ...target, scope: { ...target.scope, only: request.only } }, parseOrThrow(request.query, target.view, { app: request.app })).catch(asInputError), cache: null };
  const query = parseOrThrow(request.query, target.view, { app: request.app });
  let key = '';
  if (request.cacheTtl !== null) {
    key = cacheKey(accountability, target, query, [request.source]);
    const hit = cache.get(key);
    if (hit && hit.expires > clockNow()) return { answer: structuredClone(hit.answer), cache: 'HIT' };
    if (hit) cache.delete(key);
  }
  const started = performance.now();
  const answer = await computeAnswer(db, accountability, target, query, request.totals).catch(asInputError);
  request.shapes?.observe(target.scope, query, target.view, performance.now() - started);
  if (request.cacheTtl !== null) {
    if (cache.size >= CACHE_MAX_ENTRIES) {
      const now = clockNow();
      for (const [old, entry] of cache) if (entry.expires <= now) cache.delete(old);
      while (cache.size >= CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, {
      expires: clockNow() + request.cacheTtl * 1000,
      projectUuid: target.scope.projectUuid,
      componentUuid: target.row.uuid.toLowerCase(),
      componentRef: componentRef(target.row),
      answer: structuredClone(answer),
    });
  }
  return { answer, cache: request.cacheTtl === null ? null : 'MISS' };
}

/** What a bounded total depends on besides the component: never the caller, the sort or the page. */
export function totalKey(scope: ListTarget['scope'], query: ListQuery): string {
  return JSON.stringify([scope.projectUuid, scope.env, query.search, query.disabled, query.date, query.adv]);
}

async function computeAnswer(db: Db, accountability: Accountability, target: ListTarget, query: ListQuery, totals?: ListTotalCache): Promise<ListAnswer> {
  if (query.aggregate) return aggregateAnswer(db, target, query, query.aggregate);
  const count = () => countRecordsBounded(db, target.scope, query);
  const counted = totals ? totals.total({ uuid: target.row.uuid, ref: componentRef(target.row) }, totalKey(target.scope, query), count) : count();
  // The page and the bounded count are independent: on PostgreSQL they run at once on two connections.
  const [rows, total] = await Promise.all([listRecords(db, target.scope, query), counted]);
  const items = await shapeRows(db, accountability, target, rows);
  return { items, total, pages: pagesOf(total, query.pageSize) };
}

export { LIST_LIMITS };
