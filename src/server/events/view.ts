// What one caller may see of an event (docs/event-bus.md "Permissions"): the same rules as the record
// API, not a second rule set. An event of a component needs 'read' on it (mayOnComponent, as the
// record calls); a record in its payload is cut to the fields the caller's compiled view shows
// (compileForVersion + the visible, never hashed fields shapeRecord answers). A workflow run's result
// ('workflow.run.*') needs 'settings' on its component, as the run log (GET /runs) does. A custom event
// of a component (events.publish of user code) loses, at any depth of its payload, every key that names
// a field the subscriber may not see. System events without a component: platform notifications go to
// every member of the project, everything else to admins.
import type { Kysely } from 'kysely';
import type { EventItem } from '../../../runtime/api/events';
import type { ComponentSettings } from '../../../schemas/index';
import { findVersion } from '../components/sql';
import type { ComponentRow, ComponentVersionRow, Database } from '../db/schema';
import type { EventsTable } from '../db/schema-events';
import type { Selectable } from 'kysely';
import { isPlainObject } from '../platform/validate';
import { mayOnComponent } from '../components/model';
import { PLATFORM_EVENT_NAMES } from './names';
import { RECORD_META_KEYS } from '../records/shape';
import { compileForVersion, envVersionOf, type Viewer } from '../records/view';
import type { Accountability } from '../auth/tenancy';
import { THUNDER_BUILD_TOPIC_PREFIX } from '../../../runtime/api/thunder';

type Db = Kysely<Database>;
export type EventRow = Selectable<EventsTable>;

/** Topics whose events every member of the project may see: a workflow's platform notification is written for users. */
const MEMBER_TOPIC_PREFIXES = ['workflow.notification.', THUNDER_BUILD_TOPIC_PREFIX];
/** A workflow run's result: seen by who may read the run log of its component (settings). */
const RUN_TOPIC_PREFIX = 'workflow.run.';

/** Whether an event of a component is a custom one (user code's events.publish): its action is none of the platform's. */
export function isCustomEvent(event: Pick<EventRow, 'topic' | 'component_uuid'>): boolean {
  if (event.component_uuid === null || event.topic.startsWith(RUN_TOPIC_PREFIX)) return false;
  const parts = event.topic.split('.');
  return parts.length >= 3 && !PLATFORM_EVENT_NAMES.has(parts[parts.length - 2]!.toLowerCase());
}

/** The components (and their environments' settings) a set of events needs, loaded once for every subscriber. */
export class EventContext {
  readonly #components = new Map<string, ComponentRow | null>();
  readonly #versions = new Map<string, ComponentVersionRow | null>();

  constructor(private readonly db: Db) {}

  async load(events: EventRow[]): Promise<void> {
    const wanted = [...new Set(events.map((event) => event.component_uuid).filter((uuid): uuid is string => uuid !== null && !this.#components.has(uuid)))];
    if (wanted.length > 0) {
      const rows = await this.db.selectFrom('components').selectAll().where('uuid', 'in', wanted).execute();
      for (const uuid of wanted) this.#components.set(uuid, rows.find((row) => row.uuid === uuid) ?? null);
    }
    for (const event of events) {
      const row = event.component_uuid ? this.#components.get(event.component_uuid) : null;
      if (!row || !isPlainObject(event.payload) || !(isPlainObject(event.payload.record) || isCustomEvent(event))) continue;
      const key = `${row.uuid}|${event.env}`;
      if (this.#versions.has(key)) continue;
      const name = envVersionOf(row, event.env);
      this.#versions.set(key, name === null ? null : ((await findVersion(this.db, row.uuid, name)) ?? null));
    }
  }

  component(uuid: string): ComponentRow | null {
    return this.#components.get(uuid) ?? null;
  }

  version(row: ComponentRow, env: 'dev' | 'live'): ComponentVersionRow | null {
    return this.#versions.get(`${row.uuid}|${env}`) ?? null;
  }
}

/** The caller's copy of a record: its own keys and the fields its view shows (never hashed ones). */
function recordFor(record: Record<string, unknown>, row: ComponentRow, version: ComponentVersionRow, viewer: Viewer): Record<string, unknown> {
  const view = compileForVersion(row, version.settings as ComponentSettings, version.updated_at, { ...viewer, page: 'model_edit' });
  const answer: Record<string, unknown> = {};
  for (const key of RECORD_META_KEYS) if (Object.prototype.hasOwnProperty.call(record, key)) answer[key] = record[key];
  for (const field of view.fields) {
    if (!field.visible || field.hashed || field.key in answer) continue;
    if (Object.prototype.hasOwnProperty.call(record, field.key)) answer[field.key] = record[field.key];
  }
  return answer;
}

/** Keys a custom payload may nest at most: deeper values are dropped (the payload is 64 KiB at most anyway). */
const CUSTOM_PAYLOAD_DEPTH = 32;

/** `value` without, at any depth, the keys of `hidden` (the fields the subscriber may not see). */
function withoutKeys(value: unknown, hidden: ReadonlySet<string>, depth = 0): unknown {
  if (depth > CUSTOM_PAYLOAD_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, hidden, depth + 1));
  if (!isPlainObject(value)) return value;
  const answer: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!hidden.has(key)) answer[key] = withoutKeys(item, hidden, depth + 1);
  return answer;
}

/** A custom event's payload as the viewer may see it: without the keys of fields its view hides (and hashed ones). */
function customPayloadFor(payload: Record<string, unknown>, row: ComponentRow, version: ComponentVersionRow | null, viewer: Viewer): Record<string, unknown> {
  // No version in the event's environment: nothing says which keys are fields, so nothing is shown.
  if (!version) return {};
  const view = compileForVersion(row, version.settings as ComponentSettings, version.updated_at, { ...viewer, page: 'model_edit' });
  const hidden = new Set(view.fields.filter((field) => !field.visible || field.hashed).map((field) => field.key));
  for (const field of view.fields) if (field.visible && !field.hashed) hidden.delete(field.key);
  return withoutKeys(payload, hidden) as Record<string, unknown>;
}

/** The event as `accountability` may see it, or null when it may not see it at all. */
export function eventFor(event: EventRow, context: EventContext, accountability: Accountability, viewer: Viewer): { topic: string; payload: Record<string, unknown> } | null {
  if (event.project_uuid !== accountability.project_uuid) return null;
  const payload = isPlainObject(event.payload) ? event.payload : {};
  if (event.component_uuid === null) {
    if (!accountability.is_admin && !MEMBER_TOPIC_PREFIXES.some((prefix) => event.topic.startsWith(prefix))) return null;
    return { topic: event.topic, payload };
  }
  const row = context.component(event.component_uuid);
  if (!row || !mayOnComponent(accountability, 'read', row)) return null;
  if (event.topic.startsWith(RUN_TOPIC_PREFIX) && !mayOnComponent(accountability, 'settings', row)) return null;
  if (isCustomEvent(event)) return { topic: event.topic, payload: customPayloadFor(payload, row, context.version(row, event.env), viewer) };
  if (!isPlainObject(payload.record)) return { topic: event.topic, payload };
  const version = context.version(row, event.env);
  // A record of an environment with no version: nothing can be shown of it but its uuid.
  const record = version ? recordFor(payload.record, row, version, viewer) : { uuid: payload.record.uuid };
  return { topic: event.topic, payload: { ...payload, record } };
}

/** An event row as the log calls answer it, for this caller (null: not for it); `actorName` as the log read it with the row. */
export function eventItemFor(event: EventRow, context: EventContext, accountability: Accountability, viewer: Viewer, actorName: string | null = null): EventItem | null {
  const shown = eventFor(event, context, accountability, viewer);
  if (!shown) return null;
  return {
    uuid: event.uuid,
    topic: event.topic,
    env: event.env,
    component_uuid: event.component_uuid,
    record_uuid: event.record_uuid,
    actor: event.actor,
    actor_name: event.actor === null ? null : actorName,
    payload: shown.payload,
    created_at: new Date(event.created_at).toISOString(),
  };
}
