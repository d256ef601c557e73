// The event-bus client's side of the socket protocol (spec sections 4, 7 and 9; docs/event-bus.md):
// close codes and what the client does about them, the messages, topic patterns, and the contract
// between the client (runtime/events/client.ts) and the machine that decides its states
// (machines/eventBus.machine.ts). The machine lives a layer above runtime, so runtime only names the
// events it accepts and the calls it makes; the app hands the machine to the client.

/** Spec section 9: the reconnect delay after an abnormal close. */
export const RECONNECT_DELAY_MS = 5000;

/** Close codes the client tells apart (the server's list is in docs/event-bus.md "Close codes"). */
export const BUS_CLOSE = {
  /** With reason '401': unauthorized (bad, used or expired token; session ended). */
  normal: 1000,
  /** No close frame: the connection dropped. Retry after the delay. */
  abnormal: 1006,
  /** The server goes away: reconnect at once. */
  reconnect: 3002,
  /** The server closed a client that did not keep up with its events. */
  slowConsumer: 4008,
} as const;

export const BUS_UNAUTHORIZED_REASON = '401';

/** The states of the event-bus machine. */
export type BusState = 'idle' | 'authorizing' | 'connecting' | 'connected' | 'retrying' | 'unauthorized' | 'stopped';

/** What the header shows: hidden before start, then one of four. */
export type BusStatus = 'idle' | 'connected' | 'reconnecting' | 'offline' | 'unauthorized';

export function busStatus(state: BusState): BusStatus {
  switch (state) {
    case 'idle':
      return 'idle';
    case 'connected':
      return 'connected';
    case 'unauthorized':
      return 'unauthorized';
    case 'stopped':
      return 'offline';
    default:
      return 'reconnecting';
  }
}

/** Events the machine accepts. */
export type BusMachineEvent =
  | { type: 'START' }
  | { type: 'STOP' }
  | { type: 'RESET' }
  | { type: 'OPENED' }
  | { type: 'CLOSED'; code: number; reason: string };

/** The calls the machine makes; the client implements them. */
export interface BusMachineApi {
  /** POST /v1/system/eventbus/auth: a short-lived single-use token. Rejects with {status} on an HTTP failure. */
  authorize(): Promise<string>;
  /** Opens the socket with this token; the client answers OPENED or CLOSED. */
  open(token: string): void;
  /** Closes the socket the client holds, if any (STOP). */
  close(): void;
}

/** Why the last connection ended, kept in the machine's context for the screen and the logs. */
export type BusEndReason = 'dropped' | 'serverRestart' | 'slowConsumer' | 'unauthorized' | 'authFailed' | 'authUnavailable' | null;

/** What a client sends. */
export type BusClientMessage = { type: 'subscribe'; topics: string[] } | { type: 'unsubscribe'; topics: string[] };

/** An event from the server: topic suffixed by the environment, and its payload. */
export interface BusEvent<P = Record<string, unknown>> {
  topic: string;
  payload: P;
}

/**
 * Whether a record event is this tab's own write echoed back: its user (`me`) acted and its id
 * (`client`, X-Luma-Client) wrote. The same user's change from another tab or session is not: that
 * tab shows it (issue 29, item 18).
 */
export function isOwnEcho(payload: Record<string, unknown>, actor: string | null, me: string | null, client: string): boolean {
  return me !== null && actor === me && payload.client === client;
}

/** Whether `topic` matches `pattern`: equal, '#' (every topic), or '*' standing for any one dot-separated part. */
export function topicMatches(pattern: string, topic: string): boolean {
  if (pattern === '#' || pattern === topic) return true;
  if (!pattern.includes('*')) return false;
  const want = pattern.split('.');
  const have = topic.split('.');
  return want.length === have.length && want.every((part, i) => part === '*' || part === have[i]);
}

/** Record actions a topic names (spec: '{component ref}.{action}.{env}'). */
export const RECORD_ACTIONS = ['create', 'update', 'delete', 'disable', 'enable', 'import', 'bulk'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** '{ref}.{action}.{env}'. A ref may hold dots of its own, so the action and env are read from the end. */
export function recordTopic(ref: string, action: RecordAction | '*', env: string): string {
  return `${ref}.${action}.${env}`;
}

/** Splits a record topic; null when the topic is not one. */
export function parseRecordTopic(topic: string): { ref: string; action: RecordAction; env: string } | null {
  const parts = topic.split('.');
  if (parts.length < 3) return null;
  const env = parts[parts.length - 1]!;
  const action = parts[parts.length - 2]! as RecordAction;
  if (!RECORD_ACTIONS.includes(action)) return null;
  return { ref: parts.slice(0, -2).join('.'), action, env };
}
