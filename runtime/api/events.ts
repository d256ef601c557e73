// The event bus (docs/event-bus.md): the token call, the WebSocket's messages and close codes, and
// the event log calls of spec section 7 (GET /v1/system/events/new?time=, GET /v1system/events as
// the spec gives the path).
import { anyObjectSchema, arrayOf, closed, dateTimeSchema, nullable, queryTimeSchema, stringSchema, uuidSchema } from './schemas';

export const EVENTBUS_AUTH_PATH = '/v1/system/eventbus/auth';
export const EVENTS_NEW_PATH = '/v1/system/events/new';
/** The spec's path, as given (no slash after v1). */
export const EVENTS_LIST_PATH = '/v1system/events';

export const EVENTBUS_LIMITS = {
  /** A token lives this long (ms) and is accepted once. */
  tokenTtlMs: 60_000,
  /** Messages a socket may have waiting to be written before it is closed (CLOSE.slowConsumer). */
  queueMessages: 1000,
  /** Bytes a socket may have waiting to be written before it is closed. */
  queueBytes: 4 * 1024 * 1024,
  /** Topics one socket may subscribe to. */
  topics: 100,
  /** Characters of one topic pattern. */
  topicLength: 200,
  /** A client message larger than this closes the socket (1009). */
  clientMessageBytes: 16 * 1024,
  /** Events answered by events/new at most (then `more: true`). */
  newCap: 500,
  /** Page size of the event list, and its maximum. */
  pageSize: 50,
  pageMax: 200,
  /** The client's reconnect delay after an abnormal close (spec section 9). */
  reconnectMs: 5000,
} as const;

/** Close codes (spec section 4, docs/event-bus.md "Close codes"). */
export const CLOSE = {
  /** With reason CLOSE_REASON.unauthorized: a bad, used or expired token, or the session or API user ended. */
  normal: 1000,
  /** The server goes away (shutdown): reconnect at once. */
  reconnect: 3002,
  /** The client sent a message that is not one of ours, or too large. */
  badMessage: 1008,
  tooLarge: 1009,
  /** The client did not keep up: its queue reached EVENTBUS_LIMITS. */
  slowConsumer: 4008,
  /**
   * The user (reason CLOSE_REASON.tooManySocketsUser) or the project (CLOSE_REASON.tooManySocketsProject)
   * has as many sockets open as allowed (LUMA_BUS_SOCKETS_PER_USER, LUMA_BUS_SOCKETS_PER_PROJECT): close one first.
   */
  tooManySockets: 4029,
} as const;

export const CLOSE_REASON = {
  unauthorized: '401',
  shutdown: 'shutdown',
  slowConsumer: 'slowConsumer',
  badMessage: 'badMessage',
  tooManySocketsUser: 'tooManySockets:user',
  tooManySocketsProject: 'tooManySockets:project',
} as const;

/** What a client sends. A topic pattern is a topic, or has '*' for any one dot-separated part; '#' alone is every topic. */
export type BusClientMessage = { type: 'subscribe'; topics: string[] } | { type: 'unsubscribe'; topics?: string[] };

/** What the server sends: an event (topic suffixed by the environment), or the answer to a subscribe. */
export type BusServerMessage = { topic: string; payload: Record<string, unknown> } | { type: 'subscribed'; topics: string[] };

export const EVENT_MESSAGE = {
  invalidTime: 'eventsInvalidTime',
  invalidPage: 'eventsInvalidPage',
} as const;

/** One event as the log calls answer it (its payload filtered for the caller as on the socket). */
export interface EventItem {
  uuid: string;
  topic: string;
  env: 'dev' | 'live';
  component_uuid: string | null;
  record_uuid: string | null;
  actor: string | null;
  /**
   * Who caused it, read with the event (one join): a user's name (their e-mail when it is empty), an
   * API user's name; null for the system or when the actor no longer exists (then only `actor` is known).
   */
  actor_name: string | null;
  payload: Record<string, unknown>;
  created_at: string;
}

export interface EventsNewAnswer {
  items: EventItem[];
  /** More events happened than EVENTBUS_LIMITS.newCap: ask again with the last item's time. */
  more: boolean;
}

export interface EventsPage {
  items: EventItem[];
  /** Pass as `before` for the next (older) page; null at the end. */
  next: string | null;
}

export const eventbusTokenSchema = closed({ token: stringSchema }, ['token']);

export const eventItemSchema = closed(
  {
    uuid: uuidSchema,
    topic: stringSchema,
    env: { type: 'string', enum: ['dev', 'live'] },
    component_uuid: nullable(uuidSchema),
    record_uuid: nullable(uuidSchema),
    actor: nullable(uuidSchema),
    actor_name: nullable(stringSchema),
    payload: anyObjectSchema,
    created_at: dateTimeSchema,
  },
  ['uuid', 'topic', 'env', 'component_uuid', 'record_uuid', 'actor', 'actor_name', 'payload', 'created_at'],
);

export const eventsNewQuery = {
  type: 'object',
  properties: { time: { ...queryTimeSchema, description: 'an ISO 8601 time or epoch milliseconds: events after it' } },
  required: ['time'],
  additionalProperties: false,
} as const;

export const eventsNewSchema = closed({ items: arrayOf(eventItemSchema), more: { type: 'boolean' } }, ['items', 'more']);

export const eventsListQuery = {
  type: 'object',
  properties: {
    limit: { type: 'string', pattern: '^[0-9]{0,4}$', description: `page size, 1..${EVENTBUS_LIMITS.pageMax} (${EVENTBUS_LIMITS.pageSize} by default)` },
    before: { type: 'string', description: 'the `next` of the previous page' },
    topic: { type: 'string', description: 'a topic pattern (as on the socket)' },
    sort: { type: 'string', description: 'by time: -created_at (newest first, the default) or created_at (oldest first)' },
    kind: { type: 'string', description: 'record, bulk, deploy, workflow or custom (runtime/api/scout-events.ts)' },
    actor: { type: 'string', description: 'the uuid of the user who caused it' },
    from: { ...queryTimeSchema, description: 'ISO 8601 or epoch ms: at or after' },
    to: { ...queryTimeSchema, description: 'ISO 8601 or epoch ms: before' },
  },
  additionalProperties: false,
} as const;

export const eventsPageSchema = closed({ items: arrayOf(eventItemSchema), next: nullable(stringSchema) }, ['items', 'next']);

/** Whether `topic` matches `pattern`: equal, '#' (every topic), or '*' standing for any one dot-separated part. */
export function topicMatches(pattern: string, topic: string): boolean {
  if (pattern === '#' || pattern === topic) return true;
  if (!pattern.includes('*')) return false;
  const want = pattern.split('.');
  const have = topic.split('.');
  if (want.length !== have.length) return false;
  return want.every((part, i) => part === '*' || part === have[i]);
}
