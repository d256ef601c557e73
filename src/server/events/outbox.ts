// The event log (docs/event-bus.md "Outbox"): every event is a row of `events`, written in the
// transaction of the change it tells of, with a NOTIFY of its id in the same transaction. So an
// event exists, and is delivered, exactly when the write committed: a write that rolls back leaves
// neither. The NOTIFY carries ids only (its payload is capped at 8000 bytes); each instance reads the
// rows and filters them per subscriber (events/hub.ts).
import type { Kysely } from 'kysely';
import { componentRef } from '../../../runtime/components/index';
import { notifyAfterCommit } from '../platform/bus';
import { nowDate } from '../platform/clock';
import { toJson } from '../db/json';
import type { ComponentRow, Database, RecordRow } from '../db/schema';
import { uuidv7 } from '../db/uuid7';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { isPlainObject } from '../platform/validate';
import { keptFlags, purgeEventsByProject } from '../scout/event-settings';

type Db = Kysely<Database>;

export interface NewEvent {
  projectUuid: string;
  env: 'dev' | 'live';
  topic: string;
  componentUuid?: string | null;
  recordUuid?: string | null;
  actor: string | null;
  payload: Record<string, unknown>;
}

/** Event ids per NOTIFY: 150 quoted uuids stay far below the bus's 7900-byte envelope. */
const IDS_PER_NOTIFY = 150;
/** A bulk event names at most this many records (the count is always exact). */
export const EVENT_ITEMS_MAX = 1000;
/** Days an event is kept when LUMA_EVENT_DAYS is not set. */
export const EVENT_RETENTION_DAYS = 30;

/** '{area}.{action}.{env}': the area is a component's ref (scope/name, or its uuid) or a system area. */
export function eventTopic(area: string, action: string, env: 'dev' | 'live'): string {
  return `${area}.${action}.${env}`;
}

export function componentArea(row: Pick<ComponentRow, 'uuid' | 'scope' | 'name'>): string {
  return componentRef(row);
}

/**
 * Writes the events and NOTIFYs their ids, in `db`'s transaction when it is one (the normal case: the
 * change and its event commit together), else in a transaction of their own.
 */
export async function publishEvents(db: Db, events: NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const at = nowDate();
  // A kind the project's Scout settings do not keep is still written (delivery reads the row) but never listed (events-settings.ts).
  const kept = await keptFlags(db, events);
  const rows = events.map((event, i) => ({
    uuid: uuidv7(at.getTime()),
    project_uuid: event.projectUuid,
    env: event.env,
    topic: event.topic,
    component_uuid: event.componentUuid ?? null,
    record_uuid: event.recordUuid ?? null,
    actor: event.actor,
    payload: toJson(event.payload),
    created_at: at,
    kept: kept[i]!,
  }));
  const ids = rows.map((row) => row.uuid);
  const write = async (tx: Db) => {
    await tx.insertInto('events').values(rows).execute();
    for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) await notifyAfterCommit(tx, 'events.new', { ids: ids.slice(i, i + IDS_PER_NOTIFY) });
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return ids;
}

/** A record as an event carries it: its own keys and every stored field but hashed ones (each subscriber then sees its own view of it). */
export function recordPayload(row: RecordRow, view: ViewSchema): Record<string, unknown> {
  const data: Record<string, unknown> = isPlainObject(row.data) ? { ...row.data } : {};
  for (const field of view.fields) if (field.hashed) delete data[field.key];
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    ...data,
    uuid: row.uuid,
    __version__: row.version,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at),
    deleted_at: iso(row.deleted_at),
    disabled_at: iso(row.disabled_at),
  };
}

export interface RecordEventScope {
  projectUuid: string;
  env: 'dev' | 'live';
  component: Pick<ComponentRow, 'uuid' | 'scope' | 'name'>;
}

/** The writing tab's id in a payload, when the write named one (X-Luma-Client). */
const clientOf = (client: string | undefined) => (client ? { client } : {});

/** One record's create or update (the record), or delete (its uuid); `client`: the tab that wrote it. */
export function recordEvent(scope: RecordEventScope, action: 'create' | 'update' | 'delete', actor: string | null, record: Record<string, unknown>, client?: string): NewEvent {
  return {
    projectUuid: scope.projectUuid,
    env: scope.env,
    topic: eventTopic(componentArea(scope.component), action, scope.env),
    componentUuid: scope.component.uuid,
    recordUuid: typeof record.uuid === 'string' ? record.uuid : null,
    actor,
    // The actor and the writing tab in the payload too: that tab leaves out its own changes, another
    // tab of the same user shows them (a delete's record is its uuid alone).
    payload: { record, actor, ...clientOf(client) },
  };
}

/** One summary event for a bulk action or an import (never one per record). */
export function summaryEvent(scope: RecordEventScope, action: string, actor: string | null, summary: Record<string, unknown>, items?: string[], client?: string): NewEvent {
  return {
    projectUuid: scope.projectUuid,
    env: scope.env,
    topic: eventTopic(componentArea(scope.component), action, scope.env),
    componentUuid: scope.component.uuid,
    actor,
    payload: { ...summary, actor, ...clientOf(client), ...(items ? { items: items.slice(0, EVENT_ITEMS_MAX), items_truncated: items.length > EVENT_ITEMS_MAX } : {}) },
  };
}

/** Removes events past their project's retention (`days` when it has none) and expired tokens (the housekeeping). */
export async function purgeEvents(db: Db, days: number, at: Date = nowDate()): Promise<number> {
  const deleted = await purgeEventsByProject(db, days, at);
  await db.deleteFrom('eventbus_tokens').where('expires_at', '<', at).execute();
  return deleted;
}
