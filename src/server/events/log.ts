// The event log calls (docs/event-bus.md "Log"): GET /v1/system/events/new?time= (what happened since a
// time, oldest first, capped) and GET /v1system/events (newest first, paged by a keyset cursor). Both
// read the (project_uuid, created_at, uuid) index and filter each event for the caller exactly as the
// socket does (events-view.ts), so neither shows what the socket would not.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { EVENT_MESSAGE, EVENTBUS_LIMITS, topicMatches, type EventItem, type EventsNewAnswer, type EventsPage } from '../../../runtime/api/events';
import type { Database } from '../db/schema';
import type { EventsTable } from '../db/schema-events';
import { EVENT_KINDS } from '../../../runtime/api/scout-events';
import { callerName } from '../scout/api-log';
import { badRequest, notFound } from '../platform/errors';
import { EventContext, eventItemFor, type EventRow } from './view';
import { viewerOf } from '../records/view';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

/** Rows read per answer at most, before the caller's filter: a caller who may see little does not make one call scan the log. */
const SCAN_FACTOR = 4;

function parseTime(value: unknown): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  const date = /^\d{1,15}$/.test(text) ? new Date(Number(text)) : new Date(text);
  if (text === '' || Number.isNaN(date.getTime())) throw badRequest([{ field: 'time', messages: [EVENT_MESSAGE.invalidTime] }]);
  return date;
}

type ActorRow = EventRow & { user_name: string | null; user_email: string | null; user_kind: string | null };

/**
 * The page's events with their actor's name and e-mail: the page is chosen first (the filters, the order
 * and the limit on the events alone, so the planner reads an index in list order), then joined to users
 * by primary key, one statement, no lookup per row.
 */
async function withActors(db: Db, page: SelectQueryBuilder<Database & { e: EventsTable }, 'e', EventRow>, direction: 'asc' | 'desc'): Promise<ActorRow[]> {
  return db
    .selectFrom(page.as('e'))
    .leftJoin('users as u', 'u.uuid', 'e.actor')
    .selectAll('e')
    .select(['u.name as user_name', 'u.email as user_email', 'u.kind as user_kind'])
    .orderBy('e.created_at', direction)
    .orderBy('e.uuid', direction)
    .execute() as Promise<ActorRow[]>;
}

const selectEvents = (db: Db) => db.selectFrom('events as e').selectAll('e');

async function filtered(db: Db, rows: ActorRow[], accountability: Accountability, locale: string | undefined, cap: number): Promise<EventItem[]> {
  const context = new EventContext(db);
  await context.load(rows);
  const viewer = viewerOf(accountability, locale);
  const items: EventItem[] = [];
  for (const row of rows) {
    const item = eventItemFor(row, context, accountability, viewer, callerName(row));
    if (item) items.push(item);
    if (items.length >= cap) break;
  }
  return items;
}

export async function eventsSince(db: Db, accountability: Accountability, time: unknown, locale: string | undefined): Promise<EventsNewAnswer> {
  const projectUuid = requireProject(accountability);
  const since = parseTime(time);
  const scan = EVENTBUS_LIMITS.newCap * SCAN_FACTOR;
  const rows = await withActors(
    db,
    selectEvents(db).where('e.project_uuid', '=', projectUuid).where('e.created_at', '>', since).orderBy('e.created_at', 'asc').orderBy('e.uuid', 'asc').limit(scan + 1),
    'asc',
  );
  const items = await filtered(db, rows.slice(0, scan), accountability, locale, EVENTBUS_LIMITS.newCap + 1);
  return { items: items.slice(0, EVENTBUS_LIMITS.newCap), more: items.length > EVENTBUS_LIMITS.newCap || rows.length > scan };
}

const CURSOR = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface EventsListQuery {
  limit?: string;
  before?: string;
  topic?: string;
  sort?: string;
  kind?: string;
  actor?: string;
  from?: string;
  to?: string;
}

function optionalTime(value: string | undefined, field: string): Date | null {
  if (value === undefined) return null;
  try {
    return parseTime(value);
  } catch {
    throw badRequest([{ field, messages: [EVENT_MESSAGE.invalidPage] }]);
  }
}

/** A regular expression matching exactly what topicMatches(pattern, ·) matches, for a pattern with a '*' part. */
export function topicPatternRegex(pattern: string): string {
  const escape = (part: string) => part.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
  return `^${pattern.split('.').map((part) => (part === '*' ? '[^.]*' : escape(part))).join('\\.')}$`;
}

/**
 * The log (Scout's list): by time (newest first unless sort=created_at), paged by a keyset cursor.
 * Every filter is SQL on an index in list order (0018_scout_scale): time range (the project's time
 * index), actor, kind (the generated column), topic (equality; a pattern's literal first part as a
 * byte-order range, then the pattern as a regular expression). At most limit × SCAN_FACTOR rows are
 * read per page and filtered for the caller as on the socket, so a caller who may see little gets
 * short pages with a `next`, never a long scan. Events the project's settings do not keep are not listed.
 */
export async function listEvents(db: Db, accountability: Accountability, query: EventsListQuery, locale: string | undefined): Promise<EventsPage> {
  const projectUuid = requireProject(accountability);
  const limit = query.limit === undefined ? EVENTBUS_LIMITS.pageSize : /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
  if (!(limit >= 1 && limit <= EVENTBUS_LIMITS.pageMax)) throw badRequest([{ field: 'limit', messages: [EVENT_MESSAGE.invalidPage] }]);
  const cursor = query.before === undefined ? null : CURSOR.exec(query.before);
  if (query.before !== undefined && !cursor) throw badRequest([{ field: 'before', messages: [EVENT_MESSAGE.invalidPage] }]);
  if (query.topic !== undefined && (query.topic.length === 0 || query.topic.length > EVENTBUS_LIMITS.topicLength || query.topic.includes('\0'))) throw badRequest([{ field: 'topic', messages: [EVENT_MESSAGE.invalidPage] }]);
  if (query.sort !== undefined && query.sort !== 'created_at' && query.sort !== '-created_at') throw badRequest([{ field: 'sort', messages: [EVENT_MESSAGE.invalidPage] }]);
  if (query.kind !== undefined && !(EVENT_KINDS as readonly string[]).includes(query.kind)) throw badRequest([{ field: 'kind', messages: [EVENT_MESSAGE.invalidPage] }]);
  if (query.actor !== undefined && !UUID.test(query.actor)) throw badRequest([{ field: 'actor', messages: [EVENT_MESSAGE.invalidPage] }]);
  const from = optionalTime(query.from, 'from');
  const to = optionalTime(query.to, 'to');
  const ascending = query.sort === 'created_at';
  const scan = limit * SCAN_FACTOR;
  let select = selectEvents(db).where('e.project_uuid', '=', projectUuid).where('e.kept', '=', true);
  if (from) select = select.where('e.created_at', '>=', from);
  if (to) select = select.where('e.created_at', '<', to);
  if (query.actor !== undefined) select = select.where('e.actor', '=', query.actor);
  if (query.kind !== undefined) select = select.where('e.kind', '=', query.kind);
  const topic = query.topic;
  if (topic !== undefined && topic !== '#') {
    const parts = topic.split('.');
    if (!parts.includes('*')) select = select.where(sql<boolean>`(e.topic collate "C") = ${topic}`);
    else {
      if (parts[0] !== '*') {
        const head = `${parts[0]}.`;
        select = select.where(sql<boolean>`(e.topic collate "C") >= ${head}`).where(sql<boolean>`(e.topic collate "C") < ${`${parts[0]}/`}`);
      }
      if (parts[0] === '*' && parts.length > 1 && !parts.slice(1).includes('*')) {
        // '*.create.dev': the rest is named exactly, which is the whole pattern but for a topic without a dot
        // (topicMatches below drops it). The expression is the topic-tail index's (0018_scout_scale); no
        // regular expression beside it, whose guessed selectivity would steer the planner off the index order.
        select = select.where(sql<boolean>`(substr(e.topic, strpos(e.topic, '.') + 1) collate "C") = ${parts.slice(1).join('.')}`);
      } else select = select.where(sql<boolean>`e.topic ~ ${topicPatternRegex(topic)}`);
    }
  }
  if (cursor) {
    const at = new Date(Number(cursor[1]));
    select = ascending
      ? select.where(sql<boolean>`(e.created_at, e.uuid) > (${at}::timestamptz, ${cursor[2]}::uuid)`)
      : select.where(sql<boolean>`(e.created_at, e.uuid) < (${at}::timestamptz, ${cursor[2]}::uuid)`);
  }
  const direction = ascending ? 'asc' : 'desc';
  const rows = await withActors(db, select.orderBy('e.created_at', direction).orderBy('e.uuid', direction).limit(scan), direction);
  // The SQL filters are the index's; the pattern is checked again with the socket's own function.
  const wanted = topic === undefined ? rows : rows.filter((row) => topicMatches(topic, row.topic));
  const items = await filtered(db, wanted, accountability, locale, limit);
  // The cursor continues after the last item answered, or after the last row read when the page is short of items.
  const last = items.length === limit ? items[items.length - 1]! : rows.length === scan ? rows[rows.length - 1]! : null;
  const next = last === null ? null : `${new Date(last.created_at).getTime()}_${last.uuid}`;
  return { items, next };
}

/** One event of the caller's project, as the list shows it (404 when another project's, not kept, or not the caller's to see). */
export async function getEvent(db: Db, accountability: Accountability, uuid: string, locale: string | undefined): Promise<EventItem> {
  const projectUuid = requireProject(accountability);
  if (!UUID.test(uuid)) throw notFound();
  const [row] = await withActors(db, selectEvents(db).where('e.uuid', '=', uuid).where('e.project_uuid', '=', projectUuid).where('e.kept', '=', true), 'desc');
  if (!row) throw notFound();
  const [item] = await filtered(db, [row], accountability, locale, 1);
  if (!item) throw notFound();
  return item;
}
