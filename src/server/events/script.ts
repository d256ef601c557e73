// context.events.publish(name, payload) for server-side user code (functions, actions, routes,
// sparks, workflow scripts; docs/event-bus.md "Custom events"): an event of the script's component,
// '{ref}.{name}.{env}', seen by who may read the component; a script of no component publishes
// 'custom.{name}.{env}', seen by admins. Written with the script's database handle, so inside a
// transaction it commits (or not) with it. A name may not be one the platform's own events use.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isPlainObject } from '../platform/validate';
import { resolveComponent } from '../components/model';
import { componentArea, eventTopic, publishEvents, type NewEvent } from './outbox';
import { PLATFORM_EVENT_NAMES } from './names';
import { requireProject, type Accountability } from '../auth/tenancy';

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** A custom event's payload, as JSON, at most this many bytes. */
export const CUSTOM_EVENT_MAX_BYTES = 64 * 1024;

/**
 * A refused publish call. The script gets an Error saying what is wrong (`events.publish: name must
 * be …`, so an uncaught one reads clearly in an action's, route's, spark's or workflow run's error),
 * with `status` 400 and `errors` like a refusal of the record API.
 */
export class EventRefused extends Error {
  readonly status = 400;
  readonly errors: { field: string; messages: string[] }[];
  constructor(what: string) {
    super(`events.publish: ${what}`);
    this.name = 'EventRefused';
    this.errors = [{ field: 'events.publish', messages: [what] }];
  }
}

const bad = (what: string) => new EventRefused(what);

/**
 * The event a publish(name, payload) call makes, its arguments checked (EventRefused saying what is
 * wrong); nothing is written. The one rule set of every caller, dry runs included.
 */
export async function customEvent(db: Kysely<Database>, accountability: Accountability, component: string | null | undefined, [name, payload]: unknown[]): Promise<NewEvent> {
  if (typeof name !== 'string' || !NAME.test(name) || PLATFORM_EVENT_NAMES.has(name.toLowerCase())) throw bad('name must be a letter then up to 63 letters, digits, _ or -, and not a platform event name');
  const body = payload === undefined || payload === null ? {} : payload;
  if (!isPlainObject(body)) throw bad('payload must be an object');
  if (Buffer.byteLength(JSON.stringify(body), 'utf8') > CUSTOM_EVENT_MAX_BYTES) throw bad(`payload must be at most ${CUSTOM_EVENT_MAX_BYTES} bytes as JSON`);
  const projectUuid = requireProject(accountability);
  const row = component ? await resolveComponent(db, projectUuid, component) : null;
  const topic = eventTopic(row ? componentArea(row) : 'custom', name, accountability.env);
  return { projectUuid, env: accountability.env, topic, componentUuid: row?.uuid ?? null, actor: accountability.user.uuid, payload: body };
}

export function eventPublishHandler(db: Kysely<Database>, accountability: Accountability, component: string | null | undefined) {
  return async (args: unknown[]): Promise<{ topic: string }> => {
    const event = await customEvent(db, accountability, component, args);
    await publishEvents(db, [event]);
    return { topic: event.topic };
  };
}
