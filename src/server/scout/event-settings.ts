// Scout's event log settings (docs/scout-events.md): per project, the kinds of event the log keeps and
// its retention in days (LUMA_EVENT_DAYS when the project has set none). The event writer asks which
// of its events are kept (keptFlags); housekeeping purges each project by its own retention.
import type { Kysely } from 'kysely';
import { EVENT_KINDS, EVENT_SETTINGS_LIMITS, SCOUT_EVENT_MESSAGE, eventKind, type EventKind, type EventSettings } from '../../../runtime/api/scout-events';
import { nowDate } from '../platform/clock';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import { fieldsNotValid, forbidden } from '../platform/errors';
import { isPlainObject } from '../platform/validate';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

/** Events of a kind not kept stay this long, as the delivery's outbox only (never listed). */
export const UNKEPT_EVENT_MS = 60 * 60_000;

function kindsOf(value: unknown): EventKind[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? EVENT_KINDS.filter((kind) => list.includes(kind)) : [...EVENT_KINDS];
}

export async function readEventSettings(db: Db, projectUuid: string, defaultDays: number): Promise<EventSettings> {
  const row = await db.selectFrom('event_settings').selectAll().where('project_uuid', '=', projectUuid).executeTakeFirst();
  return row ? { kinds: kindsOf(row.kinds), retention_days: row.retention_days } : { kinds: [...EVENT_KINDS], retention_days: defaultDays };
}

function requireAdmin(accountability: Accountability): string {
  const project = requireProject(accountability);
  if (!accountability.is_admin) throw forbidden();
  return project;
}

export async function getEventSettings(db: Db, accountability: Accountability, defaultDays: number): Promise<EventSettings> {
  return readEventSettings(db, requireAdmin(accountability), defaultDays);
}

export async function putEventSettings(db: Db, accountability: Accountability, body: unknown): Promise<EventSettings> {
  const project = requireAdmin(accountability);
  const input = isPlainObject(body) ? body : {};
  const errors = [];
  const kinds = input.kinds;
  const kindsOk = Array.isArray(kinds) && kinds.length <= EVENT_KINDS.length && kinds.every((kind) => typeof kind === 'string' && (EVENT_KINDS as readonly string[]).includes(kind)) && new Set(kinds).size === kinds.length;
  if (!kindsOk) errors.push({ field: 'kinds', messages: [SCOUT_EVENT_MESSAGE.invalidKinds] });
  const days = input.retention_days;
  const daysOk = typeof days === 'number' && Number.isInteger(days) && days >= EVENT_SETTINGS_LIMITS.minDays && days <= EVENT_SETTINGS_LIMITS.maxDays;
  if (!daysOk) errors.push({ field: 'retention_days', messages: [SCOUT_EVENT_MESSAGE.invalidDays] });
  if (errors.length > 0) throw fieldsNotValid(errors);
  const settings: EventSettings = { kinds: EVENT_KINDS.filter((kind) => (kinds as string[]).includes(kind)), retention_days: days as number };
  const values = { project_uuid: project, kinds: toJson(settings.kinds), retention_days: settings.retention_days, updated_at: nowDate() };
  await db
    .insertInto('event_settings')
    .values(values)
    .onConflict((conflict) => conflict.column('project_uuid').doUpdateSet({ kinds: values.kinds, retention_days: values.retention_days, updated_at: values.updated_at }))
    .execute();
  return settings;
}

/** For each event (project, topic, record), whether its project's log keeps its kind. One query for the projects that have settings. */
export async function keptFlags(db: Db, events: { projectUuid: string; topic: string; recordUuid?: string | null }[]): Promise<boolean[]> {
  const projects = [...new Set(events.map((event) => event.projectUuid))];
  const rows = await db.selectFrom('event_settings').select(['project_uuid', 'kinds']).where('project_uuid', 'in', projects).execute();
  const kept = new Map(rows.map((row) => [row.project_uuid, new Set(kindsOf(row.kinds))]));
  return events.map((event) => kept.get(event.projectUuid)?.has(eventKind(event.topic, event.recordUuid ?? null)) ?? true);
}

/**
 * Housekeeping: each project's events older than its retention (the default for projects without
 * settings), and events not kept older than an hour. Every delete is a range of the
 * (project_uuid, created_at) or (created_at) index.
 */
export async function purgeEventsByProject(db: Db, defaultDays: number, at: Date): Promise<number> {
  const day = 24 * 60 * 60_000;
  let deleted = 0;
  const settings = await db.selectFrom('event_settings').select(['project_uuid', 'retention_days']).execute();
  for (const row of settings) {
    const result = await db.deleteFrom('events').where('project_uuid', '=', row.project_uuid).where('created_at', '<', new Date(at.getTime() - row.retention_days * day)).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  let others = db.deleteFrom('events').where('created_at', '<', new Date(at.getTime() - defaultDays * day));
  if (settings.length > 0) others = others.where('project_uuid', 'not in', settings.map((row) => row.project_uuid));
  deleted += Number((await others.executeTakeFirst()).numDeletedRows);
  const unkept = await db.deleteFrom('events').where('created_at', '<', new Date(at.getTime() - UNKEPT_EVENT_MS)).where('kept', '=', false).executeTakeFirst();
  deleted += Number(unkept.numDeletedRows);
  return deleted;
}
