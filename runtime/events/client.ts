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

export function createEventBusClient(options: EventBusClientOptions): EventBusClient {
  const handlers = new Map<string, Set<BusHandler>>();
  const changeListeners = new Set<(state: BusState, status: BusStatus) => void>();
  const reconnectListeners = new Set<() => void>();
  let socket: WebSocketLike | null = null;
  /** Bumped for every socket, so a late callback of an old one is ignored. */
  let generation = 0;
  let connections = 0;
  let disposed = false;

  const send = (message: BusClientMessage): void => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const dispatch = (data: unknown): void => {
    let message: unknown;
    try {
      message = JSON.parse(typeof data === 'string' ? data : String(data));
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { topic, payload } = message as { topic?: unknown; payload?: unknown };
    if (typeof topic !== 'string' || !payload || typeof payload !== 'object') return;
    const event: BusEvent = { topic, payload: payload as Record<string, unknown> };
    for (const [pattern, set] of handlers) {
      if (!topicMatches(pattern, topic)) continue;
      for (const handler of [...set]) {
        try {
          handler(event);
        } catch (error) {
          options.onHandlerError?.(error, event);
        }
      }
    }
  };

  const closeSocket = (): void => {
    generation += 1;
    const old = socket;
    socket = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close(1000, 'client');
      } catch {
        // already closing
      }
    }
  };

  const api: BusMachineApi = {
    authorize: () => options.authorize(),
    open(token) {
      closeSocket();
      const mine = ++generation;
      let ws: WebSocketLike;
      try {
        ws = new options.WebSocket(options.url(token));
      } catch {
        queueMicrotask(() => mine === generation && actor.send({ type: 'CLOSED', code: 1006, reason: '' }));
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (mine !== generation) return;
        const topics = [...handlers.keys()];
        if (topics.length > 0) ws.send(JSON.stringify({ type: 'subscribe', topics } satisfies BusClientMessage));
        actor.send({ type: 'OPENED' });
      };
      ws.onmessage = (event) => {
        if (mine === generation) dispatch(event.data);
      };
      ws.onclose = (event) => {
        if (mine !== generation) return;
        socket = null;
        actor.send({ type: 'CLOSED', code: event.code, reason: String(event.reason ?? '') });
      };
      // An error is always followed by a close; the close decides.
      ws.onerror = () => undefined;
    },
    close: closeSocket,
  };

  const actor: Actor<AnyStateMachine> = createActor(options.machine, { input: { api }, ...(options.clock ? { clock: options.clock } : {}) });
  let state = actor.getSnapshot().value as BusState;
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
  actor.start();

  const machineSend = (event: BusMachineEvent): void => {
    if (!disposed) actor.send(event);
  };

  return {
    start: () => machineSend({ type: 'START' }),
    stop: () => machineSend({ type: 'STOP' }),
    reset: () => machineSend({ type: 'RESET' }),
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        send({ type: 'subscribe', topics: [topic] });
      }
      set.add(handler);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(topic);
          send({ type: 'unsubscribe', topics: [topic] });
        }
      };
    },
    get state() {
      return state;
    },
    get status() {
      return busStatus(state);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
    topics: () => [...handlers.keys()],
    dispose() {
      if (disposed) return;
      actor.send({ type: 'STOP' });
      disposed = true;
      actor.stop();
      closeSocket();
      changeListeners.clear();
      reconnectListeners.clear();
    },
  };
}
