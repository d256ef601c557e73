// The event log calls (docs/event-bus.md "Log"): GET /v1/system/events/new?time= (what happened since a
// time, oldest first, capped) and GET /v1system/events (newest first, paged by a keyset cursor). Both
// read the (project_uuid, created_at, uuid) index and filter each event for the caller exactly as the
// socket does (events-view.ts), so neither shows what the socket would not.
import { sql, type Kysely } from 'kysely';
import { EVENT_MESSAGE, EVENTBUS_LIMITS, topicMatches, type EventItem, type EventsNewAnswer, type EventsPage } from '../../../runtime/api/events';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { EventContext, eventItemFor, type EventRow } from './events-view';
import { viewerOf } from './records-view';
import { requireProject, type Accountability } from './tenancy';

type Db = Kysely<Database>;

/** Rows read per answer at most, before the caller's filter: a caller who may see little does not make one call scan the log. */
const SCAN_FACTOR = 4;

function parseTime(value: unknown): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  const date = /^\d{1,15}$/.test(text) ? new Date(Number(text)) : new Date(text);
  if (text === '' || Number.isNaN(date.getTime())) throw badRequest([{ field: 'time', messages: [EVENT_MESSAGE.invalidTime] }]);
  return date;
}

async function filtered(db: Db, rows: EventRow[], accountability: Accountability, locale: string | undefined, cap: number): Promise<EventItem[]> {
  const context = new EventContext(db);
  await context.load(rows);
  const viewer = viewerOf(accountability, locale);
  const items: EventItem[] = [];
  for (const row of rows) {
    const item = eventItemFor(row, context, accountability, viewer);
    if (item) items.push(item);
    if (items.length >= cap) break;
  }
  return items;
}

export async function eventsSince(db: Db, accountability: Accountability, time: unknown, locale: string | undefined): Promise<EventsNewAnswer> {
  const projectUuid = requireProject(accountability);
  const since = parseTime(time);
  const scan = EVENTBUS_LIMITS.newCap * SCAN_FACTOR;
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('project_uuid', '=', projectUuid)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .orderBy('uuid', 'asc')
    .limit(scan + 1)
    .execute();
  const items = await filtered(db, rows.slice(0, scan), accountability, locale, EVENTBUS_LIMITS.newCap + 1);
  return { items: items.slice(0, EVENTBUS_LIMITS.newCap), more: items.length > EVENTBUS_LIMITS.newCap || rows.length > scan };
}

const CURSOR = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export async function listEvents(db: Db, accountability: Accountability, query: { limit?: string; before?: string; topic?: string }, locale: string | undefined): Promise<EventsPage> {
  const projectUuid = requireProject(accountability);
  const limit = query.limit === undefined ? EVENTBUS_LIMITS.pageSize : /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
  if (!(limit >= 1 && limit <= EVENTBUS_LIMITS.pageMax)) throw badRequest([{ field: 'limit', messages: [EVENT_MESSAGE.invalidPage] }]);
  const cursor = query.before === undefined ? null : CURSOR.exec(query.before);
  if (query.before !== undefined && !cursor) throw badRequest([{ field: 'before', messages: [EVENT_MESSAGE.invalidPage] }]);
  if (query.topic !== undefined && (query.topic.length === 0 || query.topic.length > EVENTBUS_LIMITS.topicLength)) throw badRequest([{ field: 'topic', messages: [EVENT_MESSAGE.invalidPage] }]);
  const scan = limit * SCAN_FACTOR;
  let select = db.selectFrom('events').selectAll().where('project_uuid', '=', projectUuid);
  if (cursor) select = select.where(sql<boolean>`(created_at, uuid) < (${new Date(Number(cursor[1]))}::timestamptz, ${cursor[2]}::uuid)`);
  const rows = await select.orderBy('created_at', 'desc').orderBy('uuid', 'desc').limit(scan).execute();
  const wanted = query.topic === undefined ? rows : rows.filter((row) => topicMatches(query.topic!, row.topic));
  const items = await filtered(db, wanted, accountability, locale, limit);
  // The cursor continues after the last item answered, or after the last row read when the page is short of items.
  const last = items.length === limit ? items[items.length - 1]! : rows.length === scan ? rows[rows.length - 1]! : null;
  const next = last === null ? null : `${new Date(last.created_at).getTime()}_${last.uuid}`;
  return { items, next };
}
