// Event buses for screen tests: fakeBus, an in-memory client whose state the test sets and whose events
// it emits; realBus, the real client over a real socket.
import { SimulatedClock } from 'xstate';
import { eventBusMachine } from '../../machines/eventBus.machine';
import { busUrl, createEventBusClient, type BusHandler, type EventBusClient } from '../../runtime/events/client';
import { busStatus, topicMatches, type BusState } from '../../runtime/events/protocol';
import { busServer, ws } from '../support/bus-server';

export function fakeBus(initial: BusState = 'connected') {
  let state: BusState = initial;
  const handlers = new Map<string, Set<BusHandler>>();
  const change = new Set<(state: BusState, status: ReturnType<typeof busStatus>) => void>();
  const reconnect = new Set<() => void>();
  let resets = 0;
  const client: EventBusClient = {
    start: () => undefined,
    stop: () => undefined,
    reset: () => void (resets += 1),
    subscribe(topic, handler) {
      if (!handlers.has(topic)) handlers.set(topic, new Set());
      handlers.get(topic)!.add(handler);
      return () => {
        handlers.get(topic)?.delete(handler);
        if (handlers.get(topic)?.size === 0) handlers.delete(topic);
      };
    },
    get state() {
      return state;
    },
    get status() {
      return busStatus(state);
    },
    onChange: (listener) => (change.add(listener), () => void change.delete(listener)),
    onReconnect: (listener) => (reconnect.add(listener), () => void reconnect.delete(listener)),
    topics: () => [...handlers.keys()],
    dispose: () => undefined,
  };
  return {
    client,
    resets: () => resets,
    setState(next: BusState) {
      state = next;
      for (const listener of [...change]) listener(next, busStatus(next));
    },
    emit(topic: string, payload: Record<string, unknown>) {
      for (const [pattern, set] of handlers) if (topicMatches(pattern, topic)) for (const h of [...set]) h({ topic, payload });
    },
    reconnected: () => [...reconnect].forEach((l) => l()),
  };
}

/**
 * The real client (runtime/events/client.ts) running the real eventBus machine against a bus server
 * on loopback (tests/support/bus-server.ts): an event a test publishes crosses a WebSocket and the
 * client's topic matching before a screen sees it. The machine's retry delay runs on a SimulatedClock,
 * so a dropped connection stays down until the test moves that clock.
 */
export async function realBus() {
  const server = await busServer();
  const clock = new SimulatedClock();
  const client = createEventBusClient({
    machine: eventBusMachine,
    WebSocket: ws.WebSocket,
    authorize: server.authorize,
    url: (token) => busUrl(server.origin, 'project-1', token),
    clock,
  });
  client.start();
  const open = () => server.open()[server.open().length - 1];
  return {
    server,
    client,
    clock,
    /** Whether the open socket asked the server for `topic` (the screen's subscription reached it). */
    subscribed(topic: string): boolean {
      const received = (open()?.received ?? []) as { type?: string; topics?: string[] }[];
      const topics = new Set<string>();
      for (const message of received) {
        if (message.type === 'subscribe') for (const t of message.topics ?? []) topics.add(t);
        if (message.type === 'unsubscribe') for (const t of message.topics ?? []) topics.delete(t);
      }
      return topics.has(topic);
    },
    publish: server.publish,
    /** The connection drops without a close frame (1006 on the client's side). */
    drop: () => open()?.socket.terminate(),
    async close() {
      client.dispose();
      await server.close();
    },
  };
}
