// The event-bus client (framework-free): owns the socket, runs the eventBus machine, keeps the set of
// subscribed topics (sent again after every reconnect) and hands each event to the handlers whose
// topic pattern matches. The WebSocket constructor, the token call and the machine are passed in:
// the browser passes window.WebSocket, tests the `ws` package against a real server.
//
// runtime sits below machines/ in the layers, so the machine comes in as a parameter
// (machines/eventBus.machine.ts; protocol.ts names the events it takes and the calls it makes).
import { createActor, type Actor, type ActorOptions, type AnyStateMachine } from 'xstate';

type Clock = NonNullable<ActorOptions<AnyStateMachine>['clock']>;
import { busStatus, topicMatches, type BusClientMessage, type BusEvent, type BusMachineApi, type BusMachineEvent, type BusState, type BusStatus } from './protocol';

/** The part of a WebSocket the client uses (the browser's and the `ws` package's both have it). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;

export type BusHandler = (event: BusEvent) => void;

export interface EventBusClientOptions {
  /** machines/eventBus.machine.ts (or a machine with the same events and input). */
  machine: AnyStateMachine;
  WebSocket: WebSocketConstructor;
  /** POST /v1/system/eventbus/auth answering the token; rejects with {status} on an HTTP failure. */
  authorize: () => Promise<string>;
  /** The socket URL for a token: `${ws origin}/api/bus/{project uuid}?token=...` (busUrl). */
  url: (token: string) => string;
  /** The machine's clock (tests pass a SimulatedClock to drive the 5000 ms delay). */
  clock?: Clock;
  /** A handler threw: reported here, the other handlers still run. */
  onHandlerError?: (error: unknown, event: BusEvent) => void;
}

export interface EventBusClient {
  /** Asks for a token and connects (after sign-in). */
  start(): void;
  /** Closes the socket; nothing reconnects until start(). Topics and handlers are kept. */
  stop(): void;
  /** Leaves unauthorized or stopped (and cuts a retry delay short). */
  reset(): void;
  /** Calls handler for every event whose topic matches (equal, '*' for one part, '#' for all); answers the unsubscribe. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /** The machine's state and the header's status, now and on every change. */
  readonly state: BusState;
  readonly status: BusStatus;
  onChange(listener: (state: BusState, status: BusStatus) => void): () => void;
  /** Called on each connect after the first: events between the two connections were missed. */
  onReconnect(listener: () => void): () => void;
  /** The topics the server is (or will be, once connected) asked for. */
  topics(): string[];
  /** Stops the machine and the socket for good. */
  dispose(): void;
}

/** ws: or wss: URL of the bus socket for a page on `origin` (http: or https:). */
export function busUrl(origin: string, project: string, token: string): string {
  const url = new URL(`/api/bus/${encodeURIComponent(project)}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/** The event one message is, or null for anything else (no topic, no payload object). */
function busEventOf(message: unknown): BusEvent | null {
  if (!message || typeof message !== 'object') return null;
  const { topic, payload } = message as { topic?: unknown; payload?: unknown };
  if (typeof topic !== 'string' || !payload || typeof payload !== 'object') return null;
  return { topic, payload: payload as Record<string, unknown> };
}

/**
 * The events a socket frame carries, in order: a frame is one message, or a JSON array of messages
 * (the server sends several events of one delivery as one frame, docs/event-bus.md "The socket").
 * Junk (not JSON, no topic, no payload object) is left out.
 */
function parseBusEvents(data: unknown): BusEvent[] {
  let message: unknown;
  try {
    message = JSON.parse(typeof data === 'string' ? data : String(data));
  } catch {
    return [];
  }
  const messages = Array.isArray(message) ? message : [message];
  return messages.map(busEventOf).filter((event): event is BusEvent => event !== null);
}

/** The handlers by topic pattern; a pattern is a topic the server is asked for. */
class TopicHandlers {
  private readonly byPattern = new Map<string, Set<BusHandler>>();

  topics(): string[] {
    return [...this.byPattern.keys()];
  }

  /** Adds a handler; true when its topic is new (the server must be asked for it). */
  add(topic: string, handler: BusHandler): boolean {
    const set = this.byPattern.get(topic);
    if (set) {
      set.add(handler);
      return false;
    }
    this.byPattern.set(topic, new Set([handler]));
    return true;
  }

  /** Removes a handler; true when its topic has no handler left (the server can stop sending it). */
  remove(topic: string, handler: BusHandler): boolean {
    const current = this.byPattern.get(topic);
    if (!current) return false;
    current.delete(handler);
    if (current.size > 0) return false;
    this.byPattern.delete(topic);
    return true;
  }

  /** Calls every handler whose pattern matches; one that throws is reported and the others still run. */
  deliver(event: BusEvent, onError: EventBusClientOptions['onHandlerError']): void {
    for (const [pattern, set] of this.byPattern) {
      if (!topicMatches(pattern, event.topic)) continue;
      for (const handler of [...set]) {
        try {
          handler(event);
        } catch (error) {
          onError?.(error, event);
        }
      }
    }
  }
}

/** What a socket tells the client: opened (after the topics were sent), a message, closed. */
interface SocketEvents {
  topics(): string[];
  opened(): void;
  message(data: unknown): void;
  closed(code: number, reason: string): void;
}

/** The bus's socket: one at a time; the callbacks of one that was closed or replaced are ignored. */
class BusSocket {
  private socket: WebSocketLike | null = null;
  /** Bumped for every socket, so a late callback of an old one is ignored. */
  private generation = 0;

  constructor(private readonly WebSocket: WebSocketConstructor) {}

  send(message: BusClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.generation += 1;
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close(1000, 'client');
      } catch {
        // already closing
      }
    }
  }

  /** Opens a socket to `url()`; a constructor that throws is a close with 1006. */
  open(url: () => string, on: SocketEvents): void {
    this.close();
    const mine = ++this.generation;
    const current = () => mine === this.generation;
    let ws: WebSocketLike;
    try {
      ws = new this.WebSocket(url());
    } catch {
      queueMicrotask(() => current() && on.closed(1006, ''));
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      if (!current()) return;
      const topics = on.topics();
      if (topics.length > 0) ws.send(JSON.stringify({ type: 'subscribe', topics } satisfies BusClientMessage));
      on.opened();
    };
    ws.onmessage = (event) => {
      if (current()) on.message(event.data);
    };
    ws.onclose = (event) => {
      if (!current()) return;
      this.socket = null;
      on.closed(event.code, String(event.reason ?? ''));
    };
    // An error is always followed by a close; the close decides.
    ws.onerror = () => undefined;
  }
}

type ChangeListener = (state: BusState, status: BusStatus) => void;

/** Follows the machine's state: tells every change, and each connect after the first; answers the state now. */
function followState(actor: Actor<AnyStateMachine>, changeListeners: Set<ChangeListener>, reconnectListeners: Set<() => void>): () => BusState {
  let state = actor.getSnapshot().value as BusState;
  let connections = 0;
  actor.subscribe((snapshot) => {
    const next = snapshot.value as BusState;
    if (next === state) return;
    state = next;
    if (next === 'connected') {
      connections += 1;
      if (connections > 1) for (const listener of [...reconnectListeners]) listener();
    }
    for (const listener of [...changeListeners]) listener(next, busStatus(next));
  });
  return () => state;
}

/** Adds `listener` to `set`; answers its removal. */
function listen<T>(set: Set<T>, listener: T): () => void {
  set.add(listener);
  return () => void set.delete(listener);
}

export function createEventBusClient(options: EventBusClientOptions): EventBusClient {
  const handlers = new TopicHandlers();
  const changeListeners = new Set<ChangeListener>();
  const reconnectListeners = new Set<() => void>();
  const socket = new BusSocket(options.WebSocket);
  let disposed = false;

  const api: BusMachineApi = {
    authorize: () => options.authorize(),
    open: (token) =>
      socket.open(() => options.url(token), {
        topics: () => handlers.topics(),
        opened: () => actor.send({ type: 'OPENED' }),
        message: (data) => {
          for (const event of parseBusEvents(data)) handlers.deliver(event, options.onHandlerError);
        },
        closed: (code, reason) => actor.send({ type: 'CLOSED', code, reason }),
      }),
    close: () => socket.close(),
  };
  const actor: Actor<AnyStateMachine> = createActor(options.machine, { input: { api }, ...(options.clock ? { clock: options.clock } : {}) });
  const stateNow = followState(actor, changeListeners, reconnectListeners);
  actor.start();

  const machineSend = (event: BusMachineEvent): void => {
    if (!disposed) actor.send(event);
  };

  return {
    start: () => machineSend({ type: 'START' }),
    stop: () => machineSend({ type: 'STOP' }),
    reset: () => machineSend({ type: 'RESET' }),
    subscribe(topic, handler) {
      if (handlers.add(topic, handler)) socket.send({ type: 'subscribe', topics: [topic] });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (handlers.remove(topic, handler)) socket.send({ type: 'unsubscribe', topics: [topic] });
      };
    },
    get state() {
      return stateNow();
    },
    get status() {
      return busStatus(stateNow());
    },
    onChange: (listener) => listen(changeListeners, listener),
    onReconnect: (listener) => listen(reconnectListeners, listener),
    topics: () => handlers.topics(),
    dispose() {
      if (disposed) return;
      actor.send({ type: 'STOP' });
      disposed = true;
      actor.stop();
      socket.close();
      changeListeners.clear();
      reconnectListeners.clear();
    },
  };
}
