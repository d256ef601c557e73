// An in-memory event-bus client for screen tests: the test sets its state and emits events.
import type { BusHandler, EventBusClient } from '../../runtime/events/client';
import { busStatus, topicMatches, type BusState } from '../../runtime/events/protocol';

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
